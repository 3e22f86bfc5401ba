#pragma once

#include <vector>

#include "app/lessons/LessonOption.h"

namespace floatscope::gui {

// The logits-and-eps lesson's options (lessons/LogitsEpsilonLesson.cpp): what its panel's fields and
// `floatscope export logits` take.
const std::vector<LessonOption>& logitsEpsilonOptions();

}  // namespace floatscope::gui
