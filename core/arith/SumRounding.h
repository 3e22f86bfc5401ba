#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope {

// A code and its value as a double (exact: the formats this serves have only double values).
struct CodeValue {
    std::uint64_t code = 0;
    double value = 0;
};

// Rounding of the two shapes the exact sum of two values takes after an error-free transformation
// in binary64 (see lessons/FormatAdder), in a few integer operations on 64-bit words instead of a
// 128-bit exact sum and the general rounding core:
//   - a double, exact: the sum of two values of at most 24 bits whose bits fit in 53;
//   - value(code) + remainder, where `code` is a finite value of the format and `remainder` a
//     double smaller than the gap between that value and its neighbour on the remainder's side:
//     the sum then lies between two neighbouring values, value(code) being one of them.
//
// The rules are roundToFormat()'s (Rounding.h), restated for these shapes; tests compare the two
// on random and adversarial inputs of every format this supports, in both modes.
//   Nearest-even: up iff the first discarded bit is 1 and any later one, or the last kept one, is.
//   Stochastic: |x| is truncated to T (the format's value at or below |x|), the fraction
//   f = (|x| - T) / gap in [0, 1) is cut to r bits, and the result moves up to the next value iff
//   floor(f * 2^r) + random_r >= 2^r.
//   - a double s * 2^e (s < 2^53): T is s without its bits below the format's quantum at |x|,
//     floor(f * 2^r) those bits moved to r places: exact integers. The double's own bit layout
//     holds the result as well: clearing the bits below the quantum truncates, and adding one
//     quantum carries into the exponent field where the next value is a power of two.
//   - value(code) + remainder toward larger magnitudes: T = value(code), f = |remainder| / gap_up;
//     toward smaller ones: T = the value below, f = 1 - |remainder| / gap_down, so
//     floor(f * 2^r) = 2^r - ceil(|remainder| * 2^r / gap_down), and the result is value(code) iff
//     random_r >= ceil(|remainder| * 2^r / gap_down). The scaled remainders are the remainder's
//     53-bit significand shifted: exact integers again.
// Past the largest finite value the remainder toward larger magnitudes may be of any size: a sum
// at or beyond max + gap truncates past the largest value and overflows whatever the random bits.
class SumRounder {
public:
    // Formats with a zero and a sign bit whose values and gaps are all doubles.
    static bool supports(const Format& format);

    // `overflow`: the policy (empty: the format's default), as RoundOptions::overflow.
    explicit SumRounder(const Format& format, std::optional<OverflowPolicy> overflow = std::nullopt);

    // What stochastic() needs about the binade of a double sum, by the sum's exponent field.
    struct Binade {
        std::uint64_t doubleField = ~std::uint64_t{0};  // the field this describes (none: all ones)
        int shift = 0;                 // the significand's bits below the format's quantum there
        std::uint64_t codeBase = 0;    // the code of the binade's start, less the implicit bit's carry
    };
    Binade binadeOf(std::uint64_t doubleField) const;

    // A normal double at least the format's smallest positive value in magnitude (the sum of two
    // nonzero values of the format is), rounded stochastically with `randomBits` (clamped to
    // 1..64) bits of `random`, as RoundOptions has them. `last` is the binade of the previous sum,
    // replaced where this one lies elsewhere: accumulated sums mostly stay in one binade, and a
    // step then need not wait for its binade to be worked out.
    CodeValue stochastic(double sum, std::uint64_t random, int randomBits, Binade& last) const;

    // Nearest-even gives the value only (its code is the caller's to work out, which may know a
    // cheaper way): past maxValue() in magnitude it overflowed, and the result is pastMax().
    double nearestValue(double sum) const;
    // The code of a double that is a finite value of the format (a zero's sign as the format keeps
    // it): its fields moved into the format's, or for a subnormal of the format the significand
    // shifted to the smallest quantum.
    std::uint64_t codeOfValue(double value) const;
    double maxValue() const { return m_maxValue; }
    // value(code) + remainder, stochastically; the code is nonzero, or the remainder is 0.
    std::uint64_t stochastic(std::uint64_t code, double remainder, std::uint64_t random, int randomBits) const;

