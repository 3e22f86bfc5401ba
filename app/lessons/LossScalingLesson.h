#pragma once

#include <vector>

#include "app/lessons/LessonOption.h"
#include "core/lessons/LossScaling.h"

namespace floatscope::gui {

// The loss-scaling lesson's options (lessons/LossScalingLesson.cpp): what its panel's fields and
// `floatscope export loss-scale` take, with their ranges and fallbacks.
const std::vector<LessonOption>& lossScalingOptions();

// The dynamic run (lecture 10, demo 4) its options ask for: --initial, --interval, --steps,
// --per-step and --seed.
DynamicScalingSetup dynamicScalingOf(const OptionValues& options);

}  // namespace floatscope::gui
