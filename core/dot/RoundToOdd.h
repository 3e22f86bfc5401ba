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

// A double rounded to odd at fp32's precision: truncated toward zero, then the last bit set if
// anything was cut off. Without branches: the nearest float, one step back toward zero if it lies
// beyond t (sign-magnitude bits: minus one is toward zero; from inf it is FLT_MAX, whose last bit
// is odd, the value past every narrower format's overflow threshold that still rounds toward zero
// to that format's largest value).
inline float toOddFloat(double t)
{
    const float f = static_cast<float>(t);
    const double back = static_cast<double>(f);
    std::uint32_t bits = std::bit_cast<std::uint32_t>(f);
    bits -= std::fabs(back) > std::fabs(t) ? 1u : 0u;
    bits |= back != t ? 1u : 0u;
    return std::bit_cast<float>(bits);
}

// The fp32 next to f (finite or inf) in the direction of t: sign-magnitude bits step by one.
inline float stepToward(float f, double t)
{
    if (f == 0)
        return std::copysign(std::bit_cast<float>(1u), static_cast<float>(t));
    const auto bits = std::bit_cast<std::uint32_t>(f);
    return std::bit_cast<float>(std::fabs(t) > std::fabs(static_cast<double>(f)) ? bits + 1 : bits - 1);
}

// A double rounded once to fp32 in a deterministic mode (the RoundingMode order: nearest-even,
// nearest-away, toward zero, up, down, to odd). The CPU's conversion rounds to nearest even; the
// other modes step to the neighbour with nextafterf where that one is the answer. For a double that
// is itself rounded to odd at 53 bits this is the correctly rounded sum it stands for: odd rounding
// keeps every tie of a 24-bit target exact and every other value on its side of each fp32.
inline float roundToFloat(double t, int mode)
{
    const float f = static_cast<float>(t);
    const double back = static_cast<double>(f);
    if (mode == 0 || back == t || std::isnan(t))
        return f;
    const float towardT = stepToward(f, t);
    switch (mode) {
    case 1: {                                                           // nearest, ties away
        const double middle = (back + static_cast<double>(towardT)) / 2;  // exact: two floats
        return t == middle && std::fabs(towardT) > std::fabs(f) ? towardT : f;
    }
    case 2: return std::fabs(back) > std::fabs(t) ? towardT : f;       // toward zero
    case 3: return back < t ? towardT : f;                              // up
    case 4: return back > t ? towardT : f;                              // down
    default: {                                                          // to odd
        const float truncated = std::fabs(back) > std::fabs(t) ? towardT : f;
        const auto bits = std::bit_cast<std::uint32_t>(truncated);
        return std::isfinite(truncated) ? std::bit_cast<float>(bits | 1u) : truncated;
    }
    }
}

}  // namespace floatscope::dot
