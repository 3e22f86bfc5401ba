// Named after the trap each one would have caught, and the lecture notes' demos users will check.
#include <gtest/gtest.h>

#include "TestSupport.h"
#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"
#include "core/round/Route.h"

namespace floatscope {
namespace {

using test::roundText;
using test::value;
using test::withMode;

TEST(Regression, DoubleRounding)
{
    // 1 + 2^-8 + 2^-30 lies just above the bf16 midpoint 1 + 2^-8: directly it rounds up to
    // 1.0078125; through fp32 the 2^-30 is lost first, leaving an exact tie that goes to even, 1.0.
    const ExactValue x = value("0x1.01000004p0");
    const Format& bf16 = namedFormat("bf16");
    const RoutedResult r = roundRouted(x, bf16, Route::ViaFp32);
    EXPECT_EQ(r.direct.code, 0x3F81u);
    EXPECT_EQ(exactDecimal(decode(bf16, r.direct.code).value), "1.0078125");
    EXPECT_EQ(r.result.code, 0x3F80u);
    EXPECT_TRUE(r.doubleRounding);
    EXPECT_FALSE(roundRouted(x, bf16, Route::ViaFp64).doubleRounding);
}

TEST(Regression, OverflowAfterRounding)
{
    const RoundOptions noSat = withMode(RoundingMode::NearestEven, OverflowPolicy::NonSaturating);
    EXPECT_EQ(roundText("464", "e4m3fn", noSat), 0x7Eu);  // tie between 448 and 480: even 448
    EXPECT_EQ(roundText("465", "e4m3fn", noSat), 0x7Fu);  // nearer 480, which is past the max: NaN
    EXPECT_EQ(roundText("-465", "e4m3fn", noSat), 0xFFu);
    const RoundOptions sat = withMode(RoundingMode::NearestEven, OverflowPolicy::Saturate);
    EXPECT_EQ(roundText("465", "e4m3fn", sat), 0x7Eu);
    EXPECT_EQ(roundText("1e9", "e4m3fn", sat), 0x7Eu);
}

TEST(Regression, Fp16OverflowAt65520)
{
    EXPECT_EQ(roundText("65519.999", "fp16"), 0x7BFFu);
    EXPECT_EQ(roundText("65520", "fp16"), 0x7C00u);  // halfway to 65536 (= inf): ties to even
    EXPECT_EQ(roundText("65520", "fp16", withMode(RoundingMode::TowardZero)), 0x7BFFu);
    EXPECT_EQ(roundText("70000", "fp16"), 0x7C00u);
}

TEST(Regression, UnderflowTieToZero)
{
    const RoundResult r = roundExact(value("0x1p-25"), namedFormat("fp16"));
    EXPECT_EQ(r.code, 0x0000u);
    EXPECT_EQ(r.flags & (kInexact | kTie | kUnderflow), kInexact | kTie | kUnderflow);
    EXPECT_EQ(roundText("0x1.000002p-25", "fp16"), 0x0001u);
    EXPECT_EQ(roundText("-0x1p-25", "fp16"), 0x8000u);
}

TEST(Regression, MaxSubnormalCarriesToMinNormal)
{
    // fp16 max subnormal is 0x03FF = 1023 * 2^-24; halfway to 2^-14 rounds up into the normal range.
    // 0x1.ffcp-15 = 1023.5 * 2^-24, the exact midpoint: ties to the even code 0x0400.
    EXPECT_EQ(roundText("0x1.ffcp-15", "fp16"), 0x0400u);
    EXPECT_EQ(roundText("0x1.ffbfffp-15", "fp16"), 0x03FFu);
    // e4m3fn max subnormal 7 * 2^-9; the midpoint 7.5 * 2^-9 = 0x1.ep-7 ties to 0x08 = 2^-6.
    EXPECT_EQ(roundText("0x1.ep-7", "e4m3fn"), 0x08u);
    EXPECT_EQ(decode(namedFormat("e4m3fn"), 0x08).valueClass, ValueClass::Normal);
}

TEST(Regression, NegativeZero)
{
    EXPECT_EQ(roundText("-0", "fp32"), 0x80000000u);
    EXPECT_EQ(roundText("-0", "bf16"), 0x8000u);
    EXPECT_EQ(roundText("-0", "e4m3fn"), 0x80u);
    EXPECT_EQ(roundText("-1e-30", "fp16"), 0x8000u);
    EXPECT_EQ(roundText("-0", "e2m1"), 0x8u);
}

TEST(Regression, FnuzNegativeTinyIsPlusZero)
{
    EXPECT_EQ(roundText("-1e-30", "e4m3fnuz"), 0x00u);  // 0x80 would be NaN
    EXPECT_EQ(roundText("-0", "e4m3fnuz"), 0x00u);
    EXPECT_EQ(roundText("-0", "e5m2fnuz"), 0x00u);
    EXPECT_EQ(roundText("-1", "e4m3fnuz"), 0xC0u);
}

TEST(Regression, E8m0HasNoZero)
{
    const RoundResult zero = roundExact(value("0"), namedFormat("e8m0"));
    EXPECT_EQ(zero.code, 0x00u);  // 2^-127, the smallest value
    EXPECT_NE(zero.flags & kUnderflow, 0);
    EXPECT_EQ(roundText("1e-60", "e8m0", withMode(RoundingMode::TowardZero)), 0x00u);
    EXPECT_EQ(roundText("1", "e8m0"), 0x7Fu);
    EXPECT_EQ(roundText("-1", "e8m0"), 0xFFu);  // no sign: NaN
    EXPECT_EQ(decode(namedFormat("e8m0"), 0x00).valueClass, ValueClass::Normal);
}

// The lecture notes' demos (../shared/lecture-notes).
TEST(LectureNotes, Bf16Of257IsTieToEven256)
{
    const RoundResult r = roundExact(value("257"), namedFormat("bf16"));
    EXPECT_EQ(r.code, 0x4380u);
    EXPECT_EQ(r.flags & kTie, kTie);
    EXPECT_EQ(exactDecimal(decode(namedFormat("bf16"), r.code).value), "256");
}

TEST(LectureNotes, PointOneInFp32AndBf16)
{
    EXPECT_EQ(roundText("0.1", "fp32"), 0x3DCCCCCDu);
    EXPECT_EQ(roundText("0.1", "bf16"), 0x3DCDu);
    EXPECT_EQ(exactDecimal(decode(namedFormat("bf16"), 0x3DCD).value), "0.10009765625");
}

TEST(LectureNotes, Fp16RangeEnds)
{
    EXPECT_EQ(roundText("70000", "fp16"), 0x7C00u);                       // inf
    EXPECT_EQ(roundText("1e-8", "fp16"), 0x0000u);                        // flushed to zero
    EXPECT_EQ(decode(namedFormat("fp16"), roundText("1e-6", "fp16")).valueClass, ValueClass::Subnormal);
    EXPECT_EQ(namedFormat("fp16").binades(), 40);                          // "40 powers of two"
}

}  // namespace
}  // namespace floatscope
