#include "core/dot/Operands.h"

#include <bit>
#include <cmath>
#include <map>
#include <mutex>
#include <tuple>

#include "core/arith/ExactArithmetic.h"

namespace floatscope::dot {

namespace {

}  // namespace

bool productsFit(const Format& f)
{
    // Every finite value of the format is an fp32 value: 24-bit significands at most, and
    // exponents within fp32's range (its smallest subnormal 2^-149, its largest binade 2^127).
    return f.mantissaBits() <= 23 && f.minPositiveExponent() >= -149 && f.maxExponent() <= 127;
}

// A 16-bit table takes a millisecond to build; each layout's is built once per process.
std::shared_ptr<const std::vector<Operand>> sharedOperandTable(const OperandDecoder& decoder)
{
    const Format& format = decoder.format();
    using Key = std::tuple<int, int, int, Convention>;
    static std::mutex mutex;
    static std::map<Key, std::shared_ptr<const std::vector<Operand>>> tables;
    const Key key{format.exponentBits(), format.mantissaBits(), format.bias(), format.convention()};
    const std::lock_guard lock(mutex);
    auto& slot = tables[key];
    if (!slot) {
        std::vector<Operand> table(static_cast<std::size_t>(format.codeMask()) + 1);
        for (std::size_t code = 0; code < table.size(); ++code)
            table[code] = decoder.decodeOne(static_cast<std::uint32_t>(code));
        slot = std::make_shared<const std::vector<Operand>>(std::move(table));
    }
    return slot;
}

OperandDecoder::OperandDecoder(const Format& format)
    : m_format(format)
    , m_ieee(format.convention() == Convention::Ieee)
    , m_mantissaBits(format.mantissaBits())
    , m_bias(format.bias())
    , m_minExponent(format.minExponent())
    , m_fieldMask(static_cast<std::uint32_t>((std::uint64_t{1} << format.exponentBits()) - 1))
    , m_signMask(static_cast<std::uint32_t>(format.signMask()))
    , m_subnormalScale(std::ldexp(1.0, format.minExponent() - format.mantissaBits()))
{
    if (format.totalBits() > 16)
        return;
    m_mask = static_cast<std::uint32_t>(format.codeMask());
    m_table = sharedOperandTable(*this);
}

Operand OperandDecoder::decodeOne(std::uint32_t code) const
{
    Operand o;
    o.negative = (code & m_signMask) != 0;
    const std::uint32_t mantissa = code & ((std::uint32_t{1} << m_mantissaBits) - 1);
    const auto field = static_cast<std::uint32_t>((code >> m_mantissaBits) & m_fieldMask);
    // IEEE layouts from their fields (all ones: inf or NaN; zero: zero or subnormal); the other
    // conventions' special values through classify().
    if (m_ieee)
        o.valueClass = field == m_fieldMask ? (mantissa == 0 ? ValueClass::Infinite : ValueClass::NaN)
            : field == 0                    ? (mantissa == 0 ? ValueClass::Zero : ValueClass::Subnormal)
                                            : ValueClass::Normal;
    else
        o.valueClass = m_format.classify(code);
    switch (o.valueClass) {
    case ValueClass::Normal: {
        o.significand = (std::uint32_t{1} << m_mantissaBits) | mantissa;
        o.exponent = static_cast<std::int32_t>(field) - m_bias;
        // The double's own fields: the exponent is within double's range, the mantissa left-aligned.
        const std::uint64_t bits = (std::uint64_t{o.negative} << 63)
            | (static_cast<std::uint64_t>(o.exponent + 1023) << 52) | (std::uint64_t{mantissa} << (52 - m_mantissaBits));
        o.value = std::bit_cast<double>(bits);
        return o;
    }
    case ValueClass::Subnormal:
        o.significand = mantissa;
        o.exponent = m_minExponent;
        o.value = (o.negative ? -1.0 : 1.0) * static_cast<double>(mantissa) * m_subnormalScale;
        return o;
    case ValueClass::Zero: o.value = o.negative ? -0.0 : 0.0; return o;
    case ValueClass::Infinite: o.value = o.negative ? -HUGE_VAL : HUGE_VAL; return o;
    case ValueClass::NaN: o.value = std::nan(""); return o;
    }
    return o;
}

bool OperandDecoder::allFinite(std::span<const std::uint32_t> codes) const
{
    if (m_ieee && m_format.totalBits() <= 32) {
        // inf and NaN are the codes whose exponent field is all ones: one test a vector unit runs.
        const std::uint32_t field = m_fieldMask << m_mantissaBits;
        std::uint32_t special = 0;
        for (const std::uint32_t c : codes)
            special |= (c & field) == field ? 1u : 0u;
        return special == 0;
    }
    for (const std::uint32_t c : codes) {
        const ValueClass k = (*this)(c).valueClass;
        if (k == ValueClass::Infinite || k == ValueClass::NaN)
            return false;
    }
    return true;
}

Product multiplySpecial(const Operand& a, const Operand& b)
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
    return Product{Product::Kind::Finite, Dyadic{negative, 0, 0}};  // a zero
}

