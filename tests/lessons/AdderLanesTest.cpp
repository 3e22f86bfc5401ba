// The fast adds (FormatAdder's stochastic path, AdderLanes, SumRounder) against the exact path
// (exactSum() and roundToFormat(), through FormatAdder::addExact), on random and adversarial
// pairs of every format of at most 32 bits that has a fast path, and fp64: pairs close enough to
// cancel, far enough apart that binary64 cannot hold their sum, around the largest value and in
// the subnormals; for stochastic rounding, random draws and the two draws either side of each
// sum's decision boundary, for 1 to 64 random bits.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "core/format/Registry.h"
#include "core/lessons/AdderLanes.h"
#include "core/lessons/FormatAdder.h"

namespace floatscope {
namespace {

// Named formats of at most 32 bits, fp64, and custom layouts that take each path: e8m10 and e8m9
// are laid out as the top of fp32 (Fp32SumCarry), e6m9 and e5m10b20 have tables (Fp32SumKernel).
std::vector<Format> formatsWithFastPaths()
{
    std::vector<Format> out;
    for (const char* name : {"fp64", "fp32", "tf32", "fp16", "bf16", "e4m3fn", "e4m3", "e5m2", "e4m3fnuz",
                             "e5m2fnuz", "e2m3", "e3m2", "e2m1", "e8m10", "e8m9", "e6m9", "e5m10b20", "e3m4fnuz"})
        out.push_back(*lookupFormat(name).format);
    return out;
}

TEST(AdderLanes, EveryFormatUnderTestHasItsFastPath)
{
    using P = FormatAdder::Path;
    for (const Format& f : formatsWithFastPaths()) {
        const FormatAdder adder(f);
        EXPECT_NE(adder.path(), P::Exact) << f.name();
        EXPECT_TRUE(adder.hasSumRounder()) << f.name();
    }
    EXPECT_EQ(FormatAdder(*lookupFormat("e8m10").format).path(), P::Fp32SumCarry);
    EXPECT_EQ(FormatAdder(*lookupFormat("e6m9").format).path(), P::Fp32SumKernel);
    // No fast path: unsigned e8m0 has no zero and no negatives; e5m20 has p = 21 > 11.
    EXPECT_FALSE(FormatAdder(namedFormat("e8m0")).hasSumRounder());
    EXPECT_EQ(FormatAdder(*lookupFormat("e5m20").format).path(), P::Exact);
}

// Codes for the pairs: a code, and partners chosen relative to it.
class Pairs {
public:
    explicit Pairs(const Format& f, std::uint64_t seed) : m_f(f), m_rng(seed) {}

    std::uint64_t any() { return m_rng() & m_f.codeMask(); }

    std::uint64_t edge()
    {
        const std::uint64_t max = m_f.maxFiniteMagnitude();
        const std::uint64_t minNormal = m_f.minNormalMagnitude();
        const std::uint64_t magnitudes[] = {0, 1, 2, 3, minNormal - 1, minNormal, minNormal + 1, max, max - 1, max - 2,
                                            max >> 1, (max >> 1) + 1};
        return sign() | magnitudes[m_rng() % std::size(magnitudes)];
    }

    // A partner whose exponent field lies `below` binades under a's (negative: above), random
    // mantissa and sign; clamped to the format's fields.
    std::uint64_t partner(std::uint64_t a, int below)
    {
        const int m = m_f.mantissaBits();
        const auto maxField = static_cast<std::int64_t>(m_f.maxFiniteMagnitude() >> m);
        const auto field = static_cast<std::int64_t>((a & m_f.magnitudeMask()) >> m) - below;
        const std::uint64_t clamped = static_cast<std::uint64_t>(std::clamp<std::int64_t>(field, 0, maxField));
        std::uint64_t magnitude = (clamped << m) | (m_rng() & m_f.mantissaMask());
        magnitude = std::min(magnitude, m_f.maxFiniteMagnitude());
        return sign() | magnitude;
    }

    // A pair: mostly finite values within reach of each other, sometimes far apart or at the edges.
    std::pair<std::uint64_t, std::uint64_t> next()
    {
        const std::uint64_t a = m_rng() % 4 == 0 ? edge() : any();
        switch (m_rng() % 6) {
        case 0: return {a, any()};
        case 1: return {a, edge()};
        case 2: return {a, a ^ m_f.signMask()};                                    // exact cancellation
        case 3: return {a, partner(a, static_cast<int>(m_rng() % 64) + 20)};      // far below
        default: return {a, partner(a, static_cast<int>(m_rng() % 8) - 2)};       // near
        }
    }

    std::uint64_t draw() { return m_rng(); }

private:
    std::uint64_t sign() { return (m_rng() & 1) != 0 ? m_f.signMask() : 0; }

