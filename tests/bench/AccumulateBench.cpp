// The accumulation lesson's speed target (the stored mode's, and the other modes'):
// 10^6 steps in each of 8 formats within 50 ms, so that the panel can rerun a whole simulation
// while a slider moves. Measured for each mode on
// the lecture notes' demo (1 + 10^-3 per step), with and without the chart's min/max buckets, and per
// format. fp64 and fp32 do every one of the 10^6 adds; a run whose whole state stops changing (the
// stored 16- and 8-bit sums, early) is at a fixed point, and its remaining steps are skipped.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "BenchReport.h"
#include "core/exact/ExactValue.h"
#include "core/format/Registry.h"
#include "core/lessons/Accumulation.h"

namespace {

using namespace floatscope;

constexpr std::int64_t kSteps = 1'000'000;
constexpr const char* kFormats[] = {"fp64", "fp32", "tf32", "fp16", "bf16", "e4m3fn", "e5m2", "e2m1"};

AccumulationSetup lectureDemo(AccumulationMode mode)
{
    AccumulationSetup s;
    s.start = ExactValue::fromRational(1);
    s.delta = ExactValue::fromRational(mpq_class(1, 1000));
    s.steps = kSteps;
    s.mode = mode;
    s.seed = 1;
    return s;
}

void allFormats(benchmark::State& state, AccumulationMode mode, int chartBuckets)
{
    const AccumulationSetup setup = lectureDemo(mode);
    TraceOptions trace;
    trace.chartBuckets = chartBuckets;
    for (auto _ : state)
        for (const char* f : kFormats) {
            AccumulationResult r = accumulate(namedFormat(f), setup, trace);
            benchmark::DoNotOptimize(r.finalCode);
        }
    state.SetItemsProcessed(state.iterations() * kSteps * static_cast<std::int64_t>(std::size(kFormats)));
}

void oneFormat(benchmark::State& state, const char* format, AccumulationMode mode)
{
    const AccumulationSetup setup = lectureDemo(mode);
    for (auto _ : state) {
        AccumulationResult r = accumulate(namedFormat(format), setup);
        benchmark::DoNotOptimize(r.finalCode);
    }
    state.SetItemsProcessed(state.iterations() * kSteps);
}

// The targets, from the runs' wall times.
void printTargets(const bench::Recorder& recorder)
{
    const std::map<std::string, double> ms = recorder.times();  // time unit: ms
    std::printf("\n10^6 steps x 8 formats (%s", kFormats[0]);
    for (std::size_t i = 1; i < std::size(kFormats); ++i)
        std::printf(",%s", kFormats[i]);
    std::printf("), 1 + 10^-3 per step\n"
                "(a run whose state stops changing is at a fixed point and skips its remaining steps;\n"
                "fp64 and fp32 add all 10^6 times in every mode, the stored 16- and 8-bit sums stall\n"
                "within 2049 steps):\n");
    // Every mode against the same target, and as a multiple of the stored mode's time in this run
    // (with the chart: of the stored mode's with the chart).
    for (const auto& [name, t] : ms) {
        if (name.rfind("all/", 0) != 0)
            continue;
        const bool chart = name.find("/chart-") != std::string::npos;
        const auto stored = ms.find(chart ? "all/stored/chart-2000" : "all/stored");
        const double ratio = stored != ms.end() && stored->second > 0 ? t / stored->second : 0;
        std::printf("  %-28s %8.2f ms  %5.1fx stored  (target <= 50 ms: %s)\n", name.c_str(), t, ratio,
                    bench::verdict(t <= 50));
    }
}

void registerAll()
{
    const std::pair<const char*, AccumulationMode> modes[] = {{"stored", AccumulationMode::Stored},
                                                              {"fp32-master", AccumulationMode::Fp32Master},
                                                              {"kahan", AccumulationMode::Kahan},
                                                              {"stochastic", AccumulationMode::Stochastic}};
    for (const auto& [name, mode] : modes) {
        benchmark::RegisterBenchmark((std::string("all/") + name).c_str(), allFormats, mode, 0)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
        benchmark::RegisterBenchmark((std::string("all/") + name + "/chart-2000").c_str(), allFormats, mode, 2000)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
        for (const char* f : kFormats)
            benchmark::RegisterBenchmark((std::string("one/") + name + "/" + f).c_str(), oneFormat, f, mode)
                ->Unit(benchmark::kMillisecond)
                ->UseRealTime();
    }
}

}  // namespace

int main(int argc, char** argv)
{
    registerAll();
    return bench::runAndSummarize(argc, argv, printTargets);
}
