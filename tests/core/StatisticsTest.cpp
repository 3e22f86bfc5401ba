// Quantization statistics against exact sums: every element's error as a GMP rational (the exact
// per-element path, ElementResult::absError), squared and summed exactly, then compared with the
// summary through MPFR. The traps: squares of errors near 1e-300 underflowed fp64 (MSE 0 and SQNR
// "inf (exact)" with every element flushed), squares near 1e300 overflowed it (MSE inf, SQNR NaN).

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include <gmpxx.h>
#include <mpfr.h>

#include "core/format/Registry.h"
#include "core/scaling/Quantization.h"

namespace floatscope {
namespace {

QuantizeOptions options(Scheme scheme, const char* element, ScalePrecision precision = ScalePrecision::Fp32)
{
    QuantizeOptions o;
    o.scheme = scheme;
    o.element = namedFormat(element);
    o.scalePrecision = precision;
    return o;
}

struct ExactStatistics {
    mpq_class sumSquaredError = 0;
    mpq_class sumSquaredInput = 0;
    mpq_class maxRel = 0;
};

// A double as the rational it is (every double is m * 2^e).
mpq_class rational(double v)
{
    mpq_class q;
    mpq_set_d(q.get_mpq_t(), v);
    return q;
}

ExactStatistics exactStatistics(const Quantization& q)
{
    ExactStatistics s;
    for (std::size_t i = 0; i < q.tensor().size(); ++i) {
        const ElementResult e = q.element(i);
        s.sumSquaredError += e.absError * e.absError;
        const mpq_class x = rational(e.input);
        s.sumSquaredInput += x * x;
        if (e.relError && *e.relError > s.maxRel)
            s.maxRel = *e.relError;
    }
    return s;
}

// |computed / exact - 1|, in MPFR at 256 bits (the exact value may be far outside fp64's range).
double relativeDifference(long double computed, const mpq_class& exact)
{
    mpfr_t a;
    mpfr_t b;
    mpfr_inits2(256, a, b, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_ld(a, computed, MPFR_RNDN);
    mpfr_set_q(b, exact.get_mpq_t(), MPFR_RNDN);
    mpfr_div(a, a, b, MPFR_RNDN);
    mpfr_sub_ui(a, a, 1, MPFR_RNDN);
    const double d = std::fabs(mpfr_get_d(a, MPFR_RNDN));
    mpfr_clears(a, b, static_cast<mpfr_ptr>(nullptr));
    return d;
}

// 10 log10(input / error), in MPFR.
double exactSqnr(const mpq_class& input, const mpq_class& error)
{
    mpfr_t r;
    mpfr_init2(r, 256);
    mpfr_set_q(r, mpq_class(input / error).get_mpq_t(), MPFR_RNDN);
    mpfr_log10(r, r, MPFR_RNDN);
    mpfr_mul_ui(r, r, 10, MPFR_RNDN);
    const double d = mpfr_get_d(r, MPFR_RNDN);
    mpfr_clear(r);
    return d;
}

void expectExact(const Quantization& q, const char* what)
{
    const ExactStatistics e = exactStatistics(q);
    const QuantizationSummary& s = q.summary();
    const mpq_class n(static_cast<unsigned long>(q.tensor().size()));
    if (e.sumSquaredError == 0) {
        EXPECT_EQ(s.mse, 0) << what;
        EXPECT_FALSE(s.sqnrDb) << what;
    } else {
        EXPECT_LT(relativeDifference(s.mse, e.sumSquaredError / n), 1e-13) << what << ": MSE " << static_cast<double>(s.mse);
        ASSERT_TRUE(s.sqnrDb) << what;
        EXPECT_NEAR(*s.sqnrDb, exactSqnr(e.sumSquaredInput, e.sumSquaredError), 1e-9) << what;
    }
    if (e.maxRel == 0)
        EXPECT_EQ(s.maxRelError, 0) << what;
    else
        EXPECT_LT(relativeDifference(s.maxRelError, e.maxRel), 1e-13) << what;
}

TEST(Statistics, TinyErrorsDoNotUnderflowToAnExactResult)
{
    // Both elements flush to zero: an error of 100% each, MSE (1e-600 + 1e-620) / 2, SQNR 0 dB.
    const Quantization q = *quantize(Tensor::vector({1e-300, 1e-310}), options(Scheme::tensor(), "e4m3fn")).result;
    EXPECT_GT(q.summary().mse, 0);
    ASSERT_TRUE(q.summary().sqnrDb);
    EXPECT_NEAR(*q.summary().sqnrDb, 0.0, 1e-9);
    expectExact(q, "1e-300, 1e-310");
}

TEST(Statistics, HugeErrorsDoNotOverflowToInfOrNan)
{
    const Quantization q = *quantize(Tensor::vector({1e300, 1}), options(Scheme::tensor(), "e4m3fn")).result;
    EXPECT_TRUE(std::isfinite(q.summary().mse));
    ASSERT_TRUE(q.summary().sqnrDb);
    EXPECT_FALSE(std::isnan(*q.summary().sqnrDb));
    expectExact(q, "1e300, 1");
}

TEST(Statistics, RelativeErrorBeyondFp64IsKept)
{
    // An exact scale of 1e300 / 448 makes the subnormal element 0 and... a huge one next to it
    // saturate: relative errors of a subnormal input reach past 1e308 when it dequantizes far away.
    const Quantization q =
        *quantize(Tensor::vector({1e300, 5e-324}), options(Scheme::tensor(), "e4m3fn", ScalePrecision::Exact)).result;
    expectExact(q, "1e300, 5e-324 exact scale");
}

TEST(Statistics, WideRangesAgreeWithExactSumsInEveryScheme)
{
    std::mt19937_64 random(5);
    for (const int spread : {0, 200, 600}) {
        std::vector<double> xs(512);
        for (double& x : xs) {
            const double m = std::ldexp(static_cast<double>(random() >> 11), -53) + 0.5;
            const int e = static_cast<int>(random() % (2 * static_cast<unsigned>(spread) + 1)) - spread;
            x = std::ldexp((random() & 1) != 0 ? -m : m, std::clamp(e, -1070, 1020));
        }
        for (const auto& [scheme, element] : {std::pair{Scheme::tensor(), "e4m3fn"}, {Scheme::tile(32), "e5m2"},
                                              {Scheme::mx(), "e2m1"}, {Scheme::nvfp4(), "e2m1"}, {Scheme::tensor(), "bf16"}}) {
            for (const ScalePrecision p : {ScalePrecision::Fp32, ScalePrecision::Exact}) {
                const QuantizeOutcome out = quantize(Tensor::vector(xs), options(scheme, element, p));
                ASSERT_TRUE(out.result) << static_cast<int>(out.error.value_or(QuantizeError{}).kind);
                expectExact(*out.result, (scheme.name() + " " + element + " spread " + std::to_string(spread)).c_str());
            }
        }
    }
}

}  // namespace
}  // namespace floatscope
