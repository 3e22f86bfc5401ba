#include "core/arith/SumRounding.h"

#include <algorithm>
#include <cmath>

#include "core/arith/ExactArithmetic.h"
#include "core/format/Codec.h"

namespace floatscope {

bool SumRounder::supports(const Format& format)
{
    // Gaps from 2^(1 - bias - M) (subnormal spacing) to 2^(maxExponent - M) must be doubles, and a
    // remainder below the smallest gap must be one too (2^-1074 at the least).
    return format.hasZero() && format.signBits() == 1 && format.minPositiveExponent() >= -1074
        && format.maxExponent() <= 1023;
}

SumRounder::SumRounder(const Format& format, std::optional<OverflowPolicy> overflow)
    : m_mantissaBits(format.mantissaBits())
    , m_bias(format.bias())
    , m_signMask(format.signMask())
    , m_magnitudeMask(format.magnitudeMask())
    , m_maxFinite(format.maxFiniteMagnitude())
    , m_maxValue(toDouble(format.maxFinite()))
    , m_magic(2048)
{
    assert(supports(format));
    for (int field = 1; field < 2047; ++field) {
        // The quantum at a double of this field; past 2^900 (never a sum of these formats) it stays.
        const int exponent = std::min(std::max(field - 1023, format.minExponent()), 900) - format.mantissaBits();
        const auto magicField = static_cast<std::uint64_t>(1023 + 52 + exponent);
        m_magic[static_cast<std::size_t>(field)] = std::bit_cast<double>((magicField << 52) | (std::uint64_t{1} << 51));
    }
    // Zeros and overflows as the rounding core packs them: a value two binades past the largest
    // overflows in every mode that rounds away from zero, both of these included.
    RoundOptions away;
    away.overflow = overflow;
    for (const bool negative : {false, true}) {
        const int i = negative ? 1 : 0;
        const std::uint64_t zero = roundToFormat(Unpacked::zero(negative), format, away).code;
        const std::uint64_t pastMax =
            roundToFormat(Unpacked::finite(negative, 1, format.maxExponent() + 2), format, away).code;
        m_zero[i] = {zero, codeToDouble(format, zero)};
        m_pastMax[i] = {pastMax, codeToDouble(format, pastMax)};
    }
}

}  // namespace floatscope
