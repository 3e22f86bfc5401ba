// The bit lab's breakdown (core/inspect/Breakdown): the formula's terms against the textbook
// formula evaluated in double from the raw bit fields, and the guard and sticky bits against the
// bits of an fp32 or fp64 input read with memcpy and against hand-worked examples.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>

#include "core/format/Codec.h"
#include "core/inspect/Breakdown.h"
#include "core/inspect/Inspection.h"
#include "TestSupport.h"

namespace floatscope {
namespace {

using test::value;
using test::withMode;

double parsed(const std::string& text) { return std::strtod(text.c_str(), nullptr); }

// (-1)^s * 2^(e - bias) * (1 + m / 2^M), or 2^(1 - bias) * (m / 2^M) for e = 0, evaluated in double
// from the code's bits as the lesson's formula reads them. Exact for every code of 16 bits or fewer.
double textbookValue(const Format& f, std::uint64_t code)
{
    const int m = f.mantissaBits();
    const std::uint64_t mantissa = code & ((std::uint64_t{1} << m) - 1);
    const auto exponent = static_cast<int>((code >> m) & ((std::uint64_t{1} << f.exponentBits()) - 1));
    const bool negative = f.signBits() == 1 && ((code >> (f.totalBits() - 1)) & 1) != 0;
    const bool subnormal = exponent == 0 && f.convention() != Convention::Unsigned;
    const double significand = (subnormal ? 0.0 : 1.0) + std::ldexp(static_cast<double>(mantissa), -m);
    const double magnitude = std::ldexp(significand, (subnormal ? 1 : exponent) - f.bias());
    return negative ? -magnitude : magnitude;
}

TEST(Formula, EveryFiniteCodeOfEverySmallFormatEvaluatesToItsValue)
{
    for (const Format& f : namedFormats()) {
        if (f.totalBits() > 16)
            continue;
        for (std::uint64_t code = 0; code <= f.codeMask(); ++code) {
            const FormulaTerms t = formulaTerms(f, code);
            const ValueClass c = f.classify(code);
            if (c == ValueClass::NaN || c == ValueClass::Infinite) {
                EXPECT_EQ(t.shape, FormulaShape::NotFinite) << f.name() << " " << code;
                continue;
            }
            SCOPED_TRACE(f.name() + " code " + std::to_string(code));
            const double expected = textbookValue(f, code);
            EXPECT_EQ(parsed(t.value), expected);
            EXPECT_EQ(t.value, codeValueText(f, code));
            EXPECT_EQ(parsed(t.powerValue), std::ldexp(1.0, static_cast<int>(t.power)));
            const double sign = t.sign != 0 ? -1.0 : 1.0;
            EXPECT_EQ(sign * parsed(t.powerValue) * parsed(t.significandValue), expected);
            EXPECT_EQ(parsed(t.significandValue) - parsed(t.fractionValue), t.shape == FormulaShape::Normal ? 1.0 : 0.0);
        }
    }
}

TEST(Formula, Fp32FieldsOfOneTenth)
{
    // 0x3dcccccd: e = 123, m = 0x4ccccd; 2^-4 * (1 + 5033165/2^23).
    const FormulaTerms t = formulaTerms(namedFormat("fp32"), 0x3dcccccd);
    EXPECT_EQ(t.shape, FormulaShape::Normal);
    EXPECT_EQ(t.exponentField, 123u);
    EXPECT_EQ(t.bias, 127);
    EXPECT_EQ(t.mantissaField, 0x4ccccdu);
    EXPECT_EQ(t.power, -4);
    EXPECT_EQ(t.powerValue, "0.0625");
    EXPECT_EQ(t.fractionValue, "0.60000002384185791015625");
    EXPECT_EQ(t.significandValue, "1.60000002384185791015625");
    EXPECT_EQ(t.value, "0.100000001490116119384765625");
}

TEST(Formula, SubnormalUsesTheSmallestNormalExponentAndNoHiddenBit)
{
    // fp16 0x0011 = 17 * 2^-24: 2^-14 * (0 + 17/1024).
    const FormulaTerms t = formulaTerms(namedFormat("fp16"), 0x0011);
    EXPECT_EQ(t.shape, FormulaShape::Subnormal);
    EXPECT_EQ(t.power, -14);
    EXPECT_EQ(t.significandValue, "0.0166015625");
    EXPECT_EQ(parsed(t.value), std::ldexp(17.0, -24));
}

TEST(Formula, E8m0HasNoSignAndNoMantissa)
{
    const FormulaTerms t = formulaTerms(namedFormat("e8m0"), 0);
    EXPECT_FALSE(t.hasSign);
    EXPECT_EQ(t.mantissaBits, 0);
    EXPECT_EQ(t.shape, FormulaShape::Normal);  // field 0 is 2^-127, not a subnormal
    EXPECT_EQ(t.power, -127);
}

TEST(Formula, Fp64ExtremesAreExact)
{
    const Format& f = namedFormat("fp64");
    const FormulaTerms tiny = formulaTerms(f, 1);  // 2^-1074
    EXPECT_EQ(tiny.power, -1022);
    EXPECT_EQ(parsed(tiny.value), std::ldexp(1.0, -1074));
    EXPECT_EQ(tiny.value.size(), 2u + 1074u);  // "0." and 1074 decimals (2^-n has n)
    const FormulaTerms huge = formulaTerms(f, 0x7fefffffffffffff);
    EXPECT_EQ(huge.power, 1023);
    EXPECT_EQ(parsed(huge.value), 0x1.fffffffffffffp1023);
}

// The BF16 lesson's bit lab: fp32 0x3DCCCCCD to bf16 keeps 0x3DCC and discards the low 16 bits
// 0xCCCD, more than half, so it goes up to 0x3DCD.
TEST(DiscardedBits, BitLabOneTenthThroughFp32)
{
    const Inspection r = inspect(value("0.1"), namedFormat("bf16"), {}, Route::ViaFp32);
    ASSERT_TRUE(r.discarded);
    EXPECT_EQ(r.discarded->discarded, "1100110011001101");
    EXPECT_FALSE(r.discarded->moreDiscarded);
    EXPECT_EQ(r.discarded->keptMantissa, 0x4cu);  // 0x3DCC's mantissa field
    EXPECT_TRUE(r.discarded->guard);
    EXPECT_TRUE(r.discarded->sticky);
    EXPECT_EQ(r.discarded->decision, GuardDecision::AboveHalf);
    EXPECT_TRUE(r.discarded->awayFromZero);
    EXPECT_EQ(r.code, 0x3dcdu);
}

TEST(DiscardedBits, DirectOneTenthHasEndlessDiscardedBits)
{
    const Inspection r = inspect(value("0.1"), namedFormat("bf16"));
    ASSERT_TRUE(r.discarded);
    EXPECT_EQ(r.discarded->discarded.size(), static_cast<std::size_t>(DiscardedBits::kShownBits));
    EXPECT_EQ(r.discarded->discarded.substr(0, 8), "11001100");
    EXPECT_TRUE(r.discarded->moreDiscarded);
}

// Random fp32 values rounded directly to bf16: the kept bits are fp32's bits 22..16, the guard
// bit 15, sticky the OR of bits 14..0; nearest-even goes up iff guard and (sticky or bit 16).
TEST(DiscardedBits, Fp32ToBf16AgainstTheBitsOfTheInput)
{
    const Format& bf16 = namedFormat("bf16");
    std::mt19937 random(7);
    std::uniform_int_distribution<std::uint32_t> bits(0x00800000u, 0x7f7effffu);  // normal, below bf16's top
    for (int i = 0; i < 3000; ++i) {
        const std::uint32_t u = bits(random);
        float x;
        std::memcpy(&x, &u, sizeof x);
        const Inspection r = inspect(ExactValue::fromDouble(x), bf16);
        const bool guard = ((u >> 15) & 1) != 0;
        const bool sticky = (u & 0x7fff) != 0;
        if (!guard && !sticky) {
            EXPECT_FALSE(r.discarded) << std::hex << u;
            continue;
        }
        ASSERT_TRUE(r.discarded) << std::hex << u;
        const DiscardedBits& d = *r.discarded;
        std::string low;
        for (int b = 15; b >= 0; --b)
            low += ((u >> b) & 1) != 0 ? '1' : '0';
        low.erase(low.find_last_not_of('0') + 1);
        EXPECT_EQ(d.discarded, low) << std::hex << u;
        EXPECT_EQ(d.guard, guard);
        EXPECT_EQ(d.sticky, sticky);
        EXPECT_EQ(d.keptMantissa, (u >> 16) & 0x7f);
        EXPECT_EQ(d.keptOdd, ((u >> 16) & 1) != 0);
        const bool up = guard && (sticky || ((u >> 16) & 1) != 0);
        EXPECT_EQ(d.awayFromZero, up) << std::hex << u;
        EXPECT_EQ(r.code, (u >> 16) + (up ? 1u : 0u)) << std::hex << u;
    }
}

// Random doubles to fp16's normal range: 52 - 10 = 42 discarded bits, guard bit 41.
TEST(DiscardedBits, Fp64ToFp16AgainstTheBitsOfTheInput)
{
    const Format& fp16 = namedFormat("fp16");
    std::mt19937_64 random(11);
    std::uniform_real_distribution<double> magnitude(std::ldexp(1.0, -14), 65000.0);
    for (int i = 0; i < 2000; ++i) {
        const double x = magnitude(random);
        std::uint64_t u;
        std::memcpy(&u, &x, sizeof u);
        const Inspection r = inspect(ExactValue::fromDouble(x), fp16, withMode(RoundingMode::TowardZero));
        ASSERT_TRUE(r.discarded);
        const DiscardedBits& d = *r.discarded;
        EXPECT_EQ(d.guard, ((u >> 41) & 1) != 0);
        EXPECT_EQ(d.sticky, (u & ((std::uint64_t{1} << 41) - 1)) != 0);
        EXPECT_EQ(d.keptMantissa, (u >> 42) & 0x3ff);
        EXPECT_TRUE(d.keptNormal);
        EXPECT_EQ(d.decision, GuardDecision::Truncate);
        EXPECT_FALSE(d.awayFromZero);
        EXPECT_EQ(d.moreDiscarded, (u & ((std::uint64_t{1} << (42 - DiscardedBits::kShownBits)) - 1)) != 0);
    }
}

// Worked by hand. 1e-6 / 2^-24 = 16.777216: fp16 keeps the subnormal 16/1024, discards 0.777216
// of an ulp (guard 1, sticky 1) and goes up to 17 * 2^-24.
TEST(DiscardedBits, SubnormalOneMillionth)
{
    const Inspection r = inspect(value("1e-6"), namedFormat("fp16"));
    ASSERT_TRUE(r.discarded);
    EXPECT_FALSE(r.discarded->keptNormal);
    EXPECT_EQ(r.discarded->keptMantissa, 16u);
    EXPECT_TRUE(r.discarded->guard);
    EXPECT_TRUE(r.discarded->sticky);
    EXPECT_EQ(r.discarded->decision, GuardDecision::AboveHalf);
    EXPECT_EQ(r.code, 0x0011u);
}

TEST(DiscardedBits, TiesSettleByTheLastKeptBit)
{
    const Format& bf16 = namedFormat("bf16");
    const Inspection keeps = inspect(value("257"), bf16);  // 256 = 1.0000000 x 2^8, last bit 0
    ASSERT_TRUE(keeps.discarded);
    EXPECT_EQ(keeps.discarded->discarded, "1");
    EXPECT_TRUE(keeps.discarded->guard);
    EXPECT_FALSE(keeps.discarded->sticky);
    EXPECT_EQ(keeps.discarded->decision, GuardDecision::TieKeepsEven);
    EXPECT_EQ(keeps.value, "256");
    const Inspection moves = inspect(value("259"), bf16);  // 258 = 1.0000001 x 2^8, last bit 1
    ASSERT_TRUE(moves.discarded);
    EXPECT_EQ(moves.discarded->decision, GuardDecision::TieToEven);
    EXPECT_EQ(moves.value, "260");
    const Inspection away = inspect(value("257"), bf16, withMode(RoundingMode::NearestAway));
    EXPECT_EQ(away.discarded->decision, GuardDecision::TieAway);
    EXPECT_EQ(away.value, "258");
}

// e8m0 has no mantissa: "even" is the exponent field's last bit (3 -> 2, field 128; 6 -> 8).
TEST(DiscardedBits, E8m0TiesGoToTheEvenExponentField)
{
    const Format& e8m0 = namedFormat("e8m0");
    const Inspection three = inspect(value("3"), e8m0);
    ASSERT_TRUE(three.discarded);
    EXPECT_EQ(three.discarded->decision, GuardDecision::TieKeepsEven);
    EXPECT_EQ(three.value, "2");
    const Inspection six = inspect(value("6"), e8m0);
    EXPECT_EQ(six.discarded->decision, GuardDecision::TieToEven);
    EXPECT_EQ(six.value, "8");
    EXPECT_FALSE(inspect(value("1e-40"), e8m0).discarded);  // below 2^-127: no zero to truncate to
}

TEST(DiscardedBits, DirectedModesDependOnTheSign)
{
    const Format& bf16 = namedFormat("bf16");
    EXPECT_EQ(inspect(value("-0.1"), bf16, withMode(RoundingMode::Up)).discarded->decision, GuardDecision::Truncate);
    EXPECT_EQ(inspect(value("-0.1"), bf16, withMode(RoundingMode::Down)).discarded->decision,
              GuardDecision::DirectedAway);
    EXPECT_EQ(inspect(value("0.1"), bf16, withMode(RoundingMode::Up)).discarded->decision,
              GuardDecision::DirectedAway);
    // bf16(0.1) truncates to 0x3dcc (last bit 0): to odd sets it.
    const Inspection odd = inspect(value("0.1"), bf16, withMode(RoundingMode::ToOdd));
    EXPECT_EQ(odd.discarded->decision, GuardDecision::OddSet);
    EXPECT_EQ(odd.code, 0x3dcdu);
}

// Every deterministic mode: the rule's direction is where the engine's rounding went.
TEST(DiscardedBits, RuleAgreesWithTheRoundingForEveryMode)
{
    const RoundingMode modes[] = {RoundingMode::NearestEven, RoundingMode::NearestAway, RoundingMode::TowardZero,
                                  RoundingMode::Up, RoundingMode::Down, RoundingMode::ToOdd};
    int checked = 0;
    for (const char* text : {"0.1", "-0.1", "257", "-259", "1e-6", "-3.3e-7", "1000.3", "0.0078"})
        for (const char* name : {"bf16", "fp16", "e4m3fn", "e5m2", "e2m1"})
            for (const RoundingMode mode : modes) {
                const Format& f = namedFormat(name);
                const Inspection r = inspect(value(text), f, withMode(mode, OverflowPolicy::Saturate));
                if (!r.discarded || r.discarded->overflows)
                    continue;
                auto magnitudeOf = [&](std::uint64_t code) { return mpq_class(abs(ExactValue::fromCode(f, code).value())); };
                const mpq_class truncation = std::min(magnitudeOf(*r.placement.below), magnitudeOf(*r.placement.above));
                SCOPED_TRACE(std::string(text) + " " + name + " " + toString(mode));
                EXPECT_EQ(r.discarded->awayFromZero, magnitudeOf(r.code) > truncation);
                ++checked;
            }
    EXPECT_GT(checked, 150);
}

TEST(DiscardedBits, OverflowAndNothingToDiscard)
{
    const Format& e4m3fn = namedFormat("e4m3fn");
    const Inspection over = inspect(value("465"), e4m3fn);  // 448 + 17/32 ulp: up, past the top
    ASSERT_TRUE(over.discarded);
    EXPECT_EQ(over.discarded->decision, GuardDecision::AboveHalf);
    EXPECT_TRUE(over.discarded->overflows);
    EXPECT_FALSE(inspect(value("464"), e4m3fn).discarded->overflows);  // a tie: 448's last bit is 0
    EXPECT_FALSE(inspect(value("500"), e4m3fn).discarded);  // truncates to 480, one of the NaN codes
    EXPECT_FALSE(inspect(value("256"), e4m3fn).discarded);  // exact
    EXPECT_FALSE(inspect(value("nan"), e4m3fn).discarded);
    EXPECT_FALSE(inspect(value("-1"), namedFormat("e8m0")).discarded);
    EXPECT_FALSE(inspect(value("1e300"), namedFormat("fp32")).discarded);
}

}  // namespace
}  // namespace floatscope
