// The reductions of the operators lab: arithmetic in a format against MPFR emulating the format
// (precision, exponent range, subnormals: the MPFR manual's mpfr_subnormalize recipe), and each
// lesson's claims on data where the answer is known.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <mpfr.h>

#include "core/format/Registry.h"
#include "core/lessons/SeededRandom.h"
#include "core/reduce/FormatArithmetic.h"
#include "core/reduce/Reductions.h"

namespace floatscope::reduce {
namespace {

// An IEEE format emulated by MPFR: every operation at the format's precision and exponent range,
// rounded to nearest even, subnormals by mpfr_subnormalize.
class Emulated {
public:
    Emulated(int exponentBits, int mantissaBits) : m_precision(mantissaBits + 1)
    {
        const long bias = (1L << (exponentBits - 1)) - 1;
        m_emax = bias + 1;
        m_emin = 1 - bias - mantissaBits + 1;
    }

    template <class Operation>
    double apply(Operation op) const
    {
        const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
        mpfr_set_emin(m_emin);
        mpfr_set_emax(m_emax);
        mpfr_t r;
        mpfr_init2(r, m_precision);
        int t = op(r);
        t = mpfr_check_range(r, t, MPFR_RNDN);
        mpfr_subnormalize(r, t, MPFR_RNDN);
        const double out = mpfr_get_d(r, MPFR_RNDN);
        mpfr_clear(r);
        mpfr_set_emin(emin);
        mpfr_set_emax(emax);
        return out;
    }
    using Binary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);
    using Unary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

    // op(x, y) or op(x) of doubles (exact at 64 bits), rounded once in the format.
    double binary(Binary op, double x, double y) const
    {
        return apply([&](mpfr_ptr r) {
            Operand a(x), b(y);
            return op(r, a.value, b.value, MPFR_RNDN);
        });
    }
    double unary(Unary op, double x) const
    {
        return apply([&](mpfr_ptr r) {
            Operand a(x);
            return op(r, a.value, MPFR_RNDN);
        });
    }
    double add(double x, double y) const { return binary(mpfr_add, x, y); }
    double divide(double x, double y) const { return binary(mpfr_div, x, y); }
    double exp(double x) const { return unary(mpfr_exp, x); }
    double sqrt(double x) const { return unary(mpfr_sqrt, x); }

private:
    struct Operand {
        mpfr_t value;
        explicit Operand(double x)
        {
            mpfr_init2(value, 64);
            mpfr_set_d(value, x, MPFR_RNDN);
        }
        ~Operand() { mpfr_clear(value); }
    };

