#include "app/lessons/AccumulationLesson.h"

#include <QCoreApplication>

#include "app/figures/AccumulationFigure.h"
#include "app/lessons/LessonRegistry.h"
#include "app/text/AccumulationText.h"
#include "app/text/OptionText.h"
#include "core/format/Registry.h"
#include "core/lessons/AccumulationRun.h"

namespace floatscope::gui {

namespace {

// The core's presets as the declaration's: each sets the sum, its mode and its formats; the route
// and the seed keep their fallbacks.
std::vector<LessonPreset> presets()
{
    std::vector<LessonPreset> out;
    for (const AccumulationPreset& p : accumulationPresets())
        out.push_back({p.id,
                       {{"start", p.start},
                        {"delta", p.delta},
                        {"steps", std::to_string(p.steps)},
                        {"mode", toString(p.mode)},
                        {"formats", p.formats}}});
    return out;
}

std::vector<LessonOption> declaration()
{
    using T = OptionType;
    const LessonPreset first = presets().front();
    const auto from = [&](const char* name) { return first.values.at(name); };
    const AccumulationSetup defaults;
    return {
        presetOption(presets()),
        {.name = "start", .metavar = "X", .type = T::Number, .fallback = from("start")},
        {.name = "delta", .metavar = "D", .type = T::Number, .fallback = from("delta")},
        {.name = "steps", .metavar = "N", .type = T::Whole, .fallback = from("steps"), .min = 1,
         .max = static_cast<double>(kMaxAccumulationSteps)},
        {.name = "formats", .metavar = "FMTS", .type = T::Formats, .fallback = from("formats"), .shortName = 'f'},
        {.name = "mode", .metavar = "MODE", .type = T::Choice, .fallback = from("mode"),
         .choices = {toString(AccumulationMode::Stored), toString(AccumulationMode::Fp32Master),
                     toString(AccumulationMode::Kahan), toString(AccumulationMode::Stochastic)},
         .alias = aliasesOf(parseAccumulationMode)},
        {.name = "via", .metavar = "ROUTE", .type = T::Choice, .fallback = toString(defaults.route),
         .choices = {toString(Route::Direct), toString(Route::ViaFp32), toString(Route::ViaFp64)},
         .alias = aliasesOf(parseRoute)},
        {.name = "seed", .metavar = "S", .type = T::Whole, .fallback = std::to_string(defaults.seed), .min = 0,
         .max = 1'000'000'000},
        // The step the figure shows; absent, the last. The panel's playback bar moves it.
        {.name = "at", .metavar = "STEP", .type = T::Whole, .fallback = "", .min = 0,
         .max = static_cast<double>(kMaxAccumulationSteps), .inPanel = false, .atMost = "steps"},
        {.name = "log-steps", .metavar = "", .type = T::Flag, .fallback = "", .inPanel = false},
    };
}

std::unique_ptr<Figure> makeFigure(const OptionValues& options, const ViewArguments&, std::string& error)
{
    SetupError problem;
    const auto request = accumulationOf(options, problem);
    if (!request) {
        error = text::message(problem).toStdString();
        return nullptr;
    }
    std::int64_t at = request->setup.steps;
    if (options.has("at")) {
        // Within the run's steps: the bound the other option sets.
        LessonOption bounded = optionNamed(accumulationOptions(), "at");
        bounded.max = static_cast<double>(request->setup.steps);
        at = options.whole("at");
        if (at > request->setup.steps) {
            error = OptionText::commandLine(bounded, {.problem = OptionProblem::OutOfRange, .text = options.text("at")});
            return nullptr;
        }
    }
    AccumulationRun run(request->formats, request->setup);
    run.compute();
    return std::make_unique<AccumulationFigure>(run, run.at(at), !options.text("log-steps").empty());
}

const LessonRegistration kRegistration({
    .place = 10,
    // Short: thirteen tabs share 1280 pixels.
    .title = [] { return QCoreApplication::translate("floatscope::gui::AccumulationPanel", "Absorption"); },
    .view = declaredView({"accumulation", "a start value plus an increment N times, per format, beside the exact sum",
                          accumulationOptions(), makeFigure}),
    // Its presets (the BF16 lesson, lecture 10's demo 2), each sum's other modes, and a million
    // steps on a logarithmic step axis, where fp16 stops at 4 and bf16 at 1.
    .deck = {{"--preset", "one-plus-1e-3"},
             {"--preset", "1e-4-from-zero"},
             {"--preset", "one-plus-1e-4"},
             {"--preset", "master-weight"},
             {"--preset", "one-plus-1e-3", "--mode", "kahan"},
             {"--preset", "one-plus-1e-3", "--mode", "stochastic"},
             {"--preset", "one-plus-1e-3", "--steps", "1000000", "--log-steps"}},
    .options = accumulationOptions(),
});

}  // namespace

// The absorption lesson, declared once: the panel (panels/AccumulationPanel.cpp) builds its fields
// and its preset box from these options, `floatscope export accumulation` reads them, and both refuse
// a value with the same reason.
const std::vector<LessonOption>& accumulationOptions()
{
    static const std::vector<LessonOption> options = declaration();
    return options;
}

std::vector<LessonOption> accumulateCommandOptions()
{
    std::vector<LessonOption> options;
    for (const LessonOption& o : accumulationOptions())
        if (o.name != "preset" && o.name != "at" && o.name != "log-steps")
            options.push_back(o);
    for (LessonOption& o : options)
        if (o.name == "formats")
            o.fallback = "fp32,fp16,bf16";
    options.push_back({.name = "random-bits", .metavar = "R", .type = OptionType::Whole, .fallback = "32", .min = 1,
                       .max = 64});
    return options;
}

std::optional<AccumulationRequest> accumulationOf(const OptionValues& options, SetupError& problem)
{
    AccumulationRequest request;
    std::string unused;
    request.formats = parseFormatList(options.text("formats"), unused).value_or(std::vector<Format>{});
    AccumulationSetup& s = request.setup;
    s.start = options["start"].exact;
    s.delta = options["delta"].exact;
    s.steps = options.whole("steps");
    s.mode = parseAccumulationMode(options.text("mode")).value_or(AccumulationMode::Stored);
    s.route = parseRoute(options.text("via")).value_or(Route::Direct);
    s.seed = static_cast<std::uint64_t>(options.whole("seed"));
    if (options.has("random-bits"))
        s.randomBits = static_cast<int>(options.whole("random-bits"));
    if (const auto why = checkSetup(s, request.formats)) {
        problem = *why;
        return std::nullopt;
    }
    return request;
}

}  // namespace floatscope::gui
