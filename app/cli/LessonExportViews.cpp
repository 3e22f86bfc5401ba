#include "app/cli/ExportViews.h"

#include <cmath>
#include <variant>

#include <QFileInfo>
#include <QString>

#include "app/cli/Commands.h"
#include "app/figures/AbsorbedUpdatesFigure.h"
#include "app/figures/AccumulationFigure.h"
#include "app/figures/LessonText.h"
#include "app/figures/LogitsEpsilonFigure.h"
#include "app/figures/LossScalingFigure.h"
#include "app/figures/RangeBarsFigure.h"
#include "core/format/Registry.h"
#include "core/lessons/AbsorbedUpdates.h"
#include "core/lessons/LossScaling.h"
#include "app/panels/LessonInput.h"
#include "core/scaling/TensorSources.h"
#include "core/text/Parse.h"
#include "app/text/AccumulationText.h"

namespace floatscope::cli {

namespace {

std::optional<ExactValue> number(const ArgParser& args, const char* option, const char* fallback, std::string& error)
{
    const std::string text = args.value(option).value_or(fallback);
    const ParseOutcome parsed = parseValue(text);
    if (const auto* e = std::get_if<ParseError>(&parsed)) {
        error = std::string("--") + option + ": " + e->message;
        return std::nullopt;
    }
    return std::get<ParsedValue>(parsed).value;
}

std::optional<std::int64_t> whole(const ArgParser& args, const char* option, std::int64_t fallback, std::int64_t min,
                                  std::int64_t max, std::string& error)
{
    if (!args.value(option))
        return fallback;
    const auto v = number(args, option, "", error);
    if (!v)
        return std::nullopt;
    if (!v->isFinite() || v->value().get_den() != 1 || v->value() < min || v->value() > max) {
        error = std::string("--") + option + " takes a whole number from " + std::to_string(min) + " to "
              + std::to_string(max) + ", got '" + *args.value(option) + "'";
        return std::nullopt;
    }
    return v->value().get_num().get_si();
}

std::optional<double> positive(const ArgParser& args, const char* option, const char* fallback, std::string& error)
{
    const auto v = number(args, option, fallback, error);
    if (!v)
        return std::nullopt;
    const double d = v->isFinite() ? nearestDouble(*v) : 0.0;
    if (!(d > 0) || std::isinf(d)) {
        error = std::string("--") + option + " takes a positive finite number, got '" + args.value(option).value_or(fallback) + "'";
        return std::nullopt;
    }
    return d;
}

// --values "v1,v2,..." or --file PATH (.npy, .csv); nullopt with no error when neither is given.
std::optional<std::vector<double>> values(const ArgParser& args, std::string& error)
{
    if (args.value("values") && args.value("file")) {
        error = "--values and --file contradict each other";
        return std::nullopt;
    }
    if (const auto text = args.value("values")) {
        QString why;
        const auto parsed = gui::LessonInput::values(QString::fromStdString(*text), why);
        if (!parsed)
            error = "--values: " + why.toStdString();
        return parsed;
    }
    if (const auto path = args.value("file")) {
        const TensorLoad load = loadTensorFile(*path, namedFormat("fp64"));
        if (!load.tensor) {
            error = load.error;
            return std::nullopt;
        }
        return load.tensor->values();
    }
    return std::nullopt;
}

std::unique_ptr<gui::Figure> accumulationFigure(const ArgParser& args, std::string& error)
{
    // 1. A preset, then the options over it.
    const auto presets = accumulationPresets();
    const AccumulationPreset* preset = &presets.front();
    if (const auto id = args.value("preset")) {
        preset = nullptr;
        std::string ids;
        for (const AccumulationPreset& p : presets) {
            ids += (ids.empty() ? "" : ", ") + std::string(p.id);
            if (*id == p.id)
                preset = &p;
        }
        if (preset == nullptr) {
            error = "unknown preset '" + *id + "' (" + ids + ")";
            return nullptr;
        }
    }
    AccumulationSetup setup;
    const auto start = number(args, "start", preset->start, error);
    const auto delta = start ? number(args, "delta", preset->delta, error) : std::nullopt;
    const auto steps = delta ? whole(args, "steps", preset->steps, 1, kMaxAccumulationSteps, error) : std::nullopt;
    if (!steps)
        return nullptr;
    setup.start = *start;
    setup.delta = *delta;
    setup.steps = *steps;
    setup.mode = preset->mode;
    if (const auto mode = args.value("mode")) {
        const auto parsed = parseAccumulationMode(*mode);
        if (!parsed) {
            error = "unknown mode '" + *mode + "' (stored, fp32-master, kahan, stochastic)";
            return nullptr;
        }
        setup.mode = *parsed;
    }
    if (const auto via = args.value("via")) {
        const auto route = parseRoute(*via);
        if (!route) {
            error = "unknown route '" + *via + "' (direct, fp32, fp64)";
            return nullptr;
        }
        setup.route = *route;
    }
    const auto seed = whole(args, "seed", 0, 0, 1'000'000'000, error);
    if (!seed)
        return nullptr;
    setup.seed = static_cast<std::uint64_t>(*seed);
    const auto formats = parseFormatList(args.value("formats").value_or(preset->formats), error);
    if (!formats)
        return nullptr;
    if (const auto problem = checkSetup(setup, *formats)) {
        error = text::message(*problem).toStdString();
        return nullptr;
    }
    const auto at = whole(args, "at", setup.steps, 0, setup.steps, error);
    if (!at)
        return nullptr;

    // 2. The same run and figure as the panel's.
    gui::AccumulationRun run(*formats, setup);
    run.compute();
    return std::make_unique<gui::AccumulationFigure>(run, run.at(*at));
}

std::unique_ptr<gui::Figure> rangeFigure(const ArgParser& args, std::string& error)
{
    const auto formats = parseFormatList(args.value("formats").value_or(gui::RangeBarsData::kDefaultFormats), error);
    if (!formats)
        return nullptr;
    QString why;
    const auto marks = gui::LessonInput::marks(QString::fromStdString(args.value("marks").value_or(gui::RangeBarsData::defaultMarks().toStdString())), why);
    if (!marks) {
        error = "--marks: " + why.toStdString();
        return nullptr;
    }
    std::vector<double> list;
    if (const auto given = values(args, error)) {
        list = *given;
    } else if (!error.empty()) {
        return nullptr;
    } else if (!args.has("no-values")) {
        list = gui::RangeBarsData::exampleValues();
    }
    return std::make_unique<gui::RangeBarsFigure>(gui::RangeBarsData::compute(*formats, *marks, list));
}

std::unique_ptr<gui::Figure> lossScaleFigure(const ArgParser& args, std::string& error)
{
    const auto formats = parseFormatList(args.value("formats").value_or(gui::LossScalingData::kDefaultFormat), error);
    if (!formats)
        return nullptr;
    if (formats->size() != 1) {
        error = "loss-scale draws one format's window: give one with -f";
        return nullptr;
    }
    const auto median = positive(args, "median", gui::LossScalingData::kDefaultMedian, error);
    const auto spread = median ? positive(args, "spread", gui::LossScalingData::kDefaultSpread, error) : std::nullopt;
    if (!spread)
        return nullptr;
    std::vector<double> list;
    if (const auto given = values(args, error))
        list = *given;
    else if (!error.empty())
        return nullptr;
    const auto log2Scale = whole(args, "loss-scale", 0, -16, 48, error);
    const auto initial = log2Scale ? whole(args, "initial", 24, -16, 64, error) : std::nullopt;
    const auto interval = initial ? whole(args, "interval", 10, 1, 100000, error) : std::nullopt;
    const auto steps = interval ? whole(args, "steps", 40, 1, 10000, error) : std::nullopt;
    const auto perStep = steps ? whole(args, "per-step", 1000, 1, 1000, error) : std::nullopt;
    const auto seed = perStep ? whole(args, "seed", 0, 0, 1'000'000'000, error) : std::nullopt;
    if (!seed)
        return nullptr;
    DynamicScalingSetup dynamic;
    dynamic.initialScale = std::ldexp(1.0, static_cast<int>(*initial));
    dynamic.growthInterval = static_cast<int>(*interval);
    dynamic.steps = *steps;
    dynamic.gradientsPerStep = static_cast<std::size_t>(*perStep);
    dynamic.seed = static_cast<std::uint64_t>(*seed);
    return std::make_unique<gui::LossScalingFigure>(gui::LossScalingData::compute(
        formats->front(), LogNormal{*median, *spread}, list, static_cast<int>(*log2Scale), dynamic));
}

std::unique_ptr<gui::Figure> logitsFigure(const ArgParser& args, std::string& error)
{
    const auto formats = parseFormatList(args.value("formats").value_or("fp16,bf16"), error);
    if (!formats)
        return nullptr;
    QString why;
    const auto list = gui::LessonInput::marks(QString::fromStdString(args.value("logits").value_or("1000,1001,1002,1003")), why);
    if (!list || list->size() < 2) {
        error = list ? "--logits needs at least two logits" : "--logits: " + why.toStdString();
        return nullptr;
    }
    std::vector<ExactValue> logits;
    for (const auto& [label, value] : *list) {
        if (!value.isFinite()) {
            error = "--logits must be finite";
            return nullptr;
        }
        logits.push_back(value);
    }
    const auto count = static_cast<std::int64_t>(logits.size());
    const auto numerator = whole(args, "numerator", std::min<std::int64_t>(3, count - 1), 0, count - 1, error);
    const auto denominator = numerator ? whole(args, "denominator", 1, 0, count - 1, error) : std::nullopt;
    const auto eps = denominator ? number(args, "eps", "1e-6", error) : std::nullopt;
    if (!eps)
        return nullptr;
    return std::make_unique<gui::LogitsEpsilonFigure>(gui::LogitsEpsilonData::compute(
        *formats, logits, static_cast<std::size_t>(*numerator), static_cast<std::size_t>(*denominator), *eps));
}

std::unique_ptr<gui::Figure> absorbedFigure(const ArgParser& args, std::string& error)
{
    const auto formats = parseFormatList(args.value("formats").value_or(gui::AbsorbedUpdatesData::kDefaultFormats), error);
    if (!formats)
        return nullptr;
    const auto update = number(args, "update", gui::AbsorbedUpdatesData::kDefaultUpdate, error);
    if (!update)
        return nullptr;
    if (!update->isFinite() || update->isZero()) {
        error = "--update must be a finite nonzero number";
        return nullptr;
    }
    std::vector<double> weights;
    QString source;
    if (const auto given = values(args, error)) {
        weights = *given;
        source = args.value("file") ? gui::AbsorbedUpdatesFigure::tr("%1 weights from %2")
                                          .arg(gui::LessonText::count(static_cast<std::int64_t>(weights.size())),
                                               QFileInfo(QString::fromStdString(*args.value("file"))).fileName())
                                    : gui::AbsorbedUpdatesFigure::tr("%1 pasted weights")
                                          .arg(gui::LessonText::count(static_cast<std::int64_t>(weights.size())));
    } else if (!error.empty()) {
        return nullptr;
    } else {
        const auto count = whole(args, "count", gui::AbsorbedUpdatesData::kDefaultCount, 1, 1'000'000, error);
        const auto deviation = count ? positive(args, "std", gui::AbsorbedUpdatesData::kDefaultDeviation, error) : std::nullopt;
        const auto ones = deviation ? number(args, "ones", gui::AbsorbedUpdatesData::kDefaultOnes, error) : std::nullopt;
        const auto seed = ones ? whole(args, "seed", 0, 0, 1'000'000'000, error) : std::nullopt;
        if (!seed)
            return nullptr;
        const double share = ones->isFinite() ? nearestDouble(*ones) : -1;
        if (!(share >= 0 && share <= 1)) {
            error = "--ones takes a share from 0 to 1";
            return nullptr;
        }
        weights = generateWeights(static_cast<std::size_t>(*count), *deviation, share, static_cast<std::uint64_t>(*seed));
        source = gui::AbsorbedUpdatesFigure::tr("%1 generated weights (normal, σ = %2, %3 exactly 1, seed %4)")
                     .arg(gui::LessonText::count(*count), gui::LessonText::approx(*deviation, 4),
                          gui::LessonText::percent(share))
                     .arg(*seed);
    }
    return std::make_unique<gui::AbsorbedUpdatesFigure>(gui::AbsorbedUpdatesData::compute(*formats, weights, *update, source));
}

}  // namespace

std::vector<ExportView> lessonExportViews()
{
    using Opt = ArgParser::Option;
    return {
        {"accumulation", "a start value plus an increment N times, per format, beside the exact sum",
         "[--preset ID] [--start X] [--delta D] [--steps N] [-f FMTS] [--mode MODE] [--via ROUTE] [--seed S] [--at STEP]",
         {Opt{"preset", 0, true}, Opt{"start", 0, true}, Opt{"delta", 0, true}, Opt{"steps", 0, true},
          Opt{"formats", 'f', true}, Opt{"mode", 0, true}, Opt{"via", 0, true}, Opt{"seed", 0, true}, Opt{"at", 0, true}},
         accumulationFigure},
        {"range", "the formats on one log2 axis, marked values, and where a list of values lands",
         "[-f FMTS] [--marks 'gradient=1e-8;eps=1e-6'] [--values LIST | --file F.npy|F.csv | --no-values]",
         {Opt{"formats", 'f', true}, Opt{"marks", 0, true}, Opt{"values", 0, true}, Opt{"file", 0, true},
          Opt{"no-values", 0, false}},
         rangeFigure},
        {"loss-scale", "gradients times a loss scale in the fp16 window, and dynamic loss scaling",
         "[-f FMT] [--median M --spread DECADES | --values LIST | --file F] [--loss-scale LOG2] [--initial LOG2] "
         "[--interval N] [--steps N] [--per-step N] [--seed S]",
         {Opt{"formats", 'f', true}, Opt{"median", 0, true}, Opt{"spread", 0, true}, Opt{"values", 0, true},
          Opt{"file", 0, true}, Opt{"loss-scale", 0, true}, Opt{"initial", 0, true}, Opt{"interval", 0, true},
          Opt{"steps", 0, true}, Opt{"per-step", 0, true}, Opt{"seed", 0, true}},
         lossScaleFigure},
        {"logits", "logits stored in 16 bits and softmax ratios; eps in each format",
         "[--logits 1000,1001,1002,1003] [--numerator I] [--denominator J] [--eps E] [-f FMTS]",
         {Opt{"logits", 0, true}, Opt{"numerator", 0, true}, Opt{"denominator", 0, true}, Opt{"eps", 0, true},
          Opt{"formats", 'f', true}},
         logitsFigure},
        {"absorbed", "the share of weight updates each storage format loses, and with an fp32 master",
         "[--update U] [-f FMTS] [--count N --std S --ones SHARE --seed S | --values LIST | --file F]",
         {Opt{"update", 0, true}, Opt{"formats", 'f', true}, Opt{"count", 0, true}, Opt{"std", 0, true},
          Opt{"ones", 0, true}, Opt{"seed", 0, true}, Opt{"values", 0, true}, Opt{"file", 0, true}},
         absorbedFigure},
    };
}

}  // namespace floatscope::cli
