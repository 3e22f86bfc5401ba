#pragma once

#include <utility>
#include <vector>

namespace floatscope {

// Axis ticks a person would choose: Heckbert, "Nice numbers for graph labels" (Graphics Gems,
// 1990), with matplotlib's MaxNLocator steps. A step is 1, 2, 2.5 or 5 times a power of ten; on an
// integer axis (steps, counts, exponents) it is a whole number; the labels carry as many decimals as
// the step needs and no more, so that 0.25 steps read 0, 0.25, 0.5 and never 2.00004673.
//
// Every tick is n * step, computed as (n * m) scaled by an exact power of ten (m in {1, 2, 2.5, 5}
// is exact in binary, n * m too), so printing it with `decimals` digits gives the decimal it stands
// for.
struct NiceTicks {
    double step = 1;
    int decimals = 0;            // digits after the decimal point a label needs
    std::vector<double> values;  // ascending, inside [lo, hi]
};

enum class TickKind {
    Real,     // any step 1, 2, 2.5, 5 × 10^k
    Integer,  // whole steps only: 1, 2, 2.5 × 10 (25), 5, 10, ...
    Exponent  // whole steps without the 2.5 family (1, 2, 5, 10, 20, 50, ...): binades, decades
};

// At most `maxTicks` (at least 2) ticks inside [lo, hi], the smallest nice step that allows it.
// lo > hi are swapped; a zero-width or non-finite range gives no ticks.
NiceTicks niceTicks(double lo, double hi, int maxTicks, TickKind kind = TickKind::Real);

// [lo, hi] widened to the enclosing ticks of niceTicks over it (Heckbert's loose labelling): the
// range of an axis the data leaves open, so that both ends carry labels.
std::pair<double, double> niceRange(double lo, double hi, int maxTicks, TickKind kind = TickKind::Real);

}  // namespace floatscope
