// IEEE accumulators in every order and mode against a GMP reference that rounds each exact sum by
// the engine's rational path (sharing no code with exactSum or the fast routes), against MPFR for
// nearest-even, and the fast routes against the exact route on adversarial sums.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "../lessons/MpfrFormat.h"
#include "DotTestSupport.h"
#include "core/dot/IeeeSum.h"

namespace floatscope::dot {
namespace {

using namespace test;  // codes, run, spec, valueOf

// IEEE 754 section 6.3 for an exact zero sum, then one rounding of the exact rational.
struct Reference {
    const Format& format;
    RoundingMode mode;

    ExactValue add(const ExactValue& x, const ExactValue& y) const
    {
        using Kind = ExactValue::Kind;
        // IEEE 754 sections 6.1 and 7.2: NaN in, NaN out; inf - inf is invalid; inf + finite is inf.
        if (x.kind() == Kind::NaN || y.kind() == Kind::NaN
            || (x.kind() == Kind::Infinite && y.kind() == Kind::Infinite && x.negative() != y.negative()))
            return ExactValue::fromCode(format, roundExact(ExactValue::nan(false), format).code);
        if (x.kind() == Kind::Infinite || y.kind() == Kind::Infinite)
            return ExactValue::fromCode(
                format, roundExact(ExactValue::infinity(x.kind() == Kind::Infinite ? x.negative() : y.negative()), format).code);
        const mpq_class sum = x.value() + y.value();
        ExactValue exact = ExactValue::fromRational(sum);
        if (sum == 0) {
            const bool negative = x.isZero() && y.isZero() && x.negative() == y.negative()
                ? x.negative()
                : mode == RoundingMode::Down;
            exact = ExactValue::finite(negative, 0);
        }
        return ExactValue::fromCode(format, roundExact(exact, format, roundingIn(mode)).code);
    }
};

std::vector<ExactValue> products(const Format& f, const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b)
{
    std::vector<ExactValue> p;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const ExactValue x = ExactValue::fromCode(f, a[i]);
        const ExactValue y = ExactValue::fromCode(f, b[i]);
        p.push_back(ExactValue::finite(x.negative() != y.negative(), x.magnitude() * y.magnitude()));
    }
    return p;
}

ExactValue pairwiseReference(const Reference& r, const std::vector<ExactValue>& p, std::size_t first, std::size_t count)
{
    if (count == 1)
        return p[first];
    return r.add(pairwiseReference(r, p, first, count / 2), pairwiseReference(r, p, first + count / 2, count - count / 2));
}

// The reference value of a whole inner product, for each order (see Accumulator.h).
ExactValue reference(const IeeeAccumulator& acc, const std::vector<ExactValue>& p)
{
    const Reference r{acc.format, acc.rounding};
    ExactValue total;  // +0
    switch (acc.order) {
    case SumOrder::Sequential:
        for (const ExactValue& x : p)
            total = r.add(total, x);
        return total;
    case SumOrder::Pairwise: {
        const ExactValue tree = pairwiseReference(r, p, 0, p.size());
        return p.size() == 1 ? ExactValue::fromCode(acc.format, roundExact(tree, acc.format, roundingIn(acc.rounding)).code)
                             : tree;
    }
    case SumOrder::Blocked:
        for (std::size_t first = 0; first < p.size(); first += static_cast<std::size_t>(acc.blockSize)) {
            ExactValue block = p[first];
            for (std::size_t i = first + 1; i < std::min(p.size(), first + acc.blockSize); ++i)
                block = r.add(block, p[i]);
            total = r.add(total, block);
        }
        return total;
    }
    return total;
}

// Values of a few binades around 1, both signs: sums that round at every step, cancel and tie.
std::vector<std::uint32_t> spreadCodes(const Format& f, std::size_t n, std::mt19937_64& rng, int binades)
{
    std::uniform_real_distribution<double> unit(1.0, 2.0);
    std::uniform_int_distribution<int> exponent(-binades, binades);
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i < n; ++i) {
        const double v = std::ldexp(unit(rng), exponent(rng)) * (rng() & 1 ? -1 : 1);
        out.push_back(static_cast<std::uint32_t>(roundExact(ExactValue::fromDouble(v), f).code));
    }
    return out;
}

