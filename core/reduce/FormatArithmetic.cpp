#include "core/reduce/FormatArithmetic.h"

#include <bit>
#include <cassert>
#include <cmath>

#include <mpfr.h>

#include "core/exact/ExactValue.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/round/Neighbours.h"

namespace floatscope::reduce {

bool FormatArithmetic::accepts(const Format& f)
{
    // Subtraction and the sums of the reductions need a sign and a zero: e8m0 (scales) has neither.
    return f.signBits() == 1 && f.mantissaBits() <= 24 && f.minPositiveExponent() >= -149 && f.maxExponent() <= 127;
}

FormatArithmetic::FormatArithmetic(const Format& format) : m_format(format), m_fp32(format == namedFormat("fp32"))
{
    assert(accepts(format));
}

double FormatArithmetic::round(double exact) const
{
    if (m_fp32)
        return static_cast<float>(exact);  // the CPU's own nearest-even conversion (inf past the range)
    return codeToDouble(m_format, roundToFormat(unpackDouble(exact), m_format).code);
}

double FormatArithmetic::fromUnpacked(const Unpacked& exact) const
{
    return codeToDouble(m_format, roundToFormat(exact, m_format).code);
}

double FormatArithmetic::gap(double value) const
{
    const std::optional<Dyadic> ulp = ulpOf(m_format, roundToFormat(unpackDouble(value), m_format).code);
    return ulp ? nearestDouble(ExactValue::fromDyadic(*ulp)) : 0.0;
}

double FormatArithmetic::sqrt(double x) const { return round(std::sqrt(x)); }

double FormatArithmetic::exp(double x)
{
    auto known = m_exps.find(x);
    if (known == m_exps.end())
        known = m_exps.emplace(x, expUnpacked(x)).first;
    return fromUnpacked(known->second);
}

Unpacked unpackMpfr(mpfr_srcptr x, bool inexact)
{
    if (mpfr_nan_p(x))
        return Unpacked::nan(false, 0);
    if (mpfr_inf_p(x))
        return Unpacked::infinity(mpfr_signbit(x) != 0);
    if (mpfr_zero_p(x))
        return Unpacked::zero(mpfr_signbit(x) != 0);
    mpfr_t top;
    mpfr_init2(top, 128);
    const int ternary = mpfr_set(top, x, MPFR_RNDZ);
    // top = z * 2^e, z of exactly 128 bits once shifted up: Unpacked's significand, exponent e + 127.
    mpz_t z;
    mpz_init(z);
    mpfr_exp_t e = mpfr_get_z_2exp(z, top);
    mpz_abs(z, z);
    const auto bits = static_cast<std::int64_t>(mpz_sizeinbase(z, 2));
    mpz_mul_2exp(z, z, static_cast<mp_bitcnt_t>(128 - bits));
    e -= 128 - bits;
    std::uint64_t limbs[2] = {0, 0};
    std::size_t count = 0;
    mpz_export(limbs, &count, -1, sizeof(std::uint64_t), 0, 0, z);
    Unpacked u;
    u.kind = Unpacked::Kind::Finite;
    u.negative = mpfr_signbit(x) != 0;
    u.exponent = static_cast<std::int64_t>(e) + 127;
    u.significand = (Uint128{limbs[1]} << 64) | limbs[0];
    u.sticky = ternary != 0 || inexact;
    mpz_clear(z);
    mpfr_clear(top);
    return u;
}

Unpacked expUnpacked(double x)
{
    if (std::isnan(x))
        return Unpacked::nan(false, 0);
    if (std::isinf(x))
        return x > 0 ? Unpacked::infinity(false) : Unpacked::zero(false);
    mpfr_t in, out;
    mpfr_init2(in, 53);
    mpfr_init2(out, 128);
    mpfr_set_d(in, x, MPFR_RNDN);
    const int ternary = mpfr_exp(out, in, MPFR_RNDZ);
    const Unpacked u = unpackMpfr(out, ternary != 0);
    mpfr_clear(in);
    mpfr_clear(out);
    return u;
}

}  // namespace floatscope::reduce
