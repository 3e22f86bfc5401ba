// FloatRounder, the fp32 -> format -> fp32 rounding every rounding point of the training lab takes,
// on 2^24 values, against references measured in the same run, with the speed issue's targets:
//   every format, nearest-even             >= 0.9 x a memcpy of the same array (read 4, write 4)
//   bf16, nearest-even                     >= 1.0 x a bias-add-and-mask rounding in plain C++
//   stochastic rounding                    >= 0.67 x the same format's nearest-even (within 1.5 x)
// Where this CPU has the instruction FloatRounder runs for a format (F16C, AVX512-BF16), the
// engine's own arithmetic is measured beside it, in place and in cache.
#include <benchmark/benchmark.h>

#include <bit>
#include <cstdio>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "BenchReport.h"
#include "core/batch/FloatRounder.h"
#include "core/format/Registry.h"

namespace {

using namespace floatscope;

constexpr std::size_t kCount = std::size_t{1} << 24;

const std::vector<float>& inputs()
{
    static const std::vector<float> values = [] {
        // Normally distributed, like weights and gradients; a few specials.
        std::mt19937 rng(12345);
        std::normal_distribution<float> normal(0.0f, 4.0f);
        std::vector<float> v(kCount);
        for (float& x : v)
            x = normal(rng);
        v[17] = std::numeric_limits<float>::quiet_NaN();
        v[18] = std::numeric_limits<float>::infinity();
        v[19] = 1e-40f;
        return v;
    }();
    return values;
}

void setItems(benchmark::State& state)
{
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * kCount * 8));
}

void copy(benchmark::State& state)
{
    const std::vector<float>& in = inputs();
    std::vector<float> out(kCount);
    for (auto _ : state) {
        std::memcpy(out.data(), in.data(), kCount * sizeof(float));
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    setItems(state);
}

// The bound a simple correct kernel sets: bf16 to nearest-even by adding half an ulp less one, plus
// the kept bit, and masking; a NaN keeps its sign and payload's top bits, made quiet.
void biasAddBf16(benchmark::State& state)
{
    const std::vector<float>& in = inputs();
    std::vector<float> out(kCount);
    for (auto _ : state) {
        for (std::size_t i = 0; i < kCount; ++i) {
            const std::uint32_t u = std::bit_cast<std::uint32_t>(in[i]);
            const std::uint32_t rounded = (u + 0x7FFFu + ((u >> 16) & 1u)) & 0xFFFF0000u;
            const std::uint32_t nan = (u | 0x00400000u) & 0xFFFF0000u;
            out[i] = std::bit_cast<float>((u & 0x7FFFFFFFu) > 0x7F800000u ? nan : rounded);
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    setItems(state);
}

void rounder(benchmark::State& state, const char* format, RoundingMode mode)
{
    const std::vector<float>& in = inputs();
    std::vector<float> out(kCount);
    const std::optional<FloatRounder> r = FloatRounder::make(namedFormat(format), mode);
    if (!r) {
        state.SkipWithError("the rounder does not serve this format");
        return;
    }
    std::uint64_t seed = 0;
    for (auto _ : state) {
        r->round(in, out, ++seed, 0);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    setItems(state);
}

// In place, as the training lab rounds its tensors: the array read and written once, as a memcpy
// reads one and writes another (rounding an array already rounded costs the same: no branches).
// hardware: false for the engine's own arithmetic where the rounder would run an instruction.
void rounderInPlace(benchmark::State& state, const char* format, std::size_t count, bool hardware)
{
    std::vector<float> values(inputs().begin(), inputs().begin() + static_cast<std::ptrdiff_t>(count));
    std::optional<FloatRounder> r = FloatRounder::make(namedFormat(format), RoundingMode::NearestEven);
    if (!hardware)
        r = r->withoutHardware();
    for (auto _ : state) {
        r->roundInPlace(values);
        benchmark::DoNotOptimize(values.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count));
}

constexpr const char* kFormats[] = {"bf16", "tf32", "fp16", "e5m2", "e4m3fn", "e3m2", "e2m1"};

void printRatios(const bench::Recorder& recorder)
{
    const std::map<std::string, double> times = recorder.times();
    const auto ratio = [&times](const std::string& a, const std::string& b, double target) {
        bench::printRatio(times, a, b, target);
    };
    std::printf("\nRatios (throughput, higher is faster for the first name):\n");
    for (const char* f : kFormats)
        ratio(std::string("rounder/") + f + "/nearest-even", "memcpy", 0.9);
    for (const char* f : kFormats)
        ratio(std::string("in-place/") + f + "/nearest-even", "memcpy", 0.9);
    ratio("rounder/bf16/nearest-even", "bias-add-and-mask/bf16", 1.0);
    for (const char* f : kFormats) {  // the instruction against the engine's own arithmetic, where it runs
        ratio(std::string("in-place/") + f + "/nearest-even", std::string("in-place/") + f + "/nearest-even/engine-arithmetic", 0);
        ratio(std::string("in-cache/") + f + "/nearest-even", std::string("in-cache/") + f + "/nearest-even/engine-arithmetic", 0);
    }
    for (const char* f : kFormats)
        ratio(std::string("rounder/") + f + "/stochastic", std::string("rounder/") + f + "/nearest-even", 1.0 / 1.5);
}

void registerAll()
{
    benchmark::RegisterBenchmark("memcpy", copy)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("bias-add-and-mask/bf16", biasAddBf16)->Unit(benchmark::kMillisecond);
    for (const char* f : kFormats)
        for (const RoundingMode m : {RoundingMode::NearestEven, RoundingMode::Stochastic})
            benchmark::RegisterBenchmark(("rounder/" + std::string(f) + "/" + toString(m)).c_str(), rounder, f, m)
                ->Unit(benchmark::kMillisecond);
    for (const char* f : kFormats)
        benchmark::RegisterBenchmark(("in-place/" + std::string(f) + "/nearest-even").c_str(), rounderInPlace, f, kCount,
                                     true)
            ->Unit(benchmark::kMillisecond);
    for (const char* f : kFormats)  // 32 KiB: what the arithmetic costs without memory
        benchmark::RegisterBenchmark(("in-cache/" + std::string(f) + "/nearest-even").c_str(), rounderInPlace, f,
                                     std::size_t{8192}, true);
    // Where this CPU has an instruction for the format, the engine's own arithmetic beside it.
    for (const char* f : kFormats) {
        if (FloatRounder::make(namedFormat(f))->hardware() == HardwarePath::None)
            continue;
        benchmark::RegisterBenchmark(("in-place/" + std::string(f) + "/nearest-even/engine-arithmetic").c_str(),
                                     rounderInPlace, f, kCount, false)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("in-cache/" + std::string(f) + "/nearest-even/engine-arithmetic").c_str(),
                                     rounderInPlace, f, std::size_t{8192}, false);
    }
}

}  // namespace

int main(int argc, char** argv)
{
    registerAll();
    return floatscope::bench::runAndSummarize(argc, argv, printRatios);
}
