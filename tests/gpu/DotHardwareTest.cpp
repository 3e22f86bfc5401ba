// The inner-product models against the hardware they describe: the CPU's VDPBF16PS on 10^7 random
// and adversarial lanes, and (where there is one) the GPU's tensor cores on the papers' measured
// vectors and 10^5 random inner products; on a GPU no preset models, the probe's findings. Every
// difference is counted by kind; none may be unexplained. Without the hardware, skipped with why.
#include <gtest/gtest.h>

#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/dot/AccumulatorSpec.h"
#include "core/dot/InnerProduct.h"
#include "core/dot/Probe.h"
#include "core/dot/TensorCorePresets.h"
#include "core/format/Registry.h"
#include "gpu/dot/DotCheck.h"

namespace floatscope::gpu {
namespace {

// Why a hardware test skips, as a sentence (the runtime's error name quoted where there is one).
std::string statusName(const DotBackendStatus& s)
{
    switch (s.kind) {
    case DotBackendStatus::Kind::Available: return "The backend is available.";
    case DotBackendStatus::Kind::NoCpuInstruction:
        return "This CPU has no AVX512-BF16 instructions, so VDPBF16PS cannot be compared with its model here.";
    case DotBackendStatus::Kind::NotBuilt:
        return "This build has no CUDA device code (nvcc was not found), so the tensor cores cannot be compared with "
               "their presets; tests/gpu/run_on_gpu.sh runs these tests on a machine with a GPU.";
    case DotBackendStatus::Kind::NoDevice:
        return "No usable CUDA device here (the runtime says " + (s.detail.empty() ? std::string("nothing more") : s.detail)
             + "), so the tensor cores cannot be compared with their presets; tests/gpu/run_on_gpu.sh runs these tests on "
               "a machine with a GPU.";
    case DotBackendStatus::Kind::DeviceError:
        return "The device failed (" + s.detail + "), so the comparison stopped.";
    }
    return "?";
}

void print(const char* what, const DotComparison& r)
{
    std::printf("[ hardware ] %s: %" PRIu64 " compared, %" PRIu64 " agree, nan-encoding %" PRIu64 ", zero-sign %" PRIu64
                ", unexplained %" PRIu64 " (%.2f s)\n",
                what, r.compared, r.matches, r.count(DotMismatchKind::NanEncoding), r.count(DotMismatchKind::ZeroSign),
                r.unexplained(), r.seconds);
    for (const DotMismatch& m : r.examples)
        std::printf("[ hardware ]   #%zu: model 0x%08x, hardware 0x%08x (%s)\n", m.index, m.model, m.hardware,
                    toString(m.kind));
}

dot::Accumulator spec(const char* text) { return std::get<dot::Accumulator>(dot::parseAccumulator(text)); }

TEST(DotHardware, Vdpbf16psAgreesWithIntelsDescriptionOnTenMillionLanes)
{
    const DotComparison r = checkVdpbf16psLanes(10'000'000, 2025);
    if (r.status.kind == DotBackendStatus::Kind::NoCpuInstruction)
        GTEST_SKIP() << statusName(r.status);
    print("VDPBF16PS lanes", r);
    EXPECT_EQ(r.compared, 10'000'000u);
    EXPECT_EQ(r.unexplained(), 0u);
}

TEST(DotHardware, Vdpbf16psInnerProductsAgreeWithTheModel)
{
    const auto cpu = makeDotBackend("x86-avx512bf16");
    ASSERT_TRUE(cpu);
    if (!cpu->status().available())
        GTEST_SKIP() << statusName(cpu->status());
    const Format& bf16 = namedFormat("bf16");
    for (const auto d : {dot::Distribution::Normal, dot::Distribution::Heavy, dot::Distribution::Uniform}) {
        const DotComparison r = compareGemm(*cpu, bf16, spec("avx512bf16"), GemmShape{40, 30, 257}, d, 9);
        print(dot::toString(d), r);
        EXPECT_EQ(r.compared, 1200u);
        EXPECT_EQ(r.unexplained(), 0u);
    }
    EXPECT_EQ(cpu->supports(bf16, spec("fp32")), DotSupport::WrongModel);
    EXPECT_EQ(cpu->supports(namedFormat("fp16"), spec("avx512bf16")), DotSupport::WrongInputs);
}

// The committed measurements (tests/dot/data/tensor-cores) of this GPU's family, as inner products.
struct Measured {
    std::vector<std::uint32_t> a, b, c, d;
    std::size_t k = 0;
};

Measured readMeasured(const std::string& file, bool fp16Output)
{
    std::ifstream in(std::string(FLOATSCOPE_DOT_DATA_DIR) + "/tensor-cores/" + file + ".txt");
    Measured m;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::vector<std::vector<std::uint32_t>> fields(1);
        std::istringstream words(line);
        std::string w;
        while (words >> w) {
            if (w == ";")
                fields.emplace_back();
            else
                fields.back().push_back(static_cast<std::uint32_t>(std::stoul(w, nullptr, 16)));
        }
        m.k = fields[0].size();
        m.a.insert(m.a.end(), fields[0].begin(), fields[0].end());
        m.b.insert(m.b.end(), fields[1].begin(), fields[1].end());
        m.c.push_back(fields[2][0]);
        m.d.push_back(fields[fp16Output ? 4 : 3][0]);
    }
    return m;
}

TEST(DotHardware, TensorCoresAgreeWithTheirPresetOnMeasuredAndRandomInnerProducts)
{
    const auto gpu = makeDotBackend("cuda");
    ASSERT_TRUE(gpu);
    if (!gpu->status().available())
        GTEST_SKIP() << statusName(gpu->status());
    int ran = 0;
    for (const dot::TensorCorePreset& preset : dot::tensorCorePresets()) {
        const std::string inputs = preset.inputFormats;
        const Format& input = namedFormat(inputs.substr(0, inputs.find(',')));
        const dot::Accumulator acc = spec(preset.id);
        if (gpu->supports(input, acc) != DotSupport::Supported)
            continue;
        ++ran;
        // 10^5 random inner products, one block and four blocks long.
        for (const std::size_t k : {std::size_t(preset.blockTerms), std::size_t(4 * preset.blockTerms)}) {
            const DotComparison r = compareGemm(*gpu, input, acc, GemmShape{317, 316, k}, dot::Distribution::Normal, 5);
            print((std::string(preset.id) + " random, K=" + std::to_string(k)).c_str(), r);
            EXPECT_TRUE(r.status.available()) << r.status.detail;
            EXPECT_EQ(r.unexplained(), 0u) << preset.id;
        }
        // The papers' measured vectors, from their c, where the GPU can start from c (WMMA).
        if (gpu->startsFromC(input) && std::size_t(preset.blockTerms) <= 16) {
            std::string file = std::string(preset.gpu) + "-" + input.name();
            for (char& ch : file)
                ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            const Measured m = readMeasured(file, std::string(preset.outputFormat) == "fp16");
            const DotComparison r = compareInnerProducts(*gpu, input, acc, m.k, m.a, m.b, m.c);
            print((std::string(preset.id) + " measured vectors").c_str(), r);
            EXPECT_EQ(r.unexplained(), 0u) << preset.id;
        }
    }
    if (ran == 0) {
        // No preset models this GPU: find its adder by the probing method, through cuBLASLt.
        for (const char* name : {"fp16", "bf16"}) {
            const Format& input = namedFormat(name);
            const auto report = dot::probeAccumulator(input, gemmOracle(*gpu, input));
            ASSERT_TRUE(report) << name;
            std::printf("[ hardware ] %s %s: blocks of %d, %d aligned fraction bits, %d result bits, rounding %s\n",
                        gpu->deviceName().c_str(), name, report->blockTerms.value_or(0), report->alignedFractionBits,
                        report->resultFractionBits, report->resultRounding ? toString(*report->resultRounding) : "?");
        }
    }
}

// A stand-in GPU for checkTensorCores without one: its GEMM runs a known model (so the check and
// the probe have an answer to find), and it claims to be the GPU of one preset or of none.
class ModelGpu final : public DotBackend {
public:
    ModelGpu(dot::Accumulator model, std::string preset) : m_model(std::move(model)), m_preset(std::move(preset)) {}
    std::string name() const override { return "model-gpu"; }
    DotBackendStatus status() const override { return {}; }
    std::string deviceName() const override { return "Model GPU"; }
    DotSupport supports(const Format&, const dot::Accumulator& a) const override
    {
        return !m_preset.empty() && a.preset == m_preset ? DotSupport::Supported : DotSupport::NotThisGpu;
    }
    DotBackendStatus gemm(const Format& inputs, const dot::Accumulator&, GemmShape s, std::span<const std::uint32_t> a,
                          std::span<const std::uint32_t> b, std::span<std::uint32_t> d) const override
    {
        const auto c = dot::matmul(inputs, m_model, s.m, s.n, s.k, a, b, 1);
        for (std::size_t i = 0; i < c->size(); ++i)
            d[i] = static_cast<std::uint32_t>((*c)[i]);
        return {};
    }

private:
    dot::Accumulator m_model;
    std::string m_preset;
};

TEST(TensorCoreCheck, ComparesEachPresetOfTheGpuAndCountsByKind)
{
    const ModelGpu gpu(spec("a100-fp16"), "a100-fp16");
    const TensorCoreReport r = checkTensorCores(gpu, 16);
    ASSERT_TRUE(r.status.available());
    ASSERT_EQ(r.checks.size(), 2u);  // one block and four blocks
    EXPECT_EQ(r.checks[0].k, 8u);
    EXPECT_EQ(r.checks[1].k, 32u);
    for (const TensorCoreCheck& c : r.checks) {
        EXPECT_EQ(c.comparison.compared, 256u);
        EXPECT_EQ(c.comparison.matches, 256u);
    }
    EXPECT_TRUE(r.probes.empty());
    // A GPU that rounds other than its preset (A100's adder named, V100's run) differs: unexplained.
    const ModelGpu wrong(spec("v100-fp16"), "a100-fp16");
    const TensorCoreReport w = checkTensorCores(wrong, 16);
    ASSERT_EQ(w.checks.size(), 2u);
    EXPECT_GT(w.checks[1].comparison.unexplained(), 0u);
}

TEST(TensorCoreCheck, ProbesAGpuNoPresetModels)
{
    // The H100's fp16 adder on a GPU that claims none of the presets: the probe finds its features.
    const ModelGpu gpu(spec("h100-fp16"), "");
    const TensorCoreReport r = checkTensorCores(gpu, 16);
    EXPECT_TRUE(r.checks.empty());
    ASSERT_EQ(r.probes.size(), 2u);
    ASSERT_TRUE(r.probes[0].report);
    EXPECT_EQ(r.probes[0].inputs, "fp16");
    EXPECT_EQ(r.probes[0].report->alignedFractionBits, 25);
    EXPECT_EQ(r.probes[0].report->resultFractionBits, 23);
    EXPECT_EQ(r.probes[0].report->blockTerms, 16);
    EXPECT_EQ(r.probes[0].report->resultRounding, RoundingMode::TowardZero);
}

TEST(TensorCoreCheck, SaysWhyNothingRanWithoutAGpu)
{
    const auto gpu = makeDotBackend("cuda");
    ASSERT_TRUE(gpu);
    if (gpu->status().available())
        GTEST_SKIP() << "This machine has a GPU: the report is the hardware's.";
    const TensorCoreReport r = checkTensorCores(*gpu);
    EXPECT_FALSE(r.status.available());
    EXPECT_TRUE(r.checks.empty());
    EXPECT_TRUE(r.probes.empty());
}

}  // namespace
}  // namespace floatscope::gpu
