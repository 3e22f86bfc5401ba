// exactSum and exactProduct against GMP: the reduction to 128 bits plus a sticky bit must be the
// one the engine's GMP path (ExactValue::unpack) makes from the exact rational, bit for bit, so that
// every rounding mode, stochastic rounding included, sees the same input.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <gmpxx.h>
#include <mpfr.h>

#include "core/arith/ExactArithmetic.h"
#include "core/exact/ExactValue.h"
#include "core/format/Registry.h"
#include "core/round/Rounding.h"

namespace floatscope {
namespace {

mpq_class rational(const Dyadic& d) { return ExactValue::fromDyadic(d).value(); }

::testing::AssertionResult sameUnpacked(const Unpacked& actual, const Unpacked& expected)
{
    const bool same = actual.kind == expected.kind && actual.negative == expected.negative
        && (actual.kind != Unpacked::Kind::Finite
            || (actual.exponent == expected.exponent && actual.significand == expected.significand
                && actual.sticky == expected.sticky));
    if (same)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
        << "kind " << int(actual.kind) << "/" << int(expected.kind) << " sign " << actual.negative << "/"
        << expected.negative << " exponent " << actual.exponent << "/" << expected.exponent << " high "
        << std::hex << static_cast<std::uint64_t>(actual.significand >> 64) << "/"
        << static_cast<std::uint64_t>(expected.significand >> 64) << " low "
        << static_cast<std::uint64_t>(actual.significand) << "/" << static_cast<std::uint64_t>(expected.significand)
        << " sticky " << actual.sticky << "/" << expected.sticky;
}

void expectSum(const Dyadic& a, const Dyadic& b)
{
    const ExactValue exact = ExactValue::fromRational(rational(a) + rational(b));
    const Unpacked sum = exactSum(a, b);
    if (exact.isZero()) {
        // The sign of an exact zero sum is IEEE's, not the rational's (GMP has no -0).
        EXPECT_EQ(sum.kind, Unpacked::Kind::Zero);
        EXPECT_EQ(sum.negative, a.negative && b.negative && a.isZero() && b.isZero());
        return;
    }
    EXPECT_TRUE(sameUnpacked(sum, exact.unpack()))
        << a.negative << " " << a.significand << "p" << a.exponent << " + " << b.negative << " " << b.significand
        << "p" << b.exponent;
}

Dyadic d(bool negative, std::uint64_t significand, std::int64_t exponent) { return {negative, significand, exponent}; }

TEST(ExactSum, AdversarialPairs)
{
    const std::uint64_t allOnes53 = (std::uint64_t{1} << 53) - 1;
    const std::uint64_t allOnes64 = ~std::uint64_t{0};
    // Distances between the operands' leading bits around every place the window logic changes:
    // both fit, the smaller one crosses bit 0 of the window, lies wholly below it, far below it.
    for (const std::int64_t gap : {0, 1, 2, 52, 53, 54, 63, 64, 65, 74, 75, 76, 126, 127, 128, 129, 190, 191, 192,
                                   300, 2000}) {
        for (const std::uint64_t big : {std::uint64_t{1}, std::uint64_t{3}, allOnes53, allOnes64,
                                        std::uint64_t{1} << 52, (std::uint64_t{1} << 52) + 1}) {
            for (const std::uint64_t small : {std::uint64_t{1}, allOnes53, allOnes64, std::uint64_t{5}}) {
                const std::int64_t smallTop = 63 - __builtin_clzll(small);
                const std::int64_t bigTop = 63 - __builtin_clzll(big);
                const Dyadic x = d(false, big, 0);
                for (const bool negative : {false, true}) {
                    const Dyadic y = d(negative, small, bigTop - gap - smallTop);
                    expectSum(x, y);
                    expectSum(y, x);
                    expectSum(d(true, big, -1074), d(!negative, small, -1074 + bigTop - gap - smallTop));
                }
            }
        }
    }
    // A power of two minus something tiny: the leading bit drops and the borrow runs the full width.
    expectSum(d(false, 1, 0), d(true, 1, -200));
    expectSum(d(false, 1, 0), d(true, 1, -128));
    expectSum(d(false, 1, 0), d(true, 3, -129));
    expectSum(d(false, std::uint64_t{1} << 52, -52), d(true, allOnes53, -200));
    // Carries out of the window, and equal magnitudes.
    expectSum(d(false, allOnes64, 10), d(false, allOnes64, 10));
    expectSum(d(false, allOnes64, 10), d(false, 1, -54));
    expectSum(d(false, 7, 3), d(true, 7, 3));
    expectSum(d(true, 7, 3), d(false, 56, 0));
    // Zeros keep IEEE's signs.
    expectSum(d(false, 0, 0), d(true, 0, 0));
    expectSum(d(true, 0, 0), d(true, 0, 0));
    expectSum(d(true, 0, 0), d(true, 5, -3));
}

TEST(ExactSum, RandomPairsAgreeWithGmp)
{
    std::mt19937_64 rng(20240501);
    std::uniform_int_distribution<int> bits(1, 64);
    std::uniform_int_distribution<std::int64_t> exponent(-1100, 1000);
    std::uniform_int_distribution<std::int64_t> near(-140, 140);
    for (int i = 0; i < 200000; ++i) {
        const auto sig = [&] {
            const int b = bits(rng);
            std::uint64_t s = rng() >> (64 - b);
            return s | (std::uint64_t{1} << (b - 1));
        };
        const Dyadic a = d((rng() & 1) != 0, sig(), exponent(rng));
        // Half the pairs close together (cancellation, ties), half anywhere.
        const Dyadic b = d((rng() & 1) != 0, sig(), (i & 1) != 0 ? a.exponent + near(rng) : exponent(rng));
        expectSum(a, b);
    }
}

TEST(ExactSum, RoundsLikeGmpInEveryMode)
{
    // The point of the exact reduction: rounding it gives the once-rounded sum, stochastic included.
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<std::int64_t> exponent(-40, 20);
    const char* formats[] = {"fp64", "fp32", "tf32", "fp16", "bf16", "e4m3fn", "e5m2fnuz", "e2m1", "e8m0"};
    for (int i = 0; i < 20000; ++i) {
        const Dyadic a = d((rng() & 1) != 0, rng() >> 11, exponent(rng) - 52);
        const Dyadic b = d((rng() & 1) != 0, rng() >> (11 + rng() % 40), exponent(rng) - 52);
        const ExactValue exact = ExactValue::fromRational(rational(a) + rational(b));
        for (const char* name : formats) {
            const Format& f = namedFormat(name);
            for (int mode = 0; mode <= static_cast<int>(RoundingMode::Stochastic); ++mode) {
                RoundOptions o;
                o.mode = static_cast<RoundingMode>(mode);
                o.randomBits = 1 + static_cast<int>(rng() % 64);
                o.random = rng();
                EXPECT_EQ(roundToFormat(exactSum(a, b), f, o).code, roundExact(exact, f, o).code) << name << " " << mode;
            }
        }
    }
}

TEST(ExactProduct, AgreesWithGmp)
{
    std::mt19937_64 rng(99);
    for (int i = 0; i < 50000; ++i) {
        const Dyadic a = d((rng() & 1) != 0, rng() >> (rng() % 63), static_cast<std::int64_t>(rng() % 2000) - 1000);
        const Dyadic b = d((rng() & 1) != 0, rng() >> (rng() % 63), static_cast<std::int64_t>(rng() % 2000) - 1000);
        const ExactValue exact = ExactValue::fromRational(rational(a) * rational(b));
        const Unpacked p = exactProduct(a, b);
        if (exact.isZero()) {
            EXPECT_EQ(p.kind, Unpacked::Kind::Zero);
        } else {
            EXPECT_TRUE(sameUnpacked(p, exact.unpack()));
        }
    }
}

TEST(DoubleConversions, ExactBothWaysAndRoundedOnce)
{
    for (const double x : {0.1, -2.5, 1e-310, -4.9406564584124654e-324, 1.7976931348623157e308, -0.0, 3.0}) {
        const Dyadic v = dyadicFromDouble(x);
        EXPECT_EQ(rational(v), mpq_class(x)) << x;
        EXPECT_EQ(std::signbit(toDouble(v)), std::signbit(x));
        EXPECT_EQ(toDouble(v), x);
    }
    // Values that are no double round once to nearest-even, as MPFR rounds them.
    mpfr_t r;
    mpfr_init2(r, 53);
    const std::vector<Dyadic> inputs = {d(false, ~std::uint64_t{0}, 0),       d(true, (std::uint64_t{1} << 54) + 2, 0),
                                        d(false, (std::uint64_t{1} << 54) + 6, 0), d(false, 3, -1076),
                                        d(false, 5, -1077),                    d(false, 1, 1024),
                                        d(false, 1, -1076),                    d(false, 3, -1075)};
    for (const Dyadic& v : inputs) {
        const mpq_class q = rational(v);
        mpfr_set_q(r, q.get_mpq_t(), MPFR_RNDN);
        EXPECT_EQ(toDouble(v), mpfr_get_d(r, MPFR_RNDN)) << v.significand << "p" << v.exponent;
    }
    mpfr_clear(r);
}

TEST(CompareMagnitude, AgreesWithRationals)
{
    std::mt19937_64 rng(5);
    for (int i = 0; i < 20000; ++i) {
        const Dyadic a = d((rng() & 1) != 0, rng() >> (1 + rng() % 63), static_cast<std::int64_t>(rng() % 200) - 100);
        const Dyadic b = (i % 3 == 0) ? Dyadic{!a.negative, a.significand << 1, a.exponent - 1}
                                      : d(false, rng() >> (rng() % 64), static_cast<std::int64_t>(rng() % 200) - 100);
        const int expected = cmp(abs(rational(a)), abs(rational(b)));
        EXPECT_EQ(compareMagnitude(a, b) < 0, expected < 0);
        EXPECT_EQ(compareMagnitude(a, b) == 0, expected == 0);
    }
}

}  // namespace
}  // namespace floatscope
