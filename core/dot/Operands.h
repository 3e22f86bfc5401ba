#pragma once

#include <bit>
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
// process and layout (dot products are rerun as a slider moves), decoding on the fly otherwise
// (IEEE layouts from their fields directly, the others through Format::classify).
class OperandDecoder {
public:
    explicit OperandDecoder(const Format& format);
    const Format& format() const { return m_format; }
    Operand operator()(std::uint32_t code) const
    {
        if (m_table)
            return (*m_table)[code & m_mask];
        if (m_ieee) {  // a normal number of an IEEE layout, in place (fp32 inputs have no table)
            const std::uint32_t mantissa = code & ((std::uint32_t{1} << m_mantissaBits) - 1);
            const auto field = static_cast<std::uint32_t>((code >> m_mantissaBits) & m_fieldMask);
            if (field != 0 && field != m_fieldMask) {
                const bool negative = (code & m_signMask) != 0;
                const auto exponent = static_cast<std::int32_t>(field) - m_bias;
                const std::uint64_t bits = (std::uint64_t{negative} << 63)
                    | (static_cast<std::uint64_t>(exponent + 1023) << 52) | (std::uint64_t{mantissa} << (52 - m_mantissaBits));
                return Operand{ValueClass::Normal, negative, (std::uint32_t{1} << m_mantissaBits) | mantissa, exponent,
                               std::bit_cast<double>(bits)};
            }
        }
        return decodeOne(code);
    }
    // Whether every code is finite (no inf, no NaN).
    bool allFinite(std::span<const std::uint32_t> codes) const;
    // The table, where there is one (formats of at most 16 bits): entries read in place.
    const std::vector<Operand>* table() const { return m_table.get(); }

private:
    Operand decodeOne(std::uint32_t code) const;
    friend std::shared_ptr<const std::vector<Operand>> sharedOperandTable(const OperandDecoder& decoder);

    Format m_format;
    std::shared_ptr<const std::vector<Operand>> m_table;
    std::uint32_t m_mask = 0;
    // The layout, for decoding on the fly.
    bool m_ieee = false;
    int m_mantissaBits = 0;
    int m_bias = 0;
    int m_minExponent = 0;
    std::uint32_t m_fieldMask = 0;
    std::uint32_t m_signMask = 0;
    double m_subnormalScale = 0;  // 2^(minExponent - M)
};

// The exact product of two operands under IEEE 754's rules for specials: NaN if either is NaN or
// for inf * 0, inf (signed) if either is inf, otherwise a finite Dyadic (zero keeps the sign).
struct Product {
    enum class Kind : std::uint8_t { Finite, Infinite, NaN };
    Kind kind = Kind::Finite;
    Dyadic value;  // Finite; for Infinite only the sign
};
Product multiplySpecial(const Operand& a, const Operand& b);  // a zero, inf or NaN among them
inline Product multiply(const Operand& a, const Operand& b, int mantissaBits)
{
    const bool negative = a.negative != b.negative;
    const bool finite = (a.valueClass == ValueClass::Normal || a.valueClass == ValueClass::Subnormal)
        && (b.valueClass == ValueClass::Normal || b.valueClass == ValueClass::Subnormal);
    if (finite)
        return Product{Product::Kind::Finite, Dyadic{negative, std::uint64_t{a.significand} * b.significand,
                                                     std::int64_t{a.exponent} + b.exponent - 2 * mantissaBits}};
    return multiplySpecial(a, b);
}

// An exact sum of products and one starting value: signed 128-bit bins, one per 16 binades of the
// products' range, so that adding a term is one shift and one 128-bit add (a term of at most 64 bits
// shifted by at most 15 stays below 2^79, and 2^40 of them below 2^119). Four copies of the bins
// take turns, so that terms of one magnitude do not wait on each other's stores. The bins are
// combined exactly (GMP) only when the value is asked for. Non-finite terms make the sum inf or NaN as IEEE
// 754 would.
class ExactSum {
public:
    explicit ExactSum(const Format& inputs);
    void add(const Product& product)
    {
        if (product.kind == Product::Kind::Finite)
            add(product.value);
        else
            addSpecial(product);
    }
    // A finite value within the window: a product of the input format, or a value of fp32's range.
    void add(const Dyadic& value)
    {
        if (value.significand == 0)
            return;
        const auto offset = static_cast<std::uint64_t>(value.exponent - m_lowExponent);
        const Int128 term = static_cast<Int128>(Uint128{value.significand} << (offset % kBinBits));
        m_turn = (m_turn + 1) % kCopies;
        m_bins[offset / kBinBits * kCopies + m_turn] += value.negative ? -term : term;
    }
    // Every product a[i] * b[i] (the loop an inner product's exact value needs). Formats with a
    // table are first summed in double bins where that is exact (see Operands.cpp).
    void addProducts(const OperandDecoder& decoder, std::span<const std::uint32_t> a, std::span<const std::uint32_t> b);
    ExactValue value() const;

private:
    static constexpr int kBinBits = 16;
    static constexpr int kMaxDoubleBinMantissa = 16;  // products in double bins: formats of M <= 16
    static constexpr std::size_t kCopies = 4;
    void addSpecial(const Product& product);

    std::int64_t m_lowExponent = 0;  // weight of bit 0 of bin 0
    std::vector<Int128> m_bins;  // bin b of copy c at b * kCopies + c
    std::size_t m_turn = 0;
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