    // The format's zero with the given sign where it has -0, else +0 (what the rounding core packs).
    CodeValue zero(bool negative) const { return m_zero[negative ? 1 : 0]; }
    CodeValue pastMax(bool negative) const { return m_pastMax[negative ? 1 : 0]; }

private:
    static int bitsOf(int randomBits) { return std::clamp(randomBits, 1, 64); }  // as the rounding core
    static std::uint64_t maskOf(int bits) { return bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1; }
    std::uint64_t pack(std::uint64_t sign, std::uint64_t magnitude) const;

    int m_mantissaBits;
    int m_bias;
    std::uint64_t m_signMask;
    std::uint64_t m_magnitudeMask;
    std::uint64_t m_maxFinite;
    double m_maxValue;
    // nearest(): by the exponent field of a double, 1.5 * 2^52 times the format's quantum there.
    std::vector<double> m_magic;
    std::array<CodeValue, 2> m_zero{};     // by sign: +0, and -0 or +0
    std::array<CodeValue, 2> m_pastMax{};  // by sign: what an overflow that rounds away becomes
};

inline std::uint64_t SumRounder::pack(std::uint64_t sign, std::uint64_t magnitude) const
{
    const int negative = sign != 0 ? 1 : 0;
    if (magnitude > m_maxFinite)
        return m_pastMax[negative].code;
    if (magnitude == 0)
        return m_zero[negative].code;
    return sign | magnitude;
}

// As Rounding.cpp's roundMagnitude with a 53-bit significand: 1. the exponent field |x| would have
// as a normal number of the format, clamped at the smallest normal field (binadeOf)  2. the bits of
// the significand below the quantum there: 1 .. 52 of them, as the format has at most 52 mantissa
// bits, a clamped field only adds to them, and |x| is at least one quantum  3. the decision
// 4. the code: (field - 1) << M plus the kept bits with their implicit one, which carries into
// the field (a carry out of the mantissa moves to the next binade by itself), and the value.
inline CodeValue SumRounder::stochastic(double sum, std::uint64_t random, int randomBits, Binade& last) const
{
    constexpr std::uint64_t kSign = std::uint64_t{1} << 63;
    constexpr std::uint64_t kHidden = std::uint64_t{1} << 52;
    const auto bits = std::bit_cast<std::uint64_t>(sum);
    const std::uint64_t magnitude = bits & ~kSign;
    // 1.
    if (const std::uint64_t doubleField = magnitude >> 52; doubleField != last.doubleField) [[unlikely]]
        last = binadeOf(doubleField);
    // 2.
    const int shift = last.shift;
    const std::uint64_t low = (std::uint64_t{1} << shift) - 1;
    const std::uint64_t rest = magnitude & low;
    // 3.
    const int n = bitsOf(randomBits);
    const std::uint64_t mask = maskOf(n);
    const std::uint64_t fraction = shift >= n ? rest >> (shift - n) : rest << (n - shift);  // rest < 2^shift
    const std::uint64_t up = (random & mask) > mask - fraction ? 1 : 0;
    // 4.
    const std::uint64_t codeMagnitude = last.codeBase + (((magnitude & (kHidden - 1)) | kHidden) >> shift) + up;
    const int negative = (bits >> 63) != 0 ? 1 : 0;
    if (codeMagnitude > m_maxFinite)
        return m_pastMax[negative];
    return {(negative != 0 ? m_signMask : 0) | codeMagnitude, std::bit_cast<double>((bits & ~low) + (up << shift))};
}

inline SumRounder::Binade SumRounder::binadeOf(std::uint64_t doubleField) const
{
    const std::int64_t field = static_cast<std::int64_t>(doubleField) - 1023 + m_bias;
    const std::int64_t kept = std::max<std::int64_t>(field, 1);
    const auto shift = static_cast<int>(52 - m_mantissaBits + (kept - field));
    assert(doubleField != 0 && doubleField != 0x7FF && shift >= 1 && shift <= 52);
    return {doubleField, shift, static_cast<std::uint64_t>((kept - 1) << m_mantissaBits)};
}

