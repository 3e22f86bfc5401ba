#pragma once

#include <vector>

#include "app/lessons/LessonOption.h"
#include "core/lessons/DelayedScaling.h"

namespace floatscope::gui {

// The delayed-scaling lesson's options (lessons/DelayedScalingLesson.cpp): what its panel's fields and
// `floatscope export delayed-scaling` take, with their ranges and fallbacks.
const std::vector<LessonOption>& delayedScalingOptions();

// The run its options ask for; a spike asked for after the last step comes at the last (the panel's
// spin boxes move one at a time).
DelayedScalingSetup delayedScalingOf(const OptionValues& options);

}  // namespace floatscope::gui
