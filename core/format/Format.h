#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/format/Dyadic.h"

namespace floatscope {

// Where a format keeps its special values. One descriptor covers every format; the convention is
// the only thing that differs between, say, e4m3 (IEEE-like), e4m3fn and e4m3fnuz.
enum class Convention : std::uint8_t {
    Ieee,      // IEEE 754: exponent field all ones is inf (mantissa 0) or NaN (mantissa != 0).
    FiniteNan, // "fn" (OCP e4m3fn): no inf; NaN only at S.1..1.1..1, so the top binade loses one code.
    Fnuz,      // "fnuz" (Graphcore/AMD): no inf, no -0; the code 1.0..0 (minus zero) is the only NaN.
    Unsigned,  // "fnu" (OCP MX e8m0): no sign bit, no zero, no subnormals; all ones is NaN.
    Finite,    // every code is a finite number (OCP MX fp6/fp4): no inf, no NaN.
};

// What happens to a value too large for the format after rounding.
enum class OverflowPolicy : std::uint8_t {
    Saturate,      // clamp to the largest finite value
    NonSaturating, // inf where the format has one, otherwise NaN, otherwise (no NaN either) clamp
};

enum class ValueClass : std::uint8_t { Zero, Subnormal, Normal, Infinite, NaN };

const char* toString(Convention c);
const char* toString(OverflowPolicy p);
const char* toString(ValueClass c);

// A floating-point format described once: exponent bits, mantissa bits, bias and convention.
// Everything else (largest value, codes of inf and NaN, epsilon, ...) is derived here and only here.
// Codes are right-aligned in a uint64_t: sign (if any), then exponent field, then mantissa field.
class Format {
public:
    // Limits for user-defined formats: the code must fit in 64 bits and the significand in 53.
    static constexpr int kMaxExponentBits = 11;
    static constexpr int kMaxMantissaBits = 52;

    Format(std::string name, int exponentBits, int mantissaBits, int bias, Convention convention,
           OverflowPolicy defaultOverflow, std::vector<std::string> aliases = {});

    // The bias an IEEE-style format of this shape would have (2^(E-1) - 1), or 2^(E-1) for FNUZ.
    static int defaultBias(int exponentBits, Convention convention);

    const std::string& name() const { return m_name; }
    const std::vector<std::string>& aliases() const { return m_aliases; }

    int exponentBits() const { return m_exponentBits; }
    int mantissaBits() const { return m_mantissaBits; }
    int bias() const { return m_bias; }
    Convention convention() const { return m_convention; }
    OverflowPolicy defaultOverflow() const { return m_defaultOverflow; }

    int signBits() const { return m_convention == Convention::Unsigned ? 0 : 1; }
    int totalBits() const { return signBits() + m_exponentBits + m_mantissaBits; }
    std::uint64_t codeMask() const;        // all codes of the format: (1 << totalBits) - 1
    std::uint64_t signMask() const;        // 0 for unsigned formats
    std::uint64_t magnitudeMask() const;   // exponent and mantissa fields
    std::uint64_t mantissaMask() const { return (std::uint64_t{1} << m_mantissaBits) - 1; }

    bool hasInfinity() const { return m_convention == Convention::Ieee; }
    bool hasNan() const { return m_convention != Convention::Finite; }
    bool hasZero() const { return m_convention != Convention::Unsigned; }
    bool hasNegativeZero() const { return hasZero() && m_convention != Convention::Fnuz && signBits() == 1; }
    bool hasSubnormals() const { return m_convention != Convention::Unsigned && m_mantissaBits > 0; }

    // Exponent fields of normal numbers run from minNormalField() to maxNormalField().
    int minNormalField() const { return m_convention == Convention::Unsigned ? 0 : 1; }
    int maxNormalField() const { return static_cast<int>(maxFiniteMagnitude() >> m_mantissaBits); }
    int minExponent() const { return minNormalField() - m_bias; }   // unbiased exponent of min normal
    int maxExponent() const { return maxNormalField() - m_bias; }   // unbiased exponent of max finite
    int minPositiveExponent() const;   // floor(log2(smallest positive value))

    std::uint64_t maxFiniteMagnitude() const;   // magnitude code of the largest finite value
    std::uint64_t minNormalMagnitude() const { return static_cast<std::uint64_t>(minNormalField()) << m_mantissaBits; }
    std::uint64_t infinityMagnitude() const;    // only when hasInfinity()
    // The NaN a conversion produces. For IEEE formats the quiet bit is set and the top bits of
    // `payload` (left-aligned fraction bits of the source NaN) are kept, as F16C does.
    std::uint64_t nanCode(bool negative, std::uint64_t payload = 0) const;

    // Values derived from the descriptor, exact.
    Dyadic maxFinite() const;
    Dyadic minNormal() const;
    Dyadic minSubnormal() const;   // the smallest positive value (min normal where no subnormals)
    Dyadic epsilon() const;        // distance from 1 to the next larger value: 2^-M

    // Range in powers of two and of ten. "Binades" count the powers of two [2^k, 2^(k+1)) that hold
    // at least one positive finite value: the lecture notes' "fp16 spans 40 powers of two" counts subnormal
    // binades too (24 + 16 = 40); normalBinades() counts only those of normal numbers.
    int binades() const { return maxExponent() - minPositiveExponent() + 1; }
    int normalBinades() const { return maxExponent() - minExponent() + 1; }
    double decades() const;        // log10(max finite / min positive)
    double normalDecades() const;  // log10(max finite / min normal)

    bool isNegative(std::uint64_t code) const { return (code & signMask()) != 0; }
    ValueClass classify(std::uint64_t code) const;

    bool operator==(const Format& other) const;  // same layout, bias and convention

private:
    std::string m_name;
    int m_exponentBits;
    int m_mantissaBits;
    int m_bias;
    Convention m_convention;
    OverflowPolicy m_defaultOverflow;
    std::vector<std::string> m_aliases;
};

}  // namespace floatscope
