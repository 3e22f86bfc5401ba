// Batch conversion speed against references measured in the same run, with the ratios the
// engine's design sets as targets printed at the end:
//   engine batch on 2^26 values        >= 0.8 x a plain copy (read 4 bytes, write 2)
//   engine batch in cache (fp16)       >= 0.5 x F16C
//   engine batch                       >= 10 x NVIDIA's host functions
//   exhaustive 2^32 fp16 check vs F16C <= 3 s wall
#include <benchmark/benchmark.h>

#include <bit>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "BenchReport.h"
#include "gpu/Backend.h"
#include "core/batch/Batch.h"
#include "core/format/Registry.h"
#include "gpu/sweep/Sweep.h"

namespace {

using namespace floatscope;

constexpr std::size_t kLarge = std::size_t{1} << 26;
constexpr std::size_t kInCache = std::size_t{1} << 13;  // 32 KiB in, 16 KiB out

const std::vector<std::uint32_t>& inputs(std::size_t n)
{
    static std::map<std::size_t, std::vector<std::uint32_t>> cache;
    auto& v = cache[n];
    if (v.empty()) {
        // Normally distributed values, like weights and activations, with a sprinkle of specials.
        std::mt19937 rng(12345);
        std::normal_distribution<float> normal(0.0f, 4.0f);
        v.resize(n);
        for (auto& x : v)
            x = std::bit_cast<std::uint32_t>(normal(rng));
    }
    return v;
}

void setBytes(benchmark::State& state, std::size_t n)
{
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n * 6));
}

void copyNarrow(benchmark::State& state, std::size_t n)
{
    const auto& in = inputs(n);
    std::vector<std::uint16_t> out(n);
    for (auto _ : state) {
        for (std::size_t i = 0; i < n; ++i)
            out[i] = static_cast<std::uint16_t>(in[i] >> 16);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    setBytes(state, n);
}

void engine(benchmark::State& state, const char* format, std::size_t n)
{
    const auto& in = inputs(n);
    std::vector<std::uint16_t> out(n);
    const BatchPlan plan = *makeBatchPlan(namedFormat(format), RoundingMode::NearestEven).plan;
    for (auto _ : state) {
        convertFromFp32Bits(in, out, plan);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    setBytes(state, n);
}

void reference(benchmark::State& state, const char* backendName, const char* format, std::size_t n)
{
    const auto backend = gpu::makeBackend(backendName);
    if (!backend || !backend->available()) {
        state.SkipWithError(backend ? "not available on this machine" : "not in this build");
        return;
    }
    const auto& in = inputs(n);
    std::vector<std::uint16_t> out(n);
    const Format& f = namedFormat(format);
    const OverflowPolicy policy = f.defaultOverflow();
    for (auto _ : state) {
        if (!backend->convert(in, out, f, RoundingMode::NearestEven, policy).empty())
            state.SkipWithError("conversion failed");
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    setBytes(state, n);
}

void exhaustiveFp16(benchmark::State& state)
{
    const auto backend = gpu::makeBackend("x86-f16c");
    if (!backend || !backend->available()) {
        state.SkipWithError("no F16C");
        return;
    }
    for (auto _ : state) {
        const gpu::SweepReport r =
            gpu::sweep(*backend, namedFormat("fp16"), RoundingMode::NearestEven, OverflowPolicy::NonSaturating);
        if (r.unexplained() != 0)
            state.SkipWithError("mismatches");
    }
}

// Collects real time per benchmark so the ratios can be printed after the run.
void printRatios(const bench::Recorder& recorder)
{
    const std::map<std::string, double> times = recorder.times();  // time units: ns, s for the sweep
    const auto ratio = [&times](const std::string& a, const std::string& b, double target) {
        bench::printRatio(times, a, b, target);
    };
    std::printf("\nRatios (throughput, higher is faster for the first name):\n");
    for (const char* f : {"fp16", "bf16", "e4m3fn", "e5m2", "e2m1"}) {
        ratio(std::string("engine/") + f + "/large", "copy/large", 0.8);
        ratio(std::string("engine/") + f + "/large", std::string("nvidia-host/") + f + "/large", 10.0);
    }
    ratio("engine/fp16/in-cache", "x86-f16c/fp16/in-cache", 0.5);
    ratio("engine/bf16/in-cache", "x86-avx512bf16/bf16/in-cache", 0.0);
    ratio("engine/fp16/in-cache", "copy/in-cache", 0.0);
    const auto it = times.find("exhaustive-fp16-vs-f16c");
    if (it != times.end())
        std::printf("  exhaustive 2^32 fp16 check vs F16C: %.2f s wall (target <= 3 s)\n", it->second);
}

void registerAll()
{
    const std::pair<const char*, std::size_t> sizes[] = {{"large", kLarge}, {"in-cache", kInCache}};
    for (const auto& [label, n] : sizes) {
        const std::string suffix = std::string("/") + label;
        benchmark::RegisterBenchmark(("copy" + suffix).c_str(), copyNarrow, n);
        for (const char* f : {"fp16", "bf16", "e4m3fn", "e5m2", "e2m1"}) {
            benchmark::RegisterBenchmark(("engine/" + std::string(f) + suffix).c_str(), engine, f, n);
            benchmark::RegisterBenchmark(("nvidia-host/" + std::string(f) + suffix).c_str(), reference, "nvidia-host",
                                         f, n);
        }
        benchmark::RegisterBenchmark(("x86-f16c/fp16" + suffix).c_str(), reference, "x86-f16c", "fp16", n);
        benchmark::RegisterBenchmark(("x86-avx512bf16/bf16" + suffix).c_str(), reference, "x86-avx512bf16", "bf16", n);
    }
    benchmark::RegisterBenchmark("exhaustive-fp16-vs-f16c", exhaustiveFp16)
        ->Iterations(1)
        ->UseRealTime()
        ->Unit(benchmark::kSecond);
}

}  // namespace

int main(int argc, char** argv)
{
    registerAll();
    return bench::runAndSummarize(argc, argv, printRatios);
}
