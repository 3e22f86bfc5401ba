#include "app/lessons/LedgerLesson.h"

#include <QCoreApplication>

#include "app/lessons/LessonRegistry.h"
#include "app/text/LedgerText.h"

namespace floatscope::gui {

namespace {

// Each part of `text` between separators, until `take` refuses one.
template <class Take>
bool eachPart(const std::string& text, char separator, Take take)
{
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
}

// --scheme IDS (built-in, comma-separated; absent: all of them unless --add-scheme is given) and
// --add-scheme SPECS (semicolon-separated).
std::optional<std::vector<LedgerScheme>> ledgerSchemesOf(const OptionValues& options, LedgerRefusal& refusal)
{
    std::vector<LedgerScheme> schemes;
    const std::string& ids = options.text("scheme");
    const std::string& specs = options.text("add-scheme");
    if (!ids.empty()) {
        if (!eachPart(ids, ',', [&](const std::string& id) {
                const auto scheme = findScheme(id);
                if (!scheme)
                    refusal = {"scheme", QCoreApplication::translate("floatscope::gui::LedgerPanel",
                                                                     "No built-in scheme is named “%1” (floatscope ledger "
                                                                     "--list-schemes lists them)")
                                             .arg(QString::fromStdString(id))};
                else
                    schemes.push_back(*scheme);
                return scheme.has_value();
            }))
            return std::nullopt;
    } else if (specs.empty()) {
        schemes = builtinSchemes();
    }
    if (!specs.empty()
        && !eachPart(specs, ';', [&](const std::string& spec) {
               const SchemeSpecParse parsed = parseSchemeSpec(spec);
               if (!parsed.scheme)
                   refusal = {"add-scheme", text::message(*parsed.error)};
               else
                   schemes.push_back(*parsed.scheme);
               return parsed.scheme.has_value();
           }))
        return std::nullopt;
    return schemes;
}

// An activation option given without --seq (--micro-batch, --hidden, --heads, --layers, --recompute
// describe activations, which only the sequence length counts): the refusal, in seq's name.
std::optional<LedgerRefusal> activationsWithoutSequence(const ViewArguments& args)
{
    if (args.has("seq"))
        return std::nullopt;
    for (const char* name : {"micro-batch", "hidden", "heads", "layers", "recompute"})
        if (args.has(name))
            return LedgerRefusal{"seq", QCoreApplication::translate("floatscope::gui::LedgerPanel",
                                                                    "Activations, which --%1 describes, need the sequence length")
                                            .arg(QString::fromLatin1(name))};
    return std::nullopt;
}

std::vector<LessonOption> declaration()
{
    using T = OptionType;
    const auto count = [](const char* name, const char* metavar, const char* fallback, double max) {
        return LessonOption{.name = name, .metavar = metavar, .type = T::Whole, .fallback = fallback, .min = 1, .max = max};
    };
    return {
        // A count (7e9, 6.7B, 27,781,427,952) or a model's id: the lesson's anchor model by default.
        {.name = "params", .metavar = "N", .type = T::Text, .fallback = modelPresets().front().id},
        count("gpus", "G", "1", 1 << 20),
        {.name = "zero", .metavar = "STAGE", .type = T::Choice, .fallback = "0", .choices = {"0", "1", "2", "3"}},
        count("tp", "T", "1", 1024),
        {.name = "scheme", .metavar = "IDS", .type = T::Text, .fallback = "", .inPanel = false},
        {.name = "add-scheme", .metavar = "SPEC", .type = T::Text, .fallback = "", .inPanel = false},
        {.name = "units", .metavar = "UNIT", .type = T::Choice, .fallback = "GB", .choices = {"GB", "GiB"}},
        // Absent: no activations (the panel's box unticked).
        count("seq", "S", "", 1 << 24),
        count("micro-batch", "B", "1", 1 << 16),
        // Absent: the model's shape.
        count("hidden", "H", "", 1 << 20),
        count("heads", "A", "", 1 << 14),
        count("layers", "L", "", 1 << 14),
        {.name = "recompute", .metavar = "MODE", .type = T::Choice, .fallback = toString(Recomputation::Selective),
         .choices = {"none", "selective", "full"}},
        {.name = "sp", .metavar = "", .type = T::Flag, .fallback = ""},
        // Absent: no capacity line.
        {.name = "gpu-memory", .metavar = "SIZE", .type = T::Text, .fallback = ""},
    };
}

std::unique_ptr<Figure> makeFigure(const OptionValues& options, const ViewArguments& args, std::string& error)
{
    std::vector<LedgerRefusal> refusals;
    const auto inputs = ledgerArguments(options, args, refusals);
    std::optional<LedgerChartOutcome> out;
    if (inputs) {
        out = computeLedgerChart(*inputs);
        // Activations refuse one thing alone: a tensor-parallel degree that does not divide the heads.
        if (!out->chart)
            refusals.push_back({out->problem == LedgerChartOutcome::Problem::Activations ? "tp" : "scheme", out->error});
    }
    if (!refusals.empty()) {
        error = "--" + refusals.front().option + ": " + refusals.front().reason.toStdString();
        return nullptr;
    }
    return std::make_unique<LedgerFigure>(*out->chart);
}

const LessonRegistration kRegistration({
    .place = 70,
    .title = [] { return QCoreApplication::translate("floatscope::gui::LedgerPanel", "Memory ledger"); },
    .shortTitle = [] { return QCoreApplication::translate("floatscope::gui::LedgerPanel", "Ledger"); },
    .view = declaredView({"ledger", "training memory per GPU, a stacked bar per scheme, with activations and a GPU's capacity",
                          ledgerOptions(), makeFigure}),
    .viewExample = {"--params", "anchor", "--seq", "4096", "--gpu-memory", "80 GiB"},
    // Lesson 14: the anchor model's static ledger, with activations on one 80 GiB GPU, and the
    // interview question's 30B model (LLaMA-30B's shape) on 8 GPUs under ZeRO-3.
    .deck = {{"--params", "anchor"},
             {"--params", "anchor", "--seq", "4096", "--gpu-memory", "80 GiB"},
             {"--params", "30B", "--hidden", "6656", "--heads", "52", "--layers", "60", "--gpus", "8", "--zero", "3",
              "--seq", "8192", "--recompute", "full", "--gpu-memory", "80 GiB"}},
    .options = ledgerOptions(),
});

}  // namespace

// The memory ledger, declared once: the panel (panels/LedgerPanel.cpp) builds its fields from these
// options, `floatscope export ledger` reads them, and both refuse a value with the same reason.
const std::vector<LessonOption>& ledgerOptions()
{
    static const std::vector<LessonOption> options = declaration();
    return options;
}

std::optional<LedgerInputs> ledgerArguments(const OptionValues& options, const ViewArguments& args,
                                            std::vector<LedgerRefusal>& refusals)
{
    if (const auto without = activationsWithoutSequence(args)) {
        refusals.push_back(*without);
        return std::nullopt;
    }
    LedgerRefusal refusal;
    auto schemes = ledgerSchemesOf(options, refusal);
    if (!schemes) {
        refusals.push_back(refusal);
        return std::nullopt;
    }
    return ledgerInputsOf(options, std::move(*schemes), refusals);
}

std::optional<ModelPreset> modelFor(const ParameterCountParse& parse)
{
    if (parse.preset || !parse.parameters)
        return parse.preset;
    for (const ModelPreset& p : modelPresets())
        if (p.parameters == *parse.parameters)
            return p;
    return std::nullopt;
}

std::optional<LedgerInputs> ledgerInputsOf(const OptionValues& options, std::vector<LedgerScheme> schemes,
                                           std::vector<LedgerRefusal>& refusals)
{
    LedgerInputs in;
    in.schemes = std::move(schemes);
    // The count and the GPU's memory are fields apart: each is refused for itself.
    const ParameterCountParse params = parseParameterCount(options.text("params"));
    if (!params.parameters)
        refusals.push_back({"params", text::message(*params.error)});
    if (const std::string& size = options.text("gpu-memory"); !size.empty()) {
        const ByteSizeParse parsed = parseByteSize(size);
        if (!parsed.bytes)
            refusals.push_back({"gpu-memory", text::message(*parsed.error)});
        in.capacityBytes = parsed.bytes;
    }
    if (!refusals.empty())
        return std::nullopt;
    in.config.parameters = *params.parameters;
    in.preset = modelFor(params);
    in.config.gpus = static_cast<std::uint64_t>(options.whole("gpus"));
    in.config.zeroStage = std::stoi(options.text("zero"));
    in.config.modelParallel = static_cast<std::uint64_t>(options.whole("tp"));
    in.unit = parseByteUnit(options.text("units")).value_or(ByteUnit::GB);
    if (!options.has("seq"))
        return in;
    ActivationConfig a;
    // The model's shape where it has one, else zeros (copied whole: GCC 12 takes the fields of an
    // optional read one by one for uninitialized).
    ModelShape shape{};
    if (in.preset && in.preset->shape)
        shape = *in.preset->shape;
    const auto size = [&](const char* name, std::uint64_t fromModel) {
        return options.has(name) ? static_cast<std::uint64_t>(options.whole(name)) : fromModel;
    };
    a.sequence = size("seq", 0);
    a.microBatch = size("micro-batch", 1);
    a.hidden = size("hidden", shape.hidden);
    a.heads = size("heads", shape.heads);
    a.layers = size("layers", shape.layers);
    if (a.hidden == 0 || a.heads == 0 || a.layers == 0) {
        refusals.push_back({"seq", QCoreApplication::translate("floatscope::gui::LedgerPanel",
                                                               "Activations need the hidden size, the heads and the "
                                                               "layers (--hidden, --heads, --layers), or a model with a "
                                                               "shape")});
        return std::nullopt;
    }
    a.tensorParallel = in.config.modelParallel;
    a.sequenceParallel = !options.text("sp").empty();
    a.recomputation = parseRecomputation(options.text("recompute")).value_or(Recomputation::Selective);
    in.activations = a;
    return in;
}

}  // namespace floatscope::gui
