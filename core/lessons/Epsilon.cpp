#include "core/lessons/Epsilon.h"

#include <bit>

#include "core/format/Codec.h"
#include "core/round/Rounding.h"

namespace floatscope {

StoredConstant storeConstant(const Format& format, const ExactValue& value)
{
    StoredConstant c;
    c.format = format.name();
    c.input = value;
    c.formatPrecision = format.mantissaBits() + 1;
    c.code = roundExact(value, format).code;
    const Decoded d = decode(format, c.code);
    c.valueClass = d.valueClass;
    if (d.valueClass == ValueClass::NaN || d.valueClass == ValueClass::Infinite)
        return c;
    c.stored = ExactValue::fromDyadic(d.value).value();
    // A normal keeps its implicit bit and every mantissa bit; a subnormal only those from its
    // leading one down (the mantissa field's bit length).
    if (d.valueClass == ValueClass::Normal)
        c.significantBits = c.formatPrecision;
    else if (d.valueClass == ValueClass::Subnormal)
        c.significantBits = std::bit_width(d.mantissaField);
    if (value.isFinite() && !value.isZero()) {
        c.relativeError = abs(*c.stored - value.value()) / abs(value.value());
        c.relativeErrorApprox = c.relativeError->get_d();
    }
    return c;
}

}  // namespace floatscope