    const Format& m_f;
    std::mt19937_64 m_rng;
};

bool finite(const Format& f, std::uint64_t code)
{
    const ValueClass c = f.classify(code);
    return c != ValueClass::NaN && c != ValueClass::Infinite;
}

// The smallest draw that rounds a + b up, by bisection on the exact path (2^bits: none does).
std::uint64_t boundaryDraw(const FormatAdder& adder, std::uint64_t a, std::uint64_t b, int bits)
{
    const std::uint64_t down = adder.addExact(a, b, stochasticOptions(0, bits));
    Uint128 lo = 0;
    Uint128 hi = Uint128{1} << bits;
    while (lo < hi) {
        const Uint128 mid = (lo + hi) / 2;
        if (adder.addExact(a, b, stochasticOptions(static_cast<std::uint64_t>(mid), bits)) != down)
            hi = mid;
        else
            lo = mid + 1;
    }
    return static_cast<std::uint64_t>(lo);
}

TEST(AdderLanes, StochasticAddIsTheExactPathsRounding)
{
    for (const Format& f : formatsWithFastPaths()) {
        const FormatAdder adder(f);
        Pairs pairs(f, 7);
        const bool fp64 = f.totalBits() == 64;
        for (const int bits : {1, 7, 32, 53, 64}) {
            for (int i = 0; i < (fp64 ? 4000 : 2000); ++i) {
                const auto [a, b] = pairs.next();
                const std::uint64_t mask = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
                std::vector<std::uint64_t> draws = {pairs.draw(), 0, mask};
                if (finite(f, a) && finite(f, b)) {
                    const std::uint64_t edge = boundaryDraw(adder, a, b, bits);
                    if (edge > 0)
                        draws.push_back(edge - 1);
                    if (edge <= mask)
                        draws.push_back(edge);
                }
                for (const std::uint64_t draw : draws) {
                    const RoundOptions o = stochasticOptions(draw, bits);
                    ASSERT_EQ(adder.add(a, b, o), adder.addExact(a, b, o))
                        << f.name() << " " << a << " + " << b << " draw " << draw << " of " << bits << " bits";
                }
            }
        }
    }
}

// The fp32 paths' far case (the sum needs more than 53 bits) and fp64's sums with an error term,
// at the decision boundary: 1 + 2^-40 in fp32 lies 2^-17 of the way to the next value.
TEST(AdderLanes, SumsBeyondBinary64DecideAtTheRightDraw)
{
    const Format& fp32 = namedFormat("fp32");
    const FormatAdder adder(fp32);
    const std::uint64_t one = std::bit_cast<std::uint32_t>(1.0f);
    const std::uint64_t tiny = std::bit_cast<std::uint32_t>(std::ldexp(1.0f, -40));
    // floor(2^-17 * 2^32) = 2^15: up from draw 2^32 - 2^15 on.
    const std::uint64_t edge = (std::uint64_t{1} << 32) - (std::uint64_t{1} << 15);
    EXPECT_EQ(adder.add(one, tiny, stochasticOptions(edge - 1, 32)), one);
    EXPECT_EQ(adder.add(one, tiny, stochasticOptions(edge, 32)), one + 1);
    // 1 - 2^-40: below 1 the gap is 2^-24, the sum 2^-16 of it under 1: floor(f * 2^32) = 2^32 - 2^16.
    const std::uint64_t minusTiny = tiny | 0x80000000u;
    EXPECT_EQ(adder.add(one, minusTiny, stochasticOptions((std::uint64_t{1} << 16) - 1, 32)), one - 1);
    EXPECT_EQ(adder.add(one, minusTiny, stochasticOptions(std::uint64_t{1} << 16, 32)), one);
    // fp64: 1 + 2^-60 is 2^-8 of the way from 1 to 1 + 2^-52: floor(2^-8 * 2^8) = 1, up from draw 255.
    const FormatAdder fp64(namedFormat("fp64"));
    const std::uint64_t one64 = std::bit_cast<std::uint64_t>(1.0);
    const std::uint64_t tiny64 = std::bit_cast<std::uint64_t>(std::ldexp(1.0, -60));
    EXPECT_EQ(fp64.add(one64, tiny64, stochasticOptions(254, 8)), one64);
    EXPECT_EQ(fp64.add(one64, tiny64, stochasticOptions(255, 8)), one64 + 1);
}

template <class Lane>
void expectLaneAgrees(const Lane& lane, const FormatAdder& adder, std::uint64_t a, std::uint64_t b)
{
    const Format& f = adder.format();
    const auto x = lane.of(a);
    const auto y = lane.of(b);
    const auto sum = lane.add(x, y);
    ASSERT_EQ(sum.code, adder.addExact(a, b, RoundOptions{})) << f.name() << " " << a << " + " << b;
    if constexpr (!std::is_same_v<typename Lane::Value, int>) {
        const double v = static_cast<double>(sum.value);
        if (finite(f, sum.code)) {
            ASSERT_EQ(v, adder.toDouble(sum.code)) << f.name() << " " << a << " + " << b;
            ASSERT_EQ(std::signbit(v), std::signbit(adder.toDouble(sum.code))) << f.name() << " " << a << " + " << b;
        }
    }
    ASSERT_EQ(lane.negate(x).code, adder.negate(a));
}

TEST(AdderLanes, NearestAddsAreTheExactPathsRounding)
{
    for (const Format& f : formatsWithFastPaths()) {
        const FormatAdder adder(f);
        Pairs pairs(f, 11);
        for (int i = 0; i < 20000; ++i) {
            const auto [a, b] = pairs.next();
            switch (adder.path()) {
            case FormatAdder::Path::NativeFp64: expectLaneAgrees(Fp64Lane(adder), adder, a, b); break;
            case FormatAdder::Path::NativeFp32: expectLaneAgrees(Fp32Lane(adder), adder, a, b); break;
            default: expectLaneAgrees(RoundedLane(adder), adder, a, b); break;
            }
            expectLaneAgrees(CodeLane(adder), adder, a, b);
            if (HasFailure())
                return;
        }
    }
}

// RoundedLane's Kahan compensation takes the Fast2Sum shortcut where it holds: it must give what
// the two rounded subtractions give, for any s and y (t = s + y rounded).
TEST(AdderLanes, KahanCompensationIsTwoRoundedSubtractions)
{
    for (const Format& f : formatsWithFastPaths()) {
        const FormatAdder adder(f);
        if (adder.path() == FormatAdder::Path::NativeFp64 || adder.path() == FormatAdder::Path::NativeFp32)
            continue;
        const RoundedLane lane(adder);
        Pairs pairs(f, 13);
        for (int i = 0; i < 20000; ++i) {
            const auto [s, y] = pairs.next();
            const std::uint64_t t = adder.addExact(s, y, RoundOptions{});
            const std::uint64_t expected =
                adder.addExact(adder.addExact(t, adder.negate(s), RoundOptions{}), adder.negate(y), RoundOptions{});
            const auto c = lane.kahanCompensation(lane.of(t), lane.of(s), lane.of(y));
            ASSERT_EQ(c.code, expected) << f.name() << " s " << s << " y " << y;
            if (finite(f, c.code)) {
                ASSERT_EQ(c.value, adder.toDouble(c.code)) << f.name() << " s " << s << " y " << y;
            }
        }
    }
}

TEST(AdderLanes, StochasticLanesCarryTheValueOfTheirCode)
{
    for (const Format& f : formatsWithFastPaths()) {
        const FormatAdder adder(f);
        Pairs pairs(f, 17);
        for (int i = 0; i < 20000; ++i) {
            const auto [a, b] = pairs.next();
            const std::uint64_t draw = pairs.draw();
            const auto check = [&](const auto& lane) {
                const auto r = lane.addStochastic(lane.of(a), lane.of(b), draw, 32);
                ASSERT_EQ(r.code, adder.addExact(a, b, stochasticOptions(draw, 32))) << f.name() << " " << a << " + " << b;
                if (finite(f, r.code)) {
                    ASSERT_EQ(r.value, adder.toDouble(r.code)) << f.name() << " " << a << " + " << b;
                }
            };
            if (adder.path() == FormatAdder::Path::NativeFp64)
                check(Fp64Lane(adder));
            else
                check(RoundedLane(adder));
            if (HasFailure())
                return;
        }
    }
}

// negate() reads the class from masks; the rules it restates: NaN stays, a zero flips only where
// the format has -0, a format without a sign has no negative value.
TEST(AdderLanes, NegateFollowsTheFormatsClasses)
{
    for (const Format& f : namedFormats()) {
        const FormatAdder adder(f);
        Pairs pairs(f, 19);
        for (int i = 0; i < 70000; ++i) {
            const std::uint64_t code = f.totalBits() <= 16 ? static_cast<std::uint64_t>(i) & f.codeMask()
                                                           : (i % 2 == 0 ? pairs.edge() : pairs.any());
            std::uint64_t expected = code ^ f.signMask();
            const ValueClass c = f.classify(code);
            if (c == ValueClass::NaN)
                expected = code;
            else if (c == ValueClass::Zero)
                expected = f.hasNegativeZero() ? code ^ f.signMask() : 0;
            else if (f.signBits() == 0)
                expected = f.nanCode(false);
            ASSERT_EQ(adder.negate(code), expected) << f.name() << " " << code;
        }
    }
}

}  // namespace
}  // namespace floatscope
