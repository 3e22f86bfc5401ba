#include "app/lessons/QuantizeLesson.h"

#include <QCoreApplication>

#include "app/figures/QuantizeFigure.h"
#include "app/lessons/LessonRegistry.h"

#include "app/text/FormatText.h"
#include "app/text/QuantizeText.h"
#include "app/text/TensorErrorText.h"
#include "core/format/Registry.h"

// The block-scaling lesson's view: the tensor and recipe read as `floatscope quantize` reads them.
namespace floatscope::gui {

bool readTensorRequest(const ViewArguments& args, std::uint64_t seed, TensorRequest& request, std::string& error)
{
    if (const auto path = args.value("input")) {
        request.source = TensorRequest::Source::File;
        request.path = *path;
    } else if (const auto shapeText = args.value("generate")) {
        const ShapeParse shape = parseShape(*shapeText);
        if (!shape.rows) {
            error = text::tensorErrorText(shape.error).toStdString();
            return false;
        }
        request.source = TensorRequest::Source::Normal;
        NormalSpec& spec = request.normal;
        spec.rows = *shape.rows;
        spec.cols = shape.cols;
        spec.matrix = shape.matrix;
        spec.seed = seed;
        for (const auto& [name, target] : {std::pair<const char*, double*>{"mean", &spec.mean}, {"std", &spec.stddev},
                                           {"outlier-value", &spec.outlierMagnitude}}) {
            if (const auto text = args.value(name)) {
                const auto v = finiteNumberText(*text);
                if (!v) {
                    error = std::string("--") + name + " takes a number, got '" + *text + "'";
                    return false;
                }
                *target = *v;
            }
        }
        if (const auto text = args.value("outliers")) {
            const auto n = wholeNumberText(*text);
            if (!n) {
                error = "--outliers takes a whole number, got '" + *text + "'";
                return false;
            }
            spec.outliers = static_cast<std::size_t>(*n);
        }
    } else {
        request.source = TensorRequest::Source::Values;
        request.values = args.positionals();
    }
    return true;
}

namespace {

// `floatscope quantize`'s flags, read the same way. --scale belongs to the export itself (the PNG
// scale), so the scale's precision is --scale-precision here.
std::unique_ptr<Figure> quantizeFigure(const ViewArguments& args, std::string& error)
{
    // 1. The recipe.
    QuantizeOptions options;
    if (const auto text = args.value("scheme")) {
        const SchemeParse parsed = parseScheme(*text);
        if (!parsed.scheme) {
            error = text::message(*parsed.error).toStdString();
            return nullptr;
        }
        options.scheme = *parsed.scheme;
    }
    options.element = defaultElementFormat(options.scheme.kind);
    if (!readFormat(args, "format", options.element, error)
        || !readChoice(args, "scale-precision", parseScalePrecision, "scale precision", "exact, fp32",
                       options.scalePrecision, error)
        || !readChoice(args, "scale-rule", parseMxScaleRule, "scale rule", "floor, ceil, rceil", options.mxRule, error)
        || !readChoice(args, "rounding", parseRoundingMode, "rounding mode", kRoundingModeChoices, options.rounding, error))
        return nullptr;
    if (args.has("no-saturate"))
        options.overflow = OverflowPolicy::NonSaturating;
    if (!readChoice(args, "ragged", parseRaggedPolicy, "ragged policy", "pad, reject", options.ragged, error))
        return nullptr;
    std::uint64_t seed = 0;
    if (const auto text = args.value("seed")) {
        const auto n = wholeNumberText(*text);
        if (!n) {
            error = "--seed takes a whole number, got '" + *text + "'";
            return nullptr;
        }
        seed = *n;
    }
    options.seed = seed;
    ErrorMeasure measure = ErrorMeasure::Relative;
    if (const auto text = args.value("heatmap")) {
        if (*text != "abs" && *text != "rel") {
            error = "--heatmap takes abs or rel, got '" + *text + "'";
            return nullptr;
        }
        measure = *text == "rel" ? ErrorMeasure::Relative : ErrorMeasure::Absolute;
    }

    // 2. The tensor: values, a file, or generated; then an optional reshape.
    TensorRequest request;
    if (!readFormat(args, "storage", request.storage, error))
        return nullptr;
    request.shape = args.value("shape").value_or("");
    const int sources = (args.positionals().empty() ? 0 : 1) + (args.has("input") ? 1 : 0) + (args.has("generate") ? 1 : 0);
    if (sources != 1) {
        error = sources == 0 ? "this view needs values, --input FILE or --generate SHAPE"
                             : "give values, --input or --generate, not more than one";
        return nullptr;
    }
    if (!readTensorRequest(args, seed, request, error))
        return nullptr;

    // 3. The same report the panel makes.
    const ReportOutcome outcome = makeQuantizeReport(request, options);
    if (!outcome.report) {
        error = outcome.problem == ReportOutcome::Problem::Tensor ? text::tensorErrorText(outcome.tensorError).toStdString()
                                                                  : text::message(*outcome.recipeError).toStdString();
        return nullptr;
    }
    return std::make_unique<QuantizeFigure>(outcome.report, measure);
}

ExportView quantizeView()
{
    return {"quantize",
            "a tensor block-scaled and quantized: elements or error heatmap, summary, and every recipe compared",
            "V1 V2 ... | --input FILE | --generate N|RxC [-f FMT] [--scheme tensor|tile:N|block:RxC|mx|nvfp4] "
            "[--scale-precision exact|fp32] [--scale-rule floor|ceil|rceil] [--shape N|RxC] [--storage FMT] "
            "[--mean M --std S --outliers K --outlier-value V --seed N] [--rounding MODE] [--no-saturate] "
            "[--ragged pad|reject] [--heatmap rel|abs]",
            {{"format", 'f'}, {"scheme"}, {"scale-precision"}, {"scale-rule"}, {"shape"}, {"input"}, {"generate"},
             {"mean"}, {"std"}, {"outliers"}, {"outlier-value"}, {"seed"}, {"storage"}, {"rounding"},
             {"no-saturate", 0, false}, {"ragged"}, {"heatmap"}},
            quantizeFigure};
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
});

}  // namespace

}  // namespace floatscope::gui
