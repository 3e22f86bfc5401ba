#include "core/round/Rounding.h"

#include <algorithm>
#include <bit>

#include "core/common/Names.h"
#include "core/format/Codec.h"

namespace floatscope {

namespace {

// The rounded magnitude before packing. `code` is the magnitude code the value would have if the
// format's exponent range were unbounded above; it exceeds maxFiniteMagnitude() on overflow and is
// negative only for formats without zero whose smallest value lies above the input.
struct RoundedMagnitude {
    Int128 code = 0;
    Int128 truncated = 0;  // the code before the mode's increment
    Flags flags = 0;
    bool overflowGoesToInfinity = false;  // the mode rounds away from zero on this side
};

bool roundsAwayOnOverflow(RoundingMode mode, bool negative)
{
    switch (mode) {
    case RoundingMode::NearestEven:
    case RoundingMode::NearestAway:
    case RoundingMode::Stochastic: return true;
    case RoundingMode::Up: return !negative;
    case RoundingMode::Down: return negative;
    case RoundingMode::TowardZero:
    case RoundingMode::ToOdd: return false;  // IEEE 754 7.4: directed toward zero gives the largest finite
    }
    return true;
}

// Step "round": finite, nonzero |x| to the nearest codes of the format at its precision.
RoundedMagnitude roundMagnitude(const Unpacked& v, const Format& f, const RoundOptions& o)
{
    const int m = f.mantissaBits();
    // 1. Exponent field the value would have as a normal number. Anything more than two binades above
    //    the largest finite value overflows whatever the mode, so clamp there to keep codes in range.
    const std::int64_t e = std::min<std::int64_t>(v.exponent, f.maxExponent() + 2);
    const std::int64_t field = e + f.bias();
    const std::int64_t minField = f.minNormalField();
    const std::int64_t keptField = std::max(field, minField);

    // 2. Discarded bits: the 128-bit significand keeps m + 1 bits at a normal exponent, fewer below it.
    const std::int64_t shift = 127 - m + (keptField - field);
    Uint128 kept = 0;
    bool roundBit = false;
    bool rest = v.sticky;
    if (shift <= 127) {
        kept = v.significand >> shift;
        roundBit = ((v.significand >> (shift - 1)) & 1) != 0;
        rest = rest || (v.significand & ((Uint128{1} << (shift - 1)) - 1)) != 0;
    } else if (shift == 128) {
        roundBit = true;  // the significand's top bit is the half-ulp bit
        rest = rest || (v.significand << 1) != 0;
    } else {
        rest = true;      // below half an ulp of the smallest code
    }

    // 3. Normals: (keptField - 1) << m plus the kept bits with their implicit one (which carries
    //    1 into the field); subnormals: the kept bits alone. A carry out of the mantissa moves to the
    //    next binade by itself (max subnormal -> min normal, max finite -> overflow).
    Int128 code = (Int128{keptField - 1} << m) + static_cast<Int128>(kept);

    RoundedMagnitude r;
    const bool inexact = roundBit || rest;
    if (inexact)
        r.flags |= kInexact;
    if (roundBit && !rest)
        r.flags |= kTie;
    if (inexact && field < minField)
        r.flags |= kUnderflow;

    // 4. Increment by the mode. "Even" is the code's last bit: the mantissa's for m >= 1, the
    //    exponent field's for exponent-only formats such as e8m0.
    r.truncated = code;
    bool up = false;
    switch (o.mode) {
    case RoundingMode::NearestEven: up = roundBit && (rest || (code & 1) != 0); break;
    case RoundingMode::NearestAway: up = roundBit; break;
    case RoundingMode::TowardZero:
    case RoundingMode::ToOdd: up = false; break;
    case RoundingMode::Up: up = inexact && !v.negative; break;
    case RoundingMode::Down: up = inexact && v.negative; break;
    case RoundingMode::Stochastic: {
        // fraction_r = floor(discarded fraction * 2^r); up iff fraction_r + random_r >= 2^r.
        const int bits = std::clamp(o.randomBits, 1, 64);
        const std::int64_t below = shift - bits;  // >= 127 - 52 - 64 > 0
        const Uint128 mask = (Uint128{1} << bits) - 1;
        const Uint128 fraction = below >= 128 ? 0 : (v.significand >> below) & mask;
        const Uint128 random = Uint128{o.random} & mask;
        up = fraction + random > mask;
        break;
    }
    }
    code += up ? 1 : 0;
    if (o.mode == RoundingMode::ToOdd && inexact)
        code |= 1;
    r.code = code;
    r.overflowGoesToInfinity = roundsAwayOnOverflow(o.mode, v.negative);
    return r;
}

// Step "pack": overflow policy, the sign, and the format's zero rules.
RoundResult pack(bool negative, RoundedMagnitude r, const Format& f, OverflowPolicy policy)
{
    RoundResult out;
    out.flags = r.flags;
    // A tie needs two neighbours: not so below the smallest value of a zero-less format, nor
    // halfway between two values past the largest finite one.
    if (r.truncated < 0 || r.truncated > static_cast<Int128>(f.maxFiniteMagnitude()))
        out.flags &= static_cast<Flags>(~kTie);
    std::uint64_t magnitude = 0;
    if (r.code < 0) {
        // Below the smallest value of a format without zero (e8m0): every mode clamps to it.
        out.flags |= kUnderflow | kInexact;
        magnitude = 0;
    } else if (r.code > static_cast<Int128>(f.maxFiniteMagnitude())) {
        out.flags |= kOverflow | kInexact;
        if (policy == OverflowPolicy::NonSaturating && r.overflowGoesToInfinity) {
            if (f.hasInfinity()) {
                out.code = (negative ? f.signMask() : 0) | f.infinityMagnitude();
                return out;
            }
            if (f.hasNan()) {
                out.code = f.nanCode(negative);
                return out;
            }
        }
        magnitude = f.maxFiniteMagnitude();  // saturate (or round toward zero, or no inf/NaN to go to)
    } else {
        magnitude = static_cast<std::uint64_t>(r.code);
    }
    if (magnitude == 0 && !f.hasNegativeZero())
        negative = false;  // FNUZ: -0 would be the NaN code
    out.code = (negative ? f.signMask() : 0) | magnitude;
    return out;
}

// The modes' names, then the aliases read (PTX's rn/rz/ru/rd, C's rounding words, ...).
constexpr Named<RoundingMode> kRoundingNames[] = {
    {RoundingMode::NearestEven, "nearest-even"}, {RoundingMode::NearestAway, "nearest-away"},
    {RoundingMode::TowardZero, "toward-zero"},   {RoundingMode::Up, "up"},
    {RoundingMode::Down, "down"},                {RoundingMode::ToOdd, "odd"},
    {RoundingMode::Stochastic, "stochastic"},    {RoundingMode::NearestEven, "rne"},
    {RoundingMode::NearestEven, "rn"},           {RoundingMode::NearestEven, "nearest"},
    {RoundingMode::NearestAway, "rna"},          {RoundingMode::TowardZero, "rtz"},
    {RoundingMode::TowardZero, "rz"},            {RoundingMode::TowardZero, "truncate"},
    {RoundingMode::Up, "ru"},                    {RoundingMode::Up, "toward-positive"},
    {RoundingMode::Down, "rd"},                  {RoundingMode::Down, "toward-negative"},
    {RoundingMode::ToOdd, "to-odd"},             {RoundingMode::ToOdd, "rto"},
    {RoundingMode::Stochastic, "sr"},
};

}  // namespace

const char* toString(RoundingMode mode) { return nameIn(kRoundingNames, mode); }

std::optional<RoundingMode> parseRoundingMode(std::string_view text) { return valueIn(kRoundingNames, text); }

Unpacked Unpacked::finite(bool negative, std::uint64_t sig, std::int64_t exp)
{
    const int lz = std::countl_zero(sig);
    Unpacked u;
    u.kind = Kind::Finite;
    u.negative = negative;
    u.exponent = exp + (63 - lz);
    u.significand = Uint128{sig} << (64 + lz);
    return u;
}

Unpacked unpackDouble(double value)
{
    const auto bits = std::bit_cast<std::uint64_t>(value);
    const bool negative = (bits >> 63) != 0;
    const std::uint64_t field = (bits >> 52) & 0x7FF;
    const std::uint64_t mantissa = bits & ((std::uint64_t{1} << 52) - 1);
    if (field == 0x7FF)
        return mantissa != 0 ? Unpacked::nan(negative, mantissa << 12) : Unpacked::infinity(negative);
    if (field == 0)
        return mantissa == 0 ? Unpacked::zero(negative) : Unpacked::finite(negative, mantissa, -1074);
    return Unpacked::finite(negative, mantissa | (std::uint64_t{1} << 52), static_cast<std::int64_t>(field) - 1075);
}

Unpacked unpackFloat(float value)
{
    // Not via double: the CPU's float->double conversion would quiet a signalling NaN's payload.
    const auto bits = std::bit_cast<std::uint32_t>(value);
    const bool negative = (bits >> 31) != 0;
    const std::uint32_t field = (bits >> 23) & 0xFF;
    const std::uint64_t mantissa = bits & 0x7FFFFF;
    if (field == 0xFF)
        return mantissa != 0 ? Unpacked::nan(negative, mantissa << 41) : Unpacked::infinity(negative);
    if (field == 0)
        return mantissa == 0 ? Unpacked::zero(negative) : Unpacked::finite(negative, mantissa, -149);
    return Unpacked::finite(negative, mantissa | (std::uint64_t{1} << 23), static_cast<std::int64_t>(field) - 150);
}

Unpacked unpackCode(const Format& format, std::uint64_t code)
{
    const Decoded d = decode(format, code);
    switch (d.valueClass) {
    case ValueClass::NaN: return Unpacked::nan(d.negative, d.nanPayload);
    case ValueClass::Infinite: return Unpacked::infinity(d.negative);
    case ValueClass::Zero: return Unpacked::zero(d.negative);
    case ValueClass::Subnormal:
    case ValueClass::Normal: return Unpacked::finite(d.negative, d.value.significand, d.value.exponent);
    }
    return Unpacked::zero(false);
}

RoundResult roundToFormat(const Unpacked& value, const Format& format, const RoundOptions& options)
{
    const OverflowPolicy policy = options.overflow.value_or(format.defaultOverflow());
    const bool unsignedFormat = format.signBits() == 0;

    // 1. NaN: the format's NaN (IEEE formats keep the sign and the top payload bits, set quiet);
    //    formats without NaN give +max, as NVIDIA's fp6/fp4 conversions do, and say it was invalid.
    if (value.kind == Unpacked::Kind::NaN) {
        if (format.hasNan())
            return {format.nanCode(value.negative && !unsignedFormat, value.nanPayload), 0};
        return {format.maxFiniteMagnitude(), kInvalid};
    }
    // 2. A negative value into an unsigned format has no code: NaN.
    if (unsignedFormat && value.negative && value.kind != Unpacked::Kind::Zero)
        return {format.nanCode(false), kInvalid};
    // 3. Infinity: kept where the format has it and the policy allows, else clamped or NaN.
    if (value.kind == Unpacked::Kind::Infinite) {
        RoundedMagnitude beyond;
        beyond.code = static_cast<Int128>(format.maxFiniteMagnitude()) + 1;
        beyond.overflowGoesToInfinity = true;
        RoundResult r = pack(value.negative, beyond, format, policy);
        r.flags = format.hasInfinity() && policy == OverflowPolicy::NonSaturating ? 0 : Flags{kOverflow};
        return r;
    }
    // 4. Zero keeps its sign where the format has -0; e8m0 has no zero and clamps to 2^-127.
    if (value.kind == Unpacked::Kind::Zero) {
        RoundedMagnitude zero;
        zero.code = format.hasZero() ? 0 : -1;
        return pack(value.negative, zero, format, policy);
    }
    // 5. Finite nonzero: round, then pack.
    return pack(value.negative, roundMagnitude(value, format, options), format, policy);
}

}  // namespace floatscope
