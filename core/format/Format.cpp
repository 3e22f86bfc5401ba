#include "core/format/Format.h"

#include <cassert>
#include <cmath>
#include <utility>

#include "core/common/Names.h"

namespace floatscope {

constexpr Named<Convention> kConventions[] = {
    {Convention::Ieee, "ieee"}, {Convention::FiniteNan, "fn"}, {Convention::Fnuz, "fnuz"},
    {Convention::Unsigned, "fnu"}, {Convention::Finite, "finite"}
};

const char* toString(Convention c) { return nameIn(kConventions, c); }

const char* toString(OverflowPolicy p)
{
    return p == OverflowPolicy::Saturate ? "saturate" : "no-saturate";
}

constexpr Named<ValueClass> kClasses[] = {
    {ValueClass::Zero, "zero"}, {ValueClass::Subnormal, "subnormal"}, {ValueClass::Normal, "normal"},
    {ValueClass::Infinite, "inf"}, {ValueClass::NaN, "nan"}
};

const char* toString(ValueClass c) { return nameIn(kClasses, c); }

Format::Format(std::string name, int exponentBits, int mantissaBits, int bias, Convention convention,
               OverflowPolicy defaultOverflow, std::vector<std::string> aliases)
    : m_name(std::move(name))
    , m_exponentBits(exponentBits)
    , m_mantissaBits(mantissaBits)
    , m_bias(bias)
    , m_convention(convention)
    , m_defaultOverflow(defaultOverflow)
    , m_aliases(std::move(aliases))
{
    // Registry::makeCustom() validates user input; these only guard the engine's own tables.
    assert(exponentBits >= 1 && exponentBits <= kMaxExponentBits);
    assert(mantissaBits >= 0 && mantissaBits <= kMaxMantissaBits);
    assert(convention != Convention::Ieee || (exponentBits >= 2 && mantissaBits >= 1));
}

int Format::defaultBias(int exponentBits, Convention convention)
{
    const int half = 1 << (exponentBits - 1);
    return convention == Convention::Fnuz ? half : half - 1;
}

std::uint64_t Format::codeMask() const
{
    const int bits = totalBits();
    return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

std::uint64_t Format::signMask() const
{
    return signBits() == 0 ? 0 : std::uint64_t{1} << (m_exponentBits + m_mantissaBits);
}

std::uint64_t Format::magnitudeMask() const
{
    return (std::uint64_t{1} << (m_exponentBits + m_mantissaBits)) - 1;
}

std::uint64_t Format::maxFiniteMagnitude() const
{
    const std::uint64_t allOnes = magnitudeMask();
    switch (m_convention) {
    case Convention::Ieee: return infinityMagnitude() - 1;  // exponent all ones - 1, mantissa all ones
    case Convention::FiniteNan: return allOnes - 1;          // S.1..1.1..1 is NaN
    case Convention::Unsigned: return allOnes - 1;           // 1..1 is NaN
    case Convention::Fnuz:                                    // NaN lives at the minus-zero code
    case Convention::Finite: return allOnes;
    }
    return allOnes;
}

std::uint64_t Format::infinityMagnitude() const
{
    assert(hasInfinity());
    return ((std::uint64_t{1} << m_exponentBits) - 1) << m_mantissaBits;
}

std::uint64_t Format::nanCode(bool negative, std::uint64_t payload) const
{
    assert(hasNan());
    const std::uint64_t sign = negative ? signMask() : 0;
    switch (m_convention) {
    case Convention::Ieee: {
        const std::uint64_t quiet = std::uint64_t{1} << (m_mantissaBits - 1);
        return sign | infinityMagnitude() | quiet | (payload >> (64 - m_mantissaBits));
    }
    case Convention::FiniteNan: return sign | magnitudeMask();
    case Convention::Fnuz: return signMask();
    case Convention::Unsigned: return magnitudeMask();
    case Convention::Finite: break;
    }
    return 0;
}

int Format::minPositiveExponent() const
{
    return hasSubnormals() ? minExponent() - m_mantissaBits : minExponent();
}

Dyadic Format::maxFinite() const
{
    const std::uint64_t mag = maxFiniteMagnitude();
    const std::uint64_t significand = (mag & mantissaMask()) | (std::uint64_t{1} << m_mantissaBits);
    return Dyadic{false, significand, maxExponent() - m_mantissaBits}.normalized();
}

Dyadic Format::minNormal() const { return Dyadic{false, 1, minExponent()}; }

Dyadic Format::minSubnormal() const { return Dyadic{false, 1, minPositiveExponent()}; }

Dyadic Format::epsilon() const { return Dyadic{false, 1, -m_mantissaBits}; }

static double log10OfDyadic(const Dyadic& d)
{
    return std::log10(static_cast<double>(d.significand)) + static_cast<double>(d.exponent) * std::log10(2.0);
}

double Format::decades() const { return log10OfDyadic(maxFinite()) - log10OfDyadic(minSubnormal()); }

double Format::normalDecades() const { return log10OfDyadic(maxFinite()) - log10OfDyadic(minNormal()); }

ValueClass Format::classify(std::uint64_t code) const
{
    code &= codeMask();
    const std::uint64_t mag = code & magnitudeMask();
    const std::uint64_t field = mag >> m_mantissaBits;
    const std::uint64_t allOnesField = (std::uint64_t{1} << m_exponentBits) - 1;
    switch (m_convention) {
    case Convention::Ieee:
        if (field == allOnesField)
            return (mag & mantissaMask()) != 0 ? ValueClass::NaN : ValueClass::Infinite;
        break;
    case Convention::FiniteNan:
    case Convention::Unsigned:
        if (mag == magnitudeMask())
            return ValueClass::NaN;
        break;
    case Convention::Fnuz:
        if (code == signMask())
            return ValueClass::NaN;
        break;
    case Convention::Finite: break;
    }
    if (m_convention == Convention::Unsigned)
        return ValueClass::Normal;
    if (field == 0)
        return mag == 0 ? ValueClass::Zero : ValueClass::Subnormal;
    return ValueClass::Normal;
}

bool Format::operator==(const Format& other) const
{
    return m_exponentBits == other.m_exponentBits && m_mantissaBits == other.m_mantissaBits
        && m_bias == other.m_bias && m_convention == other.m_convention;
}

Dyadic Dyadic::normalized() const
{
    if (significand == 0)
        return Dyadic{negative, 0, 0};
    const int zeros = __builtin_ctzll(significand);
    return Dyadic{negative, significand >> zeros, exponent + zeros};
}

bool Dyadic::operator==(const Dyadic& other) const
{
    const Dyadic a = normalized();
    const Dyadic b = other.normalized();
    if (a.significand == 0 || b.significand == 0)
        return a.significand == b.significand;
    return a.negative == b.negative && a.significand == b.significand && a.exponent == b.exponent;
}

}  // namespace floatscope
