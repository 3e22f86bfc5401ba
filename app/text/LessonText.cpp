#include "app/text/LessonText.h"

#include <cmath>

#include <QLocale>

#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"
#include "core/inspect/Inspection.h"

namespace floatscope::gui {

QString LessonText::exactValue(const Format& format, std::uint64_t code)
{
    return fromStd(codeValueText(format, code));
}

QString LessonText::exact(const Dyadic& value)
{
    return fromStd(exactDecimal(value));
}

QString LessonText::brief(const mpq_class& value)
{
    // Exact with up to 8 significant digits, written as %g would (1e-8, 65504, 0.0078125); longer
    // values exactly where that is short, else to 6 digits marked "~".
    if (value == 0)
        return QStringLiteral("0");
    if (const auto digits = terminatingDecimal(value, 60)) {
        int significant = 0;
        bool leading = true;
        for (const char c : *digits) {
            if (c < '0' || c > '9')
                continue;
            leading = leading && c == '0';
            significant += leading ? 0 : 1;
        }
        // Trailing zeros of an integer are not significant: 65504 has five, 1000 one.
        for (auto it = digits->rbegin(); it != digits->rend() && *it == '0' && digits->find('.') == std::string::npos; ++it)
            --significant;
        if (significant <= 8)
            return fromStd(approximateDecimal(value, 8));
    }
    return fromStd(briefDecimal(value, 14));
}

QString LessonText::brief(const Dyadic& value)
{
    return brief(ExactValue::fromDyadic(value).value());
}

QString LessonText::brief(const ExactValue& value)
{
    switch (value.kind()) {
    case ExactValue::Kind::NaN: return QStringLiteral("NaN");
    case ExactValue::Kind::Infinite: return value.negative() ? QStringLiteral("-inf") : QStringLiteral("inf");
    case ExactValue::Kind::Finite: break;
    }
    if (value.isZero())
        return value.negative() ? QStringLiteral("-0") : QStringLiteral("0");
    return brief(value.value());
}

QString LessonText::approx(const mpq_class& value, int digits)
{
    return fromStd(approximateDecimal(value, digits));
}

QString LessonText::approx(double value, int digits)
{
    if (std::isnan(value))
        return QStringLiteral("NaN");
    if (std::isinf(value))
        return value < 0 ? QStringLiteral("-inf") : QStringLiteral("inf");
    return approx(mpq_class(value), digits);
}

namespace {

// base⁻²⁴
QString power(const QString& base, long exponent)
{
    static const QString kSuperscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString out = base;
    if (exponent < 0)
        out += QStringLiteral("⁻");
    for (const QChar c : QString::number(std::labs(exponent)))
        out += kSuperscripts[c.digitValue()];
    return out;
}

}  // namespace

QString LessonText::powerOfTwo(long exponent)
{
    return power(QStringLiteral("2"), exponent);
}

QString LessonText::powerOfTen(long exponent)
{
    if (exponent >= 0 && exponent <= 6) {
        std::int64_t n = 1;
        for (long i = 0; i < exponent; ++i)
            n *= 10;
        return count(n);
    }
    return power(QStringLiteral("10"), exponent);
}

QString LessonText::percent(double share)
{
    if (std::isnan(share))
        return QStringLiteral("—");
    const double p = share * 100;
    if (p == 0)
        return QStringLiteral("0 %");
    if (p == 100)
        return QStringLiteral("100 %");
    if (p < 0.01)
        return QStringLiteral("< 0.01 %");
    if (p > 99.99 && p < 100)
        return QStringLiteral("> 99.99 %");
    if (p >= 10)
        return QStringLiteral("%1 %").arg(p, 0, 'f', 1);
    return QStringLiteral("%1 %").arg(p, 0, 'f', 2);
}

QString LessonText::count(std::int64_t n)
{
    return locale().toString(static_cast<qlonglong>(n));
}

QString LessonText::fixed(double value, int decimals)
{
    return locale().toString(value == 0 ? 0.0 : value, 'f', decimals);  // no "-0"
}

QLocale LessonText::locale()
{
    // Only the interface's languages: a German system locale must not turn 1,000 into 1.000 in an
    // English window, nor on the command line.
    return QLocale().language() == QLocale::Chinese ? QLocale(QLocale::Chinese, QLocale::China)
                                                    : QLocale(QLocale::English, QLocale::UnitedStates);
}

QString LessonText::wrapDigits(const QString& text, int width)
{
    if (text.size() <= width)
        return text;
    QStringList lines;
    for (qsizetype i = 0; i < text.size(); i += width)
        lines << text.mid(i, width);
    return lines.join(QLatin1Char('\n'));
}

double log2Magnitude(const mpq_class& value)
{
    // num = a * 2^ea and den = b * 2^eb with a, b in [0.5, 1): log2 = log2(a / b) + ea - eb.
    long numExponent = 0;
    long denExponent = 0;
    const double a = std::fabs(mpz_get_d_2exp(&numExponent, value.get_num_mpz_t()));
    const double b = mpz_get_d_2exp(&denExponent, value.get_den_mpz_t());
    return std::log2(a / b) + static_cast<double>(numExponent - denExponent);
}

}  // namespace floatscope::gui
