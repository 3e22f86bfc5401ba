// FloatRounder's paths (the training lab's rounding points) on all 2^32 fp32 inputs: its one-pass
// nearest-even path, and the instructions it runs instead on a CPU that has them (F16C for fp16,
// AVX512-BF16 for bf16: HardwareKernels.h). Each against the batch kernel's general rounding
// (convertFp32Bits, itself checked against the scalar path and against F16C and NVIDIA's code on
// all 2^32 inputs in the other sweeps here) with the code decoded: every format the paths serve,
// both overflow policies, in place and apart, in pieces of every length modulo 16. And its
// stochastic rounding against the kernel's (StochasticKernel.h) with the same random bits.
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <span>
#include <vector>

#include "SweepAllFp32.h"
#include "core/batch/Batch.h"
#include "core/batch/FloatRounder.h"
#include "core/batch/StochasticKernel.h"
#include "core/format/Registry.h"

namespace floatscope {
namespace {

struct RounderCase {
    const char* format;
    OverflowPolicy overflow;
};

// Checks a rounder on every fp32 input against codes by the kernel's general rounding (the plan
// without its own nearest-even fast path), decoded: through the batch path's rules and the decode
// table for 16-bit formats, element by element and shifted for tf32, whose codes are 19 bits. Each
// half of the inputs in place, the other half apart.
exhaustive::SweepOutcome sweepNearestEven(const FloatRounder& rounder, OverflowPolicy overflow)
{
    const Format& format = rounder.format();
    BatchPlan plan = *makeWideBatchPlan(format, RoundingMode::NearestEven, overflow).plan;
    plan.nearestEvenFastPath = false;
    plan.hardware = HardwarePath::None;
    const std::optional<DecodeTable> table = DecodeTable::make(format);
    const int shift = 23 - format.mantissaBits();
    return exhaustive::sweepAllFp32([&] {
        return [&, in = std::vector<float>(exhaustive::kChunk), out = std::vector<float>(exhaustive::kChunk),
                bits = std::vector<std::uint32_t>(exhaustive::kChunk),
                expected = std::vector<std::uint32_t>(exhaustive::kChunk),
                codes = std::vector<std::uint16_t>(exhaustive::kChunk)](std::uint64_t start, auto&& bad) mutable {
            for (std::uint64_t i = 0; i < exhaustive::kChunk; ++i) {
                bits[i] = static_cast<std::uint32_t>(start + i);
                in[i] = std::bit_cast<float>(bits[i]);
            }
            if (table) {
                convertFromFp32Bits(bits, codes, plan);
                for (std::size_t i = 0; i < bits.size(); ++i)
                    expected[i] = std::bit_cast<std::uint32_t>((*table)[codes[i]]);
            } else {
                for (std::size_t i = 0; i < bits.size(); ++i)
                    expected[i] = convertFp32Bits<batch_detail::kNearestEven, false>(bits[i], plan) << shift;
            }
            // In two pieces of odd lengths too, so that the loops' last few elements take every path.
            const std::size_t n = exhaustive::kChunk - (start / exhaustive::kChunk) % 16;
            if ((start / exhaustive::kChunk) % 2 == 1) {
                out = in;
                rounder.roundInPlace(std::span(out).first(n));
                rounder.roundInPlace(std::span(out).subspan(n));
            } else {
                rounder.round(std::span(in).first(n), std::span(out).first(n));
                rounder.round(std::span(in).subspan(n), std::span(out).subspan(n));
            }
            for (std::uint64_t i = 0; i < exhaustive::kChunk; ++i)
                if (std::bit_cast<std::uint32_t>(out[i]) != expected[i])
                    bad(start + i);
        };
    });
}

class RounderExhaustive : public testing::TestWithParam<RounderCase> {};

TEST_P(RounderExhaustive, TheFusedPathMatchesTheKernelOnAllFp32Inputs)
{
    const std::optional<FloatRounder> rounder =
        FloatRounder::make(namedFormat(GetParam().format), RoundingMode::NearestEven, GetParam().overflow);
    ASSERT_TRUE(rounder);
    ASSERT_TRUE(rounder->fused()) << "this sweep is for the one-pass path";
    const exhaustive::SweepOutcome outcome = sweepNearestEven(rounder->withoutHardware(), GetParam().overflow);
    EXPECT_EQ(outcome.mismatches, 0u) << "first mismatch at fp32 0x" << std::hex << outcome.firstBad;
}

std::vector<RounderCase> cases()
{
    std::vector<RounderCase> out;
    for (const char* name : {"bf16", "tf32", "fp16", "e5m2", "e4m3fn", "e4m3", "e4m3fnuz", "e5m2fnuz", "e3m2", "e2m3", "e2m1"})
        for (const OverflowPolicy o : {OverflowPolicy::NonSaturating, OverflowPolicy::Saturate})
            out.push_back({name, o});
    return out;
}

INSTANTIATE_TEST_SUITE_P(Formats, RounderExhaustive, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<RounderCase>& info) {
                             return std::string(info.param.format) + "_"
                                  + (info.param.overflow == OverflowPolicy::Saturate ? "saturate" : "nonsaturating");
                         });

// The instructions FloatRounder runs instead where the CPU has them, on the same reference.
class HardwareRounderExhaustive : public testing::TestWithParam<RounderCase> {};

TEST_P(HardwareRounderExhaustive, TheInstructionMatchesTheKernelOnAllFp32Inputs)
{
    const std::optional<FloatRounder> rounder =
        FloatRounder::make(namedFormat(GetParam().format), RoundingMode::NearestEven, GetParam().overflow);
    ASSERT_TRUE(rounder);
    if (rounder->hardware() == HardwarePath::None)
        GTEST_SKIP() << "this CPU has no instruction for " << GetParam().format
                     << ": FloatRounder runs its one-pass path, swept beside";
    std::printf("[ path     ] %s: %s\n", GetParam().format, toString(rounder->hardware()));
    const exhaustive::SweepOutcome outcome = sweepNearestEven(*rounder, GetParam().overflow);
    EXPECT_EQ(outcome.mismatches, 0u) << "first mismatch at fp32 0x" << std::hex << outcome.firstBad;
}

INSTANTIATE_TEST_SUITE_P(Formats, HardwareRounderExhaustive,
                         testing::Values(RounderCase{"fp16", OverflowPolicy::NonSaturating},
                                         RounderCase{"bf16", OverflowPolicy::NonSaturating}),
                         [](const testing::TestParamInfo<RounderCase>& info) { return std::string(info.param.format); });

// Stochastic rounding in one pass against convertFp32BitsStochastic (through the two-pass path)
// with the random bits FloatRounder::randomFor gives each element, decoded.
class StochasticRounderExhaustive : public testing::TestWithParam<RounderCase> {};

TEST_P(StochasticRounderExhaustive, TheFusedPathMatchesTheKernelOnAllFp32Inputs)
{
    const Format& format = namedFormat(GetParam().format);
    const std::optional<FloatRounder> rounder =
        FloatRounder::make(format, RoundingMode::Stochastic, GetParam().overflow);
    ASSERT_TRUE(rounder);
    ASSERT_TRUE(rounder->fused()) << "this sweep is for the one-pass path";
    // The kernel through the two-pass path's vectorised loops: its codes, decoded. Checked first on
    // 2^16 inputs element by element against convertFp32BitsStochastic and the decode table.
    const FloatRounder reference = rounder->twoPass();
    const BatchPlan plan = *makeWideBatchPlan(format, RoundingMode::Stochastic, GetParam().overflow).plan;
    const std::optional<DecodeTable> table = DecodeTable::make(format);  // none for tf32: codes << shift
    const int shift = 23 - format.mantissaBits();
    constexpr std::uint64_t kSeed = 20261207;
    {
        std::vector<float> in(exhaustive::kChunk);
        std::vector<float> expected(exhaustive::kChunk);
        for (std::uint64_t i = 0; i < exhaustive::kChunk; ++i)
            in[i] = std::bit_cast<float>(static_cast<std::uint32_t>(i * 65537u));  // every exponent, both signs
        reference.round(in, expected, kSeed, 0);
        for (std::uint64_t i = 0; i < exhaustive::kChunk; ++i) {
            const std::uint32_t code = convertFp32BitsStochastic<false>(
                std::bit_cast<std::uint32_t>(in[i]), FloatRounder::randomFor(kSeed, i), FloatRounder::kRandomBits, plan);
            const std::uint32_t bits =
                table ? std::bit_cast<std::uint32_t>((*table)[static_cast<std::uint16_t>(code)]) : code << shift;
            ASSERT_EQ(std::bit_cast<std::uint32_t>(expected[i]), bits) << "the two-pass path at input " << i;
        }
    }

    const exhaustive::SweepOutcome outcome = exhaustive::sweepAllFp32([&] {
        return [&, in = std::vector<float>(exhaustive::kChunk), out = std::vector<float>(exhaustive::kChunk),
                expected = std::vector<float>(exhaustive::kChunk)](std::uint64_t start, auto&& bad) mutable {
            for (std::uint64_t i = 0; i < exhaustive::kChunk; ++i)
                in[i] = std::bit_cast<float>(static_cast<std::uint32_t>(start + i));
            reference.round(in, expected, kSeed, start);
            if ((start / exhaustive::kChunk) % 2 == 1) {
                out = in;
                rounder->roundInPlace(out, kSeed, start);
            } else {
                rounder->round(in, out, kSeed, start);
            }
            for (std::uint64_t i = 0; i < exhaustive::kChunk; ++i)
                if (std::bit_cast<std::uint32_t>(out[i]) != std::bit_cast<std::uint32_t>(expected[i]))
                    bad(start + i);
        };
    });
    EXPECT_EQ(outcome.mismatches, 0u) << "first mismatch at fp32 0x" << std::hex << outcome.firstBad;
}

// Every format the path serves; the overflow policies apart only where what overflow becomes is
// read the same way for all (finish()).
INSTANTIATE_TEST_SUITE_P(Formats, StochasticRounderExhaustive,
                         testing::Values(RounderCase{"bf16", OverflowPolicy::NonSaturating},
                                         RounderCase{"bf16", OverflowPolicy::Saturate},
                                         RounderCase{"tf32", OverflowPolicy::NonSaturating},
                                         RounderCase{"fp16", OverflowPolicy::NonSaturating},
                                         RounderCase{"e5m2", OverflowPolicy::NonSaturating},
                                         RounderCase{"e4m3fn", OverflowPolicy::NonSaturating},
                                         RounderCase{"e4m3fn", OverflowPolicy::Saturate},
                                         RounderCase{"e4m3", OverflowPolicy::NonSaturating},
                                         RounderCase{"e4m3fnuz", OverflowPolicy::NonSaturating},
                                         RounderCase{"e5m2fnuz", OverflowPolicy::NonSaturating},
                                         RounderCase{"e3m2", OverflowPolicy::NonSaturating},
                                         RounderCase{"e2m3", OverflowPolicy::NonSaturating},
                                         RounderCase{"e2m1", OverflowPolicy::NonSaturating}),
                         [](const testing::TestParamInfo<RounderCase>& info) {
                             return std::string(info.param.format) + "_"
                                  + (info.param.overflow == OverflowPolicy::Saturate ? "saturate" : "nonsaturating");
                         });

}  // namespace
}  // namespace floatscope
