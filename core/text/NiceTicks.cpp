#include "core/text/NiceTicks.h"

#include <algorithm>
#include <cmath>

namespace floatscope {

namespace {

// A step m × 10^k.
struct Step {
    double mantissa;
    int power;
};

double powerOfTen(int k)
{
    // Exact up to 10^22 (5^22 < 2^53); beyond, the nearest double, which no label reaches.
    double p = 1;
    for (int i = 0; i < std::abs(k); ++i)
        p *= 10;
    return p;
}

// n × m × 10^k with one rounding: n × m is exact (m × 2 is whole and |n| < 2^51), and so is the power
// of ten it is scaled by, so the result is the double nearest to the decimal it stands for.
double multiple(double n, Step s)
{
    const double whole = n * s.mantissa;
    return s.power >= 0 ? whole * powerOfTen(s.power) : whole / powerOfTen(-s.power);
}

double stepValue(Step s) { return multiple(1, s); }

// A range too narrow for its magnitude (1 to 1 + 1e-15) has no ticks a label could tell apart, and
// its multiples would be beyond a double's whole numbers.
bool tooNarrow(double lo, double hi)
{
    return hi - lo <= std::max(std::fabs(lo), std::fabs(hi)) * 1e-12;
}

bool allowed(Step s, TickKind kind)
{
    if (kind == TickKind::Real)
        return true;
    if (s.power < 0)
        return false;
    if (s.mantissa == 2.5)
        return kind == TickKind::Integer && s.power >= 1;
    return true;
}

// The first and last multiples n of the step whose ticks (the doubles nearest to n × step) lie
// inside [lo, hi] (tight), or the last at or below lo and the first at or above hi (loose). As
// doubles: 0.3 is a tick of [0, 0.3] though the double 0.3 is a little below 3/10.
std::pair<double, double> span(double lo, double hi, Step s, bool loose)
{
    const double step = stepValue(s);
    double first = std::floor(lo / step) - 1;
    double last = std::ceil(hi / step) + 1;
    // A few moves at most: the quotients are within a step of the answer.
    for (int i = 0; i < 4; ++i) {
        if (loose ? multiple(first + 1, s) <= lo : multiple(first, s) < lo)
            ++first;
        if (loose ? multiple(last - 1, s) >= hi : multiple(last, s) > hi)
            --last;
    }
    return {first, last};
}

// The smallest allowed step with at most maxTicks ticks over [lo, hi].
Step chooseStep(double lo, double hi, int maxTicks, TickKind kind, bool loose)
{
    const double raw = (hi - lo) / std::max(1, maxTicks - 1);
    int power = static_cast<int>(std::floor(std::log10(raw))) - 1;
    if (kind != TickKind::Real)
        power = std::max(power, 0);
    for (;; ++power) {
        for (const double m : {1.0, 2.0, 2.5, 5.0}) {
            const Step s{m, power};
            if (!allowed(s, kind))
                continue;
            const auto [first, last] = span(lo, hi, s, loose);
            if (last - first + 1 <= maxTicks)
                return s;
        }
        if (power > 308)
            return {1, 308};
    }
}

}  // namespace

NiceTicks niceTicks(double lo, double hi, int maxTicks, TickKind kind)
{
    NiceTicks out;
    if (lo > hi)
        std::swap(lo, hi);
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo) || tooNarrow(lo, hi))
        return out;
    maxTicks = std::max(2, maxTicks);
    const Step s = chooseStep(lo, hi, maxTicks, kind, false);
    out.step = stepValue(s);
    out.decimals = std::max(0, -s.power + (s.mantissa == 2.5 ? 1 : 0));
    const auto [first, last] = span(lo, hi, s, false);
    for (double n = first; n <= last && out.values.size() < static_cast<std::size_t>(maxTicks); ++n)
        out.values.push_back(multiple(n, s));
    return out;
}

std::pair<double, double> niceRange(double lo, double hi, int maxTicks, TickKind kind)
{
    if (lo > hi)
        std::swap(lo, hi);
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo) || tooNarrow(lo, hi))
        return {lo, hi};
    const Step s = chooseStep(lo, hi, std::max(2, maxTicks), kind, true);
    const auto [first, last] = span(lo, hi, s, true);
    return {multiple(first, s), multiple(last, s)};
}

}  // namespace floatscope
