#include "gpu/sweep/Sweep.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <mutex>
#include <thread>

#include "core/batch/Batch.h"

namespace floatscope::gpu {

namespace {

constexpr std::uint64_t kChunk = std::uint64_t{1} << 16;

struct Partial {
    std::uint64_t inputs = 0;
    std::uint64_t matches = 0;
    std::uint64_t nanInputs = 0;
    std::array<std::uint64_t, kMismatchKinds> mismatches{};
    std::vector<Mismatch> examples;
};

// fp32 NaN bit patterns in [begin, end): 0x7f800001..0x7fffffff and 0xff800001..0xffffffff.
std::uint64_t nanInputsIn(const SweepRange& r)
{
    auto overlap = [&](std::uint64_t lo, std::uint64_t hi) {
        const std::uint64_t a = std::max(lo, r.begin);
        const std::uint64_t b = std::min(hi, r.end);
        return b > a ? b - a : 0;
    };
    return overlap(0x7F800001u, 0x80000000u) + overlap(0xFF800001u, std::uint64_t{1} << 32);
}

// The first examples of each kind, in input order.
void keepFirstExamples(SweepReport& report, std::size_t perKind)
{
    std::sort(report.examples.begin(), report.examples.end(),
              [](const Mismatch& a, const Mismatch& b) { return a.input < b.input; });
    std::array<std::size_t, kMismatchKinds> kept{};
    std::erase_if(report.examples,
                  [&](const Mismatch& m) { return kept[static_cast<std::size_t>(m.kind)]++ >= perKind; });
}

}  // namespace

MismatchRules mismatchRules(const Format& f, KnownProperties known)
{
    NanRule nan;
    switch (f.convention()) {
    case Convention::Ieee: nan.kind = NanRule::ExponentAllOnes; break;
    case Convention::FiniteNan:
    case Convention::Unsigned: nan.kind = NanRule::MagnitudeAllOnes; break;
    case Convention::Fnuz: nan.kind = NanRule::NegativeZero; break;
    case Convention::Finite: nan.kind = NanRule::NoNan; break;
    }
    nan.exponentMask = static_cast<std::uint32_t>(((std::uint64_t{1} << f.exponentBits()) - 1) << f.mantissaBits());
    nan.mantissaMask = static_cast<std::uint32_t>(f.mantissaMask());
    nan.magnitudeMask = static_cast<std::uint32_t>(f.magnitudeMask());
    nan.signMask = static_cast<std::uint32_t>(f.signMask());
    return MismatchRules{nan, known, f.signBits() == 0};
}

MismatchKind classifyMismatch(std::uint32_t x, std::uint16_t engine, std::uint16_t reference, const Format& f,
                              const BatchPlan& plan, KnownProperties known)
{
    return classifyMismatch(x, engine, reference, mismatchRules(f, known), [&plan](std::uint32_t y) {
        std::uint16_t code = 0;
        convertFromFp32Bits({&y, 1}, {&code, 1}, plan);
        return static_cast<std::uint32_t>(code);
    });
}

std::optional<SweepRange> parseSweepRange(std::string_view text)
{
    auto trim = [](std::string_view t) {
        while (!t.empty() && t.front() == ' ')
            t.remove_prefix(1);
        while (!t.empty() && t.back() == ' ')
            t.remove_suffix(1);
        return t;
    };
    auto bits = [](std::string_view t) -> std::optional<std::uint64_t> {
        int base = 10;
        if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
            t.remove_prefix(2);
            base = 16;
        }
        std::uint64_t v = 0;
        const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v, base);
        if (t.empty() || ec != std::errc() || ptr != t.data() + t.size() || v > 0xFFFFFFFFu)
            return std::nullopt;
        return v;
    };
    text = trim(text);
    if (text == "all")
        return SweepRange{};
    const std::size_t dash = text.find('-');
    if (dash == std::string_view::npos)
        return std::nullopt;
    const auto first = bits(trim(text.substr(0, dash)));
    const auto last = bits(trim(text.substr(dash + 1)));
    if (!first || !last || *last < *first)
        return std::nullopt;
    return SweepRange{*first, *last + 1};
}

std::optional<SweepRefusal> sweepRefusal(const Backend& backend, const Format& format, RoundingMode mode,
                                         OverflowPolicy overflow)
{
    SweepRefusal r{SweepRefusalKind::BackendUnavailable, backend.name(), backend.unavailable(), format.name(), mode,
                   overflow, std::nullopt};
    if (r.unavailable)
        return r;
    if (!backend.supports(format, mode, overflow)) {
        r.kind = SweepRefusalKind::ConversionNotOffered;
        return r;
    }
    const BatchPlanResult plan = makeBatchPlan(format, mode, overflow);
    if (!plan.plan) {
        r.kind = SweepRefusalKind::NoBatchPath;
        r.batch = plan.error;
        return r;
    }
    return std::nullopt;
}

