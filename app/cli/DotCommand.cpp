#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/cli/ArgParser.h"
#include "app/cli/Commands.h"
#include "app/cli/Interruption.h"
#include "app/cli/Progress.h"
#include "app/figures/InnerProductsFigure.h"
#include "app/lessons/DotModels.h"
#include "app/lessons/InnerProductsLesson.h"
#include "app/text/OperatorsText.h"
#include "app/text/StdString.h"
#include "core/dot/AccumulatorSpec.h"
#include "core/dot/DotLessons.h"
#include "core/dot/Operands.h"
#include "core/dot/TensorCorePresets.h"
#include "core/exact/DecimalText.h"
#include "core/inspect/Inspection.h"
#include "gpu/dot/DotCheck.h"

namespace floatscope::cli {

namespace {

constexpr const char* kHelp = R"(usage: floatscope dot --inputs FMT --accumulator SPEC[,SPEC...] --k K[,K...] [--promote N]
                      [--distribution normal|uniform|heavy|ones] [--seed S]
                      [--against BACKEND [--count N]] [--json] [--progress]

Inner products of K products of generated inputs (rounded to FMT) through accumulator models, beside
the exact sum. The products are exact; the models differ in where they round.

SPEC:
  FORMAT[:ROUNDING[:ORDER[:BLOCK]]]  an IEEE accumulator: each add rounds the exact sum once, in any
                      format and rounding mode (nearest-even, nearest-away, toward-zero, up, down,
                      odd, stochastic), ORDER sequential (default), pairwise or blocked (BLOCK terms):
                      fp32, bf16, fp16:toward-zero, fp32:nearest-even:blocked:64
  fixed:W[:N]         a fused adder keeping W fraction bits (1..40) below the largest exponent,
                      truncating, normalising every N products (default 1), fp32 range
  avx512bf16          the CPU's VDPBF16PS: bf16 pairs, fp32 fused multiply-adds, nearest-even,
                      denormals read and written as zero (Intel SDM)
  a tensor-core preset (NVIDIA's fused multi-term adders as published; GPU-INPUT[-OUTPUT]):
%PRESETS%
--promote N adds every N products' partial sum into fp32 with nearest-even (DeepSeek-V3, 3.3.2).

options:
  --inputs FMT         the operands' format (bf16, fp16, e4m3fn, e5m2, tf32, fp32, ...)
  --accumulator SPECS  accumulators, comma-separated (at most 16)
  --k LIST             numbers of products, comma-separated (1..16777216, at most 32 of them);
                       accumulators x the sum of K at most 268435456
  --promote N          promotion interval into fp32 (0..1048576; 0, the default: none)
  --distribution D     normal (default), uniform (on (0, 1)), heavy (Student's t, 3 dof), ones
  --seed S             the generator's seed (default 1): the same seed gives the same inputs (and
                       the same stochastic rounding)
  --against BACKEND    run the same inner products on hardware and count the differences by kind:
                       x86-avx512bf16 (the CPU; with avx512bf16), cuda (the GPU's tensor cores,
                       with its preset). Exit status 1 if one is unexplained.
  --count N            inner products compared per K with --against (default 1024), in batches of
                       at most 2^20 operands a side (memory stays that of one batch); --count x K at
                       most 67108864 for each K
  --json               one JSON document on stdout
  --progress           the products done on stderr, as on a terminal, also when stderr is not one

Ctrl-C (or SIGTERM) stops within an inner product: the results done so far are printed (--json says
"interrupted"), exit status 130.
  -h, --help           this help
)";

// The bounds of one run, each within a minute and 1 GB on a 2-core machine (measured on one Zen 4
// core: 2^26 model products in 5.6 s and 290 MB; 2^26 products against VDPBF16PS in 2.1 s, 320 MB).
constexpr std::size_t kMaxLengths = 32;
constexpr std::uint64_t kMaxModelProducts = std::uint64_t{1} << 28;
constexpr std::uint64_t kMaxComparedProducts = std::uint64_t{1} << 26;

std::string help()
{
    // Each preset with its source: [K] the 2025 models, [F] the 2021 paper's features (and [K]'s model).
    std::string presets;
    for (const dot::TensorCorePreset& p : dot::tensorCorePresets()) {
        char line[200];
        std::snprintf(line, sizeof line, "    %-16s %s, %s in, %s out, %d-term blocks, %d fraction bits, %s [%s]\n", p.id,
                      p.gpu, p.inputFormats, p.outputFormat, p.blockTerms, p.alignedFractionBits, toString(p.resultRounding),
                      p.source == dot::PresetSource::KhattakMikaitis2025 ? "K" : "F, K");
        presets += line;
    }
    presets += "  sources:\n    [K] " + text::presetSourceText(dot::PresetSource::KhattakMikaitis2025).toStdString()
             + "\n    [F] " + text::presetSourceText(dot::PresetSource::FasiEtAl2021AndKhattakMikaitis2025).toStdString()
             + "\n";
    std::string text = kHelp;
    text.replace(text.find("%PRESETS%\n"), 10, presets);
    return text;
}

std::vector<std::string> splitCommas(const std::string& text)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        parts.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos)
            return parts;
        start = comma + 1;
    }
}

