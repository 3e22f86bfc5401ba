#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/lessons/ExportView.h"
#include "app/lessons/LessonOption.h"
#include "core/scaling/QuantizeReport.h"
#include "core/scaling/Quantization.h"
#include "core/scaling/TensorRequest.h"

namespace floatscope::gui {

// The block-scaling lesson (lessons/QuantizeLesson.cpp): its view, `floatscope export quantize`,
// reads `floatscope quantize`'s options, with --scale-precision for the scale (--scale is the
// export's PNG scale) and --heatmap rel|abs; its panel is panels/QuantizePanel.

// Its options: the recipe's choices (the scale's precision, the MX scale rule, the rounding, what a
// ragged block does, the storage format) as its panel's boxes and the view take them, the
// generator's bounds as its panel's fields have them; the tensor's source, the element format and the
// scheme are text the lesson reads.
const std::vector<LessonOption>& quantizeOptions();

// The same options as `floatscope quantize` takes them: --scale for the scale's precision (its
// export has --scale for the PNG's), and no --heatmap.
std::vector<LessonOption> quantizeCommandOptions();

// What `floatscope quantize` and its export view read through the declaration: the recipe, and the
// tensor's request: values given, --input FILE, or --generate N|RxC with --mean, --std, --outliers,
// --outlier-value and --seed, with its storage and shape (the request's size limit is the caller's).
// No source given: Values with none, which the view fills with the tab's opening example and the
// command refuses. `scaleOption` is the name the scale's precision goes by ("scale-precision" in the
// view, "scale" in the command); given with mx, as --scale-rule without it, it is refused.
struct QuantizeInput {
    QuantizeOptions options;
    TensorRequest request;
    bool sourceGiven = false;
};
std::optional<QuantizeInput> readQuantizeInput(const OptionValues& values, const ViewArguments& args,
                                               const std::string& scaleOption, std::string& error);

}  // namespace floatscope::gui
