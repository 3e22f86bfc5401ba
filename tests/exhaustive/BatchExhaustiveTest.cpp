// The batch path against the scalar path (round/Rounding.cpp) on all 2^32 fp32 inputs, nearest-even
// and the format's default overflow policy, for the formats no hardware reference converts to with
// that mode (the IEEE-like teaching e4m3, the FNUZ pair, e8m0), and fp16 where the CPU lacks F16C. The others meet F16C or
// NVIDIA's code on all 2^32 inputs in ReferenceExhaustiveTest.cpp, which the scalar path meets on
// every value, midpoint and midpoint neighbour in tests/core/OracleTest.cpp; every mode and policy
// is checked on structured inputs in tests/core/BatchTest.cpp. Last, the instructions the batch
// path dispatches to on a CPU that has them (HardwareKernels.h) meet its rules on every input.
#include <gtest/gtest.h>

#include <bit>
#include <span>
#include <string>
#include <vector>

#include "SweepAllFp32.h"
#include "core/batch/Batch.h"
#include "core/format/Registry.h"

namespace floatscope {
namespace {

class BatchExhaustive : public testing::TestWithParam<std::string> {};

TEST_P(BatchExhaustive, AllFp32InputsMatchScalarPath)
{
    const Format& format = namedFormat(GetParam());
    if (GetParam() == "fp16" && cpuHas(HardwarePath::F16c))
        GTEST_SKIP() << "fp16's rules meet F16C on every input in ReferenceExhaustiveTest: this sweep is for "
                        "a CPU without it";
    BatchPlan plan = *makeBatchPlan(format, RoundingMode::NearestEven).plan;
    plan.hardware = HardwarePath::None;  // the rules; the instructions are swept against them below
    const exhaustive::SweepOutcome outcome = exhaustive::sweepAllFp32([&] {
        return [&, in = std::vector<std::uint32_t>(exhaustive::kChunk),
                out = std::vector<std::uint16_t>(exhaustive::kChunk)](std::uint64_t start, auto&& bad) mutable {
            for (std::uint64_t i = 0; i < exhaustive::kChunk; ++i)
                in[i] = static_cast<std::uint32_t>(start + i);
            convertFromFp32Bits(in, out, plan);
            for (std::uint64_t i = 0; i < exhaustive::kChunk; ++i)
                if (roundToFormat(unpackFloat(std::bit_cast<float>(in[i])), format).code != out[i])
                    bad(start + i);
        };
    });
    EXPECT_EQ(outcome.mismatches, 0u) << "first mismatch at fp32 0x" << std::hex << outcome.firstBad;
}

INSTANTIATE_TEST_SUITE_P(NamedFormats, BatchExhaustive,
                         testing::Values("e4m3", "e4m3fnuz", "e5m2fnuz", "e8m0", "fp16"),
                         [](const testing::TestParamInfo<std::string>& info) { return info.param; });

// The instructions the batch path dispatches to on a CPU that has them, against its rules (which
// meet the scalar path above, and F16C and NVIDIA's code on every input in ReferenceExhaustiveTest).
struct DispatchCase {
    const char* format;
    HardwarePath path;
};

class BatchDispatchExhaustive : public testing::TestWithParam<DispatchCase> {};

TEST_P(BatchDispatchExhaustive, TheInstructionMatchesTheRulesOnAllFp32Inputs)
{
    const Format& format = namedFormat(GetParam().format);
    if (!cpuHas(GetParam().path))
        GTEST_SKIP() << "this CPU has no " << toString(GetParam().path) << ": the batch path runs its rules";
    const BatchPlan dispatched = *makeBatchPlan(format, RoundingMode::NearestEven).plan;
    ASSERT_EQ(dispatched.hardware, GetParam().path);
    BatchPlan rules = dispatched;
    rules.hardware = HardwarePath::None;
    const exhaustive::SweepOutcome outcome = exhaustive::sweepAllFp32([&] {
        return [&, in = std::vector<std::uint32_t>(exhaustive::kChunk),
                out = std::vector<std::uint16_t>(exhaustive::kChunk),
                expected = std::vector<std::uint16_t>(exhaustive::kChunk)](std::uint64_t start, auto&& bad) mutable {
            for (std::uint64_t i = 0; i < exhaustive::kChunk; ++i)
                in[i] = static_cast<std::uint32_t>(start + i);
            // Odd lengths too, so that the loops' last few elements take every path.
            const std::size_t n = exhaustive::kChunk - (start / exhaustive::kChunk) % 16;
            convertFromFp32Bits(std::span(in).first(n), out, dispatched);
            convertFromFp32Bits(std::span(in).subspan(n), std::span(out).subspan(n), dispatched);
            convertFromFp32Bits(in, expected, rules);
            for (std::uint64_t i = 0; i < exhaustive::kChunk; ++i)
                if (out[i] != expected[i])
                    bad(start + i);
        };
    });
    EXPECT_EQ(outcome.mismatches, 0u) << "first mismatch at fp32 0x" << std::hex << outcome.firstBad;
}

INSTANTIATE_TEST_SUITE_P(Instructions, BatchDispatchExhaustive,
                         testing::Values(DispatchCase{"fp16", HardwarePath::F16c},
                                         DispatchCase{"bf16", HardwarePath::Avx512Bf16}),
                         [](const testing::TestParamInfo<DispatchCase>& info) {
                             return std::string(info.param.format);
                         });

}  // namespace
}  // namespace floatscope
