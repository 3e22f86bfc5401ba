// FloatRounder (core/batch) against the scalar path roundToFormat, which the core tests verify
// against MPFR: every format the lab rounds into, every mode (stochastic with the same random bits),
// both overflow policies, on inputs that put every bit position at the rounding boundary.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <cmath>
#include <vector>

#include "TrainTestSupport.h"
#include "core/batch/FloatRounder.h"

namespace floatscope {
namespace {

// The core's batch inputs (tests/core/TestSupport.h) as floats.
std::vector<float> inputs()
{
    std::vector<float> out;
    for (const std::uint32_t bits : test::boundaryFp32Bits())
        out.push_back(std::bit_cast<float>(bits));
    return out;
}

using test::ModeCase;

class FloatRounderMatchesScalar : public testing::TestWithParam<ModeCase> {};

TEST_P(FloatRounderMatchesScalar, StructuredInputs)
{
    const ModeCase& c = GetParam();
    const Format format = *lookupFormat(c.format).format;
    const std::optional<FloatRounder> rounder = FloatRounder::make(format, c.mode, c.overflow);
    ASSERT_TRUE(rounder);
    static const std::vector<float> in = inputs();
    std::vector<float> out(in.size());
    const std::uint64_t seed = 12345;
    const std::uint64_t first = 1000;
    rounder->round(in, out, seed, first);
    int failures = 0;
    for (std::size_t i = 0; i < in.size() && failures < 5; ++i) {
        RoundOptions o = test::withMode(c.mode, c.overflow);
        o.randomBits = FloatRounder::kRandomBits;
        o.random = FloatRounder::randomFor(seed, first + i);
        const double expected = test::roundScalar(format, in[i], o);
        const bool same = std::isnan(expected) ? std::isnan(out[i])
                                               : std::bit_cast<std::uint32_t>(static_cast<float>(expected))
                                                     == std::bit_cast<std::uint32_t>(out[i]);
        if (!same) {
            ++failures;
            ADD_FAILURE() << format.name() << " " << toString(c.mode) << " input " << std::hexfloat << in[i]
                          << ": batch " << out[i] << ", scalar " << expected;
        }
    }
}

std::vector<ModeCase> cases()
{
    std::vector<ModeCase> out;
    for (const char* name : {"bf16", "fp16", "tf32", "e4m3fn", "e5m2", "e4m3fnuz", "e3m2", "e2m1", "e8m0"})
        for (const RoundingMode m : {RoundingMode::NearestEven, RoundingMode::TowardZero, RoundingMode::Up,
                                     RoundingMode::ToOdd, RoundingMode::Stochastic})
            for (const OverflowPolicy o : {OverflowPolicy::Saturate, OverflowPolicy::NonSaturating})
                out.push_back({name, m, o});
    return out;
}

INSTANTIATE_TEST_SUITE_P(Formats, FloatRounderMatchesScalar, testing::ValuesIn(cases()), test::modeCaseName);

TEST(FloatRounder, InPlaceEqualsOutOfPlace)
{
    const auto rounder = FloatRounder::make(namedFormat("fp16"), RoundingMode::Stochastic);
    std::vector<float> a = inputs();
    std::vector<float> b(a.size());
    rounder->round(a, b, 3, 0);
    rounder->roundInPlace(a, 3, 0);
    EXPECT_EQ(0, std::memcmp(a.data(), b.data(), a.size() * sizeof(float)));
}

// The draw belongs to the element's index: rounding an array in two pieces gives the same bits.
TEST(FloatRounder, StochasticDrawsAreKeyedByIndex)
{
    const auto rounder = FloatRounder::make(namedFormat("bf16"), RoundingMode::Stochastic);
    const std::vector<float> in = inputs();
    std::vector<float> whole(in.size());
    std::vector<float> pieces(in.size());
    rounder->round(in, whole, 9, 0);
    const std::size_t cut = in.size() / 3;
    rounder->round(std::span(in).first(cut), std::span(pieces).first(cut), 9, 0);
    rounder->round(std::span(in).subspan(cut), std::span(pieces).subspan(cut), 9, cut);
    EXPECT_EQ(0, std::memcmp(whole.data(), pieces.data(), in.size() * sizeof(float)));
}

// 1 + 2^-10 in bf16 lies an eighth of the way to the next value (2^-7 above 1): stochastic rounding
// goes up an eighth of the time, so that the mean of many roundings is the input.
TEST(FloatRounder, StochasticRoundingIsUnbiased)
{
    const auto rounder = FloatRounder::make(namedFormat("bf16"), RoundingMode::Stochastic);
    std::vector<float> x(1 << 16, 1.0f + 0x1p-10f);
    std::vector<float> y(x.size());
    rounder->round(x, y, 1, 0);
    double up = 0;
    for (const float v : y)
        up += v == 1.0f + 0x1p-7f ? 1 : 0;
    EXPECT_NEAR(up / static_cast<double>(y.size()), 0.125, 0.005);
}

TEST(FloatRounder, RefusesFormatsWhoseValuesLeaveFp32)
{
    EXPECT_FALSE(FloatRounder::make(namedFormat("fp64")));
    EXPECT_TRUE(FloatRounder::make(namedFormat("fp32"))->identity());
    EXPECT_FALSE(FloatRounder::make(namedFormat("bf16"))->identity());
}

}  // namespace
}  // namespace floatscope
