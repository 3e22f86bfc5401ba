#include "gpu/dot/DotCheck.h"

#include <bit>
#include <chrono>
#include <cmath>

#include "core/common/Names.h"
#include "core/dot/InnerProduct.h"
#include "core/dot/TensorCorePresets.h"
#include "core/dot/Vdpbf16psModel.h"
#include "core/format/Registry.h"
#include "core/lessons/SeededRandom.h"
#include "gpu/backends/X86Dot.h"

namespace floatscope::gpu {

namespace {

constexpr std::size_t kExamplesPerKind = 5;

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::uint32_t modelCode(const dot::DotInputs& in, const dot::Accumulator& accumulator)
{
    const auto outcome = dot::innerProduct(in, accumulator);
    return static_cast<std::uint32_t>(std::get<dot::DotResult>(*outcome).code);
}

std::uint16_t bf16Of(double x)
{
    return static_cast<std::uint16_t>(roundToFormat(unpackDouble(x), namedFormat("bf16")).code);
}

std::uint32_t pairOf(std::uint16_t even, std::uint16_t odd) { return even | std::uint32_t{odd} << 16; }

// One lane of test data: the accumulator and two pairs, by kind of trouble.
struct Lane {
    std::uint32_t acc, a, b;
};

Lane adversarialLane(SeededRandom& random, std::uint64_t i)
{
    const auto bits = [&] { return static_cast<std::uint32_t>(random.next()); };
    const auto signedUnit = [&] { return (random.next() & 1 ? -1.0 : 1.0) * (1 + random.uniform()); };
    switch (i % 6) {
    case 0:  // any bit patterns: NaN, inf, denormals, zeros of both signs
        return {bits(), bits(), bits()};
    case 1: {  // cancellation: the accumulator near minus the pair's exact sum
        const std::uint16_t a0 = bf16Of(signedUnit()), a1 = bf16Of(signedUnit());
        const std::uint16_t b0 = bf16Of(signedUnit()), b1 = bf16Of(signedUnit());
        const auto v = [](std::uint16_t x) { return static_cast<double>(std::bit_cast<float>(std::uint32_t{x} << 16)); };
        const float c = static_cast<float>(-(v(a0) * v(b0) + v(a1) * v(b1)));
        return {std::bit_cast<std::uint32_t>(c) ^ (bits() & 3), pairOf(a0, a1), pairOf(b0, b1)};
    }
    case 2: {  // near fp32's smallest normal: results that are or round to denormals
        const int e = -63 - static_cast<int>(random.below(8));
        const std::uint16_t a0 = bf16Of(std::ldexp(signedUnit(), e)), b0 = bf16Of(std::ldexp(signedUnit(), -126 - e));
        const float c = std::ldexp(static_cast<float>(signedUnit()), -126 - static_cast<int>(random.below(3)));
        return {std::bit_cast<std::uint32_t>(c), pairOf(a0, bf16Of(0.0)), pairOf(b0, bf16Of(0.0))};
    }
    case 3: {  // near the largest: products and sums that overflow
        const std::uint16_t a0 = bf16Of(std::ldexp(signedUnit(), 63 + static_cast<int>(random.below(2))));
        const std::uint16_t b0 = bf16Of(std::ldexp(signedUnit(), 63));
        const float c = std::ldexp(static_cast<float>(signedUnit()), 126 + static_cast<int>(random.below(2)));
        return {std::bit_cast<std::uint32_t>(c), pairOf(a0, a0), pairOf(b0, b0)};
    }
    case 4: {  // ties: products of exactly half an ulp of the accumulator (or 1.5 ulps)
        const int e = static_cast<int>(random.below(40)) - 20;
        const float c = std::ldexp(static_cast<float>(1 + std::ldexp(static_cast<double>(random.below(1 << 23)), -23)), e);
        const std::uint16_t half = bf16Of(std::ldexp(random.next() & 1 ? 1.5 : 1.0, e - 24));
        const std::uint16_t one = bf16Of(random.next() & 1 ? 1.0 : -1.0);
        return {std::bit_cast<std::uint32_t>(c), pairOf(half, half), pairOf(one, one)};
    }
    default: {  // ordinary values of a few binades
        const float c = static_cast<float>(std::ldexp(signedUnit(), static_cast<int>(random.below(20)) - 10));
        return {std::bit_cast<std::uint32_t>(c),
                pairOf(bf16Of(std::ldexp(signedUnit(), static_cast<int>(random.below(10)) - 5)), bf16Of(signedUnit())),
                pairOf(bf16Of(signedUnit()), bf16Of(std::ldexp(signedUnit(), static_cast<int>(random.below(10)) - 5)))};
    }
    }
}

}  // namespace

constexpr Named<DotMismatchKind> kDotMismatchNames[] = {
    {DotMismatchKind::NanEncoding, "nan-encoding"}, {DotMismatchKind::ZeroSign, "zero-sign"},
    {DotMismatchKind::Unexplained, "unexplained"}
};

const char* toString(DotMismatchKind kind) { return nameIn(kDotMismatchNames, kind); }

DotMismatchKind classifyDotMismatch(const Format& result, std::uint32_t model, std::uint32_t hardware)
{
    const ValueClass m = result.classify(model);
    const ValueClass h = result.classify(hardware);
    if (m == ValueClass::NaN && h == ValueClass::NaN)
        return DotMismatchKind::NanEncoding;
    if (m == ValueClass::Zero && h == ValueClass::Zero)
        return DotMismatchKind::ZeroSign;
    return DotMismatchKind::Unexplained;
}

void DotComparison::add(std::size_t index, const Format& result, std::uint32_t model, std::uint32_t hardware)
{
    ++compared;
    if (model == hardware) {
        ++matches;
        return;
    }
    const DotMismatchKind kind = classifyDotMismatch(result, model, hardware);
    if (mismatches[static_cast<std::size_t>(kind)]++ < kExamplesPerKind)
        examples.push_back(DotMismatch{index, model, hardware, kind});
}

DotComparison compareGemm(const DotBackend& backend, const Format& inputs, const dot::Accumulator& accumulator,
                          GemmShape s, dot::Distribution distribution, std::uint64_t seed, const dot::RunControl& control)
{
    const auto start = std::chrono::steady_clock::now();
    DotComparison out;
    // A's rows and B's columns, k values each: one generated stream, m + n vectors.
    const dot::DotInputs data = dot::generateInputs(inputs, distribution, (s.m + s.n) * s.k, seed);
    const std::span<const std::uint32_t> a(data.a.data(), s.m * s.k);
    const std::span<const std::uint32_t> b(data.b.data(), s.n * s.k);
    std::vector<std::uint32_t> hardware(s.m * s.n);
    out.status = backend.gemm(inputs, accumulator, s, a, b, hardware);
    if (!out.status.available())
        return out;
    const Format& result = dot::resultFormat(accumulator);
    for (std::size_t i = 0; i < s.m; ++i) {
        for (std::size_t j = 0; j < s.n; ++j) {
            const dot::DotInputs one{inputs, {a.begin() + static_cast<std::ptrdiff_t>(i * s.k), a.begin() + static_cast<std::ptrdiff_t>((i + 1) * s.k)},
                                     {b.begin() + static_cast<std::ptrdiff_t>(j * s.k), b.begin() + static_cast<std::ptrdiff_t>((j + 1) * s.k)}, 0};
            out.add(i * s.n + j, result, modelCode(one, accumulator), hardware[i * s.n + j]);
        }
        control.report(static_cast<double>(i + 1) / static_cast<double>(s.m));
        if (control.cancelled()) {
            out.cancelled = true;
            break;
        }
    }
    out.seconds = secondsSince(start);
    return out;
}

DotComparison compareInnerProductCount(const DotBackend& backend, const Format& inputs,
                                       const dot::Accumulator& accumulator, std::size_t k, std::uint64_t count,
                                       dot::Distribution distribution, std::uint64_t seed,
                                       const dot::RunControl& control)
{
    constexpr std::size_t kBatchOperands = std::size_t{1} << 20;
    const auto start = std::chrono::steady_clock::now();
    const std::size_t side =
        std::max<std::size_t>(1, static_cast<std::size_t>(std::sqrt(static_cast<double>(kBatchOperands / std::max<std::size_t>(k, 1)))));
    const Format& result = dot::resultFormat(accumulator);
    DotComparison out;
    SeededRandom batchSeeds(seed);  // each batch of inputs drawn from its own seed
    std::uint64_t done = 0;
    std::vector<std::uint32_t> hardware;
    while (done < count && !out.cancelled) {
        // A batch: `rows` of A against `cols` columns of B, k values each, from one generated
        // stream of pairs (A's rows the first of `a`, B's columns the first of `b`).
        const std::uint64_t left = count - done;
        const auto cols = static_cast<std::size_t>(std::min<std::uint64_t>(side, left));
        const auto rows = static_cast<std::size_t>(std::min<std::uint64_t>(side, (left + cols - 1) / cols));
        const dot::DotInputs data = dot::generateInputs(inputs, distribution, std::max(rows, cols) * k, batchSeeds.next());
        hardware.assign(rows * cols, 0);
        out.status = backend.gemm(inputs, accumulator, GemmShape{rows, cols, k},
                                  std::span<const std::uint32_t>(data.a.data(), rows * k),
                                  std::span<const std::uint32_t>(data.b.data(), cols * k), hardware);
        if (!out.status.available())
            break;
        for (std::size_t i = 0; i < rows && !out.cancelled; ++i)
            for (std::size_t j = 0; j < cols; ++j) {
                const auto row = data.a.begin() + static_cast<std::ptrdiff_t>(i * k);
                const auto column = data.b.begin() + static_cast<std::ptrdiff_t>(j * k);
                const dot::DotInputs one{inputs, {row, row + static_cast<std::ptrdiff_t>(k)},
                                         {column, column + static_cast<std::ptrdiff_t>(k)}, 0};
                const auto model = dot::innerProduct(one, accumulator, dot::RunControl{control.cancel, {}});
                if (!model) {
                    out.cancelled = true;
                    break;
                }
                out.add(static_cast<std::size_t>(done + i * cols + j), result,
                        static_cast<std::uint32_t>(std::get<dot::DotResult>(*model).code), hardware[i * cols + j]);
            }
        done += rows * cols;
        control.report(std::min(1.0, static_cast<double>(done) / static_cast<double>(count)));
        out.cancelled = out.cancelled || control.cancelled();
    }
    out.seconds = secondsSince(start);
    return out;
}

DotComparison compareInnerProducts(const DotBackend& backend, const Format& inputs, const dot::Accumulator& accumulator,
                                   std::size_t k, std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                   std::span<const std::uint32_t> c)
{
    const auto start = std::chrono::steady_clock::now();
    DotComparison out;
    std::vector<std::uint32_t> hardware(c.size());
    out.status = backend.innerProducts(inputs, accumulator, k, a, b, c, hardware);
    if (!out.status.available())
        return out;
    const Format& result = dot::resultFormat(accumulator);
    for (std::size_t t = 0; t < c.size(); ++t) {
        const double startValue = nearestDouble(ExactValue::fromCode(result, c[t]));
        const dot::DotInputs one{inputs, {a.begin() + static_cast<std::ptrdiff_t>(t * k), a.begin() + static_cast<std::ptrdiff_t>((t + 1) * k)},
                                 {b.begin() + static_cast<std::ptrdiff_t>(t * k), b.begin() + static_cast<std::ptrdiff_t>((t + 1) * k)}, startValue};
        out.add(t, result, modelCode(one, accumulator), hardware[t]);
    }
    out.seconds = secondsSince(start);
    return out;
}

DotComparison checkVdpbf16psLanes(std::uint64_t cases, std::uint64_t seed, const dot::RunControl& control)
{
    const auto start = std::chrono::steady_clock::now();
    DotComparison out;
    if (!cpuHasAvx512Bf16()) {
        out.status = {DotBackendStatus::Kind::NoCpuInstruction, {}};
        return out;
    }
    const Format& fp32 = namedFormat("fp32");
    SeededRandom random(seed);
    constexpr std::size_t kChunk = 1 << 16;
    std::vector<std::uint32_t> acc(kChunk), a(kChunk), b(kChunk), hardware(kChunk);
    for (std::uint64_t done = 0; done < cases; done += kChunk) {
        const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, cases - done));
        for (std::size_t l = 0; l < n; ++l) {
            const Lane lane = adversarialLane(random, done + l);
            acc[l] = lane.acc;
            a[l] = lane.a;
            b[l] = lane.b;
        }
        vdpbf16psLanes(acc.data(), a.data(), b.data(), hardware.data(), n);
        for (std::size_t l = 0; l < n; ++l)
            out.add(static_cast<std::size_t>(done + l), fp32, dot::vdpbf16psLane(acc[l], a[l], b[l]), hardware[l]);
        control.report(static_cast<double>(done + n) / static_cast<double>(cases));
        if (control.cancelled()) {
            out.cancelled = true;
            break;
        }
    }
    out.seconds = secondsSince(start);
    return out;
}

