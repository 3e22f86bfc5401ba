#pragma once

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>

namespace floatscope::dot {

static_assert(FLT_EVAL_METHOD == 0, "double and float adds must round to their own precision, once");

// x + y for exact, finite doubles, rounded to odd at 53 bits: the nearest sum and its exact error
// (Knuth's TwoSum, six operations, exact without overflow); when the sum is inexact and its last
// bit even, the neighbour toward the exact value is the odd one. A later rounding to p <= 51 bits
// then gives the correctly rounded p-bit sum in every deterministic mode (Boldo, Melquiond,
// "Emulation of FMA and correctly rounded sums: proved algorithms using rounding to odd",
// IEEE Trans. Comput. 57(4), 2008). The files using it are compiled with -ffp-contract=off: an
// FMA contracted into TwoSum would break it.
inline double addToOdd(double x, double y)
{
    const double s = x + y;
    const double yPart = s - x;
    const double error = (x - (s - yPart)) + (y - yPart);
    if (error == 0)
        return s;
    auto bits = std::bit_cast<std::uint64_t>(s);
    if ((bits & 1) == 0)
        bits = (error > 0) == (s > 0) ? bits + 1 : bits - 1;  // sign-magnitude: +1 is away from zero
    return std::bit_cast<double>(bits);
}

// A double rounded to odd at fp32's precision. Beyond fp32's range it becomes +-FLT_MAX, whose last
// bit is odd: a value past every narrower format's overflow threshold that still rounds toward zero
// to that format's largest value.
inline float toOddFloat(double t)
{
    if (std::fabs(t) > FLT_MAX)
        return std::copysign(FLT_MAX, static_cast<float>(t));
    float f = static_cast<float>(t);
    if (static_cast<double>(f) != t) {
        auto bits = std::bit_cast<std::uint32_t>(f);
        if ((bits & 1) == 0)
            bits = std::fabs(t) > std::fabs(static_cast<double>(f)) ? bits + 1 : bits - 1;
        f = std::bit_cast<float>(bits);
    }
    return f;
}

}  // namespace floatscope::dot
