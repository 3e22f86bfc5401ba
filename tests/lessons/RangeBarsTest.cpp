// Range bars and storage zones: the formats' ranges as the specs give them, and the zone of a
// stored value at every rounding boundary, derived here from IEEE 754's nearest-even rule.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/format/Registry.h"
#include "core/lessons/RangeBars.h"
#include "LessonsTestSupport.h"

namespace floatscope {
namespace {

using test::value;

TEST(RangeBars, Fp16Bf16Fp32AsTheSpecsGiveThem)
{
    // IEEE 754-2019 Table 3.5 (binary16, binary32); bfloat16 is binary32's top half.
    const RangeBar fp16 = rangeBar(namedFormat("fp16"));
    EXPECT_EQ(fp16.minSubnormal, (Dyadic{false, 1, -24}));
    EXPECT_EQ(fp16.minNormal, (Dyadic{false, 1, -14}));
    EXPECT_EQ(fp16.maxFinite, (Dyadic{false, 65504, 0}));
    EXPECT_EQ(fp16.log2MinSubnormal, -24);
    EXPECT_EQ(fp16.log2MinNormal, -14);
    EXPECT_DOUBLE_EQ(fp16.log2MaxFinite, std::log2(65504.0));
    EXPECT_EQ(fp16.binades, 40);  // the BF16 lesson: "a window only 40 powers of two wide"
    EXPECT_EQ(fp16.normalBinades, 30);

    const RangeBar bf16 = rangeBar(namedFormat("bf16"));
    const RangeBar fp32 = rangeBar(namedFormat("fp32"));
    EXPECT_EQ(bf16.minNormal, fp32.minNormal);  // "the same range as fp32"
    EXPECT_EQ(bf16.log2MinSubnormal, -133);
    EXPECT_EQ(fp32.log2MinSubnormal, -149);
    EXPECT_DOUBLE_EQ(bf16.log2MaxFinite, std::log2(3.3895313892515355e38));
    EXPECT_DOUBLE_EQ(fp32.log2MaxFinite, std::log2(static_cast<double>(std::numeric_limits<float>::max())));

    const RangeBar e8m0 = rangeBar(namedFormat("e8m0"));
    EXPECT_FALSE(e8m0.hasSubnormals);
    EXPECT_EQ(e8m0.log2MinSubnormal, -127);
    EXPECT_EQ(e8m0.log2MaxFinite, 127);
}

TEST(StorageZones, TheBf16LessonsExamples)
{
    const Format& fp16 = namedFormat("fp16");
    const Format& bf16 = namedFormat("bf16");
    // the BF16 lesson: "fp16(1e-8) = 0 ... one is zero, the other a normal number"; "fp16(70000) = inf".
    EXPECT_EQ(storageZone(fp16, value("1e-8")), StorageZone::Underflow);
    EXPECT_EQ(storageZone(bf16, value("1e-8")), StorageZone::Normal);
    EXPECT_EQ(storageZone(fp16, value("70000")), StorageZone::Overflow);
    EXPECT_EQ(storageZone(fp16, value("1e-6")), StorageZone::Subnormal);  // "eps is a subnormal in fp16"
    EXPECT_EQ(storageZone(bf16, value("1e-6")), StorageZone::Normal);
    EXPECT_EQ(storageZone(namedFormat("e4m3fn"), value("500")), StorageZone::Overflow);  // NaN
    EXPECT_EQ(storageZone(namedFormat("e2m1"), value("100")), StorageZone::Overflow);    // saturated to 6
    EXPECT_EQ(storageZone(namedFormat("e8m0"), value("1e-50")), StorageZone::Underflow);  // clamped to 2^-127
    EXPECT_EQ(storageZone(namedFormat("e8m0"), value("-1")), StorageZone::Invalid);
    EXPECT_EQ(storageZone(fp16, value("nan")), StorageZone::Invalid);
    EXPECT_EQ(storageZone(fp16, value("-0")), StorageZone::Zero);
    EXPECT_EQ(storageZone(fp16, value("-inf")), StorageZone::Overflow);
}

TEST(StorageZones, Fp16BoundariesRoundToNearestEven)
{
    const Format& fp16 = namedFormat("fp16");
    const double halfMinSub = std::ldexp(1.0, -25);
    // Half the smallest subnormal is a tie between 0 (even) and 2^-24 (odd): it goes to 0.
    EXPECT_EQ(storageZone(fp16, halfMinSub), StorageZone::Underflow);
    EXPECT_EQ(storageZone(fp16, std::nextafter(halfMinSub, 1.0)), StorageZone::Subnormal);
    // Between the largest subnormal (mantissa all ones, odd) and 2^-14 (even) the tie goes up.
    const double midpoint = std::ldexp(1.0, -14) - halfMinSub;
    EXPECT_EQ(storageZone(fp16, midpoint), StorageZone::Normal);
    EXPECT_EQ(storageZone(fp16, std::nextafter(midpoint, 0.0)), StorageZone::Subnormal);
    // 65504 has mantissa all ones: 65520, halfway to 2^16, rounds away and overflows.
    EXPECT_EQ(storageZone(fp16, 65520.0), StorageZone::Overflow);
    EXPECT_EQ(storageZone(fp16, std::nextafter(65520.0, 0.0)), StorageZone::Normal);
    EXPECT_EQ(storageZone(fp16, -65520.0), StorageZone::Overflow);
    // e4m3fn's 448 is even: 464 ties back to it; anything above overflows.
    EXPECT_EQ(storageZone(namedFormat("e4m3fn"), 464.0), StorageZone::Normal);
    EXPECT_EQ(storageZone(namedFormat("e4m3fn"), std::nextafter(464.0, 1000.0)), StorageZone::Overflow);
}

TEST(StorageZones, CountsAndShares)
{
    const std::vector<double> values = {0.0, 1e-8, 1e-6, 1.0, -2.0, 70000.0, 1e-9, 3e-5};
    const ZoneCounts c = classifyValues(namedFormat("fp16"), values);
    EXPECT_EQ(c.total, 8);
    EXPECT_EQ(c[StorageZone::Zero], 1);
    EXPECT_EQ(c[StorageZone::Underflow], 2);
    EXPECT_EQ(c[StorageZone::Subnormal], 2);
    EXPECT_EQ(c[StorageZone::Normal], 2);
    EXPECT_EQ(c[StorageZone::Overflow], 1);
    EXPECT_DOUBLE_EQ(c.share(StorageZone::Underflow), 2.0 / 7.0);  // of the nonzero inputs
    EXPECT_EQ(ZoneCounts{}.share(StorageZone::Normal), 0.0);
}

TEST(Log2Histogram, BinsOnTheLog2Axis)
{
    const std::vector<double> values = {1.0, 1.5, 2.0, -3.0, 0.25, 0.0, HUGE_VAL, std::nan("")};
    const Log2Histogram h = log2Histogram(values);
    // log2: 0, 0.58, 1, 1.58, -2 -> bins [-2,-1) [-1,0) [0,1) [1,2)
    EXPECT_EQ(h.firstEdge, -2);
    EXPECT_EQ(h.counts, (std::vector<std::int64_t>{1, 0, 2, 2}));
    EXPECT_EQ(h.zeros, 1);
    EXPECT_EQ(h.nonFinite, 2);

    const Log2Histogram half = log2Histogram(values, 0.5);
    EXPECT_EQ(half.firstEdge, -2);
    EXPECT_EQ(half.counts, (std::vector<std::int64_t>{1, 0, 0, 0, 1, 1, 1, 1}));
    EXPECT_TRUE(log2Histogram(std::vector<double>{0.0}).counts.empty());
}

}  // namespace
}  // namespace floatscope
