#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <gmpxx.h>

#include "core/exact/ExactValue.h"
#include "core/format/Dyadic.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope::dot {

// Input formats the engine multiplies exactly: products of two significands of at most 24 bits
// (48 bits) are Dyadics and exact doubles, within double's range when the exponent field has at
// most 8 bits and the bias is at most fp32's. fp64 inputs (106-bit products) are not offered.
bool productsFit(const Format& inputs);

// One input code taken apart as the models need it: the class, and for finite values the integer
// significand (with its implicit bit) at the format's own scale: |x| = significand * 2^(exponent
// - mantissaBits), where exponent is the unbiased exponent (the smallest normal one for
// subnormals). `value` is the same number as a double (exact).
struct Operand {
    ValueClass valueClass = ValueClass::Zero;
    bool negative = false;
    std::uint32_t significand = 0;
    std::int32_t exponent = 0;
    double value = 0;
};

// Every code of a format decoded once: a table for formats of at most 16 bits, built once per
// process and layout (dot products are rerun as a slider moves), decoding on the fly otherwise.
class OperandDecoder {
public:
    explicit OperandDecoder(const Format& format);
    const Format& format() const { return m_format; }
    Operand operator()(std::uint32_t code) const { return m_table ? (*m_table)[code & m_mask] : decodeOne(m_format, code); }

    static Operand decodeOne(const Format& format, std::uint32_t code);

private:
    Format m_format;
    std::shared_ptr<const std::vector<Operand>> m_table;
    std::uint32_t m_mask = 0;
};

// The exact product of two operands under IEEE 754's rules for specials: NaN if either is NaN or
// for inf * 0, inf (signed) if either is inf, otherwise a finite Dyadic (zero keeps the sign).
struct Product {
    enum class Kind : std::uint8_t { Finite, Infinite, NaN };
    Kind kind = Kind::Finite;
    Dyadic value;  // Finite; for Infinite only the sign
};
Product multiply(const Operand& a, const Operand& b, int mantissaBits);

// An exact sum of products and one starting value (a Kulisch accumulator: a two's-complement fixed
// point integer spanning every product of the input format, with 64 bits of headroom for carries).
// Non-finite terms make the sum inf or NaN as IEEE 754 would.
class ExactSum {
public:
    explicit ExactSum(const Format& inputs);
    void add(const Product& product);
    void add(const Dyadic& value);  // finite, within the window (a product or a value of fp32's range)
    ExactValue value() const;

private:
    void addMagnitude(std::uint64_t significand, std::int64_t exponent, bool negative);

    std::int64_t m_lowExponent = 0;    // weight of bit 0 of limb 0
    std::vector<std::uint64_t> m_positive;
    std::vector<std::uint64_t> m_negative;
    bool m_positiveInfinity = false;
    bool m_negativeInfinity = false;
    bool m_nan = false;
};

// A finite Dyadic as rounding takes it (zero keeps its sign).
Unpacked unpackDyadic(const Dyadic& value);

// Rounding options for a deterministic mode.
inline RoundOptions roundingIn(RoundingMode mode)
{
    RoundOptions options;
    options.mode = mode;
    return options;
}

// |value - exact| / |exact|; empty where the exact value is zero or either is not finite.
std::optional<mpq_class> relativeError(const ExactValue& value, const ExactValue& exact);

}  // namespace floatscope::dot
