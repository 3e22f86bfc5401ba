#include <charconv>
#include <cmath>

#include "app/cli/ExportViews.h"
#include "app/figures/LedgerFigure.h"
#include "app/figures/QuantizeFigure.h"
#include "core/format/Registry.h"
#include "app/text/FormatText.h"
#include "app/text/LedgerText.h"
#include "app/text/QuantizeText.h"

namespace floatscope::cli {

namespace {

std::optional<std::uint64_t> wholeNumber(const std::string& text, bool positive)
{
    std::uint64_t n = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || ptr != text.data() + text.size() || (positive && n == 0))
        return std::nullopt;
    return n;
}

std::optional<double> realNumber(const std::string& text)
{
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

// `floatscope quantize`'s flags, read the same way. --scale belongs to the export itself (the PNG
// scale), so the scale's precision is --scale-precision here.
std::unique_ptr<gui::Figure> quantizeFigure(const ArgParser& args, std::string& error)
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
    if (const auto text = args.value("format")) {
        const FormatLookup lookup = lookupFormat(*text);
        if (!lookup.format) {
            error = text::message(*lookup.error).toStdString();
            return nullptr;
        }
        options.element = *lookup.format;
    }
    if (const auto text = args.value("scale-precision")) {
        const auto precision = parseScalePrecision(*text);
        if (!precision) {
            error = "unknown scale precision '" + *text + "' (exact, fp32)";
            return nullptr;
        }
        options.scalePrecision = *precision;
    }
    if (const auto text = args.value("scale-rule")) {
        const auto rule = parseMxScaleRule(*text);
        if (!rule) {
            error = "unknown scale rule '" + *text + "' (floor, ceil, rceil)";
            return nullptr;
        }
        options.mxRule = *rule;
    }
    if (const auto text = args.value("rounding")) {
        const auto mode = parseRoundingMode(*text);
        if (!mode) {
            error = "unknown rounding mode '" + *text + "' (nearest-even, nearest-away, toward-zero, up, down, odd, stochastic)";
            return nullptr;
        }
        options.rounding = *mode;
    }
    if (args.has("no-saturate"))
        options.overflow = OverflowPolicy::NonSaturating;
    if (const auto text = args.value("ragged")) {
        const auto policy = parseRaggedPolicy(*text);
        if (!policy) {
            error = "unknown ragged policy '" + *text + "' (pad, reject)";
            return nullptr;
        }
        options.ragged = *policy;
    }
    std::uint64_t seed = 0;
    if (const auto text = args.value("seed")) {
        const auto n = wholeNumber(*text, false);
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
    gui::TensorRequest request;
    if (const auto text = args.value("storage")) {
        const FormatLookup lookup = lookupFormat(*text);
        if (!lookup.format) {
            error = text::message(*lookup.error).toStdString();
            return nullptr;
        }
        request.storage = *lookup.format;
    }
    request.shape = args.value("shape").value_or("");
    const int sources = (args.positionals().empty() ? 0 : 1) + (args.has("input") ? 1 : 0) + (args.has("generate") ? 1 : 0);
    if (sources != 1) {
        error = sources == 0 ? "this view needs values, --input FILE or --generate SHAPE"
                             : "give values, --input or --generate, not more than one";
        return nullptr;
    }
    if (const auto path = args.value("input")) {
        request.source = gui::TensorRequest::Source::File;
        request.path = *path;
    } else if (const auto shapeText = args.value("generate")) {
        const ShapeParse shape = parseShape(*shapeText);
        if (!shape.rows) {
            error = shape.error;
            return nullptr;
        }
        request.source = gui::TensorRequest::Source::Normal;
        NormalSpec& spec = request.normal;
        spec.rows = *shape.rows;
        spec.cols = shape.cols;
        spec.matrix = shape.matrix;
        spec.seed = seed;
        for (const auto& [name, target] : {std::pair<const char*, double*>{"mean", &spec.mean}, {"std", &spec.stddev},
                                           {"outlier-value", &spec.outlierMagnitude}}) {
            if (const auto text = args.value(name)) {
                const auto v = realNumber(*text);
                if (!v) {
                    error = std::string("--") + name + " takes a number, got '" + *text + "'";
                    return nullptr;
                }
                *target = *v;
            }
        }
        if (const auto text = args.value("outliers")) {
            const auto n = wholeNumber(*text, false);
            if (!n) {
                error = "--outliers takes a whole number, got '" + *text + "'";
                return nullptr;
            }
            spec.outliers = static_cast<std::size_t>(*n);
        }
    } else {
        request.source = gui::TensorRequest::Source::Values;
        request.values = args.positionals();
    }

    // 3. The same report the panel makes.
    const gui::ReportOutcome outcome = gui::makeQuantizeReport(request, options);
    if (!outcome.report) {
        error = outcome.recipeError ? text::message(*outcome.recipeError).toStdString() : outcome.error;
        return nullptr;
    }
    return std::make_unique<gui::QuantizeFigure>(outcome.report, measure);
}

// `floatscope ledger`'s flags, read the same way; --recompute picks the one the bars show.
std::unique_ptr<gui::Figure> ledgerFigure(const ArgParser& args, std::string& error)
{
    gui::LedgerInputs in;
    const auto paramsText = args.value("params");
    if (!paramsText) {
        error = "this view needs --params N (a count such as 7e9 or 6.7B, or a model such as anchor)";
        return nullptr;
    }
    const ParameterCountParse params = parseParameterCount(*paramsText);
    if (!params.parameters) {
        error = text::message(*params.error).toStdString();
        return nullptr;
    }
    in.config.parameters = *params.parameters;
    in.preset = params.preset;
    for (const auto& [name, target] : {std::pair<const char*, std::uint64_t*>{"gpus", &in.config.gpus},
                                       {"tp", &in.config.modelParallel}}) {
        if (const auto text = args.value(name)) {
            const auto n = wholeNumber(*text, true);
            if (!n) {
                error = std::string("--") + name + " takes a whole number of at least 1, got '" + *text + "'";
                return nullptr;
            }
            *target = *n;
        }
    }
    if (const auto text = args.value("zero")) {
        if (*text != "0" && *text != "1" && *text != "2" && *text != "3") {
            error = "--zero takes a ZeRO stage 0, 1, 2 or 3, got '" + *text + "'";
            return nullptr;
        }
        in.config.zeroStage = (*text)[0] - '0';
    }
    if (const auto text = args.value("units")) {
        const auto unit = parseByteUnit(*text);
        if (!unit) {
            error = "unknown unit '" + *text + "' (GB, GiB)";
            return nullptr;
        }
        in.unit = *unit;
    }

    // The schemes: built-in (all or a chosen few) and the user's.
    auto eachPart = [](const std::string& text, char separator, auto&& take) {
        std::size_t start = 0;
        while (start <= text.size()) {
            const std::size_t end = text.find(separator, start);
            if (!take(text.substr(start, end == std::string::npos ? std::string::npos : end - start)))
                return false;
            if (end == std::string::npos)
                break;
            start = end + 1;
        }
        return true;
    };
    if (const auto text = args.value("scheme")) {
        if (!eachPart(*text, ',', [&](const std::string& id) {
                const auto scheme = findScheme(id);
                if (!scheme)
                    error = "unknown scheme '" + id + "' (see 'floatscope ledger --list-schemes')";
                else
                    in.schemes.push_back(*scheme);
                return scheme.has_value();
            }))
            return nullptr;
    } else if (!args.has("add-scheme")) {
        in.schemes = builtinSchemes();
    }
    if (const auto text = args.value("add-scheme")) {
        if (!eachPart(*text, ';', [&](const std::string& spec) {
                const SchemeSpecParse parsed = parseSchemeSpec(spec);
                if (!parsed.scheme)
                    error = text::message(*parsed.error).toStdString();
                else
                    in.schemes.push_back(*parsed.scheme);
                return parsed.scheme.has_value();
            }))
            return nullptr;
    }

    // Activations, when a sequence length is given; the GPU's capacity.
    if (const auto seq = args.value("seq")) {
        ActivationConfig a;
        if (params.preset && params.preset->shape) {
            a.hidden = params.preset->shape->hidden;
            a.heads = params.preset->shape->heads;
            a.layers = params.preset->shape->layers;
        }
        for (const auto& [name, target] :
             {std::pair<const char*, std::uint64_t*>{"seq", &a.sequence}, {"micro-batch", &a.microBatch},
              {"hidden", &a.hidden}, {"heads", &a.heads}, {"layers", &a.layers}}) {
            if (const auto text = args.value(name)) {
                const auto n = wholeNumber(*text, true);
                if (!n) {
                    error = std::string("--") + name + " takes a whole number of at least 1, got '" + *text + "'";
                    return nullptr;
                }
                *target = *n;
            }
        }
        if (a.hidden == 0 || a.heads == 0 || a.layers == 0) {
            error = "activations need --hidden, --heads and --layers (or a model with a shape)";
            return nullptr;
        }
        a.tensorParallel = in.config.modelParallel;
        a.sequenceParallel = args.has("sp");
        a.recomputation = Recomputation::Selective;
        if (const auto text = args.value("recompute")) {
            const auto mode = parseRecomputation(*text);
            if (!mode) {
                error = "unknown recomputation '" + *text + "' (none, selective, full)";
                return nullptr;
            }
            a.recomputation = *mode;
        }
        in.activations = a;
    } else {
        for (const char* name : {"micro-batch", "hidden", "heads", "layers", "recompute"})
            if (args.has(name)) {
                error = std::string("--") + name + " needs --seq (the sequence length) for activations";
                return nullptr;
            }
    }
    if (const auto text = args.value("gpu-memory")) {
        const ByteSizeParse size = parseByteSize(*text);
        if (!size.bytes) {
            error = text::message(*size.error).toStdString();
            return nullptr;
        }
        in.capacityBytes = size.bytes;
    }
    const gui::LedgerChartOutcome out = gui::computeLedgerChart(in);
    if (!out.chart) {
        error = out.error.toStdString();
        return nullptr;
    }
    return std::make_unique<gui::LedgerFigure>(*out.chart);
}

}  // namespace

std::vector<ExportView> scalingExportViews()
{
    return {
        {"quantize",
         "a tensor block-scaled and quantized: elements or error heatmap, summary, and every recipe compared",
         "V1 V2 ... | --input FILE | --generate N|RxC [-f FMT] [--scheme tensor|tile:N|block:RxC|mx|nvfp4] "
         "[--scale-precision exact|fp32] [--scale-rule floor|ceil|rceil] [--shape N|RxC] [--storage FMT] "
         "[--mean M --std S --outliers K --outlier-value V --seed N] [--rounding MODE] [--no-saturate] "
         "[--ragged pad|reject] [--heatmap rel|abs]",
         {{"format", 'f', true},
          {"scheme", 0, true},
          {"scale-precision", 0, true},
          {"scale-rule", 0, true},
          {"shape", 0, true},
          {"input", 0, true},
          {"generate", 0, true},
          {"mean", 0, true},
          {"std", 0, true},
          {"outliers", 0, true},
          {"outlier-value", 0, true},
          {"seed", 0, true},
          {"storage", 0, true},
          {"rounding", 0, true},
          {"no-saturate", 0, false},
          {"ragged", 0, true},
          {"heatmap", 0, true}},
         quantizeFigure},
        {"ledger", "training memory per GPU, a stacked bar per scheme, with activations and a GPU's capacity",
         "--params N [--gpus G] [--zero 0..3] [--tp T] [--scheme IDS] [--add-scheme SPEC] [--units GB|GiB] "
         "[--seq S [--micro-batch B] [--hidden H --heads A --layers L] [--recompute none|selective|full] [--sp]] "
         "[--gpu-memory SIZE]",
         {{"params", 0, true},
          {"gpus", 0, true},
          {"zero", 0, true},
          {"tp", 0, true},
          {"scheme", 0, true},
          {"add-scheme", 0, true},
          {"units", 0, true},
          {"seq", 0, true},
          {"micro-batch", 0, true},
          {"hidden", 0, true},
          {"heads", 0, true},
          {"layers", 0, true},
          {"recompute", 0, true},
          {"sp", 0, false},
          {"gpu-memory", 0, true}},
         ledgerFigure},
    };
}

}  // namespace floatscope::cli