    int m_precision;
    long m_emin, m_emax;
};

struct Target {
    const char* name;
    int e, m;
};
constexpr Target kTargets[] = {{"bf16", 8, 7}, {"fp16", 5, 10}, {"fp32", 8, 23}, {"tf32", 8, 10}};

TEST(FormatArithmetic, EveryOperationRoundsOnceAsMpfrDoes)
{
    std::mt19937_64 rng(17);
    std::uniform_real_distribution<double> mantissa(-2, 2);
    for (const Target t : kTargets) {
        std::uniform_int_distribution<int> exponent(-30, namedFormat(t.name).maxExponent() - 2);
        FormatArithmetic a(namedFormat(t.name));
        const Emulated mpfr(t.e, t.m);
        for (int i = 0; i < 20000; ++i) {
            const double x = a.round(std::ldexp(mantissa(rng), exponent(rng)));
            const double y = a.round(std::ldexp(mantissa(rng), exponent(rng)));
            ASSERT_EQ(a.add(x, y), mpfr.add(x, y)) << t.name << " " << x << " + " << y;
            if (y != 0) {
                ASSERT_EQ(a.divide(x, y), mpfr.divide(x, y)) << t.name << " " << x << " / " << y;
            }
            ASSERT_EQ(a.sqrt(std::fabs(x)), mpfr.sqrt(std::fabs(x))) << t.name << " sqrt " << x;
            const double small = a.round(std::ldexp(mantissa(rng), exponent(rng) / 6));
            ASSERT_EQ(a.exp(small), mpfr.exp(small)) << t.name << " exp " << small;
        }
        EXPECT_TRUE(std::isinf(a.exp(1000))) << "overflow follows the format's rule";
        EXPECT_EQ(a.exp(-1000), 0.0);
    }
}

// Softmax denominators against the same left-to-right sum in MPFR's emulation of each format, on
// the logits the seed defines (bf16 normals from SeededRandom, as Reductions.h documents).
TEST(Reductions, SoftmaxIsTheFormatsLeftToRightSum)
{
    SoftmaxSetup setup;
    setup.vocabulary = 2000;
    setup.deviation = 4;
    const auto rows = softmaxDenominators(setup);
    ASSERT_TRUE(rows);
    ASSERT_EQ(rows->size(), 6u);
    SeededRandom random(setup.seed);
    const Emulated bf16(8, 7);
    std::vector<double> x(setup.vocabulary);
    for (double& v : x)
        v = bf16.add(setup.mean + setup.deviation * random.normal(), 0);
    for (const SoftmaxRow& row : *rows) {
        const Target t = *std::find_if(std::begin(kTargets), std::end(kTargets),
                                       [&](const Target& target) { return row.format.name() == target.name; });
        const Emulated f(t.e, t.m);
        double max = -HUGE_VAL;
        for (const double v : x)
            max = std::max(max, f.add(v, 0));
        double sum = 0;
        std::size_t absorbed = 0;
        for (const double v : x) {
            const double xf = f.add(v, 0);
            const double e = f.exp(row.subtractMax ? f.add(xf, -max) : xf);
            const double next = f.add(sum, e);
            absorbed += next == sum && e != 0 ? 1 : 0;
            sum = next;
        }
        EXPECT_EQ(row.denominator, sum) << row.format.name() << (row.subtractMax ? " minus max" : "");
        EXPECT_EQ(row.absorbed, absorbed) << row.format.name();
    }
    // The lesson: fp16 overflows without the max subtracted; fp32 with it is accurate.
    EXPECT_GT((*rows)[2].overflowed, 0u);
    EXPECT_TRUE(std::isinf((*rows)[2].denominator));
    EXPECT_FALSE((*rows)[2].relativeError);
    EXPECT_EQ((*rows)[3].overflowed, 0u);
    EXPECT_LT(*(*rows)[5].relativeError, 1e-5);
    EXPECT_NEAR((*rows)[5].topProbability, (*rows)[5].topReference, 1e-6);
}

// The full lesson: a 152k vocabulary in bf16 absorbs nearly every term, whether or not the max is
// subtracted.
TEST(Reductions, SoftmaxOverQwensVocabularyStallsInBf16)
{
    const auto rows = softmaxDenominators(SoftmaxSetup{});
    ASSERT_TRUE(rows);
    EXPECT_GT((*rows)[1].absorbed, 100000u) << "bf16, max subtracted";
    EXPECT_GT(*(*rows)[1].relativeError, 0.1);
    EXPECT_LT(*(*rows)[5].relativeError, 1e-3) << "fp32, max subtracted";
}

TEST(Reductions, MeanAndVarianceInBf16)
{
    MomentsSetup setup;  // 4096 values near 100, deviation 1
    const auto rows = moments(setup);
    ASSERT_TRUE(rows);
    ASSERT_EQ(rows->size(), 6u);
    const auto row = [&](const char* f, VarianceMethod m) {
        return *std::find_if(rows->begin(), rows->end(),
                             [&](const MomentsRow& r) { return r.format.name() == f && r.method == m; });
    };
    // A bf16 sum of 4096 values near 100 stops growing at 2^15 (its ulp, 256, exceeds twice 100):
    // the mean comes out as 32768 / 4096 = 8.
    EXPECT_EQ(row("bf16", VarianceMethod::TwoPass).mean, 8);
    EXPECT_EQ(row("bf16", VarianceMethod::SumOfSquares).mean, 8);
    EXPECT_GT(*row("bf16", VarianceMethod::TwoPass).varianceError, 100);
    // Welford never forms the large sum: the mean survives.
    EXPECT_LT(*row("bf16", VarianceMethod::Welford).meanError, 1e-2);
    // In fp32, two-pass and Welford are accurate; E[x^2] - E[x]^2 cancels 10^4 against 10^4.
    EXPECT_LT(*row("fp32", VarianceMethod::TwoPass).varianceError, 1e-4);
    EXPECT_LT(*row("fp32", VarianceMethod::Welford).varianceError, 1e-4);
    EXPECT_GT(*row("fp32", VarianceMethod::SumOfSquares).varianceError, 1e-2);
    EXPECT_NEAR(row("fp32", VarianceMethod::TwoPass).exactMean, 100, 0.1);
    // Why, as the rows carry it: the running sum as bf16 left it and bf16's gap there (its ulp at
    // 2^15 is 2^(15-7)); Welford keeps no sum.
    EXPECT_EQ(row("bf16", VarianceMethod::TwoPass).sum, 32768.0);
    EXPECT_EQ(row("bf16", VarianceMethod::TwoPass).sumGap, 256.0);
    EXPECT_FALSE(row("bf16", VarianceMethod::Welford).sum);
    // e2m1 saturates instead: 100 is stored as 6 and the sum stops at 6, its largest value.
    setup.formats = {namedFormat("e2m1")};
    const auto e2m1 = moments(setup);
    ASSERT_TRUE(e2m1);
    EXPECT_EQ((*e2m1)[0].sum, 6.0);
    EXPECT_EQ((*e2m1)[0].sumGap, 2.0);
}

TEST(FormatArithmetic, TheGapIsTheUlpOfTheValue)
{
    const FormatArithmetic bf16(namedFormat("bf16"));
    EXPECT_EQ(bf16.gap(1), 0x1p-7);
    EXPECT_EQ(bf16.gap(-1), 0x1p-7);
    EXPECT_EQ(bf16.gap(32768), 256.0);
    EXPECT_EQ(bf16.gap(0), 0x1p-133) << "the smallest subnormal";
    const FormatArithmetic fp32(namedFormat("fp32"));
    EXPECT_EQ(fp32.gap(16777216), 2.0);
}

TEST(Reductions, RmsNormInFp32IsCorrectlyRoundedAlmostAlways)
{
    RmsNormSetup setup;
    setup.rows = 4;
    const auto rows = rmsNorm(setup);
    ASSERT_TRUE(rows);
    const RmsNormRow& bf16 = (*rows)[0];
    const RmsNormRow& fp32 = (*rows)[1];
    EXPECT_GT(fp32.correctlyRounded, 0.99);
    EXPECT_LT(fp32.maxRelativeError, std::ldexp(1.0, -7)) << "within bf16's output rounding";
    EXPECT_GT(bf16.meanRelativeError, 0.1) << "a bf16 sum of 4096 squares stalls";
    EXPECT_LT(bf16.correctlyRounded, 0.5);
    // The first row's sum of squares as bf16 left it, and bf16's gap there.
    EXPECT_GT(bf16.sumOfSquares, 0);
    EXPECT_EQ(bf16.sumOfSquaresGap, FormatArithmetic(namedFormat("bf16")).gap(bf16.sumOfSquares));
    EXPECT_LT(bf16.exactMeanSquare, bf16.sumOfSquaresGap / 2) << "each square is absorbed there";
}

TEST(Reductions, RouterTopKChangesOnlyInBf16)
{
    RouterSetup setup;
    setup.tokens = 1024;
    const auto rows = routerTopK(setup);
    ASSERT_TRUE(rows);
    const RouterRow& bf16 = (*rows)[0];
    const RouterRow& fp32 = (*rows)[1];
    EXPECT_EQ(fp32.tokensChanged, 0u);
    EXPECT_EQ(fp32.topOneChanged, 0u);
    EXPECT_LT(fp32.maxGateError, 1e-6);
    EXPECT_GT(bf16.tokensChanged, 0u);
    EXPECT_GT(bf16.tiedWeights, 0u) << "bf16 weights tie, and the tie decides the choice";
    EXPECT_LE(bf16.topOneChanged, bf16.tokensChanged);
}

TEST(Reductions, CancelStopsEachReduction)
{
    std::atomic<bool> cancel{true};
    const dot::RunControl stop{&cancel, {}};
    EXPECT_FALSE(softmaxDenominators(SoftmaxSetup{}, stop));
    EXPECT_FALSE(moments(MomentsSetup{}, stop));
    EXPECT_FALSE(rmsNorm(RmsNormSetup{}, stop));
    EXPECT_FALSE(routerTopK(RouterSetup{}, stop));
}

}  // namespace
}  // namespace floatscope::reduce
