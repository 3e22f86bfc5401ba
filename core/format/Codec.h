#pragma once

#include <cstdint>

#include "core/format/Dyadic.h"
#include "core/format/Format.h"

namespace floatscope {

// A code taken apart: its class, and for finite codes the exact value.
struct Decoded {
    ValueClass valueClass = ValueClass::Zero;
    bool negative = false;
    std::uint64_t exponentField = 0;
    std::uint64_t mantissaField = 0;
    Dyadic value;              // finite codes only
    std::uint64_t nanPayload = 0;  // NaN only: mantissa field left-aligned in 64 bits
};

Decoded decode(const Format& format, std::uint64_t code);

// A code as a double: exactly, for a format whose values lie in binary64's range (every named one);
// inf and NaN, with the code's sign, for those codes.
double codeToDouble(const Format& format, std::uint64_t code);

// The code of a finite value the format holds exactly (used for tables and tests; the value must
// be representable, which is asserted).
std::uint64_t encodeExact(const Format& format, const Dyadic& value);

}  // namespace floatscope
