// FormatAdder's fast paths against exact references: GMP (every pair of every 8-bit format,
// random pairs elsewhere), the exact path (fp16 and bf16: every code against a spread of second
// operands), and g++'s _Float16, whose adds libgcc rounds once (__truncsfhf2 after an fp32 add).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <gmpxx.h>

#include "core/arith/ExactArithmetic.h"
#include "core/exact/ExactValue.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/lessons/FormatAdder.h"
#include "LessonsTestSupport.h"

namespace floatscope {
namespace {

using test::finiteCode;
using test::gmpSum;

std::uint64_t exactPathSum(const Format& f, std::uint64_t a, std::uint64_t b)
{
    return roundToFormat(exactSum(decode(f, a).value, decode(f, b).value), f).code;
}

TEST(FormatAdder, TakesTheFastestExactPath)
{
    using P = FormatAdder::Path;
    EXPECT_EQ(FormatAdder(namedFormat("fp64")).path(), P::NativeFp64);
    EXPECT_EQ(FormatAdder(namedFormat("fp32")).path(), P::NativeFp32);
    for (const char* name : {"fp16", "bf16", "e4m3fn", "e4m3", "e5m2", "e4m3fnuz", "e5m2fnuz", "e2m3", "e3m2", "e2m1", "e8m0"})
        EXPECT_EQ(FormatAdder(namedFormat(name)).path(), P::Fp32SumKernel) << name;
    // tf32 has 19 bits (no batch plan) laid out as fp32's top bits; e4m11 has p = 12 > 11, where the
    // fp32 sum could round twice.
    EXPECT_EQ(FormatAdder(namedFormat("tf32")).path(), P::Fp32SumCarry);
    EXPECT_EQ(FormatAdder(*lookupFormat("e4m11").format).path(), P::Exact);
}

TEST(FormatAdder, EveryPairOfEveryEightBitFormatAgreesWithGmp)
{
    for (const char* name : {"e4m3fn", "e4m3", "e5m2", "e4m3fnuz", "e5m2fnuz", "e2m3", "e3m2", "e2m1", "e8m0"}) {
        const Format& f = namedFormat(name);
        const FormatAdder adder(f);
        const std::uint64_t count = std::uint64_t{1} << f.totalBits();
        for (std::uint64_t a = 0; a < count; ++a)
            for (std::uint64_t b = 0; b < count; ++b) {
                if (finiteCode(f, a) && finiteCode(f, b)) {
                    ASSERT_EQ(adder.add(a, b), gmpSum(f, a, b)) << name << " " << a << " + " << b;
                }
            }
    }
}

// Second operands for the 16-bit sweeps: every 512th code (with mantissa 0 or half: the powers of two
// and the 1.5 * 2^e that make ties with many first operands), the smallest and largest values.
std::vector<std::uint64_t> spreadOfCodes(const Format& f)
{
    std::vector<std::uint64_t> codes;
    for (std::uint64_t c = 0; c < (std::uint64_t{1} << 16); c += 512)
        codes.push_back(c);
    for (const std::uint64_t magnitude : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3}, f.maxFiniteMagnitude(),
                                          f.maxFiniteMagnitude() - 1, f.minNormalMagnitude() - 1})
        for (const std::uint64_t sign : {std::uint64_t{0}, f.signMask()})
            codes.push_back(sign | magnitude);
    return codes;
}

TEST(FormatAdder, Fp16AndBf16AgreeWithTheExactPathOnEveryCode)
{
    for (const char* name : {"fp16", "bf16"}) {
        const Format& f = namedFormat(name);
        const FormatAdder adder(f);
        for (const std::uint64_t b : spreadOfCodes(f)) {
            if (!finiteCode(f, b))
                continue;
            for (std::uint64_t a = 0; a < (std::uint64_t{1} << 16); ++a) {
                if (finiteCode(f, a)) {
                    ASSERT_EQ(adder.add(a, b), exactPathSum(f, a, b)) << name << " " << a << " + " << b;
                }
            }
        }
    }
}

TEST(FormatAdder, RandomPairsAgreeWithGmp)
{
    std::mt19937_64 rng(11);
    for (const char* name : {"fp64", "fp32", "tf32", "fp16", "bf16"}) {
        const Format& f = namedFormat(name);
        const FormatAdder adder(f);
        const std::uint64_t mask = f.codeMask();
        for (int i = 0; i < 100000; ++i) {
            const std::uint64_t a = rng() & mask;
            // Half the time a close partner: same sign and exponent region, or the negation nearby.
            std::uint64_t b = rng() & mask;
            if ((i & 1) != 0)
                b = (a ^ (rng() & (f.signMask() | 0xFF))) + ((rng() & 3) << f.mantissaBits());
            b &= mask;
            if (finiteCode(f, a) && finiteCode(f, b)) {
                ASSERT_EQ(adder.add(a, b), gmpSum(f, a, b)) << name << " " << a << " + " << b;
            }
        }
        // Overflow to inf and exact cancellation.
        const std::uint64_t max = f.maxFiniteMagnitude();
        EXPECT_EQ(adder.add(max, max), f.infinityMagnitude()) << name;
        EXPECT_EQ(adder.add(max, max | f.signMask()), 0u) << name;
        EXPECT_EQ(adder.add(f.signMask(), f.signMask()), f.signMask()) << name << ": -0 + -0 is -0";
    }
}

