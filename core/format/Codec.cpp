#include "core/format/Codec.h"

#include <cassert>
#include <cmath>
#include <limits>

namespace floatscope {

Decoded decode(const Format& format, std::uint64_t code)
{
    code &= format.codeMask();
    const int m = format.mantissaBits();
    Decoded d;
    d.valueClass = format.classify(code);
    d.negative = format.isNegative(code);
    d.exponentField = (code & format.magnitudeMask()) >> m;
    d.mantissaField = code & format.mantissaMask();
    switch (d.valueClass) {
    case ValueClass::NaN:
        d.nanPayload = m == 0 ? 0 : d.mantissaField << (64 - m);
        return d;
    case ValueClass::Infinite:
        return d;
    case ValueClass::Zero:
        d.value = Dyadic{d.negative, 0, 0};
        return d;
    case ValueClass::Subnormal:
        // 0.mantissa * 2^emin
        d.value = Dyadic{d.negative, d.mantissaField, static_cast<std::int64_t>(format.minExponent()) - m};
        return d;
    case ValueClass::Normal:
        // 1.mantissa * 2^(field - bias)
        d.value = Dyadic{d.negative, d.mantissaField | (std::uint64_t{1} << m),
                         static_cast<std::int64_t>(d.exponentField) - format.bias() - m};
        return d;
    }
    return d;
}

std::uint64_t encodeExact(const Format& format, const Dyadic& value)
{
    const int m = format.mantissaBits();
    const std::uint64_t sign = value.negative ? format.signMask() : 0;
    if (value.significand == 0) {
        assert(format.hasZero());
        return format.hasNegativeZero() ? sign : 0;
    }
    // Align the significand so that its exponent is the format's quantum at this magnitude.
    Dyadic v = value.normalized();
    const int top = 63 - __builtin_clzll(v.significand);
    const std::int64_t e = v.exponent + top;  // value in [2^e, 2^(e+1))
    const std::int64_t quantum = (e < format.minExponent() ? format.minExponent() : e) - m;
    assert(v.exponent >= quantum);
    const std::uint64_t sig = v.significand << (v.exponent - quantum);
    // Normals: (field - 1) << m plus the significand with its implicit bit (which carries the 1
    // back into the field); subnormals: the significand alone (field 0).
    const std::int64_t fieldMinusOne = e < format.minExponent() ? format.minNormalField() - 1 : e + format.bias() - 1;
    const auto magnitude = static_cast<std::uint64_t>(fieldMinusOne * (std::int64_t{1} << m) + static_cast<std::int64_t>(sig));
    assert(magnitude <= format.maxFiniteMagnitude());
    return sign | magnitude;
}

double codeToDouble(const Format& format, std::uint64_t code)
{
    const Decoded d = decode(format, code);
    switch (d.valueClass) {
    case ValueClass::NaN:
        return d.negative ? -std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::quiet_NaN();
    case ValueClass::Infinite: return d.negative ? -HUGE_VAL : HUGE_VAL;
    default: break;
    }
    const double magnitude = std::ldexp(static_cast<double>(d.value.significand), static_cast<int>(d.value.exponent));
    return d.negative ? -magnitude : magnitude;
}

}  // namespace floatscope
