#pragma once

// An IEEE 754 binary format emulated with MPFR (precision, exponent range and subnormals, as the
// MPFR manual's "mpfr_subnormalize" example does): a reference for the lesson simulations that
// shares no code with the engine's rounding. Values are compared as exact rationals.
#include <gtest/gtest.h>

#include <cstdint>

#include <gmpxx.h>
#include <mpfr.h>

#include "core/exact/ExactValue.h"
#include "core/format/Format.h"

namespace floatscope::test {

class MpfrValue {
public:
    explicit MpfrValue(int precision) { mpfr_init2(m_value, precision); }
    ~MpfrValue() { mpfr_clear(m_value); }
    MpfrValue(const MpfrValue&) = delete;
    MpfrValue& operator=(const MpfrValue&) = delete;
    mpfr_ptr get() { return m_value; }
    mpfr_srcptr get() const { return m_value; }

private:
    mpfr_t m_value;
};

// IEEE binary format with E exponent bits and M mantissa bits (bias 2^(E-1) - 1, inf on overflow).
class MpfrFormat {
public:
    MpfrFormat(int exponentBits, int mantissaBits)
        : m_precision(mantissaBits + 1)
    {
        // MPFR writes x = 0.1b...b * 2^e: the largest finite value is below 2^(emax_ieee + 1), and
        // the smallest subnormal 2^(emin_ieee - M) is 0.1 * 2^(emin_ieee - M + 1).
        const long bias = (1L << (exponentBits - 1)) - 1;
        m_emax = bias + 1;
        m_emin = 1 - bias - mantissaBits + 1;
    }

    int precision() const { return m_precision; }

    // Round-to-nearest-even of an exact rational, once.
    void set(MpfrValue& out, const mpq_class& q) const
    {
        Range range(*this);
        finish(out, mpfr_set_q(out.get(), q.get_mpq_t(), MPFR_RNDN));
    }
    void set(MpfrValue& out, const MpfrValue& x) const
    {
        Range range(*this);
        finish(out, mpfr_set(out.get(), x.get(), MPFR_RNDN));
    }
    void add(MpfrValue& out, const MpfrValue& a, const MpfrValue& b) const
    {
        Range range(*this);
        finish(out, mpfr_add(out.get(), a.get(), b.get(), MPFR_RNDN));
    }
    void subtract(MpfrValue& out, const MpfrValue& a, const MpfrValue& b) const
    {
        Range range(*this);
        finish(out, mpfr_sub(out.get(), a.get(), b.get(), MPFR_RNDN));
    }
    // The two neighbours of an exact rational on the format's grid (round down and up).
    void floorCeil(MpfrValue& down, MpfrValue& up, const mpq_class& q) const
    {
        Range range(*this);
        int t = mpfr_set_q(down.get(), q.get_mpq_t(), MPFR_RNDD);
        t = mpfr_check_range(down.get(), t, MPFR_RNDD);
        mpfr_subnormalize(down.get(), t, MPFR_RNDD);
        t = mpfr_set_q(up.get(), q.get_mpq_t(), MPFR_RNDU);
        t = mpfr_check_range(up.get(), t, MPFR_RNDU);
        mpfr_subnormalize(up.get(), t, MPFR_RNDU);
    }

private:
    // MPFR's exponent range is global state: set it for one operation, then restore it.
    class Range {
    public:
        explicit Range(const MpfrFormat& f) : m_emin(mpfr_get_emin()), m_emax(mpfr_get_emax())
        {
            mpfr_set_emin(f.m_emin);
            mpfr_set_emax(f.m_emax);
        }
        ~Range()
        {
            mpfr_set_emin(m_emin);
            mpfr_set_emax(m_emax);
        }

    private:
        mpfr_exp_t m_emin;
        mpfr_exp_t m_emax;
    };

    static void finish(MpfrValue& out, int ternary)
    {
        ternary = mpfr_check_range(out.get(), ternary, MPFR_RNDN);
        mpfr_subnormalize(out.get(), ternary, MPFR_RNDN);
    }

    int m_precision;
    long m_emin;
    long m_emax;
};

// The value of an engine code against an MPFR value: both infinite with one sign, both NaN, or
// equal rationals (zeros with one sign).
inline ::testing::AssertionResult sameValue(const Format& format, std::uint64_t code, const MpfrValue& x)
{
    const ExactValue v = ExactValue::fromCode(format, code);
    bool same = false;
    if (mpfr_nan_p(x.get()))
        same = v.kind() == ExactValue::Kind::NaN;
    else if (mpfr_inf_p(x.get()))
        same = v.kind() == ExactValue::Kind::Infinite && v.negative() == (mpfr_signbit(x.get()) != 0);
    else if (v.isFinite()) {
        mpq_class q;
        mpfr_get_q(q.get_mpq_t(), x.get());
        same = q == v.value() && (!mpfr_zero_p(x.get()) || v.negative() == (mpfr_signbit(x.get()) != 0));
    }
    if (same)
        return ::testing::AssertionSuccess();
    char* text = nullptr;
    mpfr_asprintf(&text, "%Ra", x.get());
    auto failure = ::testing::AssertionFailure() << format.name() << " code " << code << " is "
                                                 << v.rationalText() << ", MPFR has " << text;
    mpfr_free_str(text);
    return failure;
}

}  // namespace floatscope::test