TEST(FormatAdder, Fp16MatchesFloat16Arithmetic)
{
    const Format& f = namedFormat("fp16");
    const FormatAdder adder(f);
    const auto half = [](std::uint64_t code) {
        const auto bits = static_cast<std::uint16_t>(code);
        _Float16 h;
        std::memcpy(&h, &bits, sizeof h);
        return h;
    };
    for (const std::uint64_t b : spreadOfCodes(f)) {
        for (std::uint64_t a = 0; a < (std::uint64_t{1} << 16); ++a) {
            const _Float16 sum = half(a) + half(b);
            std::uint16_t bits = 0;
            std::memcpy(&bits, &sum, sizeof bits);
            const std::uint64_t ours = adder.add(a, b);
            if (f.classify(bits) == ValueClass::NaN) {
                ASSERT_EQ(f.classify(ours), ValueClass::NaN) << a << " + " << b;
            } else {
                ASSERT_EQ(ours, bits) << a << " + " << b;
            }
        }
    }
}

TEST(FormatAdder, NonFiniteOperandsFollowIeee)
{
    const Format& f = namedFormat("fp16");
    for (const FormatAdder& adder : {FormatAdder(f), FormatAdder(namedFormat("fp32"))}) {
        const Format& g = adder.format();
        const std::uint64_t inf = g.infinityMagnitude();
        const std::uint64_t minusInf = inf | g.signMask();
        const std::uint64_t one = roundExact(ExactValue::fromDouble(1.0), g).code;
        const std::uint64_t nan = g.nanCode(true, std::uint64_t{1} << 62);
        EXPECT_EQ(adder.add(inf, one), inf);
        EXPECT_EQ(adder.add(one, minusInf), minusInf);
        EXPECT_EQ(g.classify(adder.add(inf, minusInf)), ValueClass::NaN);
        EXPECT_EQ(adder.add(nan, one), nan);
        EXPECT_EQ(adder.add(one, nan), nan);
    }
}

TEST(FormatAdder, ClassQuestionsAgreeWithClassify)
{
    for (const Format& f : namedFormats()) {
        const FormatAdder adder(f);
        std::vector<std::uint64_t> codes;
        if (f.totalBits() <= 16) {
            for (std::uint64_t c = 0; c < (std::uint64_t{1} << f.totalBits()); ++c)
                codes.push_back(c);
        } else {
            const std::uint64_t top = f.magnitudeMask();
            for (const std::uint64_t m : {std::uint64_t{0}, std::uint64_t{1}, f.maxFiniteMagnitude(), top, top - 1,
                                          f.maxFiniteMagnitude() + 1, f.minNormalMagnitude()})
                for (const std::uint64_t s : {std::uint64_t{0}, f.signMask()})
                    codes.push_back(s | m);
        }
        for (const std::uint64_t a : codes) {
            const ValueClass c = f.classify(a);
            EXPECT_EQ(adder.isFinite(a), c != ValueClass::NaN && c != ValueClass::Infinite) << f.name() << " " << a;
            EXPECT_EQ(adder.isZero(a), c == ValueClass::Zero) << f.name() << " " << a;
        }
        for (const std::uint64_t a : codes)
            for (const std::uint64_t b : {codes.front(), codes[codes.size() / 2], f.signMask(), a ^ f.signMask()}) {
                const ValueClass ca = f.classify(a);
                const ValueClass cb = f.classify(b);
                const bool same = a == b || (ca == cb && (ca == ValueClass::Zero || ca == ValueClass::NaN));
                EXPECT_EQ(adder.sameValue(a, b), same) << f.name() << " " << a << " " << b;
            }
    }
}

TEST(FormatAdder, NegateKeepsTheFormatsZeroRules)
{
    const FormatAdder fnuz(namedFormat("e4m3fnuz"));
    EXPECT_EQ(fnuz.negate(0), 0u) << "FNUZ has no -0; 0x80 is its NaN";
    EXPECT_EQ(fnuz.negate(0x38), 0xB8u);
    const FormatAdder fp16(namedFormat("fp16"));
    EXPECT_EQ(fp16.negate(0), 0x8000u);
    EXPECT_EQ(fp16.negate(0x3C00), 0xBC00u);
    const FormatAdder e8m0(namedFormat("e8m0"));
    EXPECT_EQ(namedFormat("e8m0").classify(e8m0.negate(127)), ValueClass::NaN) << "no negative e8m0";
}

TEST(FormatAdder, FromFp32IsTheEnginesRounding)
{
    std::mt19937_64 rng(3);
    for (const char* name : {"fp64", "fp32", "tf32", "fp16", "bf16", "e4m3fn", "e5m2", "e2m1", "e8m0"}) {
        const Format& f = namedFormat(name);
        const FormatAdder adder(f);
        for (int i = 0; i < 100000; ++i) {
            const auto bits = static_cast<std::uint32_t>(rng());
            const RoundResult expected = roundToFormat(unpackFloat(std::bit_cast<float>(bits)), f);
            ASSERT_EQ(adder.fromFp32(bits), expected.code) << name << " " << bits;
        }
    }
}

TEST(FormatAdder, ToDoubleIsTheExactValue)
{
    for (const char* name : {"fp64", "fp32", "tf32", "fp16", "e4m3fn", "e8m0"}) {
        const Format& f = namedFormat(name);
        const FormatAdder adder(f);
        std::mt19937_64 rng(1);
        for (int i = 0; i < 2000; ++i) {
            const std::uint64_t code = rng() & f.codeMask();
            const ExactValue v = ExactValue::fromCode(f, code);
            const double x = adder.toDouble(code);
            if (v.kind() == ExactValue::Kind::NaN) {
                EXPECT_TRUE(std::isnan(x));
            } else if (v.kind() == ExactValue::Kind::Infinite) {
                EXPECT_EQ(x, v.negative() ? -HUGE_VAL : HUGE_VAL);
            } else {
                EXPECT_EQ(mpq_class(x), v.value()) << name << " " << code;
            }
        }
    }
}

}  // namespace
}  // namespace floatscope
