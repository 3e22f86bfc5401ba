// The operators lab's speed targets: a 2^20-term inner product in any model within 20 ms (so a
// panel can redraw an error curve as a slider moves), and a 256 x 256 x 256 matrix product through a
// tensor-core model within 1 s on 2 cores, printed beside the same product in plain fp32 (a float
// triple loop) measured in the same run.
#include <benchmark/benchmark.h>

#include <bit>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "BenchReport.h"
#include "core/dot/AccumulatorSpec.h"
#include "core/dot/DotLessons.h"
#include "core/dot/InnerProduct.h"
#include "core/format/Registry.h"

namespace {

using namespace floatscope;
using namespace floatscope::dot;

constexpr std::size_t kTerms = std::size_t{1} << 20;
constexpr std::size_t kSide = 256;

struct Model {
    const char* spec;
    const char* inputs;
    int promote;
};

// Every kind of model: the fast routes, the exact route (directed modes in fp32, stochastic, tf32,
// e3m4), the three orders, fused adders, the instruction, promotion.
constexpr Model kModels[] = {
    {"fp32", "bf16", 0},        {"bf16", "bf16", 0},           {"fp16:toward-zero", "fp16", 0},
    {"fp32:up", "bf16", 0},     {"bf16:stochastic", "bf16", 0}, {"tf32", "fp16", 0},
    {"e3m4", "e4m3fn", 0},      {"fp32:nearest-even:pairwise", "bf16", 0},
    {"bf16:nearest-even:blocked:64", "bf16", 0},
    {"fp64", "fp32", 0},        {"v100-fp16", "fp16", 0},      {"h100-bf16", "bf16", 0},
    {"h100-fp8", "e4m3fn", 0},  {"h100-fp8", "e4m3fn", 128},   {"avx512bf16", "bf16", 0},
    {"bf16", "bf16", 256},
};

Accumulator accumulatorOf(const Model& m)
{
    Accumulator a = std::get<Accumulator>(parseAccumulator(m.spec));
    if (m.promote != 0)
        a.promoteEvery = m.promote;
    return a;
}

void innerProductOf(benchmark::State& state, const Model& model)
{
    const DotInputs in = generateInputs(namedFormat(model.inputs), Distribution::Normal, kTerms, 1);
    const Accumulator a = accumulatorOf(model);
    for (auto _ : state) {
        const auto r = innerProduct(in, a);
        benchmark::DoNotOptimize(std::get<DotResult>(*r).code);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kTerms));
}

std::vector<std::uint32_t> fp32Bits(const DotInputs& in, const std::vector<std::uint32_t>& codes)
{
    std::vector<std::uint32_t> out;
    for (const std::uint32_t c : codes)
        out.push_back(static_cast<std::uint32_t>(roundExact(ExactValue::fromCode(in.format, c), namedFormat("fp32")).code));
    return out;
}

// 256 x 256 x 256 through a model, rows over two threads.
void emulatedMatmul(benchmark::State& state, const char* spec, const char* inputs)
{
    const DotInputs in = generateInputs(namedFormat(inputs), Distribution::Normal, kSide * kSide, 2);
    const Accumulator a = std::get<Accumulator>(parseAccumulator(spec));
    for (auto _ : state) {
        const auto c = matmul(in.format, a, kSide, kSide, kSide, in.a, in.b, 2);
        benchmark::DoNotOptimize(c->data());
    }
}

// The same product in plain fp32: the float triple loop a CPU runs without emulation.
void plainFp32Matmul(benchmark::State& state)
{
    const DotInputs in = generateInputs(namedFormat("bf16"), Distribution::Normal, kSide * kSide, 2);
    std::vector<float> a(kSide * kSide), b(kSide * kSide), c(kSide * kSide);
    const auto bitsA = fp32Bits(in, in.a), bitsB = fp32Bits(in, in.b);
    for (std::size_t i = 0; i < a.size(); ++i) {
        a[i] = std::bit_cast<float>(bitsA[i]);
        b[i] = std::bit_cast<float>(bitsB[i]);
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < kSide; ++i)
            for (std::size_t j = 0; j < kSide; ++j) {
                float sum = 0;
                for (std::size_t k = 0; k < kSide; ++k)
                    sum += a[i * kSide + k] * b[j * kSide + k];
                c[i * kSide + j] = sum;
            }
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
}

void printTargets(const bench::Recorder& recorder)
{
    // On a shared machine the wall time includes other processes' turns; the CPU time does not.
    std::printf("\n2^20-term inner product (with its exact sum), target 20 ms (wall, and this thread's CPU):\n");
    for (const auto& [name, m] : recorder.runs())
        if (name.rfind("dot/", 0) == 0)
            std::printf("  %-48s %8.2f ms %8.2f ms CPU  %s\n", name.c_str() + 4, m.real, m.cpu,
                        m.real <= 20 ? "met" : m.cpu <= 20 ? "met in CPU time" : "NOT met");
    const std::map<std::string, double> ms = recorder.times();
    const auto plain = ms.find("matmul/plain-fp32");
    for (const auto& [name, t] : ms)
        if (name.rfind("matmul/", 0) == 0 && plain != ms.end() && name != plain->first)
            std::printf("256x256x256 through %s on 2 threads: %.1f ms (target 1000: %s), %.0fx the plain fp32 "
                        "loop (%.2f ms)\n",
                        name.c_str() + 7, t, bench::verdict(t <= 1000), t / plain->second, plain->second);
}

}  // namespace

int main(int argc, char** argv)
{
    for (const Model& m : kModels) {
        std::string name = std::string("dot/") + m.spec + " (" + m.inputs + ")";
        if (m.promote != 0)
            name += " promote " + std::to_string(m.promote);
        benchmark::RegisterBenchmark(name.c_str(), innerProductOf, m)->Unit(benchmark::kMillisecond)->UseRealTime();
    }
    for (const auto& [spec, inputs] : {std::pair{"h100-bf16", "bf16"}, std::pair{"v100-fp16", "fp16"},
                                       std::pair{"h100-fp8", "e4m3fn"}})
        benchmark::RegisterBenchmark((std::string("matmul/") + spec).c_str(), emulatedMatmul, spec, inputs)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
    benchmark::RegisterBenchmark("matmul/plain-fp32", plainFp32Matmul)->Unit(benchmark::kMillisecond)->UseRealTime();
    return bench::runAndSummarize(argc, argv, printTargets);
}
