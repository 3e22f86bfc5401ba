#pragma once

#include <optional>
#include <vector>

#include "app/lessons/LessonOption.h"
#include "core/lessons/Accumulation.h"

namespace floatscope::gui {

// The absorption lesson's options (lessons/AccumulationLesson.cpp): its presets (the BF16 lesson's
// and lecture 10's demos), the sum's start, increment and steps, how it is added and in which formats,
// as its panel's fields and `floatscope export accumulation` take them.
const std::vector<LessonOption>& accumulationOptions();

// What `floatscope accumulate` takes of them (the sum, its formats, mode, route and seed, not the
// preset nor the figure's step), with the formats' fallback of its --help, and the random bits of
// stochastic rounding, which the lesson leaves at 32.
std::vector<LessonOption> accumulateCommandOptions();

// The run its options ask for: the formats and the setup, or why the setup cannot run (Kahan's sum in
// a format without a zero and a sign) in `problem`.
struct AccumulationRequest {
    std::vector<Format> formats;
    AccumulationSetup setup;
};
std::optional<AccumulationRequest> accumulationOf(const OptionValues& options, SetupError& problem);

}  // namespace floatscope::gui
