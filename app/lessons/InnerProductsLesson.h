#pragma once

#include <string>
#include <vector>

#include "app/figures/InnerProductsFigure.h"
#include "app/lessons/LessonOption.h"

namespace floatscope::gui {

// The inner-products lesson's options (lessons/InnerProductsLesson.cpp): what its panel's fields and
// `floatscope export dot` take.
const std::vector<LessonOption>& innerProductsOptions();

// What `floatscope dot` takes of them (--inputs, --promote, --distribution, --seed; it reads its
// accumulators and lengths itself), with no promotion where --promote is absent.
std::vector<LessonOption> dotCommandOptions();

// The sweep its options ask for, its accumulators still to be read (--accumulator: a list only the
// inputs can check, parseAccumulatorList).
InnerProductsSetup innerProductsOf(const OptionValues& options);

}  // namespace floatscope::gui