// Nearest-even by the FPU: with C = 1.5 * 2^52 * q, q the format's quantum in the binade of the sum
// (the quantum of its smallest normal binade below it), sum + C lies in [2^52 q, 2^53 q), where
// the doubles are the multiples of q, so the add rounds the sum to a multiple of q, ties to even
// (the parity of sum / q: C / q is even); subtracting C again is exact. |sum| < 2^51 q holds, for
// sum has at most M + 1 bits above q.
inline double SumRounder::nearestValue(double sum) const
{
    const double magic = m_magic[(std::bit_cast<std::uint64_t>(sum) >> 52) & 0x7FF];
    return (sum + magic) - magic;
}

inline std::uint64_t SumRounder::codeOfValue(double value) const
{
    constexpr std::uint64_t kHidden = std::uint64_t{1} << 52;
    const auto bits = std::bit_cast<std::uint64_t>(value);
    const std::uint64_t magnitude = bits & (~std::uint64_t{0} >> 1);
    const int negative = (bits >> 63) != 0 ? 1 : 0;
    if (magnitude == 0)
        return m_zero[negative].code;
    const std::int64_t field = static_cast<std::int64_t>(magnitude >> 52) - 1023 + m_bias;
    const int drop = 52 - m_mantissaBits;
    const std::uint64_t code = field >= 1
        ? (static_cast<std::uint64_t>(field) << m_mantissaBits) | ((magnitude & (kHidden - 1)) >> drop)
        : ((magnitude & (kHidden - 1)) | kHidden) >> (drop + 1 - field);
    return (negative != 0 ? m_signMask : 0) | code;
}

// 1. signs and direction  2. the gap on the remainder's side, 2^gapExponent: the quantum of the
// code's binade, halved below a power of two (mantissa 0 above the smallest normal binade)
// 3. floor(|remainder| * 2^n / gap) and whether it is exact  4. the decision.
inline std::uint64_t SumRounder::stochastic(std::uint64_t code, double remainder, std::uint64_t random,
                                            int randomBits) const
{
    // 1.
    const std::uint64_t sign = code & m_signMask;
    const std::uint64_t magnitude = code & m_magnitudeMask;
    const auto bits = std::bit_cast<std::uint64_t>(remainder);
    if ((bits << 1) == 0)
        return code;  // the sum is value(code) exactly
    const bool larger = ((bits >> 63) != 0) == (sign != 0);
    // |remainder| = r * 2^re, in [2^top, 2^(top+1))
    constexpr std::uint64_t kFraction = (std::uint64_t{1} << 52) - 1;
    const auto remainderField = static_cast<std::int64_t>((bits >> 52) & 0x7FF);
    const std::uint64_t r = (bits & kFraction) | (remainderField != 0 ? kFraction + 1 : 0);
    const std::int64_t re = remainderField != 0 ? remainderField - 1075 : -1074;
    const std::int64_t top = re + 63 - std::countl_zero(r);

    // 2.
    const auto codeField = static_cast<std::int64_t>(magnitude >> m_mantissaBits);
    std::int64_t gapExponent = std::max<std::int64_t>(codeField, 1) - m_bias - m_mantissaBits;
    if (!larger && codeField > 1 && (magnitude & ((std::uint64_t{1} << m_mantissaBits) - 1)) == 0)
        --gapExponent;
    if (top >= gapExponent) {
        assert(larger && magnitude == m_maxFinite);  // only past the largest value
        return m_pastMax[sign != 0 ? 1 : 0].code;
    }

    // 3. |remainder| < gap: the scaled remainder is below 2^n, and a left shift keeps every bit.
    const int n = bitsOf(randomBits);
    const std::uint64_t mask = maskOf(n);
    const std::int64_t shift = re + n - gapExponent;
    std::uint64_t scaled = 0;
    bool exact = false;
    if (shift >= 0) {
        scaled = r << shift;
        exact = true;
    } else if (shift > -64) {
        scaled = r >> -shift;
        exact = (r & ((std::uint64_t{1} << -shift) - 1)) == 0;
    }

    // 4.
    const std::uint64_t draw = random & mask;
    if (larger)
        return pack(sign, magnitude + (draw > mask - scaled ? 1 : 0));
    const bool stays = draw > scaled || (draw == scaled && exact);
    return pack(sign, stays ? magnitude : magnitude - 1);
}

}  // namespace floatscope
