#include "app/lessons/DelayedScalingLesson.h"

#include <algorithm>

#include <QCoreApplication>

#include "app/figures/DelayedScalingFigure.h"
#include "app/lessons/LessonRegistry.h"
#include "core/format/Registry.h"

namespace floatscope::gui {

namespace {

// A figure's worth of steps, computed while a spin box moves.
constexpr double kMaxSteps = 512;

std::vector<LessonOption> declaration()
{
    using T = OptionType;
    const DelayedScalingSetup defaults;
    return {
        // The fp8 formats, each with a NaN or an inf for what rounds past its largest value.
        {.name = "formats", .metavar = "FMT", .type = T::Format, .fallback = defaults.element.name(),
         .choices = {"e4m3fn", "e5m2", "e4m3fnuz", "e5m2fnuz", "e4m3"}, .shortName = 'f'},
        {.name = "steps", .metavar = "N", .type = T::Whole, .fallback = std::to_string(defaults.steps), .min = 2, .max = kMaxSteps},
        // Transformer Engine's default history is the longest.
        {.name = "history", .metavar = "H", .type = T::Whole, .fallback = std::to_string(defaults.history), .min = 1, .max = 1024},
        {.name = "seed", .metavar = "S", .type = T::Whole, .fallback = std::to_string(defaults.seed), .min = 0,
         .max = 1'000'000'000},
        // 0: no spike.
        {.name = "spike-step", .metavar = "S", .type = T::Whole, .fallback = std::to_string(defaults.spikeStep), .min = 0,
         .max = kMaxSteps},
        {.name = "spike-length", .metavar = "L", .type = T::Whole, .fallback = std::to_string(defaults.spikeLength),
         .min = 1, .max = kMaxSteps},
        // 2^16 past the steady amax.
        {.name = "spike-factor", .metavar = "F", .type = T::Positive, .fallback = "16", .max = 65536},
        // log2 of the growth per step, either way.
        {.name = "drift", .metavar = "D", .type = T::Number, .fallback = "0", .min = -4, .max = 4},
    };
}

std::unique_ptr<Figure> makeFigure(const OptionValues& options, const ViewArguments&, std::string&)
{
    return std::make_unique<DelayedScalingFigure>(simulateDelayedScaling(delayedScalingOf(options)));
}

const LessonRegistration kRegistration({
    .place = 65,
    .title = [] { return QCoreApplication::translate("DelayedScalingPanel", "Delayed scaling"); },
    .shortTitle = [] { return QCoreApplication::translate("DelayedScalingPanel", "Delayed"); },
    .view = declaredView({"delayed-scaling", "fp8 casts per step with current and delayed (amax history) scaling",
                          delayedScalingOptions(), makeFigure}),
    // The FP8 blog's delayed scaling: a 16x spike in e4m3fn activations and in e5m2 gradients, a
    // tensor that grows 7 % a step, and a history of one step.
    .deck = {{}, {"-f", "e5m2"}, {"--spike-step", "0", "--drift", "0.1"}, {"--history", "1"}},
    .options = delayedScalingOptions(),
});

}  // namespace

// The delayed-scaling lesson, declared once: the panel (panels/DelayedScalingPanel.cpp) builds its
// fields from these options, `floatscope export delayed-scaling` reads them, and both refuse a value
// with the same reason.
const std::vector<LessonOption>& delayedScalingOptions()
{
    static const std::vector<LessonOption> options = declaration();
    return options;
}

DelayedScalingSetup delayedScalingOf(const OptionValues& options)
{
    DelayedScalingSetup s;
    s.element = namedFormat(options.text("formats"));
    s.steps = static_cast<int>(options.whole("steps"));
    s.history = static_cast<int>(options.whole("history"));
    s.spikeStep = static_cast<int>(std::min(options.whole("spike-step"), options.whole("steps")));
    s.spikeLength = static_cast<int>(options.whole("spike-length"));
    s.spikeFactor = options.number("spike-factor");
    s.drift = options.number("drift");
    s.seed = static_cast<std::uint64_t>(options.whole("seed"));
    return s;
}

}  // namespace floatscope::gui
