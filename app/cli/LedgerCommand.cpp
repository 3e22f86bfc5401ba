#include <cmath>
#include <cstdio>
#include <map>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/cli/ArgParser.h"
#include "app/cli/Commands.h"
#include "app/lessons/LedgerLesson.h"
#include "core/ledger/Activations.h"
#include "core/ledger/MemoryLedger.h"
#include "core/ledger/ModelPresets.h"
#include "app/text/LedgerText.h"
#include "app/text/StdString.h"

namespace floatscope::cli {

namespace {

constexpr const char* kHelp = R"(usage: floatscope ledger --params N [--gpus G] [--zero 0..3] [--tp T] [--scheme IDS]
                        [--add-scheme SPEC] [--units GB|GiB] [--json]
                        [--seq S [--micro-batch B] [--hidden H --heads A --layers L] [--recompute MODE] [--sp]]
                        [--gpu-memory SIZE]
       floatscope ledger --list-schemes | --list-models

The static memory of training, per parameter and per GPU, for each precision recipe: master weights,
accumulated gradients, weights, gradients and optimizer states, each in its format. Optionally the
activations (Korthikanti et al. 2022) and whether it all fits a GPU.

options:
  --params N            parameters: 27781427952, 27,781,427,952, 7e9, 6.7B, or a model (--list-models)
  --gpus G              data-parallel GPUs that ZeRO shards across (default 1)
  --zero 0..3           ZeRO stage (Rajbhandari et al. 2020): 1 shards optimizer states and master
                        weights, 2 also gradients, 3 also weights (default 0)
  --tp T                tensor-parallel degree: splits every component and the activations t ways
  --scheme IDS          schemes to show, comma-separated (default all; see --list-schemes)
  --add-scheme SPEC     your own: ID=ROLE:FORMAT[xN],... with roles master, acc, weights, grads, opt,
                        other and a format name or a number of bytes, e.g.
                        'mine=master:fp32,weights:e4m3fn,grads:bf16,opt:bf16x2'; ';' separates several
  --units GB|GiB        GB = 10^9 bytes (default, as the lecture notes count), GiB = 2^30 bytes
  --seq S               sequence length: adds activations per GPU (16-bit, the paper's standard block)
  --micro-batch B       micro-batch size (default 1)
  --hidden H, --heads A, --layers L
                        model shape (taken from the model when --params names one that has it)
  --recompute MODE      none, selective (FlashAttention keeps no s x s scores either) or full
                        (default: all three)
  --sp                  sequence parallelism with --tp (Megatron-LM)
  --gpu-memory SIZE     capacity per GPU, e.g. 80GiB (an H100's 80 GB are 80 GiB of HBM) or 141GB:
                        says which schemes fit with their activations
  --list-schemes        the built-in schemes with their components and sources
  --list-models         the model presets with their exact parameter counts
  --json                one JSON document on stdout
  -h, --help            this help
)";

std::string str(const QString& s) { return s.toStdString(); }

std::string amount(double bytes, ByteUnit unit)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2f %s", inUnit(bytes, unit), toString(unit));
    return buf;
}

std::string bytesText(double bytes)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", bytes);
    return buf;
}

std::string grouped(std::uint64_t n)
{
    std::string digits = std::to_string(n);
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(static_cast<std::size_t>(i), ",");
    return digits;
}

// "4 fp32", "4 fp32 + 4 fp32", "-": a scheme's components of one role.
std::string cell(const LedgerScheme& s, ComponentRole role)
{
    std::string out;
    for (const LedgerComponent& c : s.components) {
        if (c.role != role)
            continue;
        out += (out.empty() ? "" : " + ") + bytesText(c.bytesPerParam) + (c.format.empty() || c.format == "-" ? "" : " " + c.format);
    }
    return out.empty() ? "-" : out;
}

int listSchemes(const Io& io, bool json)
{
    if (json) {
        QJsonArray list;
        for (const LedgerScheme& s : builtinSchemes()) {
            QJsonArray components;
            for (const LedgerComponent& c : s.components)
                components.append(QJsonObject{{"role", toString(c.role)}, {"label", text::componentLabel(c)},
                                              {"format", qs(c.format)}, {"bytes_per_param", c.bytesPerParam}});
            list.append(QJsonObject{{"id", qs(s.id)}, {"name", text::schemeName(s)}, {"gemm", text::schemeGemm(s)},
                                    {"bytes_per_param", s.bytesPerParam()}, {"components", components},
                                    {"source", text::schemeSource(s)}, {"note", text::schemeNote(s)}});
        }
        printJson(io, QJsonDocument(QJsonObject{{"schemes", list}}));
        return 0;
    }
    for (const LedgerScheme& s : builtinSchemes()) {
        std::fprintf(io.out, "%s  %s: %s bytes/param (GEMM %s)\n", s.id.c_str(), str(text::schemeName(s)).c_str(),
                     bytesText(s.bytesPerParam()).c_str(), str(text::schemeGemm(s)).c_str());
        for (const LedgerComponent& c : s.components)
            std::fprintf(io.out, "    %-22s %-8s %s\n", str(text::componentLabel(c)).c_str(), c.format.c_str(),
                         bytesText(c.bytesPerParam).c_str());
        std::fprintf(io.out, "    source: %s\n    note: %s\n", str(text::schemeSource(s)).c_str(),
                     str(text::schemeNote(s)).c_str());
    }
    return 0;
}

int listModels(const Io& io, bool json)
{
    if (json) {
        QJsonArray list;
        for (const ModelPreset& m : modelPresets()) {
            QJsonObject o{{"id", qs(m.id)}, {"name", text::modelName(m)}, {"parameters", static_cast<double>(m.parameters)},
                          {"source", text::modelSource(m)}};
            if (m.shape)
                o["shape"] = QJsonObject{{"hidden", static_cast<double>(m.shape->hidden)},
                                         {"layers", static_cast<double>(m.shape->layers)},
                                         {"heads", static_cast<double>(m.shape->heads)}};
            list.append(o);
        }
        printJson(io, QJsonDocument(QJsonObject{{"models", list}}));
        return 0;
    }
    Table table({"model", "name", "parameters", "hidden", "layers", "heads"});
    for (const ModelPreset& m : modelPresets())
        table.addRow({m.id, str(text::modelName(m)), grouped(m.parameters), m.shape ? std::to_string(m.shape->hidden) : "-",
                      m.shape ? std::to_string(m.shape->layers) : "-", m.shape ? std::to_string(m.shape->heads) : "-"});
    table.print(io);
    return 0;
}

using Modes = std::vector<std::pair<Recomputation, ActivationResult>>;

// The activation setup's size under each recomputation asked for (--recompute, else all three);
// false with the reason in `error`.
bool measureActivations(const ArgParser& args, ActivationConfig a, Modes& modes, std::string& error)
{
    std::vector<Recomputation> wanted = {Recomputation::None, Recomputation::Selective, Recomputation::Full};
    if (args.has("recompute"))
        wanted = {a.recomputation};
    for (const Recomputation r : wanted) {
        a.recomputation = r;
        const ActivationOutcome out = activationMemory(a);
        if (!out.result) {
            error = "--tp: " + str(text::message(*out.error));  // a degree that does not divide the heads
            return false;
        }
        modes.emplace_back(r, *out.result);
    }
    return true;
}

// One scheme's ledger as JSON, with whether it fits a GPU of `capacity` under each recomputation.
QJsonObject schemeJson(const LedgerResult& r, const std::optional<double>& capacity, const Modes& modes)
{
    QJsonArray components;
    for (const LedgerRow& row : r.rows)
        components.append(QJsonObject{
            {"role", toString(row.component.role)},
            {"label", text::componentLabel(row.component)},
            {"format", qs(row.component.format)},
            {"bytes_per_param", row.component.bytesPerParam},
            {"sharded", row.sharded},
            {"total_bytes", row.totalBytes},
            {"per_gpu_bytes", row.perGpuBytes},
        });
    QJsonObject o{
        {"id", qs(r.scheme.id)},
        {"name", text::schemeName(r.scheme)},
        {"gemm", text::schemeGemm(r.scheme)},
        {"source", text::schemeSource(r.scheme)},
        {"note", text::schemeNote(r.scheme)},
        {"bytes_per_param", r.bytesPerParam},
        {"total_bytes", r.totalBytes},
        {"total_gb", inUnit(r.totalBytes, ByteUnit::GB)},
        {"total_gib", inUnit(r.totalBytes, ByteUnit::GiB)},
        {"per_gpu_bytes", r.perGpuBytes},
        {"per_gpu_gb", inUnit(r.perGpuBytes, ByteUnit::GB)},
        {"per_gpu_gib", inUnit(r.perGpuBytes, ByteUnit::GiB)},
        {"components", components},
    };
    if (capacity && !modes.empty()) {
        QJsonArray fit;
        for (const auto& [mode, act] : modes) {
            const FitCheck f = checkFit(r.perGpuBytes, act.totalBytes, *capacity);
            fit.append(QJsonObject{{"recompute", toString(mode)}, {"used_bytes", f.usedBytes},
                                   {"free_bytes", f.freeBytes}, {"fits", f.fits}});
        }
        o["fit"] = fit;
    } else if (capacity) {
        const FitCheck f = checkFit(r.perGpuBytes, 0, *capacity);
        o["fit"] = QJsonArray{QJsonObject{{"recompute", QJsonValue()}, {"used_bytes", f.usedBytes},
                                          {"free_bytes", f.freeBytes}, {"fits", f.fits}}};
    }
    return o;
}

QJsonObject activationsJson(const ActivationConfig& activation, const Modes& modes)
{
    QJsonArray modeList;
    for (const auto& [mode, act] : modes)
        modeList.append(QJsonObject{{"recompute", toString(mode)}, {"formula", qs(act.formula)},
                                    {"bytes_per_layer", act.bytesPerLayer}, {"total_bytes", act.totalBytes},
                                    {"total_gb", inUnit(act.totalBytes, ByteUnit::GB)},
                                    {"total_gib", inUnit(act.totalBytes, ByteUnit::GiB)}});
    return QJsonObject{
        {"sequence", static_cast<double>(activation.sequence)},
        {"micro_batch", static_cast<double>(activation.microBatch)},
        {"hidden", static_cast<double>(activation.hidden)},
        {"heads", static_cast<double>(activation.heads)},
        {"layers", static_cast<double>(activation.layers)},
        {"tensor_parallel", static_cast<double>(activation.tensorParallel)},
        {"sequence_parallel", activation.sequenceParallel},
        {"modes", modeList},
    };
}

void printActivations(const Io& io, const ActivationConfig& activation, const Modes& modes, ByteUnit unit)
{
    std::fprintf(io.out,
                 "\nactivations per GPU (Korthikanti et al. 2022, Table 2: 16-bit, the standard block with "
                 "dropout and a 4h MLP)\n  s = %llu, b = %llu, h = %llu, a = %llu, L = %llu, t = %llu%s\n",
                 static_cast<unsigned long long>(activation.sequence),
                 static_cast<unsigned long long>(activation.microBatch),
                 static_cast<unsigned long long>(activation.hidden), static_cast<unsigned long long>(activation.heads),
                 static_cast<unsigned long long>(activation.layers),
                 static_cast<unsigned long long>(activation.tensorParallel),
                 activation.sequenceParallel ? ", sequence parallel" : "");
    Table acts({"recompute", "per layer", "x layers", "total"});
    for (const auto& [mode, act] : modes)
        acts.addRow({toString(mode), act.formula, std::to_string(activation.layers), amount(act.totalBytes, unit)});
    acts.print(io);
}

void printFit(const Io& io, const std::vector<LedgerResult>& results, const Modes& modes, double capacity, ByteUnit unit)
{
    std::fprintf(io.out, "\nfits on a GPU of %s (%s)?\n", amount(capacity, unit).c_str(),
                 amount(capacity, unit == ByteUnit::GB ? ByteUnit::GiB : ByteUnit::GB).c_str());
    std::vector<std::string> header = {"scheme", "static per GPU"};
    for (const auto& [mode, act] : modes)
        header.push_back(std::string("+ activations (") + toString(mode) + ")");
    if (modes.empty())
        header.push_back("static only");
    Table fit(header);
    for (const LedgerResult& r : results) {
        std::vector<std::string> row = {r.scheme.id, amount(r.perGpuBytes, unit)};
        auto verdict = [&](double activations) {
            const FitCheck f = checkFit(r.perGpuBytes, activations, capacity);
            return amount(f.usedBytes, unit) + (f.fits ? " fits" : " does not fit");
        };
        for (const auto& [mode, act] : modes)
            row.push_back(verdict(act.totalBytes));
        if (modes.empty())
            row.push_back(verdict(0));
        fit.addRow(row);
    }
    fit.print(io);
}

// What the ledger found, for its two ways out (JSON and text): references to runLedger's own.
struct LedgerReport {
    const std::optional<ModelPreset>& model;  // the model the count names, if any
    const LedgerConfig& config;
    ByteUnit unit;
    const std::vector<LedgerResult>& results;
    const std::optional<ActivationConfig>& activation;
    const Modes& modes;
    const std::optional<double>& capacity;
};

void printLedgerJson(const Io& io, const LedgerReport& report)
{
    const auto& [model, config, unit, results, activation, modes, capacity] = report;
    QJsonArray list;
    for (const LedgerResult& r : results) {
        QJsonObject o = schemeJson(r, capacity, modes);
        list.append(o);
    }
    QJsonObject doc{
        {"parameters", static_cast<double>(config.parameters)},
        {"model", model ? QJsonValue(qs(model->id)) : QJsonValue()},
        {"gpus", static_cast<double>(config.gpus)},
        {"zero", config.zeroStage},
        {"tensor_parallel", static_cast<double>(config.modelParallel)},
        {"units", toString(unit)},
        {"gpu_memory_bytes", capacity ? QJsonValue(*capacity) : QJsonValue()},
        {"schemes", list},
    };
    doc["activations"] = activation ? QJsonValue(activationsJson(*activation, modes)) : QJsonValue();
    printJson(io, QJsonDocument(doc));
}

// The ledger table, the schemes' assumptions, activations and fit.
void printLedgerText(const Io& io, const LedgerReport& report)
{
    const auto& [model, config, unit, results, activation, modes, capacity] = report;
    std::fprintf(io.out, "%s parameters%s; %llu GPU%s, ZeRO-%d%s; %s = %s bytes\n\n", grouped(config.parameters).c_str(),
                 model ? (" (" + str(text::modelName(*model)) + ")").c_str() : "",
                 static_cast<unsigned long long>(config.gpus), config.gpus == 1 ? "" : "s (data parallel)",
                 config.zeroStage,
                 config.modelParallel > 1 ? (", tensor parallel " + std::to_string(config.modelParallel)).c_str() : "",
                 toString(unit), unit == ByteUnit::GB ? "10^9" : "2^30");
    Table table({"scheme", "master", "acc grads", "weights", "grads", "optimizer", "bytes/param", "total", "per GPU"});
    for (const LedgerResult& r : results)
        table.addRow({r.scheme.id, cell(r.scheme, ComponentRole::MasterWeights),
                      cell(r.scheme, ComponentRole::AccumulatedGradients), cell(r.scheme, ComponentRole::Weights),
                      cell(r.scheme, ComponentRole::Gradients), cell(r.scheme, ComponentRole::OptimizerStates)
                          + (r.scheme.bytesFor(ComponentRole::Other) > 0 ? " (+" + cell(r.scheme, ComponentRole::Other) + " other)" : ""),
                      bytesText(r.bytesPerParam), amount(r.totalBytes, unit), amount(r.perGpuBytes, unit)});
    table.print(io);
    std::fputc('\n', io.out);
    for (const LedgerResult& r : results)
        if (const QString note = text::schemeNote(r.scheme); !note.isEmpty())
            std::fprintf(io.out, "%s: %s\n", r.scheme.id.c_str(), str(note).c_str());

    if (activation)
        printActivations(io, *activation, modes, unit);
    if (capacity)
        printFit(io, results, modes, *capacity, unit);
}

}  // namespace

