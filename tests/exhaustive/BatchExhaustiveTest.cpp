// The batch path against the scalar path (round/Rounding.cpp) on all 2^32 fp32 inputs, nearest-even
// and the format's default overflow policy, for the formats no hardware reference converts to with
// that mode (the IEEE-like teaching e4m3, the FNUZ pair, e8m0), and fp16. The others meet F16C or
// NVIDIA's code on all 2^32 inputs in ReferenceExhaustiveTest.cpp, which the scalar path meets on
// every value, midpoint and midpoint neighbour in tests/core/OracleTest.cpp; every mode and policy
// is checked on structured inputs in tests/core/BatchTest.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cinttypes>
#include <cstdio>
#include <thread>
#include <vector>

#include "core/batch/Batch.h"
#include "core/format/Registry.h"

namespace floatscope {
namespace {

class BatchExhaustive : public testing::TestWithParam<std::string> {};

TEST_P(BatchExhaustive, AllFp32InputsMatchScalarPath)
{
    const Format& format = namedFormat(GetParam());
    const BatchPlan plan = *makeBatchPlan(format, RoundingMode::NearestEven).plan;
    constexpr std::uint64_t kTotal = std::uint64_t{1} << 32;
    constexpr std::uint64_t kChunk = std::uint64_t{1} << 16;
    std::atomic<std::uint64_t> next{0};
    std::atomic<std::uint64_t> mismatches{0};
    std::atomic<std::uint64_t> firstBad{kTotal};

    auto work = [&] {
        std::vector<std::uint32_t> in(kChunk);
        std::vector<std::uint16_t> out(kChunk);
        for (std::uint64_t start; (start = next.fetch_add(kChunk)) < kTotal;) {
            for (std::uint64_t i = 0; i < kChunk; ++i)
                in[i] = static_cast<std::uint32_t>(start + i);
            convertFromFp32Bits(in, out, plan);
            for (std::uint64_t i = 0; i < kChunk; ++i) {
                const RoundResult scalar = roundToFormat(unpackFloat(std::bit_cast<float>(in[i])), format);
                if (scalar.code != out[i]) {
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

INSTANTIATE_TEST_SUITE_P(NamedFormats, BatchExhaustive,
                         testing::Values("e4m3", "e4m3fnuz", "e5m2fnuz", "e8m0", "fp16"),
                         [](const testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace floatscope
