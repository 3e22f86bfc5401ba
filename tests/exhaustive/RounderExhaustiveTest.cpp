// FloatRounder's one-pass nearest-even path (the training lab's rounding points) on all 2^32 fp32
// inputs, against the batch kernel's general rounding (convertFp32Bits, itself checked against the
// scalar path and against F16C and NVIDIA's code on all 2^32 inputs in the other sweeps here) with
// the code decoded: every format the path serves, both overflow policies, in place and apart; and
// its stochastic rounding (bf16, tf32) against the kernel's with the same random bits.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <thread>
#include <vector>

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

class RounderExhaustive : public testing::TestWithParam<RounderCase> {};

TEST_P(RounderExhaustive, TheFusedPathMatchesTheKernelOnAllFp32Inputs)
{
    const Format& format = namedFormat(GetParam().format);
    const OverflowPolicy overflow = GetParam().overflow;
    const std::optional<FloatRounder> rounder = FloatRounder::make(format, RoundingMode::NearestEven, overflow);
    ASSERT_TRUE(rounder);
    ASSERT_TRUE(rounder->fused()) << "this sweep is for the one-pass path";
    // The reference for a chunk: codes by the kernel's general rounding (the plan without its own
    // nearest-even fast path), then decoded: through the batch path and the decode table for 16-bit
    // formats, element by element and shifted for tf32, whose codes are 19 bits.
    BatchPlan plan = *makeWideBatchPlan(format, RoundingMode::NearestEven, overflow).plan;
    plan.nearestEvenFastPath = false;
    const std::optional<DecodeTable> table = DecodeTable::make(format);
    const int shift = 23 - format.mantissaBits();
    const auto reference = [&](const std::vector<std::uint32_t>& bits, std::vector<std::uint16_t>& codes,
                               std::vector<std::uint32_t>& expected) {
        if (table) {
            convertFromFp32Bits(bits, codes, plan);
            for (std::size_t i = 0; i < bits.size(); ++i)
                expected[i] = std::bit_cast<std::uint32_t>((*table)[codes[i]]);
            return;
        }
        for (std::size_t i = 0; i < bits.size(); ++i)
            expected[i] = convertFp32Bits<batch_detail::kNearestEven, false>(bits[i], plan) << shift;
    };

    constexpr std::uint64_t kTotal = std::uint64_t{1} << 32;
    constexpr std::uint64_t kChunk = std::uint64_t{1} << 16;
    std::atomic<std::uint64_t> next{0};
    std::atomic<std::uint64_t> mismatches{0};
    std::atomic<std::uint64_t> firstBad{kTotal};
    auto work = [&] {
        std::vector<float> in(kChunk);
        std::vector<float> out(kChunk);
        std::vector<std::uint32_t> bits(kChunk);
        std::vector<std::uint32_t> expected(kChunk);
        std::vector<std::uint16_t> codes(kChunk);
        for (std::uint64_t start; (start = next.fetch_add(kChunk)) < kTotal;) {
            for (std::uint64_t i = 0; i < kChunk; ++i) {
                bits[i] = static_cast<std::uint32_t>(start + i);
                in[i] = std::bit_cast<float>(bits[i]);
            }
            reference(bits, codes, expected);
            const bool inPlace = (start / kChunk) % 2 == 1;  // both loops, each on half the inputs
            if (inPlace) {
                out = in;
                rounder->roundInPlace(out);
            } else {
                rounder->round(in, out);
            }
            for (std::uint64_t i = 0; i < kChunk; ++i) {
                if (std::bit_cast<std::uint32_t>(out[i]) != expected[i]) {
                    mismatches.fetch_add(1);
                    std::uint64_t seen = firstBad.load();
                    while (start + i < seen && !firstBad.compare_exchange_weak(seen, start + i)) {
                    }
                }
            }
        }
    };
    std::vector<std::jthread> threads;
    for (unsigned t = 1; t < std::max(1u, std::thread::hardware_concurrency()); ++t)
        threads.emplace_back(work);
    work();
    threads.clear();
    EXPECT_EQ(mismatches.load(), 0u) << "first mismatch at fp32 0x" << std::hex << firstBad.load();
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

// Stochastic rounding in one pass, for the formats with fp32's exponent, against
// convertFp32BitsStochastic with the random bits FloatRounder::randomFor gives each element.
class StochasticRounderExhaustive : public testing::TestWithParam<RounderCase> {};

TEST_P(StochasticRounderExhaustive, TheFusedPathMatchesTheKernelOnAllFp32Inputs)
{
    const Format& format = namedFormat(GetParam().format);
    const OverflowPolicy overflow = GetParam().overflow;
    const std::optional<FloatRounder> rounder = FloatRounder::make(format, RoundingMode::Stochastic, overflow);
    ASSERT_TRUE(rounder);
    ASSERT_TRUE(rounder->fused()) << "this sweep is for the one-pass path";
    const BatchPlan plan = *makeWideBatchPlan(format, RoundingMode::Stochastic, overflow).plan;
    const int shift = 23 - format.mantissaBits();
    constexpr std::uint64_t kSeed = 20261207;

    constexpr std::uint64_t kTotal = std::uint64_t{1} << 32;
    constexpr std::uint64_t kChunk = std::uint64_t{1} << 16;
    std::atomic<std::uint64_t> next{0};
    std::atomic<std::uint64_t> mismatches{0};
    std::atomic<std::uint64_t> firstBad{kTotal};
    auto work = [&] {
        std::vector<float> in(kChunk);
        std::vector<float> out(kChunk);
        for (std::uint64_t start; (start = next.fetch_add(kChunk)) < kTotal;) {
            for (std::uint64_t i = 0; i < kChunk; ++i)
                in[i] = std::bit_cast<float>(static_cast<std::uint32_t>(start + i));
            if ((start / kChunk) % 2 == 1) {
                out = in;
                rounder->roundInPlace(out, kSeed, start);
            } else {
                rounder->round(in, out, kSeed, start);
            }
            for (std::uint64_t i = 0; i < kChunk; ++i) {
                const std::uint32_t code = convertFp32BitsStochastic<false>(
                    static_cast<std::uint32_t>(start + i), FloatRounder::randomFor(kSeed, start + i),
                    FloatRounder::kRandomBits, plan);
                if (std::bit_cast<std::uint32_t>(out[i]) != code << shift) {
                    mismatches.fetch_add(1);
                    std::uint64_t seen = firstBad.load();
                    while (start + i < seen && !firstBad.compare_exchange_weak(seen, start + i)) {
                    }
                }
            }
        }
    };
    std::vector<std::jthread> threads;
    for (unsigned t = 1; t < std::max(1u, std::thread::hardware_concurrency()); ++t)
        threads.emplace_back(work);
    work();
    threads.clear();
    EXPECT_EQ(mismatches.load(), 0u) << "first mismatch at fp32 0x" << std::hex << firstBad.load();
}

INSTANTIATE_TEST_SUITE_P(Formats, StochasticRounderExhaustive,
                         testing::Values(RounderCase{"bf16", OverflowPolicy::NonSaturating},
                                         RounderCase{"bf16", OverflowPolicy::Saturate},
                                         RounderCase{"tf32", OverflowPolicy::NonSaturating}),
                         [](const testing::TestParamInfo<RounderCase>& info) {
                             return std::string(info.param.format) + "_"
                                  + (info.param.overflow == OverflowPolicy::Saturate ? "saturate" : "nonsaturating");
                         });

}  // namespace
}  // namespace floatscope
