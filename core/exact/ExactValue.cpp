#include "core/exact/ExactValue.h"

#include <bit>
#include <utility>

#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"

namespace floatscope {

ExactValue ExactValue::finite(bool negative, mpq_class magnitude)
{
    ExactValue v;
    v.m_kind = Kind::Finite;
    v.m_negative = negative;
    v.m_magnitude = std::move(magnitude);
    v.m_magnitude.canonicalize();
    return v;
}

ExactValue ExactValue::fromRational(const mpq_class& value)
{
    return finite(sgn(value) < 0, abs(value));
}

ExactValue ExactValue::fromDyadic(const Dyadic& d)
{
    mpz_class significand;
    mpz_import(significand.get_mpz_t(), 1, -1, sizeof d.significand, 0, 0, &d.significand);
    mpq_class q{significand};
    if (d.exponent >= 0)
        mpq_mul_2exp(q.get_mpq_t(), q.get_mpq_t(), static_cast<mp_bitcnt_t>(d.exponent));
    else
        mpq_div_2exp(q.get_mpq_t(), q.get_mpq_t(), static_cast<mp_bitcnt_t>(-d.exponent));
    return finite(d.negative, std::move(q));
}

ExactValue ExactValue::fromDouble(double value)
{
    const Unpacked u = unpackDouble(value);
    switch (u.kind) {
    case Unpacked::Kind::NaN: return nan(u.negative, u.nanPayload);
    case Unpacked::Kind::Infinite: return infinity(u.negative);
    case Unpacked::Kind::Zero: return finite(u.negative, 0);
    case Unpacked::Kind::Finite: break;
    }
    return fromDyadic(Dyadic{u.negative, static_cast<std::uint64_t>(u.significand >> 64), u.exponent - 63});
}

ExactValue ExactValue::infinity(bool negative)
{
    ExactValue v;
    v.m_kind = Kind::Infinite;
    v.m_negative = negative;
    return v;
}

ExactValue ExactValue::nan(bool negative, std::uint64_t payload)
{
    ExactValue v;
    v.m_kind = Kind::NaN;
    v.m_negative = negative;
    v.m_nanPayload = payload;
    return v;
}

ExactValue ExactValue::fromCode(const Format& format, std::uint64_t code)
{
    const Decoded d = decode(format, code);
    switch (d.valueClass) {
    case ValueClass::NaN: return nan(d.negative, d.nanPayload);
    case ValueClass::Infinite: return infinity(d.negative);
    default: return fromDyadic(d.value);
    }
}

Unpacked ExactValue::unpack() const
{
    if (m_kind == Kind::NaN)
        return Unpacked::nan(m_negative, m_nanPayload);
    if (m_kind == Kind::Infinite)
        return Unpacked::infinity(m_negative);
    if (m_magnitude == 0)
        return Unpacked::zero(m_negative);

    // 1. e = floor(log2(p/d)): the bit lengths give it to within one.
    const mpz_class& p = m_magnitude.get_num();
    const mpz_class& d = m_magnitude.get_den();
    std::int64_t e = static_cast<std::int64_t>(mpz_sizeinbase(p.get_mpz_t(), 2))
        - static_cast<std::int64_t>(mpz_sizeinbase(d.get_mpz_t(), 2));
    mpz_class num = p;
    mpz_class den = d;
    // 2. Scale so that num/den lies in [2^127, 2^128) when e is right.
    const std::int64_t shift = 127 - e;
    if (shift >= 0)
        mpz_mul_2exp(num.get_mpz_t(), num.get_mpz_t(), static_cast<mp_bitcnt_t>(shift));
    else
        mpz_mul_2exp(den.get_mpz_t(), den.get_mpz_t(), static_cast<mp_bitcnt_t>(-shift));
    mpz_class q;
    mpz_class r;
    mpz_tdiv_qr(q.get_mpz_t(), r.get_mpz_t(), num.get_mpz_t(), den.get_mpz_t());
    // 3. One bit short: the estimate of e was one too high; take one more quotient bit.
    if (mpz_sizeinbase(q.get_mpz_t(), 2) < 128) {
        --e;
        num <<= 1;
        mpz_tdiv_qr(q.get_mpz_t(), r.get_mpz_t(), num.get_mpz_t(), den.get_mpz_t());
    }
    // 4. Export the 128-bit quotient.
    std::uint64_t words[2] = {0, 0};
    std::size_t count = 0;
    mpz_export(words, &count, -1, sizeof(std::uint64_t), 0, 0, q.get_mpz_t());
    Unpacked u;
    u.kind = Unpacked::Kind::Finite;
    u.negative = m_negative;
    u.exponent = e;
    u.significand = (Uint128{words[1]} << 64) | words[0];
    u.sticky = r != 0;
    return u;
}

std::string ExactValue::rationalText() const
{
    switch (m_kind) {
    case Kind::NaN: return "nan";
    case Kind::Infinite: return m_negative ? "-inf" : "inf";
    case Kind::Finite: break;
    }
    return (m_negative ? "-" : "") + floatscope::rationalText(m_magnitude);
}

bool ExactValue::operator==(const ExactValue& other) const
{
    if (m_kind != other.m_kind)
        return false;
    if (m_kind == Kind::NaN)
        return true;
    return m_negative == other.m_negative && m_magnitude == other.m_magnitude;
}

RoundResult roundExact(const ExactValue& value, const Format& format, const RoundOptions& options)
{
    return roundToFormat(value.unpack(), format, options);
}

double nearestDouble(const ExactValue& value)
{
    static const Format binary64("fp64", 11, 52, 1023, Convention::Ieee, OverflowPolicy::NonSaturating);
    return std::bit_cast<double>(roundExact(value, binary64).code);
}

}  // namespace floatscope
