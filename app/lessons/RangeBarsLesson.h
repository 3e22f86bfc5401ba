#pragma once

#include <vector>

#include "app/lessons/LessonOption.h"

namespace floatscope::gui {

// The range-bars lesson's options (lessons/RangeBarsLesson.cpp): what its panel's fields and
// `floatscope export range` take.
const std::vector<LessonOption>& rangeBarsOptions();

}  // namespace floatscope::gui
