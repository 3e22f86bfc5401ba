#pragma once

#include <cstdint>
#include <string>

#include "app/lessons/ExportView.h"
#include "app/lessons/LessonOption.h"
#include "core/scaling/QuantizeReport.h"

namespace floatscope::gui {

// The block-scaling lesson (lessons/QuantizeLesson.cpp): its view, `floatscope export quantize`,
// reads `floatscope quantize`'s options, with --scale-precision for the scale (--scale is the
// export's PNG scale) and --heatmap rel|abs; its panel is panels/QuantizePanel.

// Its options: the recipe's choices (the scale's precision, the MX scale rule, the rounding, what a
// ragged block does, the storage format) as its panel's boxes and the view take them, the
// generator's bounds as its panel's fields have them; the tensor's source, the element format and the
// scheme are text the lesson reads.
const std::vector<LessonOption>& quantizeOptions();

// The tensor's source as `floatscope quantize` and its export view read it: --input FILE, or
// --generate N|RxC with --mean, --std, --outliers, --outlier-value (and `seed`), else the values
// given; the storage and shape are the caller's. False, with the one-line reason, on a bad option.
bool readTensorRequest(const ViewArguments& args, std::uint64_t seed, TensorRequest& request, std::string& error);

}  // namespace floatscope::gui
