// Quantizing 2^24 elements (a 4096 x 4096 matrix of normal values with outliers, stored in fp32)
// with each scheme, against the target of 100 ms per scheme. The time covers everything
// quantize() does: block amax, scales, one exact rounding per element, codes, and the summary
// statistics (MSE, largest errors, flushed and saturated counts).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "BenchReport.h"
#include "core/format/Registry.h"
#include "core/scaling/Quantization.h"
#include "core/scaling/TensorSources.h"

namespace {

using namespace floatscope;

constexpr std::size_t kSide = 4096;  // 2^24 elements
constexpr double kTargetMs = 100.0;

std::shared_ptr<const Tensor> tensor()
{
    static const std::shared_ptr<const Tensor> t = [] {
        NormalSpec spec;
        spec.rows = kSide;
        spec.cols = kSide;
        spec.matrix = true;
        spec.stddev = 0.02;  // weight-like magnitudes
        spec.outliers = 1000;
        spec.outlierMagnitude = 30.0;
        spec.seed = 2024;
        return std::make_shared<const Tensor>(*generateNormal(spec, namedFormat("fp32")).tensor);
    }();
    return t;
}

struct Case {
    const char* name;
    Scheme scheme;
    const char* element;
    ScalePrecision precision;
};

const Case kCases[] = {
    {"tensor/e4m3fn/fp32-scale", Scheme::tensor(), "e4m3fn", ScalePrecision::Fp32},
    {"tensor/e4m3fn/exact-scale", Scheme::tensor(), "e4m3fn", ScalePrecision::Exact},
    {"tile:128/e4m3fn", Scheme::tile(128), "e4m3fn", ScalePrecision::Fp32},
    {"block:128x128/e4m3fn", Scheme::block(128, 128), "e4m3fn", ScalePrecision::Fp32},
    {"mx/e2m1 (MXFP4)", Scheme::mx(), "e2m1", ScalePrecision::Fp32},
    {"mx/e4m3fn (MXFP8)", Scheme::mx(), "e4m3fn", ScalePrecision::Fp32},
    {"nvfp4/fp32-tensor-scale", Scheme::nvfp4(), "e2m1", ScalePrecision::Fp32},
    {"nvfp4/exact-tensor-scale", Scheme::nvfp4(), "e2m1", ScalePrecision::Exact},
};

void quantizeCase(benchmark::State& state, const Case& c)
{
    const auto t = tensor();
    QuantizeOptions o;
    o.scheme = c.scheme;
    o.element = namedFormat(c.element);
    o.scalePrecision = c.precision;
    for (auto _ : state) {
        QuantizeOutcome out = quantize(t, o);
        if (!out.result)
            state.SkipWithError("the recipe refused the tensor");
        benchmark::DoNotOptimize(out.result->summary().mse);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * t->size()));
}

void printTargets(const bench::Recorder& recorder)
{
    std::printf("\nQuantizing 2^24 elements (target <= %.0f ms per scheme):\n", kTargetMs);
    for (const auto& [name, ms] : recorder.times())
        std::printf("  %-40s %8.1f ms  %s\n", name.c_str(), ms, bench::verdict(ms <= kTargetMs));
}

}  // namespace

int main(int argc, char** argv)
{
    for (const Case& c : kCases)
        benchmark::RegisterBenchmark(c.name, quantizeCase, c)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(1.0);
    return bench::runAndSummarize(argc, argv, printTargets);
}