// A whole number in min..max, all of the text.
std::optional<std::size_t> wholeNumber(const std::string& text, std::size_t min, std::size_t max)
{
    std::size_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty() || value < min || value > max)
        return std::nullopt;
    return value;
}

std::string exactValueText(const ExactValue& v)
{
    switch (v.kind()) {
    case ExactValue::Kind::NaN: return "nan";
    case ExactValue::Kind::Infinite: return v.negative() ? "-inf" : "inf";
    case ExactValue::Kind::Finite: break;
    }
    return exactText(v.value());
}

std::string relativeErrorText(const dot::DotResult& r)
{
    const auto q = dot::relativeError(r.value(), r.exact);
    return q ? approximateDecimal(*q, 17) : "";
}

struct Run {
    std::string accumulator;
    std::size_t k = 0;
    dot::DotResult result;
};

// The accumulators of --accumulator as the dot-product lessons read them (lessons/DotModels.h: each
// promoted every --promote products, seeded with the inputs' seed and checked against the inputs).
std::optional<std::vector<dot::Accumulator>> readAccumulators(const std::string& list, const Format& inputs,
                                                             std::uint64_t seed, std::uint64_t promote, std::string& error)
{
    QString why;
    auto accumulators = gui::parseAccumulatorList(qs(list), inputs, seed, why, static_cast<int>(promote));
    if (!accumulators)
        error = why.toStdString();
    return accumulators;
}

// Why the work would pass the bounds (a minute and 1 GB on a 2-core machine), or empty: said
// before any of it is done.
std::string workBoundError(const std::vector<std::size_t>& ks, std::size_t accumulators, std::uint64_t count,
                           const std::optional<std::string>& against)
{
    if (ks.size() > kMaxLengths)
        return "at most " + std::to_string(kMaxLengths) + " lengths in --k, not " + std::to_string(ks.size());
    std::uint64_t products = 0;
    for (const std::size_t k : ks)
        products += k * accumulators;
    if (products > kMaxModelProducts)
        return "at most " + std::to_string(kMaxModelProducts) + " products in all (accumulators x the sum of --k), not "
             + std::to_string(products);
    if (!against)
        return {};
    std::uint64_t compared = 0;
    for (const std::size_t k : ks) {
        if (count * k > kMaxComparedProducts)
            return "--count x --k is at most " + std::to_string(kMaxComparedProducts) + " products against " + *against
                 + ": for K " + std::to_string(k) + ", --count "
                 + std::to_string(std::max<std::uint64_t>(1, kMaxComparedProducts / k)) + " or fewer";
        compared += count * k * accumulators;
    }
    if (compared > kMaxModelProducts)
        return "at most " + std::to_string(kMaxModelProducts) + " products compared in all (--count x K x accumulators), not "
             + std::to_string(compared);
    return {};
}

// Every accumulator at every K, on the first K of one generated pair of vectors, until Ctrl-C;
// `done` counts the products for the progress line.
std::vector<Run> runModels(const dot::DotInputs& all, const std::vector<dot::Accumulator>& accumulators,
                           const std::vector<std::size_t>& ks, const Interruption& interruption, Progress& progress,
                           std::uint64_t& done)
{
    std::vector<Run> runs;
    for (const dot::Accumulator& a : accumulators)
        for (const std::size_t k : ks) {
            if (interruption.requested())
                return runs;
            const dot::DotInputs in{all.format, {all.a.begin(), all.a.begin() + static_cast<std::ptrdiff_t>(k)},
                                    {all.b.begin(), all.b.begin() + static_cast<std::ptrdiff_t>(k)}, 0};
            const dot::RunControl control{interruption.flag(), [&](double share) {
                                              progress.show(done + static_cast<std::uint64_t>(share * static_cast<double>(k)));
                                          }};
            const auto outcome = dot::innerProduct(in, a, control);
            if (!outcome)
                return runs;
            runs.push_back(Run{dot::specText(a), k, std::get<dot::DotResult>(*outcome)});
            progress.show(done += k);
        }
    return runs;
}

