#include "core/dot/DotLessons.h"

#include <cmath>

#include "core/common/Names.h"
#include "core/dot/Operands.h"
#include "core/lessons/SeededRandom.h"
#include "core/round/Rounding.h"

namespace floatscope::dot {

namespace {

double draw(Distribution d, SeededRandom& random)
{
    switch (d) {
    case Distribution::Normal: return random.normal();
    case Distribution::Uniform: return random.uniform();
    case Distribution::Heavy: {
        // Student's t, 3 degrees of freedom: z / sqrt(chi^2_3 / 3).
        const double z = random.normal();
        double chi = 0;
        for (int i = 0; i < 3; ++i) {
            const double n = random.normal();
            chi += n * n;
        }
        return z / std::sqrt(chi / 3);
    }
    case Distribution::Ones: return 1;
    }
    return 0;
}

std::optional<double> nearest(const std::optional<mpq_class>& q)
{
    if (!q)
        return std::nullopt;
    return nearestDouble(ExactValue::fromRational(*q));
}

DotInputs prefix(const DotInputs& all, std::size_t k)
{
    return DotInputs{all.format, {all.a.begin(), all.a.begin() + static_cast<std::ptrdiff_t>(k)},
                     {all.b.begin(), all.b.begin() + static_cast<std::ptrdiff_t>(k)}, all.start};
}

}  // namespace

constexpr Named<Distribution> kDistributionNames[] = {
    {Distribution::Normal, "normal"}, {Distribution::Uniform, "uniform"}, {Distribution::Heavy, "heavy"},
    {Distribution::Ones, "ones"}
};

const char* toString(Distribution d) { return nameIn(kDistributionNames, d); }

std::optional<Distribution> parseDistribution(std::string_view text) { return valueIn(kDistributionNames, text); }

DotInputs generateInputs(const Format& format, Distribution distribution, std::size_t k, std::uint64_t seed,
                         const RunControl& control)
{
    SeededRandom random(seed);
    RoundOptions options;
    options.overflow = OverflowPolicy::Saturate;
    DotInputs inputs{format, {}, {}, 0};
    inputs.a.reserve(k);
    inputs.b.reserve(k);
    for (std::size_t i = 0; i < k; ++i) {
        if ((i & 0xFFFF) == 0xFFFF && control.cancelled())
            break;
        inputs.a.push_back(static_cast<std::uint32_t>(roundToFormat(unpackDouble(draw(distribution, random)), format, options).code));
        inputs.b.push_back(static_cast<std::uint32_t>(roundToFormat(unpackDouble(draw(distribution, random)), format, options).code));
    }
    return inputs;
}

ErrorSweepResult errorVersusK(const ErrorSweep& sweep, const RunControl& control)
{
    ErrorSweepResult result;
    for (const Accumulator& a : sweep.accumulators)
        if (auto error = checkDot(sweep.inputs, a)) {
            result.error = error;
            return result;
        }
    const int lo = std::clamp(sweep.minLog2K, 0, kMaxLog2K);
    const int hi = std::clamp(sweep.maxLog2K, lo, kMaxLog2K);
    const DotInputs all = generateInputs(sweep.inputs, sweep.distribution, std::size_t{1} << hi, sweep.seed);
    const double total = static_cast<double>(sweep.accumulators.size()) * static_cast<double>(std::size_t{2} << hi);
    double done = 0;
    for (const Accumulator& accumulator : sweep.accumulators) {
        ErrorCurve curve{accumulator, {}};
        for (int j = lo; j <= hi; ++j) {
            const std::size_t k = std::size_t{1} << j;
            const RunControl inner{control.cancel, {}};
            const auto outcome = innerProduct(prefix(all, k), accumulator, inner);
            if (!outcome) {
                result.cancelled = true;
                return result;
            }
            const auto* r = std::get_if<DotResult>(&*outcome);
            if (r == nullptr) {  // checkDot() let through what the sum refused: say so, never abort
                result.error = std::get<DotError>(*outcome);
                result.curves.clear();
                return result;
            }
            curve.points.push_back(ErrorPoint{k, r->value(), r->exact, nearest(relativeError(r->value(), r->exact))});
            done += static_cast<double>(k);
            control.report(done / total);
        }
        result.curves.push_back(std::move(curve));
    }
    return result;
}

std::optional<OnesStall> onesStall(const Format& inputs, const Accumulator& accumulator, std::size_t maxK,
                                   const RunControl& control)
{
    if (checkDot(inputs, accumulator))
        return std::nullopt;
    const DotInputs ones = generateInputs(inputs, Distribution::Ones, maxK, 0);
    // The sum of the first k ones, or nothing when it counts correctly (or the run was cancelled).
    const auto wrong = [&](std::size_t k) -> std::optional<ExactValue> {
        const auto outcome = innerProduct(prefix(ones, k), accumulator, RunControl{control.cancel, {}});
        const auto* r = outcome ? std::get_if<DotResult>(&*outcome) : nullptr;
        if (r == nullptr)
            return std::nullopt;
        const ExactValue v = r->value();
        if (v == ExactValue::fromRational(mpq_class(static_cast<unsigned long>(k))))
            return std::nullopt;
        return v;
    };
    // Gallop to a K that no longer counts, then bisect: the first wrong sum once counting stopped.
    std::size_t good = 0;
    std::size_t bad = 1;
    std::optional<ExactValue> badValue;
    while (!(badValue = wrong(bad))) {
        if (control.cancelled() || bad >= maxK)
            return std::nullopt;
        good = bad;
        bad = std::min(maxK, 2 * bad);
    }
    while (bad - good > 1) {
        const std::size_t mid = good + (bad - good) / 2;
        if (auto v = wrong(mid)) {
            bad = mid;
            badValue = v;
        } else {
            good = mid;
        }
    }
    return OnesStall{bad, *badValue};
}

}  // namespace floatscope::dot