TEST(IeeeAccumulator, EveryOrderAndModeRoundsEachExactSumOnce)
{
    std::mt19937_64 rng(2024);
    for (const char* input : {"bf16", "fp16", "e4m3fn", "tf32", "fp32"}) {
        const Format& in = namedFormat(input);
        for (const char* accumulator : {"fp32", "bf16", "fp16", "e5m2", "tf32", "fp64", "e3m4"}) {
            const FormatLookup f = lookupFormat(accumulator);
            for (const RoundingMode mode : {RoundingMode::NearestEven, RoundingMode::NearestAway, RoundingMode::TowardZero,
                                            RoundingMode::Up, RoundingMode::Down, RoundingMode::ToOdd}) {
                for (const SumOrder order : {SumOrder::Sequential, SumOrder::Pairwise, SumOrder::Blocked}) {
                    IeeeAccumulator acc{*f.format, mode, order, 5};
                    const std::size_t k = 1 + rng() % 40;
                    const auto a = spreadCodes(in, k, rng, 3);
                    const auto b = spreadCodes(in, k, rng, 3);
                    const DotResult r = run(DotInputs{in, a, b, 0}, Accumulator{acc, std::nullopt, {}});
                    EXPECT_EQ(r.value(), reference(acc, products(in, a, b)))
                        << input << " into " << accumulator << " " << toString(mode) << " " << toString(order) << " K=" << k;
                }
            }
        }
    }
}

// The fast routes (the shortcut, double with round-to-odd, then fp32, the batch kernel or one
// rounding; stochastic rounding from the odd double with the same draws) against the exact route
// (which a trace forces) on sums that overflow, underflow into subnormals, cancel to zero and tie.
TEST(IeeeAccumulator, FastRoutesGiveTheExactRoutesBits)
{
    std::mt19937_64 rng(99);
    for (const char* input : {"bf16", "fp16", "e5m2", "fp32"}) {
        const Format& in = namedFormat(input);
        for (const char* accumulator : {"fp32", "bf16", "fp16", "e4m3fn", "e5m2", "e2m1", "fp64", "tf32"}) {
            for (const RoundingMode mode : {RoundingMode::NearestEven, RoundingMode::NearestAway, RoundingMode::TowardZero,
                                            RoundingMode::Up, RoundingMode::Down, RoundingMode::ToOdd,
                                            RoundingMode::Stochastic}) {
                IeeeAccumulator acc{namedFormat(accumulator), mode};
                acc.seed = 5;
                for (int round = 0; round < 30; ++round) {
                    const std::size_t k = 1 + rng() % 64;
                    std::vector<std::uint32_t> a = round % 3 == 0 ? test::randomFiniteCodes(in, k, rng) : spreadCodes(in, k, rng, 12);
                    std::vector<std::uint32_t> b = round % 3 == 0 ? test::randomFiniteCodes(in, k, rng) : spreadCodes(in, k, rng, 12);
                    if (round % 3 == 1)  // exact cancellation: each product followed by its negative
                        for (std::size_t i = 1; i < k; i += 2) {
                            a[i] = a[i - 1] ^ static_cast<std::uint32_t>(in.signMask());
                            b[i] = b[i - 1];
                        }
                    const Accumulator model{acc, std::nullopt, {}};
                    const DotInputs inputs{in, a, b, 0};
                    DotTrace trace;
                    const auto slow = innerProduct(inputs, model, {}, &trace, 1);
                    EXPECT_EQ(run(inputs, model).code, std::get<DotResult>(*slow).code)
                        << input << " into " << accumulator << " " << toString(mode) << " round " << round;
                }
            }
        }
    }
}

TEST(IeeeAccumulator, RoutesAreTheFastOnesWhereTheyApply)
{
    const Format& bf16 = namedFormat("bf16");
    EXPECT_EQ(ieeeRoute(IeeeAccumulator{namedFormat("fp32")}, bf16), IeeeRoute::NativeFp32);
    EXPECT_EQ(ieeeRoute(IeeeAccumulator{namedFormat("fp64")}, bf16), IeeeRoute::NativeFp64);
    EXPECT_EQ(ieeeRoute(IeeeAccumulator{namedFormat("fp64"), RoundingMode::Up}, bf16), IeeeRoute::Exact);
    EXPECT_EQ(ieeeRoute(IeeeAccumulator{namedFormat("bf16"), RoundingMode::TowardZero}, bf16), IeeeRoute::ViaOddFloat);
    EXPECT_EQ(ieeeRoute(IeeeAccumulator{namedFormat("fp32"), RoundingMode::Up}, bf16), IeeeRoute::NativeFp32);
    EXPECT_EQ(ieeeRoute(IeeeAccumulator{namedFormat("tf32")}, bf16), IeeeRoute::ViaOddDouble);
    EXPECT_EQ(ieeeRoute(IeeeAccumulator{namedFormat("bf16"), RoundingMode::Stochastic}, bf16), IeeeRoute::StochasticViaOdd);
    // 24 kept bits and 32 random ones do not fit a double's 52 below its leading bit.
    EXPECT_EQ(ieeeRoute(IeeeAccumulator{namedFormat("fp32"), RoundingMode::Stochastic}, bf16), IeeeRoute::Exact);
    IeeeAccumulator wide{namedFormat("bf16"), RoundingMode::Stochastic};
    wide.randomBits = 45;
    EXPECT_EQ(ieeeRoute(wide, bf16), IeeeRoute::Exact);
}

