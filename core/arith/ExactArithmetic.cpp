#include "core/arith/ExactArithmetic.h"

#include <bit>
#include <cassert>
#include <cmath>

#include "core/format/Registry.h"

namespace floatscope {

namespace {

int topBit(std::uint64_t x) { return 63 - std::countl_zero(x); }

int leadingZeros(Uint128 x)
{
    const auto high = static_cast<std::uint64_t>(x >> 64);
    return high != 0 ? std::countl_zero(high) : 64 + std::countl_zero(static_cast<std::uint64_t>(x));
}

// Exponent of the value's leading bit: |d| lies in [2^top, 2^(top+1)).
std::int64_t topExponent(const Dyadic& d) { return d.exponent + topBit(d.significand); }

// |d| in units of 2^unit: the whole units, and whether a nonzero remainder was cut off. The caller
// guarantees the whole units fit in 128 bits.
struct Aligned {
    Uint128 units = 0;
    bool rest = false;
};

Aligned align(const Dyadic& d, std::int64_t unit)
{
    const std::int64_t shift = d.exponent - unit;
    if (shift >= 0)
        return {Uint128{d.significand} << shift, false};
    if (shift <= -64)
        return {0, true};  // d.significand != 0: all of it lies below one unit
    const auto right = static_cast<int>(-shift);
    return {Uint128{d.significand >> right}, (d.significand & ((std::uint64_t{1} << right) - 1)) != 0};
}

Unpacked finite(bool negative, Uint128 significand, std::int64_t unit, bool sticky)
{
    Unpacked u;
    u.kind = Unpacked::Kind::Finite;
    u.negative = negative;
    u.exponent = unit + 127;  // |x| = significand * 2^unit = significand * 2^(exponent - 127)
    u.significand = significand;
    u.sticky = sticky;
    return u;
}

}  // namespace

// 1. zeros  2. order by magnitude  3. align both to the larger one's window  4. add or subtract
// 5. renormalise. The larger operand fills the window from bit 127 down, so the smaller one is cut
// off (its remainder folded into the sticky bit) only where it lies more than 127 bits below.
Unpacked exactSum(const Dyadic& a, const Dyadic& b)
{
    // 1. Zeros: x + 0 is x; 0 + 0 is -0 only when both are -0.
    if (a.isZero() && b.isZero())
        return Unpacked::zero(a.negative && b.negative);
    if (a.isZero() || b.isZero()) {
        const Dyadic& x = a.isZero() ? b : a;
        return Unpacked::finite(x.negative, x.significand, x.exponent);
    }

    // 2. The larger magnitude decides the sign.
    const bool aLarger = compareMagnitude(a, b) >= 0;
    const Dyadic& big = aLarger ? a : b;
    const Dyadic& small = aLarger ? b : a;

    // 3. Units of 2^unit put big's leading bit at bit 127. small <= big, so small's whole units fit.
    std::int64_t unit = topExponent(big) - 127;
    const Uint128 window = Uint128{big.significand} << (127 - topBit(big.significand));
    Aligned s = align(small, unit);

    // 4a. Same signs: a carry out of bit 127 shifts right by one, its last bit joining the sticky bit.
    if (big.negative == small.negative) {
        const Uint128 sum = window + s.units;
        if (sum >= window)
            return finite(big.negative, sum, unit, s.rest);
        return finite(big.negative, (sum >> 1) | (Uint128{1} << 127), unit + 1, s.rest || (sum & 1) != 0);
    }

    // 4b. Opposite signs. With a remainder r (0 < r < 1 unit) cut off, big - small =
    //     (window - units - 1) + (1 - r): the floor takes one more unit and the rest is sticky.
    Uint128 difference = window - s.units - (s.rest ? 1 : 0);
    if (difference == 0 && !s.rest)
        return Unpacked::zero(false);
    const int lz = leadingZeros(difference);
    if (lz == 0)
        return finite(big.negative, difference, unit, s.rest);

    // 5. The leading bit moved down by lz. Without a remainder, shift the exact difference up. With
    //    one, the bits that would move in are unknown: redo the subtraction in units 2^lz times
    //    finer. small then lies below 2^(unit + 64) and big at or above 2^(unit + 127), so lz <= 1.
    //    The finer window overflows 128 bits, but the difference fits: arithmetic modulo 2^128
    //    gives it exactly, and it has its leading bit at 127 (its floor was at least 2^(127 - lz)).
    if (!s.rest)
        return finite(big.negative, difference << lz, unit - lz, false);
    unit -= lz;
    s = align(small, unit);
    difference = (window << lz) - s.units - (s.rest ? 1 : 0);
    assert(leadingZeros(difference) == 0);
    return finite(big.negative, difference, unit, s.rest);
}

Unpacked exactProduct(const Dyadic& a, const Dyadic& b)
{
    if (a.isZero() || b.isZero())
        return Unpacked::zero(a.negative != b.negative);
    const Uint128 product = Uint128{a.significand} * b.significand;
    const int lz = leadingZeros(product);
    return finite(a.negative != b.negative, product << lz, a.exponent + b.exponent - lz, false);
}

std::optional<Dyadic> toDyadic(const Unpacked& value)
{
    switch (value.kind) {
    case Unpacked::Kind::Zero: return Dyadic{value.negative, 0, 0};
    case Unpacked::Kind::Finite: break;
    case Unpacked::Kind::Infinite:
    case Unpacked::Kind::NaN: return std::nullopt;
    }
    if (value.sticky || static_cast<std::uint64_t>(value.significand) != 0)
        return std::nullopt;
    return Dyadic{value.negative, static_cast<std::uint64_t>(value.significand >> 64), value.exponent - 127 + 64}
        .normalized();
}

Dyadic dyadicFromDouble(double value)
{
    assert(std::isfinite(value));
    const Unpacked u = unpackDouble(value);
    if (u.kind == Unpacked::Kind::Zero)
        return Dyadic{u.negative, 0, 0};
    return *toDyadic(u);  // a double has 53 significant bits
}

double toDouble(const Dyadic& value)
{
    if (value.significand == 0)
        return value.negative ? -0.0 : 0.0;
    // Fast and exact: a 53-bit significand whose exponent keeps the result a normal double.
    const std::int64_t top = topExponent(value);
    if (value.significand < (std::uint64_t{1} << 53) && top >= -1022 && top <= 1023) {
        const double magnitude = std::ldexp(static_cast<double>(value.significand), static_cast<int>(value.exponent));
        return value.negative ? -magnitude : magnitude;
    }
    // Otherwise one rounding by the engine (ldexp after a rounded conversion could round twice).
    const RoundResult r = roundToFormat(Unpacked::finite(value.negative, value.significand, value.exponent),
                                        namedFormat("fp64"));
    return std::bit_cast<double>(r.code);
}

int compareMagnitude(const Dyadic& a, const Dyadic& b)
{
    if (a.isZero() || b.isZero())
        return (a.isZero() ? 0 : 1) - (b.isZero() ? 0 : 1);
    const std::int64_t ta = topExponent(a);
    const std::int64_t tb = topExponent(b);
    if (ta != tb)
        return ta < tb ? -1 : 1;
    // Same leading exponent: left-align both significands and compare.
    const std::uint64_t sa = a.significand << (63 - topBit(a.significand));
    const std::uint64_t sb = b.significand << (63 - topBit(b.significand));
    return sa < sb ? -1 : (sa > sb ? 1 : 0);
}

}  // namespace floatscope
