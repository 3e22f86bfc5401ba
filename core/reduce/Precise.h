#pragma once

#include <mpfr.h>

#include "core/reduce/FormatArithmetic.h"

namespace floatscope::reduce {

// An MPFR number for the reductions' references, 256 bits unless asked otherwise: far past what any
// reduction here could lose, so that a reference rounded to a double is the exact value's nearest
// double in practice. Every operation is MPFR's, rounded to nearest, at the result's precision.
class Precise {
public:
    explicit Precise(mpfr_prec_t precision = 256)
    {
        mpfr_init2(m_value, precision);
        mpfr_set_zero(m_value, 1);
    }
    static Precise zero(mpfr_prec_t precision) { return Precise(precision); }
    explicit Precise(double x, mpfr_prec_t precision = 256)
    {
        mpfr_init2(m_value, precision);
        mpfr_set_d(m_value, x, MPFR_RNDN);
    }
    Precise(const Precise& other)
    {
        mpfr_init2(m_value, mpfr_get_prec(other.m_value));
        mpfr_set(m_value, other.m_value, MPFR_RNDN);
    }
    Precise& operator=(const Precise& other)
    {
        mpfr_set(m_value, other.m_value, MPFR_RNDN);
        return *this;
    }
    ~Precise() { mpfr_clear(m_value); }

    mpfr_ptr get() { return m_value; }
    mpfr_srcptr get() const { return m_value; }
    double toDouble() const { return mpfr_get_d(m_value, MPFR_RNDN); }
    // Rounded once to a format (the 256 bits are the value the reference stands for).
    double roundedTo(const FormatArithmetic& format) const { return format.fromUnpacked(unpackMpfr(m_value)); }

    Precise& operator+=(const Precise& x)
    {
        mpfr_add(m_value, m_value, x.m_value, MPFR_RNDN);
        return *this;
    }
    friend Precise operator+(Precise x, const Precise& y) { return x += y; }
    friend Precise operator-(const Precise& x, const Precise& y)
    {
        Precise r(mpfr_get_prec(x.m_value));
        mpfr_sub(r.m_value, x.m_value, y.m_value, MPFR_RNDN);
        return r;
    }
    friend Precise operator*(const Precise& x, const Precise& y)
    {
        Precise r(mpfr_get_prec(x.m_value));
        mpfr_mul(r.m_value, x.m_value, y.m_value, MPFR_RNDN);
        return r;
    }
    friend Precise operator/(const Precise& x, const Precise& y)
    {
        Precise r(mpfr_get_prec(x.m_value));
        mpfr_div(r.m_value, x.m_value, y.m_value, MPFR_RNDN);
        return r;
    }
    static Precise exp(const Precise& x)
    {
        Precise r(mpfr_get_prec(x.m_value));
        mpfr_exp(r.m_value, x.m_value, MPFR_RNDN);
        return r;
    }
    static Precise sqrt(const Precise& x)
    {
        Precise r(mpfr_get_prec(x.m_value));
        mpfr_sqrt(r.m_value, x.m_value, MPFR_RNDN);
        return r;
    }

    // |value - reference| / |reference| as a double (value finite).
    static double relativeError(double value, const Precise& reference)
    {
        const Precise difference = Precise(value) - reference;
        Precise r = difference / reference;
        mpfr_abs(r.m_value, r.m_value, MPFR_RNDN);
        return r.toDouble();
    }

private:
    mpfr_t m_value;
};

}  // namespace floatscope::reduce