// The shortcut rounds the nearest double sum straight to the accumulator. That is wrong exactly
// when the double sum was inexact and fell on an accumulator value (directed modes) or on a
// midpoint (nearest modes): c + u * v with u * v = d (1 - 2^-46), d the accumulator's half or
// whole last place at c, lands there from either side. Each case against GMP's single rounding.
TEST(IeeeAccumulator, ShortcutIsNotTakenWhereTheNearestDoubleSumMisleads)
{
    std::mt19937_64 rng(46);
    const Format& fp32 = namedFormat("fp32");
    std::uniform_real_distribution<double> unit(1.0, 2.0);
    for (const char* accumulator : {"fp32", "bf16", "fp16", "tf32", "e5m2"}) {
        const Format f = *lookupFormat(accumulator).format;
        for (const RoundingMode mode : {RoundingMode::NearestEven, RoundingMode::NearestAway, RoundingMode::TowardZero,
                                        RoundingMode::Up, RoundingMode::Down, RoundingMode::ToOdd}) {
            const IeeeAccumulator acc{f, mode};
            for (int round = 0; round < 200; ++round) {
                // c: a value of the accumulator, well inside its normal range, either sign.
                const int binade = static_cast<int>(rng() % 9) - 4;
                const double c = nearestDouble(ExactValue::fromCode(
                                     f, roundExact(ExactValue::fromDouble(std::ldexp(unit(rng), binade)), f).code))
                    * (rng() & 1 ? -1 : 1);
                const int lastPlace = std::ilogb(c) - f.mantissaBits();
                const double d = std::ldexp(1.0, round % 2 == 0 ? lastPlace - 1 : lastPlace) * (rng() & 1 ? -1 : 1);
                // u * v = d (1 + 2^-23)(1 - 2^-23) = d (1 - 2^-46), fp32 operands both.
                const std::vector<std::uint32_t> a = {test::code("fp32", c), test::code("fp32", d * (1 + 0x1p-23))};
                const std::vector<std::uint32_t> b = {test::code("fp32", 1), test::code("fp32", 1 - 0x1p-23)};
                const DotResult r = run(DotInputs{fp32, a, b, 0}, Accumulator{acc, std::nullopt, {}});
                EXPECT_EQ(r.value(), reference(acc, products(fp32, a, b)))
                    << accumulator << " " << toString(mode) << " c=" << c << " d=" << d;
            }
        }
    }
}

// Nearest-even sequential sums against MPFR's own rounding (precision, exponent range, subnormals).
TEST(IeeeAccumulator, NearestEvenAgreesWithMpfr)
{
    std::mt19937_64 rng(7);
    struct Target {
        const char* name;
        int e, m;
    };
    for (const Target t : {Target{"fp32", 8, 23}, Target{"fp16", 5, 10}, Target{"bf16", 8, 7}}) {
        const ::floatscope::test::MpfrFormat mpfr(t.e, t.m);
        const Format& in = namedFormat("bf16");
        for (int round = 0; round < 200; ++round) {
            const std::size_t k = 1 + rng() % 100;
            const auto a = spreadCodes(in, k, rng, 6);
            const auto b = spreadCodes(in, k, rng, 6);
            ::floatscope::test::MpfrValue sum(mpfr.precision());
            mpfr_set_zero(sum.get(), 1);
            for (std::size_t i = 0; i < k; ++i) {
                ::floatscope::test::MpfrValue p(64);  // a product of two bf16s has 16 bits: exact
                mpfr_set_q(p.get(), test::exactProduct(in, a[i], b[i]).get_mpq_t(), MPFR_RNDN);
                ::floatscope::test::MpfrValue next(mpfr.precision());
                mpfr.add(next, sum, p);
                mpfr_set(sum.get(), next.get(), MPFR_RNDN);
            }
            const DotResult r = run(DotInputs{in, a, b, 0}, spec(t.name));
            EXPECT_TRUE(::floatscope::test::sameValue(namedFormat(t.name), r.code, sum)) << t.name << " round " << round;
        }
    }
}

