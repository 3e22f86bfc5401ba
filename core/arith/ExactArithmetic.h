#pragma once

#include <optional>

#include "core/format/Dyadic.h"
#include "core/round/Rounding.h"

namespace floatscope {

// Exact sums and products of two finite values, reduced to what rounding needs (an Unpacked: the
// top 128 bits plus a sticky bit), in integer arithmetic: no GMP, no dependence on the range of
// double. roundToFormat() of the result is the once-rounded sum or product, in every mode.
//
// Both take significands of up to 64 bits (every Dyadic of every format has at most 53).

// a + b. An exact zero sum is +0, or -0 when both operands are -0 (IEEE 754 section 6.3 for every
// rounding direction except roundTowardNegative, which the lessons never use for sums).
Unpacked exactSum(const Dyadic& a, const Dyadic& b);

// a * b (exact: at most 128 significant bits, so the sticky bit is never set).
Unpacked exactProduct(const Dyadic& a, const Dyadic& b);

// The value of a finite Unpacked as a Dyadic, when it has at most 64 significant bits and no
// sticky bit; empty otherwise.
std::optional<Dyadic> toDyadic(const Unpacked& value);

// Exact conversions between double and Dyadic. fromDouble needs a finite input; toDouble is exact
// whenever the value is a double and otherwise rounds (nearest-even, to 0 or inf at the ends).
Dyadic dyadicFromDouble(double value);
double toDouble(const Dyadic& value);

// Compares |a| with |b|: negative, zero or positive.
int compareMagnitude(const Dyadic& a, const Dyadic& b);

}  // namespace floatscope