// One comparison against hardware as JSON (the text table is read from it too).
QJsonObject comparisonJson(const gpu::DotComparison& c, const dot::Accumulator& a, std::size_t k, const std::string& backend)
{
    QJsonObject counts;
    for (std::size_t kind = 0; kind < gpu::kDotMismatchKinds; ++kind)
        counts[gpu::toString(static_cast<gpu::DotMismatchKind>(kind))] = static_cast<double>(c.mismatches[kind]);
    QJsonArray examples;
    const Format& result = dot::resultFormat(a);
    for (const gpu::DotMismatch& m : c.examples)
        examples.append(QJsonObject{{"index", static_cast<double>(m.index)},
                                    {"model", qs(hexCode(result, m.model))},
                                    {"hardware", qs(hexCode(result, m.hardware))},
                                    {"kind", gpu::toString(m.kind)}});
    return QJsonObject{{"accumulator", qs(dot::specText(a))},
                       {"backend", qs(backend)},
                       {"k", static_cast<double>(k)},
                       {"compared", static_cast<double>(c.compared)},
                       {"matches", static_cast<double>(c.matches)},
                       {"mismatches", counts},
                       {"unexplained", static_cast<double>(c.unexplained())},
                       {"examples", examples},
                       {"seconds", c.seconds}};
}

// The same models on hardware: `count` inner products per accumulator and K, until Ctrl-C. Empty
// with the reason in `error` when the hardware fails.
struct Comparisons {
    QJsonArray json;
    bool unexplained = false;
};

std::optional<Comparisons> compareOnHardware(const gpu::DotBackend& backend, const Format& inputs,
                                             const std::vector<dot::Accumulator>& accumulators,
                                             const std::vector<std::size_t>& ks, std::uint64_t count,
                                             dot::Distribution distribution, std::uint64_t seed,
                                             const Interruption& interruption, Progress& progress, std::uint64_t& done,
                                             std::string& error)
{
    Comparisons out;
    for (const dot::Accumulator& a : accumulators)
        for (const std::size_t k : ks) {
            if (interruption.requested())
                return out;
            const std::uint64_t before = done;
            const dot::RunControl batches{interruption.flag(), [&](double share) {
                                              progress.show(before + static_cast<std::uint64_t>(share * static_cast<double>(count * k)));
                                          }};
            const gpu::DotComparison c =
                gpu::compareInnerProductCount(backend, inputs, a, k, count, distribution, seed, batches);
            done = before + count * k;
            if (!c.status.available()) {
                error = backend.name() + ": " + text::backendStatusText(c.status).toStdString();
                return std::nullopt;
            }
            if (c.cancelled)
                return out;
            out.unexplained = out.unexplained || c.unexplained() > 0;
            out.json.append(comparisonJson(c, a, k, backend.name()));
        }
    return out;
}

QJsonArray resultsJson(const std::vector<Run>& runs)
{
    QJsonArray results;
    for (const Run& r : runs) {
        const std::string rel = relativeErrorText(r.result);
        results.append(QJsonObject{{"accumulator", qs(r.accumulator)},
                                   {"k", static_cast<double>(r.k)},
                                   {"format", qs(r.result.format.name())},
                                   {"bits", qs(hexCode(r.result.format, r.result.code))},
                                   {"value", qs(codeValueText(r.result.format, r.result.code))},
                                   {"exact", qs(exactValueText(r.result.exact))},
                                   {"rel_error", rel.empty() ? QJsonValue() : QJsonValue(qs(rel))}});
    }
    return results;
}

void printResults(const Io& io, const std::vector<Run>& runs)
{
    Table table({"accumulator", "K", "value", "bits", "exact (17 digits)", "rel. error"});
    for (const Run& r : runs) {
        const std::string rel = relativeErrorText(r.result);
        const std::string exact = r.result.exact.isFinite() ? approximateDecimal(r.result.exact.value(), 17)
                                                            : exactValueText(r.result.exact);
        table.addRow({r.accumulator, std::to_string(r.k), codeValueText(r.result.format, r.result.code),
                      hexCode(r.result.format, r.result.code), exact,
                      rel.empty() ? "-" : approximateDecimal(*dot::relativeError(r.result.value(), r.result.exact), 4)});
    }
    table.print(io);
}