dot::ProbeOracle gemmOracle(const DotBackend& backend, const Format& inputs)
{
    // Any accumulator with fp32 output: the GEMM runs the device's own adder whatever model is named.
    const dot::Accumulator fp32Out{dot::FusedAdder{}, std::nullopt, {}};
    return [&backend, inputs, fp32Out](std::span<const std::uint32_t> a, std::span<const std::uint32_t> b) {
        std::uint32_t d = 0;
        const DotBackendStatus s = backend.gemm(inputs, fp32Out, GemmShape{1, 1, a.size()}, a, b, {&d, 1});
        return s.available() ? std::optional<std::uint32_t>(d) : std::nullopt;
    };
}

TensorCoreReport checkTensorCores(const DotBackend& backend, std::size_t side, std::uint64_t seed,
                                  const dot::RunControl& control)
{
    TensorCoreReport report;
    report.status = backend.status();
    report.device = backend.deviceName();
    if (!report.status.available())
        return report;
    // 1. The presets of this GPU, each input type it multiplies, one block and four blocks long.
    std::vector<std::pair<const dot::TensorCorePreset*, Format>> runs;
    for (const dot::TensorCorePreset& preset : dot::tensorCorePresets()) {
        const std::string list = preset.inputFormats;
        for (std::size_t start = 0; start <= list.size();) {
            const std::size_t comma = std::min(list.find(',', start), list.size());
            const Format& input = namedFormat(list.substr(start, comma - start));
            const dot::Accumulator acc{preset.adder(), std::nullopt, preset.id};
            if (backend.supports(input, acc) == DotSupport::Supported)
                runs.emplace_back(&preset, input);
            start = comma + 1;
        }
    }
    const double total = static_cast<double>(2 * runs.size());
    double done = 0;
    for (const auto& [preset, input] : runs)
        for (const std::size_t k : {std::size_t(preset->blockTerms), std::size_t(4 * preset->blockTerms)}) {
            const dot::Accumulator acc{preset->adder(), std::nullopt, preset->id};
            DotComparison c = compareGemm(backend, input, acc, GemmShape{side, side, k}, dot::Distribution::Normal, seed,
                                          dot::RunControl{control.cancel, {}});
            report.checks.push_back({std::string(preset->id) + (input.name() == "e5m2" ? " (e5m2)" : ""), k, c});
            if (!c.status.available()) {
                report.status = c.status;
                return report;
            }
            control.report(++done / total);
            if (control.cancelled()) {
                report.cancelled = true;
                return report;
            }
        }
    if (!runs.empty())
        return report;
    // 2. No preset models this GPU: find its adder by experiment (Fasi et al. 2021; Khattak and
    // Mikaitis, HPEC 2025).
    for (const char* name : {"fp16", "bf16"}) {
        const Format& input = namedFormat(name);
        report.probes.push_back({name, dot::probeAccumulator(input, gemmOracle(backend, input))});
        control.report(report.probes.size() / 2.0);
        if (control.cancelled()) {
            report.cancelled = true;
            break;
        }
    }
    return report;
}

}  // namespace floatscope::gpu
