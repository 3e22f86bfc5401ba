#pragma once

#include <vector>

#include "app/lessons/LessonOption.h"

namespace floatscope::gui {

// The absorbed-updates lesson's options (lessons/AbsorbedUpdatesLesson.cpp): what its panel's fields
// and `floatscope export absorbed` take.
const std::vector<LessonOption>& absorbedUpdatesOptions();

}  // namespace floatscope::gui