void printComparisons(const Io& io, const QJsonArray& comparisons)
{
    Table against({"accumulator", "K", "backend", "compared", "agree", "nan-encoding", "zero-sign", "unexplained", "seconds"});
    for (const QJsonValue& v : comparisons) {
        const QJsonObject o = v.toObject();
        const QJsonObject m = o["mismatches"].toObject();
        auto n = [](const QJsonValue& x) { return std::to_string(static_cast<std::uint64_t>(x.toDouble())); };
        char seconds[16];
        std::snprintf(seconds, sizeof seconds, "%.2f", o["seconds"].toDouble());
        against.addRow({o["accumulator"].toString().toStdString(), n(o["k"]), o["backend"].toString().toStdString(),
                        n(o["compared"]), n(o["matches"]), n(m["nan-encoding"]), n(m["zero-sign"]),
                        paint(io, o["unexplained"].toDouble() > 0 ? Colour::Bold : Colour::None, n(o["unexplained"])),
                        seconds});
    }
    against.print(io);
}

// What `floatscope dot` is asked: the inputs' format, the accumulators, the lengths and the generator.
struct DotRequest {
    std::optional<Format> inputs;
    std::uint64_t promote = 0;
    std::uint64_t seed = 1;
    std::uint64_t count = 1024;
    dot::Distribution distribution = dot::Distribution::Normal;
    std::vector<dot::Accumulator> accumulators;
    std::vector<std::size_t> ks;
};

// 1. The inputs, the accumulators and the lengths; false with the reason when one is refused.
bool readRequest(const ArgParser& args, DotRequest& request, std::string& error)
{
    for (const char* required : {"inputs", "accumulator", "k"})
        if (!args.value(required)) {
            error = std::string("dot needs --") + required + " (see 'floatscope dot --help')";
            return false;
        }
    const auto values = gui::readOptions(gui::ParsedArguments(args), gui::dotCommandOptions(), error);
    if (!values)
        return false;
    request.inputs = namedFormat(values->text("inputs"));  // declared choices: each one names a format
    request.promote = static_cast<std::uint64_t>(values->whole("promote"));
    request.seed = static_cast<std::uint64_t>(values->whole("seed"));
    request.distribution = *dot::parseDistribution(values->text("distribution"));
    if (!readWhole(args, "count", 1, 1 << 20, request.count, error))
        return false;
    auto read = readAccumulators(*args.value("accumulator"), *request.inputs, request.seed, request.promote, error);
    if (!read)
        return false;
    request.accumulators = std::move(*read);
    for (const std::string& text : splitCommas(*args.value("k"))) {
        const auto k = wholeNumber(text, 1, std::size_t{1} << dot::kMaxLog2K);
        if (!k) {
            error = "bad --k '" + text + "': a whole number 1..16777216";
            return false;
        }
        request.ks.push_back(*k);
    }
    error = workBoundError(request.ks, request.accumulators.size(), request.count, args.value("against"));
    return error.empty();
}

// 2. The backend, if the results are to be compared with hardware (null where they are not); false
//    with the reason when it is unknown, unavailable, or cannot run one of the accumulators.
bool readBackend(const ArgParser& args, const DotBackendFinder& findBackend, const DotRequest& request,
                 std::unique_ptr<gpu::DotBackend>& backend, std::string& error)
{
    const auto name = args.value("against");
    if (!name)
        return true;
    backend = findBackend(*name);
    if (!backend) {
        error = "unknown backend '" + *name + "' (x86-avx512bf16, cuda)";
        return false;
    }
    if (!backend->status().available()) {
        error = *name + ": " + text::backendStatusText(backend->status()).toStdString();
        return false;
    }
    for (const dot::Accumulator& a : request.accumulators) {
        const gpu::DotSupport s = backend->supports(*request.inputs, a);
        if (s != gpu::DotSupport::Supported) {
            error = text::dotSupportText(s, qs(*name), qs(dot::specText(a)), qs(request.inputs->name())).toStdString();
            return false;
        }
    }
    return true;
}