ExactSum::ExactSum(const Format& inputs)
{
    // Products reach down to the square of the smallest subnormal and up to below 2^(2 (emax + 1));
    // starting values (c) are fp32 values.
    m_lowExponent = std::min<std::int64_t>(2 * std::int64_t{inputs.minPositiveExponent()}, -149);
    const std::int64_t high = std::max<std::int64_t>(2 * (std::int64_t{inputs.maxExponent()} + 1), 128);
    m_bins.assign(static_cast<std::size_t>((high - m_lowExponent) / kBinBits + 2) * kCopies, 0);
}

void ExactSum::addSpecial(const Product& product)
{
    if (product.kind == Product::Kind::NaN)
        m_nan = true;
    else
        (product.value.negative ? m_negativeInfinity : m_positiveInfinity) = true;
}

void ExactSum::addProducts(const OperandDecoder& decoder, std::span<const std::uint32_t> a,
                           std::span<const std::uint32_t> b)
{
    const int m = decoder.format().mantissaBits();
    const std::size_t n = std::min(a.size(), b.size());
    const std::vector<Operand>* table = decoder.table();
    if (table == nullptr) {
        for (std::size_t i = 0; i < n; ++i)
            add(multiply(decoder(a[i]), decoder(b[i]), m));
        return;
    }
    const std::size_t mask = table->size() - 1;
    if (m > kMaxDoubleBinMantissa) {
        for (std::size_t i = 0; i < n; ++i)
            add(multiply((*table)[a[i] & mask], (*table)[b[i] & mask], m));
        return;
    }
    // Products of at most 2M + 2 significant bits, in double bins by the sum of their operands'
    // exponents e: a product x * y is a multiple of 2^(e - 2M) below 2^(e + 2), so a bin's double
    // stays exact for fewer than 2^(51 - 2M) of them. Chunks of fewer are added, then moved into
    // the integer bins.
    const std::size_t chunk = (std::size_t{1} << (51 - 2 * m)) - 1;
    const std::int64_t lowest = 2 * std::int64_t{decoder.format().minExponent()};
    const std::size_t binsNeeded =
        static_cast<std::size_t>(2 * (std::int64_t{decoder.format().maxExponent()} - decoder.format().minExponent()) + 1);
    std::vector<double> bins(binsNeeded * kCopies, 0.0);
    for (std::size_t first = 0; first < n; first += chunk) {
        const std::size_t end = std::min(n, first + chunk);
        std::size_t turn = 0;
        for (std::size_t i = first; i < end; ++i) {
            const Operand& x = (*table)[a[i] & mask];
            const Operand& y = (*table)[b[i] & mask];
            const double p = x.value * y.value;
            if (!(std::fabs(p) < HUGE_VAL) || p == 0) {
                if (p != 0)
                    add(multiply(x, y, m));  // inf or NaN: noted as IEEE 754 sums them
                continue;
            }
            const auto bin = static_cast<std::size_t>(std::int64_t{x.exponent} + y.exponent - lowest);
            turn = (turn + 1) % kCopies;
            bins[bin * kCopies + turn] += p;
        }
        for (std::size_t bin = 0; bin < binsNeeded; ++bin)
            for (std::size_t c = 0; c < kCopies; ++c) {
                double& sum = bins[bin * kCopies + c];
                if (sum == 0)
                    continue;
                // Exactly (sum / 2^(e - 2M)) * 2^(e - 2M): an integer of at most 53 bits on the bin's grid.
                const std::int64_t grid = static_cast<std::int64_t>(bin) + lowest - 2 * m;
                const double scaled = std::ldexp(std::fabs(sum), static_cast<int>(-grid));
                add(Dyadic{sum < 0, static_cast<std::uint64_t>(scaled), grid});
                sum = 0;
            }
    }
}

ExactValue ExactSum::value() const
{
    if (m_nan || (m_positiveInfinity && m_negativeInfinity))
        return ExactValue::nan(false);
    if (m_positiveInfinity || m_negativeInfinity)
        return ExactValue::infinity(m_negativeInfinity);
    // sum over the bins of bin * 2^(16 b), then times 2^low.
    mpz_class total;
    for (std::size_t b = m_bins.size() / kCopies; b-- > 0;) {
        total *= mpz_class(1) << kBinBits;  // Horner over the bins, from the top one
        for (std::size_t c = 0; c < kCopies; ++c) {
            const Int128 bin = m_bins[b * kCopies + c];
            const Uint128 magnitude = bin < 0 ? -static_cast<Uint128>(bin) : static_cast<Uint128>(bin);
            const std::uint64_t limbs[2] = {static_cast<std::uint64_t>(magnitude), static_cast<std::uint64_t>(magnitude >> 64)};
            mpz_class z;
            mpz_import(z.get_mpz_t(), 2, -1, sizeof(std::uint64_t), 0, 0, limbs);
            total += bin < 0 ? mpz_class(-z) : z;
        }
    }
    mpq_class q(total);
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
