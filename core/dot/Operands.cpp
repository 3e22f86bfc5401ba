#include "core/dot/Operands.h"

#include <bit>
#include <cmath>
#include <map>
#include <mutex>
#include <tuple>

#include "core/arith/ExactArithmetic.h"

namespace floatscope::dot {

namespace {

constexpr int kLimbBits = 64;

std::shared_ptr<const std::vector<Operand>> sharedTable(const Format& format)
{
    using Key = std::tuple<int, int, int, Convention>;
    static std::mutex mutex;
    static std::map<Key, std::shared_ptr<const std::vector<Operand>>> tables;
    const Key key{format.exponentBits(), format.mantissaBits(), format.bias(), format.convention()};
    const std::lock_guard lock(mutex);
    auto& slot = tables[key];
    if (!slot) {
        std::vector<Operand> table(static_cast<std::size_t>(format.codeMask()) + 1);
        for (std::size_t code = 0; code < table.size(); ++code)
            table[code] = OperandDecoder::decodeOne(format, static_cast<std::uint32_t>(code));
        slot = std::make_shared<const std::vector<Operand>>(std::move(table));
    }
    return slot;
}

}  // namespace

bool productsFit(const Format& f)
{
    // Every finite value of the format is an fp32 value: 24-bit significands at most, and
    // exponents within fp32's range (its smallest subnormal 2^-149, its largest binade 2^127).
    return f.mantissaBits() <= 23 && f.minPositiveExponent() >= -149 && f.maxExponent() <= 127;
}

OperandDecoder::OperandDecoder(const Format& format) : m_format(format)
{
    if (format.totalBits() > 16)
        return;
    m_mask = static_cast<std::uint32_t>(format.codeMask());
    m_table = sharedTable(format);
}

Operand OperandDecoder::decodeOne(const Format& format, std::uint32_t code)
{
    // Fields straight from the code; the convention's special values through classify().
    Operand o;
    o.valueClass = format.classify(code);
    o.negative = format.isNegative(code);
    const int m = format.mantissaBits();
    const auto mantissa = static_cast<std::uint32_t>(code & format.mantissaMask());
    const auto field = static_cast<std::int32_t>((code & format.magnitudeMask()) >> m);
    switch (o.valueClass) {
    case ValueClass::Normal:
        o.significand = (std::uint32_t{1} << m) | mantissa;
        o.exponent = field - format.bias();
        break;
    case ValueClass::Subnormal:
        o.significand = mantissa;
        o.exponent = format.minExponent();
        break;
    case ValueClass::Zero: o.value = o.negative ? -0.0 : 0.0; return o;
    case ValueClass::Infinite: o.value = o.negative ? -HUGE_VAL : HUGE_VAL; return o;
    case ValueClass::NaN: o.value = std::nan(""); return o;
    }
    const double magnitude = std::ldexp(static_cast<double>(o.significand), o.exponent - m);
    o.value = o.negative ? -magnitude : magnitude;
    return o;
}

Product multiply(const Operand& a, const Operand& b, int mantissaBits)
{
    const bool negative = a.negative != b.negative;
    const bool aInf = a.valueClass == ValueClass::Infinite;
    const bool bInf = b.valueClass == ValueClass::Infinite;
    const bool aZero = a.valueClass == ValueClass::Zero;
    const bool bZero = b.valueClass == ValueClass::Zero;
    if (a.valueClass == ValueClass::NaN || b.valueClass == ValueClass::NaN || (aInf && bZero) || (bInf && aZero))
        return Product{Product::Kind::NaN, {}};
    if (aInf || bInf)
        return Product{Product::Kind::Infinite, Dyadic{negative, 0, 0}};
    if (aZero || bZero)
        return Product{Product::Kind::Finite, Dyadic{negative, 0, 0}};
    return Product{Product::Kind::Finite,
                   Dyadic{negative, std::uint64_t{a.significand} * b.significand,
                          std::int64_t{a.exponent} + b.exponent - 2 * mantissaBits}};
}

ExactSum::ExactSum(const Format& inputs)
{
    // Products reach down to the square of the smallest subnormal and up to below 2^(2 (emax + 1));
    // starting values (c) are fp32 values. 64 more bits on top absorb the carries of 2^64 terms.
    const std::int64_t low = std::min<std::int64_t>(2 * std::int64_t{inputs.minPositiveExponent()}, -149);
    const std::int64_t high = std::max<std::int64_t>(2 * (std::int64_t{inputs.maxExponent()} + 1), 128) + 64;
    m_lowExponent = low;
    const auto limbs = static_cast<std::size_t>((high - low) / kLimbBits + 2);
    m_positive.assign(limbs, 0);
    m_negative.assign(limbs, 0);
}

void ExactSum::addMagnitude(std::uint64_t significand, std::int64_t exponent, bool negative)
{
    // significand < 2^64 at bit offset exponent - low: it spans two limbs at most.
    std::vector<std::uint64_t>& limbs = negative ? m_negative : m_positive;
    const auto offset = static_cast<std::uint64_t>(exponent - m_lowExponent);
    std::size_t index = offset / kLimbBits;
    const auto bit = static_cast<unsigned>(offset % kLimbBits);
    const Uint128 shifted = Uint128{significand} << bit;
    Uint128 carry = 0;
    for (const auto part : {static_cast<std::uint64_t>(shifted), static_cast<std::uint64_t>(shifted >> 64)}) {
        const Uint128 sum = Uint128{limbs[index]} + part + carry;
        limbs[index] = static_cast<std::uint64_t>(sum);
        carry = sum >> 64;
        ++index;
    }
    while (carry != 0 && index < limbs.size()) {
        const Uint128 sum = Uint128{limbs[index]} + carry;
        limbs[index] = static_cast<std::uint64_t>(sum);
        carry = sum >> 64;
        ++index;
    }
}

void ExactSum::add(const Dyadic& value)
{
    if (value.significand != 0)
        addMagnitude(value.significand, value.exponent, value.negative);
}

void ExactSum::add(const Product& product)
{
    switch (product.kind) {
    case Product::Kind::NaN: m_nan = true; return;
    case Product::Kind::Infinite:
        (product.value.negative ? m_negativeInfinity : m_positiveInfinity) = true;
        return;
    case Product::Kind::Finite: add(product.value); return;
    }
}

ExactValue ExactSum::value() const
{
    if (m_nan || (m_positiveInfinity && m_negativeInfinity))
        return ExactValue::nan(false);
    if (m_positiveInfinity || m_negativeInfinity)
        return ExactValue::infinity(m_negativeInfinity);
    const auto toMpz = [](const std::vector<std::uint64_t>& limbs) {
        mpz_class z;
        mpz_import(z.get_mpz_t(), limbs.size(), -1, sizeof(std::uint64_t), 0, 0, limbs.data());
        return z;
    };
    mpq_class q(toMpz(m_positive) - toMpz(m_negative));
    if (m_lowExponent < 0)
        mpz_mul_2exp(q.get_den_mpz_t(), q.get_den_mpz_t(), static_cast<mp_bitcnt_t>(-m_lowExponent));
    else
        mpz_mul_2exp(q.get_num_mpz_t(), q.get_num_mpz_t(), static_cast<mp_bitcnt_t>(m_lowExponent));
    q.canonicalize();
    return ExactValue::fromRational(q);
}

Unpacked unpackDyadic(const Dyadic& value)
{
    return value.isZero() ? Unpacked::zero(value.negative)
                          : Unpacked::finite(value.negative, value.significand, value.exponent);
}

std::optional<mpq_class> relativeError(const ExactValue& value, const ExactValue& exact)
{
    if (!value.isFinite() || !exact.isFinite() || exact.isZero())
        return std::nullopt;
    mpq_class difference = value.value() - exact.value();
    return mpq_class(abs(difference) / exact.magnitude());
}

}  // namespace floatscope::dot
