#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "TestSupport.h"
#include "core/round/Route.h"

namespace floatscope {
namespace {

using test::roundText;
using test::value;
using test::withMode;
using M = RoundingMode;
using O = OverflowPolicy;

TEST(Modes, OnBothSidesOfZero)
{
    // 1 + 2^-11 + 2^-12 in fp16 (ulp 2^-10): 0.75 ulp above 1.
    const char* x = "0x1.003p0";
    EXPECT_EQ(roundText(x, "fp16", withMode(M::NearestEven)), 0x3C01u);
    EXPECT_EQ(roundText(x, "fp16", withMode(M::NearestAway)), 0x3C01u);
    EXPECT_EQ(roundText(x, "fp16", withMode(M::TowardZero)), 0x3C00u);
    EXPECT_EQ(roundText(x, "fp16", withMode(M::Up)), 0x3C01u);
    EXPECT_EQ(roundText(x, "fp16", withMode(M::Down)), 0x3C00u);
    EXPECT_EQ(roundText(x, "fp16", withMode(M::ToOdd)), 0x3C01u);
    const char* y = "-0x1.003p0";
    EXPECT_EQ(roundText(y, "fp16", withMode(M::Up)), 0xBC00u);
    EXPECT_EQ(roundText(y, "fp16", withMode(M::Down)), 0xBC01u);
    EXPECT_EQ(roundText(y, "fp16", withMode(M::TowardZero)), 0xBC00u);
}

TEST(Modes, TiesEvenAwayAndOdd)
{
    // 1 + 2^-11 is halfway between 1 (even) and 1 + 2^-10 (odd).
    EXPECT_EQ(roundText("0x1.002p0", "fp16", withMode(M::NearestEven)), 0x3C00u);
    EXPECT_EQ(roundText("0x1.002p0", "fp16", withMode(M::NearestAway)), 0x3C01u);
    EXPECT_EQ(roundText("0x1.002p0", "fp16", withMode(M::ToOdd)), 0x3C01u);
    EXPECT_EQ(roundText("0x1.00ap0", "fp16", withMode(M::ToOdd)), 0x3C03u);  // 2.5 ulp: 0x3C02 jammed odd
    // e8m0 has no mantissa: "even" is the exponent field's parity. 3 = 1.5 * 2: halfway 2 .. 4.
    EXPECT_EQ(roundText("3", "e8m0", withMode(M::NearestEven)), 0x80u);  // 2 (field 128, even)
    EXPECT_EQ(roundText("6", "e8m0", withMode(M::NearestEven)), 0x82u);  // 8 (field 130, even)
}

TEST(Flags, EveryKind)
{
    EXPECT_EQ(roundExact(value("1"), namedFormat("fp16")).flags, 0);
    EXPECT_EQ(roundExact(value("0.1"), namedFormat("fp16")).flags, kInexact);
    EXPECT_EQ(roundExact(value("257"), namedFormat("bf16")).flags, kInexact | kTie);
    EXPECT_EQ(roundExact(value("1e-6"), namedFormat("fp16")).flags, kInexact | kUnderflow);
    EXPECT_EQ(roundExact(value("1e5"), namedFormat("fp16")).flags, kInexact | kOverflow);
    EXPECT_EQ(roundExact(value("nan"), namedFormat("e2m1")).flags, kInvalid);
    EXPECT_EQ(roundExact(value("-2"), namedFormat("e8m0")).flags, kInvalid);
    // Exactly representable subnormal: tiny but exact, so no underflow flag (IEEE 754 7.5).
    EXPECT_EQ(roundExact(value("0x1p-24"), namedFormat("fp16")).flags, 0);
}

TEST(Overflow, PolicyAndDirection)
{
    EXPECT_EQ(roundText("1e6", "fp16", withMode(M::NearestEven, O::Saturate)), 0x7BFFu);
    EXPECT_EQ(roundText("1e6", "fp16", withMode(M::TowardZero, O::NonSaturating)), 0x7BFFu);
    EXPECT_EQ(roundText("1e6", "fp16", withMode(M::Down, O::NonSaturating)), 0x7BFFu);
    EXPECT_EQ(roundText("-1e6", "fp16", withMode(M::Down, O::NonSaturating)), 0xFC00u);
    EXPECT_EQ(roundText("-1e6", "fp16", withMode(M::Up, O::NonSaturating)), 0xFBFFu);
    EXPECT_EQ(roundText("1e6", "fp16", withMode(M::ToOdd, O::NonSaturating)), 0x7BFFu);
    // e4m3fn: round to odd past 448 would set the NaN code's last bit; it saturates instead.
    EXPECT_EQ(roundText("450", "e4m3fn", withMode(M::ToOdd, O::NonSaturating)), 0x7Eu);
    EXPECT_EQ(roundText("1e6", "e5m2fnuz"), 0x80u);
    EXPECT_EQ(roundText("-1e6", "e5m2fnuz", withMode(M::NearestEven, O::Saturate)), 0xFFu);
    EXPECT_EQ(roundText("100", "e2m1", withMode(M::NearestEven, O::NonSaturating)), 0x7u);  // no inf, no NaN
    EXPECT_EQ(roundText("1e39", "e8m0", withMode(M::NearestEven, O::NonSaturating)), 0xFFu);
    EXPECT_EQ(roundText("1e39", "e8m0"), 0xFEu);  // e8m0 saturates by default (MX scale clamp)
}

TEST(Specials, InfinityPerConvention)
{
    EXPECT_EQ(roundText("inf", "fp16"), 0x7C00u);
    EXPECT_EQ(roundText("-inf", "e5m2"), 0xFCu);
    EXPECT_EQ(roundText("-inf", "e5m2", withMode(M::NearestEven, O::Saturate)), 0xFBu);  // as __NV_SATFINITE
    EXPECT_EQ(roundText("inf", "e4m3fn"), 0x7Fu);
    EXPECT_EQ(roundText("-inf", "e4m3fn"), 0xFFu);
    EXPECT_EQ(roundText("inf", "e4m3fn", withMode(M::NearestEven, O::Saturate)), 0x7Eu);
    EXPECT_EQ(roundText("-inf", "e4m3fnuz"), 0x80u);
    EXPECT_EQ(roundText("-inf", "e2m1"), 0xFu);
    EXPECT_EQ(roundText("inf", "e8m0", withMode(M::NearestEven, O::NonSaturating)), 0xFFu);
}

TEST(Specials, NanPerConvention)
{
    EXPECT_EQ(roundText("nan", "fp16"), 0x7E00u);
    EXPECT_EQ(roundText("-nan", "bf16"), 0xFFC0u);
    EXPECT_EQ(roundText("-nan", "e4m3fn"), 0xFFu);
    EXPECT_EQ(roundText("nan", "e5m2"), 0x7Eu);
    EXPECT_EQ(roundText("-nan", "e4m3fnuz"), 0x80u);
    EXPECT_EQ(roundText("nan", "e8m0"), 0xFFu);
    EXPECT_EQ(roundText("-nan", "e3m2"), 0x1Fu);  // +max, as NVIDIA's fp6 conversion does
    // Payload: fp32 0x7FA5A5A5 (signalling) keeps its top bits and becomes quiet, as F16C does.
    EXPECT_EQ(roundText("fp32:0x7FA5A5A5", "fp16"), 0x7F2Du);
    EXPECT_EQ(roundText("fp32:0xFFA5A5A5", "bf16"), 0xFFE5u);
}

TEST(Stochastic, CountsRoundUpsExactly)
{
    // x = 1 + 0.3125 ulp in fp16; with r = 4 random bits, F = floor(0.3125 * 16) = 5: 5 of the 16
    // draws round up.
    const ExactValue x = value("0x1.0014p0");
    int ups = 0;
    for (std::uint64_t random = 0; random < 16; ++random) {
        RoundOptions o = withMode(M::Stochastic);
        o.randomBits = 4;
        o.random = random;
        ups += roundExact(x, namedFormat("fp16"), o).code == 0x3C01u ? 1 : 0;
    }
    EXPECT_EQ(ups, 5);
}

TEST(Stochastic, SeededSourceIsReproducibleAndUnbiased)
{
    const ExactValue x = value("0x1.0014p0");  // 1 + 0.3125 * 2^-10
    StochasticSource a(42);
    StochasticSource b(42);
    int ups = 0;
    constexpr int kDraws = 20000;
    for (int i = 0; i < kDraws; ++i) {
        const std::uint64_t ca = roundExact(x, namedFormat("fp16"), a.next()).code;
        EXPECT_EQ(ca, roundExact(x, namedFormat("fp16"), b.next()).code);
        ups += ca == 0x3C01u ? 1 : 0;
    }
    EXPECT_NEAR(static_cast<double>(ups) / kDraws, 0.3125, 0.015);  // > 4 standard deviations
}

TEST(Names, RoundingModesAndRoutes)
{
    for (const M m : {M::NearestEven, M::NearestAway, M::TowardZero, M::Up, M::Down, M::ToOdd, M::Stochastic})
        EXPECT_EQ(parseRoundingMode(toString(m)), m);
    EXPECT_EQ(parseRoundingMode("rne"), M::NearestEven);
    EXPECT_EQ(parseRoundingMode("sr"), M::Stochastic);
    EXPECT_FALSE(parseRoundingMode("banker"));
    EXPECT_EQ(parseRoute("fp32"), Route::ViaFp32);
    EXPECT_FALSE(parseRoute("fp16"));
}

TEST(Routes, ViaFp64MatchesWhatADoubleLiteralDoes)
{
    // 0.1 -> double -> bf16 agrees with direct; 1 + 2^-8 + 2^-60 does not survive the double.
    EXPECT_FALSE(roundRouted(value("0.1"), namedFormat("bf16"), Route::ViaFp64).doubleRounding);
    EXPECT_TRUE(roundRouted(value("0x1.01000000000000001p0"), namedFormat("bf16"), Route::ViaFp64).doubleRounding);
}

TEST(NearestDouble, RoundsToNearestNotTowardZero)
{
    EXPECT_EQ(nearestDouble(value("0.06")), 0.06);
    EXPECT_EQ(nearestDouble(value("1e-5")), 1e-5);
    EXPECT_EQ(nearestDouble(value("0.1")), 0.1);
    EXPECT_EQ(nearestDouble(value("-2.5")), -2.5);
    EXPECT_EQ(nearestDouble(value("1e400")), std::numeric_limits<double>::infinity());
    EXPECT_TRUE(std::isnan(nearestDouble(value("nan"))));
}

TEST(Unpack, DoubleAndFloatAreExact)
{
    for (const double d : {0.1, -3.5, 1e-310, 5e-324, 1.7976931348623157e308}) {
        const RoundResult r = roundToFormat(unpackDouble(d), namedFormat("fp64"));
        EXPECT_EQ(r.code, std::bit_cast<std::uint64_t>(d));
        EXPECT_EQ(r.flags, 0);
    }
    const RoundResult f = roundToFormat(unpackFloat(1e-45f), namedFormat("fp32"));
    EXPECT_EQ(f.code, 1u);
}

}  // namespace
}  // namespace floatscope
