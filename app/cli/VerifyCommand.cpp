#include <atomic>
#include <cstdio>


#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "gpu/Backend.h"
#include "app/cli/ArgParser.h"
#include "app/cli/Commands.h"
#include "app/cli/Interruption.h"
#include "app/cli/Progress.h"
#include "core/format/Codec.h"
#include "core/inspect/Inspection.h"
#include "gpu/sweep/Sweep.h"
#include "app/text/StdString.h"
#include "app/text/HardwareText.h"

namespace floatscope::cli {

namespace {

constexpr const char* kHelp = R"(usage: floatscope verify -f FMT[,FMT...] --against BACKEND [--inputs all|START-END]
                         [--rounding MODE] [--saturate|--no-saturate] [--threads N] [--json] [--progress]

Every fp32 input (all 2^32 by default) through the engine and through a hardware or vendor
reference, compared bit for bit. Differences a reference is known to have are counted by kind:
  nan-encoding               both NaN, other bits (NVIDIA returns one canonical NaN)
  subnormal-input-flushed    the reference reads fp32 subnormals as zero (AVX512-BF16)
  unsigned-takes-magnitude   the reference converts |x| where e8m0 has no sign (NVIDIA)
anything else is unexplained. Exit status: 0 all agree or differ only in known ways, 1 an
unexplained mismatch exists, 2 bad usage or a conversion the reference does not offer.

BACKEND: nvidia-host (NVIDIA's functions from the CUDA headers, on the CPU), x86-f16c, x86-avx512bf16,
cuda (the GPU, where there is one), or all (every available backend that converts the format).

options:
  -f, --formats LIST   formats, comma-separated
  --against BACKEND    the reference
  --inputs RANGE       all (default) or fp32 bit patterns START-END, inclusive (0x3f800000-0x3fffffff)
  --rounding MODE      nearest-even (default), toward-zero, up, down (as the reference offers)
  --saturate           saturating conversion (fp8: __NV_SATFINITE)
  --no-saturate        non-saturating (default: each format's own rule)
  --threads N          worker threads (default: every core)
  --json               one JSON document on stdout
  --progress           the share compared on stderr, as on a terminal, also when stderr is not one
  -h, --help           this help

Ctrl-C (or SIGTERM) stops within a second: the counts of the inputs compared so far are printed
(--json says "interrupted"), exit status 130.
)";

std::string hex32(std::uint32_t x)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", x);
    return buf;
}

std::optional<std::uint64_t> parseBits(const std::string& text)
{
    try {
        std::size_t used = 0;
        const unsigned long long v = std::stoull(text, &used, 0);
        if (used != text.size() || v > 0xFFFFFFFFull)
            return std::nullopt;
        return v;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// One (format, backend) sweep as JSON; the table is printed from it.
QJsonObject reportJson(const gpu::SweepReport& r, const Format& f, const std::string& backend, RoundingMode mode,
                       OverflowPolicy overflow)
{
    QJsonObject counts;
    for (std::size_t k = 0; k < gpu::kMismatchKinds; ++k)
        counts[gpu::toString(static_cast<gpu::MismatchKind>(k))] = static_cast<double>(r.mismatches[k]);
    QJsonArray examples;
    for (const gpu::Mismatch& m : r.examples)
        examples.append(QJsonObject{{"input", qs(hex32(m.input))},
                                    {"engine", qs(hexCode(f, m.engine))},
                                    {"reference", qs(hexCode(f, m.reference))},
                                    {"kind", gpu::toString(m.kind)}});
    return QJsonObject{{"format", qs(f.name())},
                       {"backend", qs(backend)},
                       {"rounding", toString(mode)},
                       {"overflow", toString(overflow)},
                       {"inputs", static_cast<double>(r.inputs)},
                       {"matches", static_cast<double>(r.matches)},
                       {"nan_inputs", static_cast<double>(r.nanInputs)},
                       {"mismatches", counts},
                       {"unexplained", static_cast<double>(r.unexplained())},
                       {"examples", examples},
                       {"seconds", r.seconds}};
}

void printReports(const Io& io, const QJsonArray& results)
{
    Table table({"format", "backend", "rounding", "overflow", "inputs", "agree", "nan-encoding", "subnormal-flushed",
                 "|x| into e8m0", "unexplained", "seconds"});
    for (const QJsonValue& v : results) {
        const QJsonObject o = v.toObject();
        const QJsonObject m = o["mismatches"].toObject();
        auto n = [](const QJsonValue& x) { return std::to_string(static_cast<std::uint64_t>(x.toDouble())); };
        char seconds[16];
        std::snprintf(seconds, sizeof seconds, "%.2f", o["seconds"].toDouble());
        table.addRow({o["format"].toString().toStdString(), o["backend"].toString().toStdString(),
                      o["rounding"].toString().toStdString(), o["overflow"].toString().toStdString(), n(o["inputs"]),
                      n(o["matches"]), n(m["nan-encoding"]), n(m["subnormal-input-flushed"]),
                      n(m["unsigned-takes-magnitude"]),
                      paint(io, o["unexplained"].toDouble() > 0 ? Colour::Bold : Colour::None, n(o["unexplained"])),
                      seconds});
    }
    table.print(io);
    for (const QJsonValue& v : results)
        for (const QJsonValue& e : v.toObject()["examples"].toArray()) {
            const QJsonObject x = e.toObject();
            std::fprintf(io.out, "  %s %s: fp32 %s -> engine %s, %s %s (%s)\n", v.toObject()["format"].toString().toStdString().c_str(),
                         v.toObject()["backend"].toString().toStdString().c_str(), x["input"].toString().toStdString().c_str(),
                         x["engine"].toString().toStdString().c_str(), v.toObject()["backend"].toString().toStdString().c_str(),
                         x["reference"].toString().toStdString().c_str(), x["kind"].toString().toStdString().c_str());
        }
}

// The backends of --against: one, or every available one for 'all'; false with the reason when
// none is named or the name is unknown.
bool readBackends(const std::string& against, std::vector<std::unique_ptr<gpu::Backend>>& backends, std::string& error)
{
    if (against.empty()) {
        error = "verify needs --against BACKEND (nvidia-host, x86-f16c, x86-avx512bf16, cuda, all)";
        return false;
    }
    if (against == "all") {
        for (auto& b : gpu::makeBackends())
            if (b->available())
                backends.push_back(std::move(b));
    } else if (auto b = gpu::makeBackend(against)) {
        backends.push_back(std::move(b));
    } else {
        error = "unknown backend '" + against + "' (nvidia-host, x86-f16c, x86-avx512bf16, cuda, all)";
        return false;
    }
    return true;
}

// The sweep's settings: --rounding, --inputs and --threads (and that --saturate and --no-saturate
// are not both given); false with the reason when one is refused.
bool readSweepSettings(const ArgParser& args, RoundingMode& mode, gpu::SweepRange& range, gpu::SweepOptions& options,
                       std::string& error)
{
    if (const auto m = args.value("rounding")) {
        const auto parsed = parseRoundingMode(*m);
        if (!parsed) {
            error = "unknown rounding mode '" + *m + "'";
            return false;
        }
        mode = *parsed;
    }
    if (args.has("saturate") && args.has("no-saturate")) {
        error = "--saturate and --no-saturate contradict each other";
        return false;
    }
    if (const auto inputs = args.value("inputs")) {
        const auto parsed = gpu::parseSweepRange(*inputs);
        if (!parsed) {
            error = "bad --inputs '" + *inputs + "': all, or START-END fp32 bit patterns (0x3f800000-0x3fffffff)";
            return false;
        }
        range = *parsed;
    }
    if (const auto t = args.value("threads")) {
        const auto n = parseBits(*t);
        if (!n || *n == 0 || *n > 1024) {
            error = "--threads takes 1..1024, got '" + *t + "'";
            return false;
        }
        options.threads = static_cast<unsigned>(*n);
    }
    return true;
}

// 3. Out: the reports, as JSON or as tables with a verdict.
void printVerify(const Io& io, bool json, const QJsonArray& results, bool interrupted, bool unexplained)
{
    if (json) {
        QJsonObject document{{"results", results}};
        if (interrupted)
            document["interrupted"] = true;
        printJson(io, QJsonDocument(document));
        return;
    }
    printReports(io, results);
    if (!interrupted || unexplained)
        std::fprintf(io.out, "%s\n", unexplained ? "UNEXPLAINED MISMATCHES: the engine and a reference disagree."
                                                 : "Every input agrees, or differs only in the known ways counted above.");
}

}  // namespace
int runVerify(const std::vector<std::string>& arguments, const Io& io)
{
    ArgParser args({{"formats", 'f', true},
                    {"against", 0, true},
                    {"inputs", 0, true},
                    {"rounding", 0, true},
                    {"saturate", 0, false},
                    {"no-saturate", 0, false},
                    {"threads", 0, true},
                    {"json", 0, false},
                    {"progress", 0, false},
                    {"help", 'h', false}});
    if (const auto done = parseArguments(args, arguments, io, "verify", kHelp))
        return *done;
    if (!args.positionals().empty())
        return usageError(io, "verify takes no values, got '" + args.positionals().front() + "'");

    // 1. What to compare.
    if (!args.value("formats"))
        return usageError(io, "verify needs -f FMT (see 'floatscope verify --help')");
    std::string error;
    const auto formats = parseFormatList(*args.value("formats"), error);
    if (!formats)
        return usageError(io, error);
    const std::string against = args.value("against").value_or("");
    std::vector<std::unique_ptr<gpu::Backend>> backends;
    if (!readBackends(against, backends, error))
        return usageError(io, error);
    RoundingMode mode = RoundingMode::NearestEven;
    gpu::SweepRange range;
    gpu::SweepOptions options;
    if (!readSweepSettings(args, mode, range, options, error))
        return usageError(io, error);

    // The share done on a terminal's stderr (--progress forces it); Ctrl-C stops the sweep within
    // a chunk, and what was compared is printed.
    const Interruption interruption;
    options.cancel = interruption.flag();

    // 2. Every (format, backend) pair; a pair the backend cannot do is an error unless 'all' picked it.
    QJsonArray results;
    bool unexplained = false;
    int compared = 0;
    for (const Format& f : *formats) {
        const OverflowPolicy overflow = args.has("saturate")      ? OverflowPolicy::Saturate
            : args.has("no-saturate") ? OverflowPolicy::NonSaturating
                                                                  : f.defaultOverflow();
        for (const auto& backend : backends) {
            if (const auto refusal = gpu::sweepRefusal(*backend, f, mode, overflow)) {
                if (against == "all")
                    continue;
                return usageError(io, text::message(*refusal).toStdString());
            }
            if (interruption.requested())
                break;
            Progress progress(io.err, args.has("progress"), f.name() + " vs " + backend->name(), "", 0);
            options.progress = [&](double share) { progress.showShare(share); };
            const gpu::SweepReport r = gpu::sweep(*backend, f, mode, overflow, range, options);
            progress.clear();
            if (!r.failure.empty())
                return usageError(io, text::backendFailure(qs(backend->name()), r.failure).toStdString());
            ++compared;
            unexplained = unexplained || r.unexplained() > 0;
            results.append(reportJson(r, f, backend->name(), mode, overflow));
        }
    }
    const bool interrupted = interruption.requested();
    if (compared == 0 && !interrupted)
        return usageError(io, "no available backend converts " + *args.value("formats") + " with these settings");
    const int status = interrupted ? Interruption::kExitStatus : unexplained ? 1 : 0;
    if (interrupted)
        std::fprintf(io.err, "floatscope: interrupted: the counts above are of the inputs compared before\n");

    printVerify(io, args.has("json"), results, interrupted, unexplained);
    return status;
}

}  // namespace floatscope::cli
