#pragma once

#include <cstdint>
#include <string>

#include <QCoreApplication>
#include <QLocale>
#include <QString>

#include <gmpxx.h>

#include "core/exact/ExactValue.h"
#include "core/format/Dyadic.h"
#include "core/format/Format.h"

namespace floatscope::gui {

// Numbers as the lesson panels and their figures write them: every digit where the lesson is about
// the exact value, short where a table has no room, powers of two as 2⁻²⁴, shares as percentages.
class LessonText {
    Q_DECLARE_TR_FUNCTIONS(LessonText)

public:
    static QString fromStd(const std::string& text) { return QString::fromStdString(text); }
    // Every digit of a code's value; inf, -inf and nan by name (as the command line writes them).
    static QString exactValue(const Format& format, std::uint64_t code);
    static QString exact(const Dyadic& value);
    // Exact where that is short, otherwise about 6 digits marked with "~".
    static QString brief(const mpq_class& value);
    static QString brief(const Dyadic& value);
    static QString brief(const ExactValue& value);
    static QString approx(const mpq_class& value, int digits = 6);
    static QString approx(double value, int digits = 6);
    // 2⁻²⁴, 2¹⁰, 2⁰
    static QString powerOfTwo(long exponent);
    // 1, 10, ..., 1,000,000, then 10⁷ (and 10⁻³ below one)
    static QString powerOfTen(long exponent);
    // 12.3 %, 0 %, 100 %, < 0.01 % (a share that is not zero never reads as zero)
    static QString percent(double share);
    // 1,000,000
    static QString count(std::int64_t n);
    // 1,234.50: `decimals` digits after the point, grouped as count() groups
    static QString fixed(double value, int decimals);
    // How numbers are grouped in the interface's language (QLocale's default, which the window and
    // `export --lang` set): English, or Chinese (China); both write 1,000,000.5.
    static QLocale locale();
    // Long digit strings broken every `width` characters, for tooltips (a 105-digit subnormal).
    static QString wrapDigits(const QString& text, int width = 56);
};

// log2|x| of a nonzero exact value, as a double (also beyond double's range: 1e-400).
double log2Magnitude(const mpq_class& value);

}  // namespace floatscope::gui