// 4. Out: the results and, against hardware, the comparisons; as JSON or as tables.
void printDot(const Io& io, bool json, const DotRequest& request, const std::vector<Run>& runs, bool against,
              const Comparisons& compared, bool interrupted)
{
    const QJsonArray& comparisons = compared.json;
    const bool unexplained = compared.unexplained;
    if (json) {
        QJsonObject document{{"inputs", qs(request.inputs->name())},
                             {"distribution", dot::toString(request.distribution)},
                             {"seed", qs(std::to_string(request.seed))},
                             {"results", resultsJson(runs)}};
        if (against)
            document["comparisons"] = comparisons;
        if (interrupted)
            document["interrupted"] = true;
        printJson(io, QJsonDocument(document));
        return;
    }
    std::fprintf(io.out, "inputs %s, %s, seed %llu\n", request.inputs->name().c_str(),
                 dot::toString(request.distribution), static_cast<unsigned long long>(request.seed));
    printResults(io, runs);
    if (!against)
        return;
    std::fputs("\n", io.out);
    printComparisons(io, comparisons);
    if (!interrupted || unexplained)
        std::fprintf(io.out, "%s\n", unexplained ? "UNEXPLAINED DIFFERENCES: a model and the hardware disagree."
                                                 : "Every inner product agrees, or differs only in the known ways counted above.");
}

}  // namespace

int runDot(const std::vector<std::string>& arguments, const Io& io)
{
    return runDot(arguments, io, [](std::string_view name) { return gpu::makeDotBackend(name); });
}

int runDot(const std::vector<std::string>& arguments, const Io& io, const DotBackendFinder& findBackend)
{
    ArgParser args({{"inputs", 0, true},
                    {"accumulator", 0, true},
                    {"k", 0, true},
                    {"promote", 0, true},
                    {"distribution", 0, true},
                    {"seed", 0, true},
                    {"against", 0, true},
                    {"count", 0, true},
                    {"json", 0, false},
                    {"progress", 0, false},
                    {"help", 'h', false}});
    if (const auto done = parseArguments(args, arguments, io, "dot", help()))
        return *done;
    if (!args.positionals().empty())
        return usageError(io, "dot takes no values, got '" + args.positionals().front() + "'");

    DotRequest request;
    std::string error;
    if (!readRequest(args, request, error))
        return usageError(io, error);
    std::unique_ptr<gpu::DotBackend> backend;
    if (!readBackend(args, findBackend, request, backend, error))
        return usageError(io, error);

    // 3. Every accumulator at every K, on the first K of one generated pair of vectors; then the
    //    same models on hardware, count inner products per K in batches. The products done on a
    //    terminal's stderr; Ctrl-C stops within an inner product and what was done is printed.
    const Interruption interruption;
    std::uint64_t total = 0;
    for (const std::size_t k : request.ks)
        total += k * request.accumulators.size() * (1 + (backend ? request.count : 0));
    Progress progress(io.err, args.has("progress"), "dot", "products", total);
    std::uint64_t done = 0;
    progress.show(0);
    const std::size_t longest = *std::max_element(request.ks.begin(), request.ks.end());
    const dot::DotInputs all = dot::generateInputs(*request.inputs, request.distribution, longest, request.seed,
                                                   dot::RunControl{interruption.flag(), {}});
    const std::vector<Run> runs = runModels(all, request.accumulators, request.ks, interruption, progress, done);

    Comparisons compared;
    if (backend) {
        const auto c = compareOnHardware(*backend, *request.inputs, request.accumulators, request.ks, request.count,
                                         request.distribution, request.seed, interruption, progress, done, error);
        if (!c)
            return usageError(io, error);
        compared = *c;
    }
    const QJsonArray& comparisons = compared.json;
    const bool unexplained = compared.unexplained;
    progress.clear();
    const bool interrupted = interruption.requested();
    const int status = interrupted ? Interruption::kExitStatus : unexplained ? 1 : 0;
    if (interrupted)
        std::fprintf(io.err, "floatscope: interrupted after %zu of %zu inner products%s: the results above are of those done\n",
                     runs.size(), request.accumulators.size() * request.ks.size(),
                     backend ? (" and " + std::to_string(comparisons.size()) + " of "
                                + std::to_string(request.accumulators.size() * request.ks.size()) + " comparisons").c_str()
                             : "");

    printDot(io, args.has("json"), request, runs, backend != nullptr, compared, interrupted);
    return status;
}

}  // namespace floatscope::cli
