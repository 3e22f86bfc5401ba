#include "app/lessons/LossScalingLesson.h"

#include <cmath>

#include <QCoreApplication>

#include "app/figures/LossScalingFigure.h"
#include "app/lessons/LessonRegistry.h"
#include "core/lessons/LossScaling.h"
#include "core/train/ModelProbes.h"

namespace floatscope::gui {

namespace {

std::vector<LessonOption> declaration()
{
    using T = OptionType;
    // What the panel opens with and `floatscope export loss-scale` draws without options: fp16,
    // gradients a decade either side of 10^-5, S = 1, and lecture 10's dynamic demo (from 2^24).
    return {
        {.name = "formats", .metavar = "FMT", .type = T::Text, .fallback = "fp16", .shortName = 'f'},
        {.name = "median", .metavar = "M", .type = T::Positive, .fallback = "1e-5"},
        // The widest log-normal the lesson draws (1 sigma): past it the histogram runs off every
        // format's range.
        {.name = "spread", .metavar = "DECADES", .type = T::Positive, .fallback = "1", .max = 20, .unit = OptionUnit::Decades},
        {.name = "values", .metavar = "LIST", .type = T::Text, .fallback = "", .inPanel = false},
        {.name = "file", .metavar = "F", .type = T::Text, .fallback = "", .inPanel = false},
        {.name = "model-step", .metavar = "K", .type = T::Whole, .fallback = std::to_string(train::kDefaultModelStep),
         .min = 0, .max = kMaxModelStepsInAView, .inPanel = false},
        {.name = "loss-scale", .metavar = "LOG2", .type = T::Whole, .fallback = "0", .min = -16, .max = 48},
        {.name = "initial", .metavar = "LOG2", .type = T::Whole, .fallback = "24", .min = -16, .max = 64},
        {.name = "interval", .metavar = "N", .type = T::Whole, .fallback = "10", .min = 1, .max = 100000},
        {.name = "steps", .metavar = "N", .type = T::Whole, .fallback = "40", .min = 1, .max = 10000},
        // Steps times gradients stay below 10^7: about a second.
        {.name = "per-step", .metavar = "N", .type = T::Whole, .fallback = "1000", .min = 1, .max = 1000},
        {.name = "seed", .metavar = "S", .type = T::Whole, .fallback = "0", .min = 0, .max = 1'000'000'000},
    };
}

std::unique_ptr<Figure> makeFigure(const OptionValues& options, const ViewArguments& args, std::string& error)
{
    const auto formats = parseFormatList(options.text("formats"), error);
    if (!formats)
        return nullptr;
    if (formats->size() != 1) {
        error = "loss-scale draws one format's window: give one with -f";
        return nullptr;
    }
    const DynamicScalingSetup dynamic = dynamicScalingOf(options);
    const int log2Scale = static_cast<int>(options.whole("loss-scale"));
    if (args.value("model-step")) {
        const auto model = train::modelGradients(formats->front(), train::TrainConfig{},
                                                 static_cast<int>(options.whole("model-step")), lossScaleSweep(), args.stop());
        if (args.stopped() || !model)
            return nullptr;
        return std::make_unique<LossScalingFigure>(train::lossScalingOfModel(formats->front(), *model, log2Scale, dynamic));
    }
    std::vector<double> list;
    if (const auto given = readValues(args, error))
        list = *given;
    else if (!error.empty())
        return nullptr;
    return std::make_unique<LossScalingFigure>(LossScalingData::compute(
        formats->front(), LogNormal{options.number("median"), options.number("spread")}, list, log2Scale, dynamic));
}

const LessonRegistration kRegistration({
    .place = 30,
    .title = [] { return QCoreApplication::translate("LossScalingPanel", "Loss scaling"); },
    .shortTitle = [] { return QCoreApplication::translate("LossScalingPanel", "Loss scale"); },
    .view = declaredView({"loss-scale", "gradients times a loss scale in the fp16 window, and dynamic loss scaling",
                          lossScalingOptions(), makeFigure}),
    // Lecture 10's demo 3 at the loss scales it tabulates, and demo 4's dynamic scaling below.
    .deck = {{"--loss-scale", "0"}, {"--loss-scale", "8"}, {"--loss-scale", "16"}, {"--loss-scale", "24"}},
    .options = lossScalingOptions(),
});

}  // namespace

// The loss-scaling lesson (lecture 10, demos 3 and 4), declared once: the panel
// (panels/LossScalingPanel.cpp) builds its fields from these options, `floatscope export loss-scale`
// reads them, and both refuse a value with the same reason.
const std::vector<LessonOption>& lossScalingOptions()
{
    static const std::vector<LessonOption> options = declaration();
    return options;
}

DynamicScalingSetup dynamicScalingOf(const OptionValues& options)
{
    DynamicScalingSetup dynamic;
    dynamic.initialScale = std::ldexp(1.0, static_cast<int>(options.whole("initial")));
    dynamic.growthInterval = static_cast<int>(options.whole("interval"));
    dynamic.steps = options.whole("steps");
    dynamic.gradientsPerStep = static_cast<std::size_t>(options.whole("per-step"));
    dynamic.seed = static_cast<std::uint64_t>(options.whole("seed"));
    return dynamic;
}

}  // namespace floatscope::gui
