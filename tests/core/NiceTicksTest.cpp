// Axis ticks against an independent oracle: every nice step written as a decimal (1e-3, 2.5e-3,
// ...), the ticks inside the range counted in exact rational arithmetic (GMP), the smallest step
// that keeps the count under the limit. The ranges are ones once found on screen.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <gmpxx.h>

#include "core/text/NiceTicks.h"

namespace floatscope {
namespace {

mpq_class exact(double v)
{
    mpq_class q(v);  // a double is a dyadic rational: exact
    return q;
}

// "2.5e-3" as the rational 25/10000.
mpq_class decimal(const std::string& mantissa, int power)
{
    mpq_class m(mantissa == "2.5" ? mpq_class(5, 2) : mpq_class(std::stoi(mantissa)));
    mpz_class ten = 1;
    for (int i = 0; i < std::abs(power); ++i)
        ten *= 10;
    mpq_class q = power >= 0 ? mpq_class(m * ten) : mpq_class(m / ten);
    q.canonicalize();
    return q;
}

struct OracleStep {
    mpq_class step;
    std::string mantissa;
    int power;
};

// The nice steps from 10^-12 to 10^12, ascending, as exact decimals.
std::vector<OracleStep> niceSteps(TickKind kind)
{
    std::vector<OracleStep> out;
    for (int power = -12; power <= 12; ++power)
        for (const char* m : {"1", "2", "2.5", "5"}) {
            const std::string mantissa = m;
            const bool whole = power > 0 || (power == 0 && mantissa != "2.5");
            if (kind != TickKind::Real && !whole)
                continue;
            if (kind == TickKind::Exponent && mantissa == "2.5")
                continue;
            out.push_back({decimal(mantissa, power), mantissa, power});
        }
    return out;
}

// The double nearest to n × the step, from its decimal text (strtod rounds correctly).
double nearest(const mpz_class& n, const OracleStep& s)
{
    const bool quarter = s.mantissa == "2.5";
    const mpz_class digits = n * (quarter ? 25 : std::stoi(s.mantissa));
    return std::stod(digits.get_str() + "e" + std::to_string(s.power - (quarter ? 1 : 0)));
}

// Multiples of the step whose doubles lie in [lo, hi]: from the exact quotients, moved at the ends
// where the nearest double crosses a bound.
long countInside(double lo, double hi, const OracleStep& s)
{
    mpz_class first;
    mpz_class last;
    const mpq_class a = exact(lo) / s.step;
    const mpq_class b = exact(hi) / s.step;
    mpz_cdiv_q(first.get_mpz_t(), a.get_num_mpz_t(), a.get_den_mpz_t());
    mpz_fdiv_q(last.get_mpz_t(), b.get_num_mpz_t(), b.get_den_mpz_t());
    if (nearest(first - 1, s) >= lo)
        first -= 1;
    if (nearest(last + 1, s) <= hi)
        last += 1;
    return static_cast<long>(mpz_class(last - first + 1).get_si());
}

// "-1.25" as -5/4.
mpq_class rationalOf(const std::string& text)
{
    const bool negative = text.front() == '-';
    std::string digits = negative ? text.substr(1) : text;
    const std::size_t point = digits.find('.');
    std::string denominator = "1";
    if (point != std::string::npos) {
        denominator += std::string(digits.size() - point - 1, '0');
        digits.erase(point, 1);
    }
    mpq_class q(mpz_class(digits, 10), mpz_class(denominator, 10));
    q.canonicalize();
    return negative ? mpq_class(-q) : q;
}

std::string printed(double v, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
    return buffer;
}

// What every tick set must satisfy, checked against the oracle: the smallest nice step with at
// most maxTicks ticks, every multiple of it in the range, each the double nearest its decimal, and
// printed with `decimals` digits, neither more nor fewer than the step needs.
void expectNice(double lo, double hi, int maxTicks, TickKind kind)
{
    SCOPED_TRACE(testing::Message() << "[" << lo << ", " << hi << "] max " << maxTicks);
    const NiceTicks t = niceTicks(lo, hi, maxTicks, kind);
    const OracleStep* chosen = nullptr;
    const std::vector<OracleStep> steps = niceSteps(kind);
    for (const OracleStep& s : steps)
        if (countInside(lo, hi, s) <= maxTicks) {
            chosen = &s;
            break;
        }
    ASSERT_NE(chosen, nullptr);
    EXPECT_EQ(t.step, std::stod(chosen->mantissa + "e" + std::to_string(chosen->power)));
    EXPECT_EQ(static_cast<long>(t.values.size()), countInside(lo, hi, *chosen));
    const int needed = std::max(0, -chosen->power + (chosen->mantissa == "2.5" ? 1 : 0));
    EXPECT_EQ(t.decimals, needed);
    for (const double v : t.values) {
        EXPECT_GE(v, lo);
        EXPECT_LE(v, hi);
        const std::string text = printed(v, t.decimals);
        // The label is the tick's decimal: a multiple of the step, and the double nearest to it.
        const mpq_class label = rationalOf(text);
        const mpq_class ratio = label / chosen->step;
        EXPECT_EQ(ratio.get_den(), 1) << text;
        EXPECT_EQ(std::stod(text), v) << text;
    }
}

TEST(NiceTicks, TheAbsorptionChartsValueAxis)
{
    // It labelled 1, 1.250011683, 1.500023365, 1.750035048, 2.00004673: the data's range cut in four.
    const NiceTicks t = niceTicks(1, 2.00004673004150390625, 6);
    EXPECT_EQ(t.values, (std::vector<double>{1, 1.2, 1.4, 1.6, 1.8, 2.0}));
    EXPECT_EQ(t.decimals, 1);
    expectNice(1, 2.00004673004150390625, 6, TickKind::Real);
    // Stochastic rounding: 2.001953125 and 1.751464844 as ends.
    expectNice(1, 2.001953125, 5, TickKind::Real);
    EXPECT_EQ(niceTicks(1, 2.001953125, 5).values, (std::vector<double>{1, 1.25, 1.5, 1.75, 2.0}));
    EXPECT_EQ(niceTicks(1, 2.001953125, 5).decimals, 2);
}

TEST(NiceTicks, StepsAtAMillionAreRoundNotOneTwoFiftyOne)
{
    // At N = 10^6 the value axis read 1, 251, 501 and the steps 250000 without separators.
    EXPECT_EQ(niceTicks(1, 1001, 6).values, (std::vector<double>{200, 400, 600, 800, 1000}));
    EXPECT_EQ(niceTicks(0, 1e6, 6, TickKind::Integer).values,
              (std::vector<double>{0, 200000, 400000, 600000, 800000, 1000000}));
    expectNice(0, 1e6, 6, TickKind::Integer);
    expectNice(1, 1001, 6, TickKind::Real);
}

TEST(NiceTicks, IntegerAxesNeverGetFractionalSteps)
{
    // The dynamic loss-scale chart labelled steps 9.75 and 19.5, and log2 S 23.25 and 19.75.
    const NiceTicks steps = niceTicks(0, 39, 5, TickKind::Integer);
    EXPECT_EQ(steps.values, (std::vector<double>{0, 10, 20, 30}));
    EXPECT_EQ(steps.decimals, 0);
    const NiceTicks scale = niceTicks(18, 25, 5, TickKind::Integer);
    EXPECT_EQ(scale.values, (std::vector<double>{18, 20, 22, 24}));
    // A short integer axis keeps step 1, never 0.5.
    EXPECT_EQ(niceTicks(0, 3, 10, TickKind::Integer).values, (std::vector<double>{0, 1, 2, 3}));
    // 25 is a whole step; 2.5 is not.
    EXPECT_EQ(niceTicks(0, 100, 5, TickKind::Integer).step, 25);
    EXPECT_EQ(niceTicks(0, 10, 5, TickKind::Integer).step, 5);
    for (int n : {1, 7, 39, 100, 999, 1000, 12345, 1000000})
        for (int ticks : {3, 5, 8})
            expectNice(0, n, ticks, TickKind::Integer);
}

TEST(NiceTicks, ExponentAxesStepInWholeBinadesWithoutQuarters)
{
    // A log2 axis from 2^-149 to 2^128: ticks at powers of two, 50 binades apart.
    const NiceTicks t = niceTicks(-149, 129, 7, TickKind::Exponent);
    EXPECT_EQ(t.values, (std::vector<double>{-100, -50, 0, 50, 100}));
    for (double lo : {-150.0, -25.0, -3.0})
        for (double hi : {4.0, 16.0, 129.0})
            for (int ticks : {3, 6, 12})
                expectNice(lo, hi, ticks, TickKind::Exponent);
}

TEST(NiceTicks, RealRangesAgreeWithTheOracle)
{
    const double ranges[][2] = {{0, 1},       {0, 0.3},        {-1.5, 2.5},   {0.001, 0.0042}, {1e-9, 3.7e-9},
                                {65504, 65520}, {-1000, -3},   {0.1, 0.30000000000000004},        {1e5, 3.3e7},
                                {1, 1.001},   {-0.0002, 0.0007}, {1e11, 9e11}};
    for (const auto& r : ranges)
        for (int ticks : {2, 3, 5, 7, 10})
            expectNice(r[0], r[1], ticks, TickKind::Real);
}

TEST(NiceTicks, DegenerateRangesHaveNoTicks)
{
    EXPECT_TRUE(niceTicks(1, 1, 5).values.empty());
    EXPECT_TRUE(niceTicks(0, INFINITY, 5).values.empty());
    EXPECT_TRUE(niceTicks(NAN, 1, 5).values.empty());
    EXPECT_TRUE(niceTicks(1, 1 + 1e-15, 5).values.empty());  // no label could tell the ticks apart
    EXPECT_TRUE(niceTicks(1e11, 1e11 + 1e-3, 5).values.empty());
    EXPECT_EQ(niceTicks(2, 0, 3).values, (std::vector<double>{0, 1, 2}));  // swapped ends
}

TEST(NiceRange, WidensToWholeTicksAtBothEnds)
{
    EXPECT_EQ(niceRange(1, 2.00004673, 6), (std::pair<double, double>{1, 2.25}));
    EXPECT_EQ(niceRange(0.13, 0.87, 5), (std::pair<double, double>{0, 1}));
    EXPECT_EQ(niceRange(3, 997, 6, TickKind::Integer), (std::pair<double, double>{0, 1000}));
    const auto [lo, hi] = niceRange(-0.37, 4.2, 6);
    EXPECT_LE(lo, -0.37);
    EXPECT_GE(hi, 4.2);
    EXPECT_LE(niceTicks(lo, hi, 6).values.size(), 6u);
    EXPECT_EQ(niceTicks(lo, hi, 6).values.front(), lo);
    EXPECT_EQ(niceTicks(lo, hi, 6).values.back(), hi);
}

}  // namespace
}  // namespace floatscope