int runLedger(const std::vector<std::string>& arguments, const Io& io)
{
    ArgParser args({{"params", 0, true},      {"gpus", 0, true},        {"zero", 0, true},
                    {"tp", 0, true},          {"scheme", 0, true},      {"add-scheme", 0, true},
                    {"units", 0, true},       {"seq", 0, true},         {"micro-batch", 0, true},
                    {"hidden", 0, true},      {"heads", 0, true},       {"layers", 0, true},
                    {"recompute", 0, true},   {"sp", 0, false},         {"gpu-memory", 0, true},
                    {"list-schemes", 0, false}, {"list-models", 0, false}, {"json", 0, false},
                    {"help", 'h', false}});
    if (const auto done = parseArguments(args, arguments, io, "ledger", kHelp))
        return *done;
    if (!args.positionals().empty())
        return usageError(io, "ledger takes options only, got '" + args.positionals().front() + "'");
    if (args.has("list-schemes"))
        return listSchemes(io, args.has("json"));
    if (args.has("list-models"))
        return listModels(io, args.has("json"));

    // 1. The model, the cluster, the schemes, activations and the GPU, read through the lesson's
    //    declaration (the Memory ledger tab's fields and `floatscope export ledger` read the same).
    if (!args.value("params"))
        return usageError(io, "ledger needs --params N (a count such as 7e9 or 6.7B, or a model: --list-models)");
    const gui::ParsedArguments given(args);
    std::string error;
    const auto options = gui::readOptions(given, gui::ledgerOptions(), error);
    if (!options)
        return usageError(io, error);
    std::vector<gui::LedgerRefusal> refusals;
    const auto inputs = gui::ledgerArguments(*options, given, refusals);
    if (!inputs)
        return usageError(io, "--" + refusals.front().option + ": " + str(refusals.front().reason));
    const LedgerConfig& config = inputs->config;
    const ByteUnit unit = inputs->unit;

    // 2. Each scheme's ledger.
    std::vector<LedgerResult> results;
    for (const LedgerScheme& s : inputs->schemes) {
        const LedgerOutcome out = computeLedger(s, config);
        if (!out.result)
            return usageError(io, str(text::message(*out.error)));
        results.push_back(*out.result);
    }

    // 3. Activations under each recomputation asked for.
    Modes modes;
    if (inputs->activations && !measureActivations(args, *inputs->activations, modes, error))
        return usageError(io, error);
    const std::optional<ActivationConfig>& activation = inputs->activations;
    const std::optional<double>& capacity = inputs->capacityBytes;

    const LedgerReport report{inputs->preset, config, unit, results, activation, modes, capacity};
    if (args.has("json"))
        printLedgerJson(io, report);
    else
        printLedgerText(io, report);
    return 0;
}

}  // namespace floatscope::cli
