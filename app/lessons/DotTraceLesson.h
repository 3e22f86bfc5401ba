#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <QString>

#include "app/figures/DotTraceFigure.h"
#include "app/lessons/LessonOption.h"

namespace floatscope::gui {

// The dot-product-steps lesson's options (lessons/DotTraceLesson.cpp): what its panel's fields and
// `floatscope export dot-trace` take.
const std::vector<LessonOption>& dotTraceOptions();

// Why the options make no trace: the option whose field gets the reason ("accumulator", "a", "b").
struct DotTraceProblem {
    std::string option;
    QString reason;
};

// The trace the options ask for, opened at `step`: the vectors typed value by value (--a, --b) or
// generated (--count, --distribution, --seed); or nullopt with the problem.
std::optional<DotTraceData> dotTraceOf(const OptionValues& options, bool typed, std::size_t step, DotTraceProblem& problem);

}  // namespace floatscope::gui