SweepReport sweep(const Backend& backend, const Format& format, RoundingMode mode, OverflowPolicy overflow,
                  SweepRange range, const SweepOptions& options)
{
    const auto start = std::chrono::steady_clock::now();
    SweepReport report;
    const BatchPlanResult planResult = makeBatchPlan(format, mode, overflow);
    if (!planResult.plan || range.end <= range.begin)
        return report;
    BatchPlan plan = *planResult.plan;
    // The engine's own rules against the reference, not an instruction the batch path dispatches to
    // (which the engine's exhaustive sweeps check against these rules).
    plan.hardware = HardwarePath::None;
    const KnownProperties known = backend.knownProperties(format);

    if (auto inPlace = backend.compareInPlace(format, mode, overflow, range.begin, range.end)) {
        report.failure = inPlace->failure;
        if (report.failure.empty()) {
            report.inputs = range.end - range.begin;
            report.mismatches = inPlace->mismatches;
            std::uint64_t differing = 0;
            for (const std::uint64_t n : inPlace->mismatches)
                differing += n;
            report.matches = report.inputs - differing;
            report.nanInputs = nanInputsIn(range);
            report.examples = std::move(inPlace->examples);
        }
        keepFirstExamples(report, options.examplesPerKind);
        report.seconds = inPlace->seconds;
        return report;
    }

    const std::uint64_t chunks = (range.end - range.begin + kChunk - 1) / kChunk;
    std::atomic<std::uint64_t> nextChunk{0};
    std::atomic<std::uint64_t> doneChunks{0};
    std::mutex mergeMutex;
    std::atomic<bool> failed{false};

    auto work = [&](bool reportsProgress) {
        Partial local;
        std::vector<std::uint32_t> input(kChunk);
        std::vector<std::uint16_t> engine(kChunk);
        std::vector<std::uint16_t> reference(kChunk);
        for (;;) {
            if ((options.cancel != nullptr && options.cancel->load(std::memory_order_relaxed)) || failed.load())
                break;
            const std::uint64_t c = nextChunk.fetch_add(1);
            if (c >= chunks)
                break;
            const std::uint64_t first = range.begin + c * kChunk;
            const std::size_t n = static_cast<std::size_t>(std::min(kChunk, range.end - first));
            for (std::size_t i = 0; i < n; ++i)
                input[i] = static_cast<std::uint32_t>(first + i);
            convertFromFp32Bits({input.data(), n}, {engine.data(), n}, plan);
            if (std::string failure = backend.convert({input.data(), n}, {reference.data(), n}, format, mode, overflow);
                !failure.empty()) {
                const std::lock_guard lock(mergeMutex);
                report.failure = std::move(failure);
                failed.store(true);
                break;
            }
            // The common case, every code equal, in a loop the compiler vectorises; the kinds of
            // the (rare) differences only when there are some.
            std::size_t equal = 0;
            std::size_t nans = 0;
            for (std::size_t i = 0; i < n; ++i) {
                equal += engine[i] == reference[i] ? 1 : 0;
                nans += (input[i] & 0x7FFFFFFFu) > 0x7F800000u ? 1 : 0;
            }
            local.matches += equal;
            local.nanInputs += nans;
            for (std::size_t i = 0; i < n && equal < n; ++i) {
                if (engine[i] == reference[i])
                    continue;
                const MismatchKind kind = classifyMismatch(input[i], engine[i], reference[i], format, plan, known);
                const auto k = static_cast<std::size_t>(kind);
                if (local.mismatches[k]++ < options.examplesPerKind)
                    local.examples.push_back({input[i], engine[i], reference[i], kind});
            }
            local.inputs += n;
            const std::uint64_t done = doneChunks.fetch_add(1) + 1;
            if (reportsProgress && options.progress)
                options.progress(static_cast<double>(done) / static_cast<double>(chunks));
        }
        const std::lock_guard lock(mergeMutex);
        report.inputs += local.inputs;
        report.matches += local.matches;
        report.nanInputs += local.nanInputs;
        for (std::size_t k = 0; k < kMismatchKinds; ++k)
            report.mismatches[k] += local.mismatches[k];
        report.examples.insert(report.examples.end(), local.examples.begin(), local.examples.end());
    };

    const unsigned threads = options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::jthread> workers;
    for (unsigned t = 1; t < threads; ++t)
        workers.emplace_back(work, false);
    work(true);
    workers.clear();  // joins

    keepFirstExamples(report, options.examplesPerKind);
    report.cancelled = report.failure.empty() && report.inputs < range.end - range.begin;
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

}  // namespace floatscope::gpu