// The lesson's stalled sums: adding ones in bf16 stops at 256 (2^8: the next one, 257, is a tie
// that rounds to even), in fp16 at 2048; promotion into fp32 every 256 keeps the sum exact.
TEST(IeeeAccumulator, SumOfOnesStallsAt256InBf16And2048InFp16)
{
    const std::vector<std::uint32_t> ones(5000, test::code("bf16", 1));
    const DotInputs in{namedFormat("bf16"), ones, ones, 0};
    EXPECT_EQ(valueOf(run(in, spec("bf16"))), 256);
    EXPECT_EQ(valueOf(run(in, spec("fp16"))), 2048);
    EXPECT_EQ(valueOf(run(in, spec("fp32"))), 5000);
    Accumulator promoted = spec("bf16");
    promoted.promoteEvery = 256;
    EXPECT_EQ(valueOf(run(in, promoted)), 5000);
    promoted.promoteEvery = 512;  // each chunk of 512 stalls at 256 on its own
    EXPECT_EQ(valueOf(run(in, promoted)), 9 * 256 + 256);
}

TEST(IeeeAccumulator, StartValueAndZeroSigns)
{
    const Format& fp16 = namedFormat("fp16");
    // -0 + (-0 * 1) is -0; x + (-x) is +0, or -0 rounding down.
    const DotInputs negZeros{fp16, codes("fp16", {-0.0}), codes("fp16", {1}), -0.0};
    EXPECT_EQ(run(negZeros, spec("fp32")).code, 0x80000000u);
    const DotInputs cancel{fp16, codes("fp16", {1.5, -1.5}), codes("fp16", {2, 2}), 0};
    EXPECT_EQ(run(cancel, spec("fp32")).code, 0u);
    EXPECT_EQ(run(cancel, spec("fp32:down")).code, 0x80000000u);
    EXPECT_EQ(run(cancel, spec("bf16:down")).code, 0x8000u);
    const DotInputs started{fp16, codes("fp16", {3}), codes("fp16", {4}), 0.5};
    EXPECT_EQ(valueOf(run(started, spec("fp32"))), 12.5);
    const auto bad = innerProduct(DotInputs{fp16, {}, {}, 0.1}, spec("bf16"));
    ASSERT_TRUE(bad && std::holds_alternative<DotError>(*bad));
    EXPECT_EQ(std::get<DotError>(*bad).kind, DotErrorKind::StartNotRepresentable);
}

// A sum exactly halfway between two fp32s, after an odd and after an even last bit, in each mode
// and both signs (IEEE 754 section 4.3).
TEST(IeeeAccumulator, TiesInEveryModeAsIeeeSays)
{
    const Format& bf16 = namedFormat("bf16");
    const double half = std::ldexp(1.0, -24);  // half an ulp of [1, 2) in fp32
    struct Case {
        const char* mode;
        double afterOdd, afterEven;  // results for starts 1 + 2^-23 and 1
    };
    const Case cases[] = {{"nearest-even", 1 + 0x1p-22, 1},       {"nearest-away", 1 + 0x1p-22, 1 + 0x1p-23},
                          {"toward-zero", 1 + 0x1p-23, 1},        {"up", 1 + 0x1p-22, 1 + 0x1p-23},
                          {"down", 1 + 0x1p-23, 1},               {"odd", 1 + 0x1p-23, 1 + 0x1p-23}};
    for (const Case& c : cases)
        for (const double sign : {1.0, -1.0}) {
            const std::string text = std::string("fp32:") + c.mode;
            // Rounding up a negative sum is rounding its magnitude down, and the other way round.
            const std::string mirrored = std::string(c.mode) == "up" ? "down" : std::string(c.mode) == "down" ? "up" : c.mode;
            const Case expect = *std::find_if(std::begin(cases), std::end(cases), [&](const Case& x) {
                return (sign > 0 ? std::string(c.mode) : mirrored) == x.mode;
            });
            const DotInputs odd{bf16, codes("bf16", {sign * half}), codes("bf16", {1}), sign * (1 + 0x1p-23)};
            const DotInputs even{bf16, codes("bf16", {sign * half}), codes("bf16", {1}), sign * 1.0};
            EXPECT_EQ(valueOf(run(odd, spec(text))), sign * expect.afterOdd) << text << " " << sign;
            EXPECT_EQ(valueOf(run(even, spec(text))), sign * expect.afterEven) << text << " " << sign;
        }
}

TEST(IeeeAccumulator, StochasticRoundingIsSeededAndUnbiasedOnAverage)
{
    const std::vector<std::uint32_t> ones(4096, test::code("bf16", 1));
    const DotInputs in{namedFormat("bf16"), ones, ones, 0};
    IeeeAccumulator sr{namedFormat("bf16"), RoundingMode::Stochastic};
    double total = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        sr.seed = seed;
        const double v = valueOf(run(in, Accumulator{sr, std::nullopt, {}}));
        total += v;
        sr.seed = seed;
        EXPECT_EQ(valueOf(run(in, Accumulator{sr, std::nullopt, {}})), v) << "replayable";
    }
    EXPECT_NEAR(total / 20, 4096, 4096 * 0.05) << "no stall at 256: the expected sum is the exact one";
}

}  // namespace
}  // namespace floatscope::dot
