#include "app/figures/LedgerFigure.h"

#include "app/text/LedgerText.h"

// `floatscope export ledger`: the model, cluster, schemes and activations read as `floatscope
// ledger` reads them.
namespace floatscope::gui {

namespace {

// --gpus, --tp, --zero and --units.
bool readCluster(const ViewArguments& args, LedgerInputs& in, std::string& error)
{
    for (const auto& [name, target] : {std::pair<const char*, std::uint64_t*>{"gpus", &in.config.gpus},
                                       {"tp", &in.config.modelParallel}}) {
        if (const auto text = args.value(name)) {
            const auto n = wholeNumberText(*text, true);
            if (!n) {
                error = std::string("--") + name + " takes a whole number of at least 1, got '" + *text + "'";
                return false;
            }
            *target = *n;
        }
    }
    if (const auto text = args.value("zero")) {
        if (*text != "0" && *text != "1" && *text != "2" && *text != "3") {
            error = "--zero takes a ZeRO stage 0, 1, 2 or 3, got '" + *text + "'";
            return false;
        }
        in.config.zeroStage = (*text)[0] - '0';
    }
    return readChoice(args, "units", parseByteUnit, "unit", "GB, GiB", in.unit, error);
}

// The schemes: built-in (all or a chosen few) and the user's.
bool readSchemes(const ViewArguments& args, LedgerInputs& in, std::string& error)
{
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
            return false;
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
            return false;
    }
    return true;
}

// Activations, when a sequence length is given (the model's shape, when it has one, as the default).
bool readActivations(const ViewArguments& args, const ParameterCountParse& params, LedgerInputs& in,
                     std::string& error)
{
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
                const auto n = wholeNumberText(*text, true);
                if (!n) {
                    error = std::string("--") + name + " takes a whole number of at least 1, got '" + *text + "'";
                    return false;
                }
                *target = *n;
            }
        }
        if (a.hidden == 0 || a.heads == 0 || a.layers == 0) {
            error = "activations need --hidden, --heads and --layers (or a model with a shape)";
            return false;
        }
        a.tensorParallel = in.config.modelParallel;
        a.sequenceParallel = args.has("sp");
        a.recomputation = Recomputation::Selective;
        if (!readChoice(args, "recompute", parseRecomputation, "recomputation", "none, selective, full", a.recomputation,
                        error))
            return false;
        in.activations = a;
    } else {
        for (const char* name : {"micro-batch", "hidden", "heads", "layers", "recompute"})
            if (args.has(name)) {
                error = std::string("--") + name + " needs --seq (the sequence length) for activations";
                return false;
            }
    }
    return true;
}

// The GPU's capacity.
bool readCapacity(const ViewArguments& args, LedgerInputs& in, std::string& error)
{
    if (const auto text = args.value("gpu-memory")) {
        const ByteSizeParse size = parseByteSize(*text);
        if (!size.bytes) {
            error = text::message(*size.error).toStdString();
            return false;
        }
        in.capacityBytes = size.bytes;
    }
    return true;
}

// `floatscope ledger`'s flags, read the same way; --recompute picks the one the bars show.
std::unique_ptr<Figure> ledgerFigure(const ViewArguments& args, std::string& error)
{
    LedgerInputs in;
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
    if (!readCluster(args, in, error) || !readSchemes(args, in, error)
        || !readActivations(args, params, in, error) || !readCapacity(args, in, error))
        return nullptr;
    const LedgerChartOutcome out = computeLedgerChart(in);
    if (!out.chart) {
        error = out.error.toStdString();
        return nullptr;
    }
    return std::make_unique<LedgerFigure>(*out.chart);
}

}  // namespace

ExportView LedgerFigure::exportView()
{
    return {"ledger", "training memory per GPU, a stacked bar per scheme, with activations and a GPU's capacity",
            "--params N [--gpus G] [--zero 0..3] [--tp T] [--scheme IDS] [--add-scheme SPEC] [--units GB|GiB] "
            "[--seq S [--micro-batch B] [--hidden H --heads A --layers L] [--recompute none|selective|full] [--sp]] "
            "[--gpu-memory SIZE]",
            {{"params"}, {"gpus"}, {"zero"}, {"tp"}, {"scheme"}, {"add-scheme"}, {"units"}, {"seq"}, {"micro-batch"},
             {"hidden"}, {"heads"}, {"layers"}, {"recompute"}, {"sp", 0, false}, {"gpu-memory"}},
            ledgerFigure};
}

}  // namespace floatscope::gui
