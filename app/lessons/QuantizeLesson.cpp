#include "app/lessons/QuantizeLesson.h"

#include <QCoreApplication>

#include "app/figures/QuantizeFigure.h"
#include "app/lessons/LessonRegistry.h"
#include "app/lessons/QuantizeChoices.h"

#include "app/text/FormatText.h"
#include "app/text/QuantizeText.h"
#include "app/text/TensorErrorText.h"
#include "core/format/Registry.h"

// The block-scaling lesson's view: the tensor and recipe read as `floatscope quantize` reads them.
namespace floatscope::gui {

namespace {

// The names of a list of core's choices, in order.
template <class T, std::size_t N>
std::vector<std::string> namesOf(const T (&list)[N])
{
    std::vector<std::string> names;
    for (const T& choice : list)
        names.emplace_back(toString(choice));
    return names;
}

std::vector<LessonOption> declaration()
{
    using T = OptionType;
    const QuantizeOptions recipe;
    const NormalSpec normal;
    std::vector<std::string> storages(std::begin(quantize::kStorages), std::end(quantize::kStorages));
    return {
        // A named or custom format (e3m4); absent: the scheme's own (e4m3fn, MX's and NVFP4's e2m1).
        {.name = "format", .metavar = "FMT", .type = T::Text, .fallback = "", .shortName = 'f'},
        {.name = "scheme", .metavar = "SCHEME", .type = T::Text, .fallback = "tensor"},
        {.name = "scale-precision", .metavar = "P", .type = T::Choice, .fallback = toString(recipe.scalePrecision),
         .choices = {toString(ScalePrecision::Exact), toString(ScalePrecision::Fp32)},
         .alias = aliasesOf(parseScalePrecision)},
        {.name = "scale-rule", .metavar = "RULE", .type = T::Choice, .fallback = toString(recipe.mxRule),
         .choices = namesOf(quantize::kMxRules), .alias = aliasesOf(parseMxScaleRule)},
        {.name = "shape", .metavar = "N|RxC", .type = T::Text, .fallback = ""},
        {.name = "input", .metavar = "FILE", .type = T::Text, .fallback = ""},
        {.name = "generate", .metavar = "N|RxC", .type = T::Text, .fallback = ""},
        // The generator's, bounded as the panel's fields are (where the panel has a field of its own
        // kind: a decimal spin box).
        {.name = "mean", .metavar = "M", .type = T::Number, .fallback = "0", .min = -1e6, .max = 1e6, .inPanel = false},
        {.name = "std", .metavar = "S", .type = T::Number, .fallback = "1", .min = 0, .max = 1e6, .inPanel = false},
        {.name = "outliers", .metavar = "K", .type = T::Whole, .fallback = std::to_string(normal.outliers), .min = 0,
         .max = 1 << 24, .inPanel = false},
        {.name = "outlier-value", .metavar = "V", .type = T::Number, .fallback = "100", .min = 0, .max = 1e30,
         .inPanel = false},
        // The generator's and the stochastic rounding's, one seed here; the panel has one for each.
        {.name = "seed", .metavar = "N", .type = T::Whole, .fallback = "0", .min = 0, .max = 2147483647, .inPanel = false},
        {.name = "storage", .metavar = "FMT", .type = T::Format, .fallback = storages.front(), .choices = storages},
        {.name = "rounding", .metavar = "MODE", .type = T::Choice, .fallback = toString(recipe.rounding),
         .choices = namesOf(quantize::kRoundings), .alias = aliasesOf(parseRoundingMode)},
        {.name = "no-saturate", .metavar = "", .type = T::Flag, .fallback = ""},
        {.name = "ragged", .metavar = "POLICY", .type = T::Choice, .fallback = toString(recipe.ragged),
         .choices = {toString(RaggedPolicy::Pad), toString(RaggedPolicy::Reject)}, .alias = aliasesOf(parseRaggedPolicy)},
        // What the heatmap shows: the relative or the absolute error.
        {.name = "heatmap", .metavar = "ERROR", .type = T::Choice, .fallback = "rel", .choices = {"rel", "abs"},
         .inPanel = false},
    };
}

// The tab's opening example: the lecture notes' [1000, 0.01, 0.02, 0.5] under one scale.
const std::vector<std::string> kOpeningValues = {"1000", "0.01", "0.02", "0.5"};

// `floatscope export quantize`: --scale belongs to the export itself (the PNG scale), so the
// scale's precision is --scale-precision here; no tensor given draws the tab's opening example.
std::unique_ptr<Figure> quantizeFigure(const OptionValues& values, const ViewArguments& args, std::string& error)
{
    auto input = readQuantizeInput(values, args, "scale-precision", error);
    if (!input)
        return nullptr;
    if (!input->sourceGiven)
        input->request.values = kOpeningValues;
    const ErrorMeasure measure = values.text("heatmap") == "rel" ? ErrorMeasure::Relative : ErrorMeasure::Absolute;
    // The same report the panel makes.
    const ReportOutcome outcome = makeQuantizeReport(input->request, input->options);
    if (!outcome.report) {
        error = outcome.problem == ReportOutcome::Problem::Tensor ? text::tensorErrorText(outcome.tensorError).toStdString()
                                                                  : text::message(*outcome.recipeError).toStdString();
        return nullptr;
    }
    return std::make_unique<QuantizeFigure>(outcome.report, measure);
}

// The declared view, whose values come as arguments too.
ExportView quantizeView()
{
    ExportView view = declaredView({"quantize",
                                    "a tensor block-scaled and quantized: elements or error heatmap, summary, and every "
                                    "recipe compared (no tensor given: the lecture notes' [1000, 0.01, 0.02, 0.5])",
                                    quantizeOptions(), quantizeFigure});
    view.usage = "[V1 V2 ...] " + view.usage;
    return view;
}

const LessonRegistration kRegistration({
    .place = 60,
    .title = [] { return QCoreApplication::translate("floatscope::gui::QuantizePanel", "Block scaling"); },
    .shortTitle = [] { return QCoreApplication::translate("floatscope::gui::QuantizePanel", "Blocks"); },
    .figureTitle = [] { return QCoreApplication::translate("floatscope::gui::QuantizePanel", "Block scaling and quantization"); },
    .view = quantizeView(),
    .viewExample = {"1000", "0.01", "0.02", "0.5", "-f", "e4m3fn"},
    // The panel's presets (panels/QuantizePresets.cpp) but the last, a 2^24-value timing demo.
    .deck = {{"1000", "0.01", "0.02", "0.5", "-f", "e4m3fn", "--scheme", "tensor"},
             {"1000", "0.01", "0.02", "0.5", "-f", "e4m3fn", "--scheme", "tile:128"},
             {"0.01", "0.02", "0.5", "1000", "-f", "e4m3fn", "--scheme", "tile:3"},
             {"0.3", "-1.2", "2.7", "0.05", "-f", "e2m1", "--scheme", "mx"},
             {"0.3", "-1.2", "2.7", "0.05", "-f", "e2m1", "--scheme", "nvfp4"},
             {"--generate", "256x256", "--outliers", "2", "--outlier-value", "10000", "--seed", "7", "-f", "e4m3fn",
              "--scheme", "block:128x128"}},
    .options = quantizeOptions(),
});

}  // namespace

// The block-scaling lesson, declared once: its panel (panels/QuantizePanel.cpp) builds its recipe's
// boxes from these options and `floatscope export quantize` reads them.
const std::vector<LessonOption>& quantizeOptions()
{
    static const std::vector<LessonOption> options = declaration();
    return options;
}

std::vector<LessonOption> quantizeCommandOptions()
{
    std::vector<LessonOption> options;
    for (LessonOption option : quantizeOptions()) {
        if (option.name == "heatmap")
            continue;
        if (option.name == "scale-precision")
            option.name = "scale";
        options.push_back(std::move(option));
    }
    return options;
}

std::optional<QuantizeInput> readQuantizeInput(const OptionValues& values, const ViewArguments& args,
                                               const std::string& scaleOption, std::string& error)
{
    // 1. The recipe; an option the scheme does not take, given, is refused.
    QuantizeInput input;
    QuantizeOptions& options = input.options;
    const SchemeParse parsed = parseScheme(values.text("scheme"));
    if (!parsed.scheme) {
        error = "--scheme: " + text::message(*parsed.error).toStdString();
        return std::nullopt;
    }
    options.scheme = *parsed.scheme;
    options.element = defaultElementFormat(options.scheme.kind);
    if (!readFormat(args, "format", options.element, error))
        return std::nullopt;
    const bool mx = options.scheme.kind == SchemeKind::Mx;
    if (mx && args.value(scaleOption)) {
        error = "--" + scaleOption + " does not apply to mx, whose scales are E8M0 powers of two (see --scale-rule)";
        return std::nullopt;
    }
    if (!mx && args.value("scale-rule")) {
        error = "--scale-rule applies to --scheme mx only";
        return std::nullopt;
    }
    options.scalePrecision = *parseScalePrecision(values.text(scaleOption));
    options.mxRule = *parseMxScaleRule(values.text("scale-rule"));
    options.rounding = *parseRoundingMode(values.text("rounding"));
    if (!values.text("no-saturate").empty())
        options.overflow = OverflowPolicy::NonSaturating;
    options.ragged = *parseRaggedPolicy(values.text("ragged"));
    options.seed = static_cast<std::uint64_t>(values.whole("seed"));

    // 2. The tensor: values, a file, or generated (the declared generator's bounds); its storage and
    //    shape.
    TensorRequest& request = input.request;
    request.storage = namedFormat(values.text("storage"));
    request.shape = values.text("shape");
    const int sources = (args.positionals().empty() ? 0 : 1) + (args.has("input") ? 1 : 0) + (args.has("generate") ? 1 : 0);
    if (sources > 1) {
        error = "give values, --input or --generate, not more than one";
        return std::nullopt;
    }
    input.sourceGiven = sources == 1;
    if (const auto path = args.value("input")) {
        request.source = TensorRequest::Source::File;
        request.path = *path;
    } else if (const auto shapeText = args.value("generate")) {
        const ShapeParse shape = parseShape(*shapeText);
        if (!shape.rows) {
            error = text::tensorErrorText(shape.error).toStdString();
            return std::nullopt;
        }
        request.source = TensorRequest::Source::Normal;
        NormalSpec& spec = request.normal;
        spec.rows = *shape.rows;
        spec.cols = shape.cols;
        spec.matrix = shape.matrix;
        spec.seed = options.seed;
        spec.mean = values.number("mean");
        spec.stddev = values.number("std");
        spec.outliers = static_cast<std::size_t>(values.whole("outliers"));
        spec.outlierMagnitude = values.number("outlier-value");
    } else {
        request.source = TensorRequest::Source::Values;
        request.values = args.positionals();
    }
    return input;
}

}  // namespace floatscope::gui
