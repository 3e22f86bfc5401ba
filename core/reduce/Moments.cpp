#include <cmath>
#include <optional>

#include <gmpxx.h>

#include "core/exact/ExactValue.h"
#include "core/common/Names.h"
#include "core/lessons/SeededRandom.h"
#include "core/reduce/FormatArithmetic.h"
#include "core/reduce/Reductions.h"

namespace floatscope::reduce {

namespace {

struct Moments {
    double mean = 0;
    double variance = 0;
    std::optional<double> sum = std::nullopt;  // the running sum of the values
};

Moments twoPass(const FormatArithmetic& a, const std::vector<double>& x)
{
    const double n = a.round(static_cast<double>(x.size()));
    double sum = 0;
    for (const double v : x)
        sum = a.add(sum, v);
    const double mean = a.divide(sum, n);
    double squares = 0;
    for (const double v : x) {
        const double d = a.subtract(v, mean);
        squares = a.add(squares, a.multiply(d, d));
    }
    return {mean, a.divide(squares, n), sum};
}

Moments sumOfSquares(const FormatArithmetic& a, const std::vector<double>& x)
{
    const double n = a.round(static_cast<double>(x.size()));
    double sum = 0, squares = 0;
    for (const double v : x) {
        sum = a.add(sum, v);
        squares = a.add(squares, a.multiply(v, v));
    }
    const double mean = a.divide(sum, n);
    return {mean, a.subtract(a.divide(squares, n), a.multiply(mean, mean)), sum};
}

// Welford's update; the count k is an integer held in the format (k rounds there past 2^p).
Moments welford(const FormatArithmetic& a, const std::vector<double>& x)
{
    double mean = 0, m2 = 0;
    for (std::size_t k = 1; k <= x.size(); ++k) {
        const double delta = a.subtract(x[k - 1], mean);
        mean = a.add(mean, a.divide(delta, a.round(static_cast<double>(k))));
        m2 = a.add(m2, a.multiply(delta, a.subtract(x[k - 1], mean)));
    }
    return {mean, a.divide(m2, a.round(static_cast<double>(x.size())))};
}

std::optional<double> relative(double value, const mpq_class& exact)
{
    if (!std::isfinite(value) || exact == 0)
        return std::nullopt;
    const mpq_class error = abs(ExactValue::fromDouble(value).value() - exact) / abs(exact);
    return nearestDouble(ExactValue::fromRational(error));
}

}  // namespace

constexpr Named<VarianceMethod> kVarianceMethods[] = {
    {VarianceMethod::TwoPass, "two-pass"}, {VarianceMethod::SumOfSquares, "sum-of-squares"},
    {VarianceMethod::Welford, "welford"}
};

const char* toString(VarianceMethod method) { return nameIn(kVarianceMethods, method); }

// The inputs are values of the first format (as a bf16 activation tensor holds them); the exact
// mean and variance are GMP rationals of exactly those values.
std::optional<std::vector<MomentsRow>> moments(const MomentsSetup& setup, const dot::RunControl& control,
                                               std::vector<MomentsRow>* finished)
{
    if (setup.formats.empty() || setup.count == 0)
        return std::vector<MomentsRow>{};
    SeededRandom random(setup.seed);
    const FormatArithmetic given(setup.formats.front());
    std::vector<double> x(setup.count);
    mpq_class sum = 0;
    for (double& v : x) {
        v = given.round(setup.mean + setup.deviation * random.normal());
        sum += ExactValue::fromDouble(v).value();
    }
    const mpq_class n(static_cast<unsigned long>(x.size()));
    const mpq_class exactMean = sum / n;
    mpq_class squares = 0;
    for (const double v : x) {
        const mpq_class d = ExactValue::fromDouble(v).value() - exactMean;
        squares += d * d;
    }
    const mpq_class exactVariance = squares / n;

    std::vector<MomentsRow> rows;
    for (const Format& f : setup.formats) {
        const FormatArithmetic a(f);
        std::vector<double> xf;
        for (const double v : x)
            xf.push_back(a.round(v));
        for (const VarianceMethod method : {VarianceMethod::TwoPass, VarianceMethod::SumOfSquares, VarianceMethod::Welford}) {
            if (control.cancelled()) {
                if (finished != nullptr)
                    *finished = std::move(rows);
                return std::nullopt;
            }
            const Moments m = method == VarianceMethod::TwoPass ? twoPass(a, xf)
                : method == VarianceMethod::SumOfSquares        ? sumOfSquares(a, xf)
                                                                : welford(a, xf);
            rows.push_back(MomentsRow{f, method, m.mean, m.variance, nearestDouble(ExactValue::fromRational(exactMean)),
                                      nearestDouble(ExactValue::fromRational(exactVariance)), relative(m.mean, exactMean),
                                      relative(m.variance, exactVariance), m.sum, m.sum ? a.gap(*m.sum) : 0.0});
        }
        control.report(static_cast<double>(rows.size()) / static_cast<double>(3 * setup.formats.size()));
    }
    return rows;
}

}  // namespace floatscope::reduce
