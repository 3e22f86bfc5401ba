#pragma once

#include <map>

#include <mpfr.h>

#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope::reduce {

// Arithmetic in one format: every operation rounds its exact result once, to nearest even, with the
// format's overflow rule. Values travel as doubles holding values of the format exactly.
//
// add, subtract, multiply, divide and sqrt compute in double and round that to the format: for a
// format of p <= 25 significant bits within double's range, rounding the double result again is
// the same as rounding once (Figueroa, "When is double rounding innocuous?", SIGNUM Newsletter
// 30(3), 1995: q >= 2p + 2 for these five operations; with underflow, Roux, J. Formalized
// Reasoning 7(1), 2014). exp is MPFR's at 128 bits, truncated with a sticky bit, rounded once.
class FormatArithmetic {
public:
    // The format must be signed (with a zero), have at most 25 significant bits and every value in
    // fp32's range.
    explicit FormatArithmetic(const Format& format);
    static bool accepts(const Format& format);

    const Format& format() const { return m_format; }

    double round(double exact) const;  // an exact double rounded once to the format
    double fromUnpacked(const Unpacked& exact) const;  // any value rounded once to the format
    double add(double x, double y) const { return round(x + y); }
    double subtract(double x, double y) const { return round(x - y); }
    double multiply(double x, double y) const { return round(x * y); }
    double divide(double x, double y) const { return round(x / y); }
    double sqrt(double x) const;
    // The distance from a value of the format to the next one up in magnitude (its ulp): a sum
    // there absorbs every term below half of it.
    double gap(double value) const;
    double exp(double x);  // e^x of a value x, correctly rounded to the format (remembered per x)

private:
    Format m_format;
    bool m_fp32 = false;
    std::map<double, Unpacked> m_exps;  // e^x at 128 bits and a sticky bit, per argument
};

// e^x of a double, as rounding needs it: 128 bits truncated and a sticky bit (e^x is irrational for
// x != 0, so the sticky bit is set; the worst cases known need far fewer bits).
Unpacked expUnpacked(double x);

// An MPFR number as rounding needs it: its top 128 bits and a sticky bit for the rest (and `inexact`,
// for a number that was itself rounded from a larger exact one).
Unpacked unpackMpfr(mpfr_srcptr x, bool inexact = false);

}  // namespace floatscope::reduce
