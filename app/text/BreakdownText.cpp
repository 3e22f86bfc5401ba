#include "app/text/BreakdownText.h"

#include <algorithm>

#include <QCoreApplication>

namespace floatscope::text {

namespace {

// Translation context "Breakdown" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct BreakdownText {
    Q_DECLARE_TR_FUNCTIONS(Breakdown)
};

const QString kMinus = QStringLiteral("−");
const QString kTimes = QStringLiteral(" × ");

// Powers as the rest of the inspector writes them ("2^8", "ulp 2^-15"): superscripts at row size
// are too small to read.
QString sup(const QString& s)
{
    const bool digits = std::all_of(s.begin(), s.end(), [](QChar c) { return c.isDigit(); });
    return QStringLiteral("^") + (digits ? s : QStringLiteral("(%1)").arg(s));
}

QString signed64(std::int64_t v)
{
    return v < 0 ? kMinus + QString::number(-v) : QString::number(v);
}

// A decimal term as it fits: whole, or its first digits and an ellipsis.
QString term(const std::string& digits, int maxLength)
{
    const QString s = QString::fromStdString(digits);
    return s.size() <= maxLength ? s : s.left(maxLength - 1) + QStringLiteral("…");
}

QString notFinite(const Format& f)
{
    const QString name = QString::fromStdString(f.name());
    switch (f.convention()) {
    case Convention::Ieee:
        return BreakdownText::tr("exponent field all ones: infinity when m = 0, NaN otherwise; the formula gives no "
                                 "value for these codes");
    case Convention::FiniteNan:
        return BreakdownText::tr("in %1 only S.1111.111 (every exponent and mantissa bit set) is NaN; the formula "
                                 "gives no value for it").arg(name);
    case Convention::Fnuz:
        return BreakdownText::tr("in %1 the code of minus zero (1.000…0) is the only NaN; the formula gives no value "
                                 "for it").arg(name);
    case Convention::Unsigned:
        return BreakdownText::tr("in %1 all ones is NaN; the formula gives no value for it").arg(name);
    case Convention::Finite: break;
    }
    return {};
}

QString decisionWords(const DiscardedBits& d)
{
    switch (d.decision) {
    case GuardDecision::BelowHalf: return BreakdownText::tr("less than half an ulp: the kept bits stay");
    case GuardDecision::AboveHalf: return BreakdownText::tr("more than half an ulp: the kept bits go up one ulp");
    case GuardDecision::TieKeepsEven:
        return BreakdownText::tr("exactly half an ulp, a tie; the kept last bit is 0 (even), so they stay");
    case GuardDecision::TieToEven:
        return BreakdownText::tr("exactly half an ulp, a tie; the kept last bit is 1 (odd), so they go up one ulp "
                                 "to the even neighbour");
    case GuardDecision::TieAway:
        return BreakdownText::tr("exactly half an ulp, a tie; ties go away from zero: up one ulp");
    case GuardDecision::Truncate: return BreakdownText::tr("this mode rounds toward zero here: the kept bits stay");
    case GuardDecision::DirectedAway:
        return BreakdownText::tr("this mode rounds away from zero here: any discarded 1 sends the kept bits up one ulp");
    case GuardDecision::OddKept: return BreakdownText::tr("to odd: the kept last bit is 1 already, so they stay");
    case GuardDecision::OddSet: return BreakdownText::tr("to odd: the kept last bit is 0, so it is set (up one ulp)");
    case GuardDecision::Stochastic:
        return d.awayFromZero ? BreakdownText::tr("stochastic: the random draw sent the kept bits up one ulp")
                              : BreakdownText::tr("stochastic: the random draw left the kept bits as they are");
    }
    return {};
}

}  // namespace

QString formulaText(const Format& f, const FormulaTerms& t, int maxTermLength)
{
    if (t.shape == FormulaShape::NotFinite)
        return notFinite(f);
    const bool normal = t.shape == FormulaShape::Normal;
    // The symbols, then the fields put in, then each term evaluated.
    // Subnormals take the smallest normal exponent, 1 − bias (IEEE 754 §3.4 d).
    const QString exponent = (normal ? QString::number(t.exponentField) : QStringLiteral("1")) + kMinus
        + QString::number(t.bias);
    QStringList fields;
    QStringList values;
    if (t.hasSign) {
        fields << QStringLiteral("(") + kMinus + QStringLiteral("1)") + sup(QString::number(t.sign));
        values << (t.sign != 0 ? kMinus + QStringLiteral("1") : QStringLiteral("1"));
    }
    fields << QStringLiteral("2") + sup(exponent);
    values << (static_cast<int>(t.powerValue.size()) <= maxTermLength ? QString::fromStdString(t.powerValue)
                                                                       : QStringLiteral("2") + sup(signed64(t.power)));
    if (t.mantissaBits > 0) {
        fields << QStringLiteral("(%1 + %2/2%3)")
                      .arg(normal ? QStringLiteral("1") : QStringLiteral("0"))
                      .arg(t.mantissaField)
                      .arg(sup(QString::number(t.mantissaBits)));
        values << term(t.significandValue, maxTermLength);
    }
    return fields.join(kTimes) + QStringLiteral(" = ") + values.join(kTimes);
}

QString formulaTooltip(const FormulaTerms& t)
{
    if (t.shape == FormulaShape::NotFinite)
        return {};
    QStringList lines;
    lines << BreakdownText::tr("2^%1 = %2").arg(signed64(t.power), QString::fromStdString(t.powerValue));
    if (t.mantissaBits > 0) {
        lines << BreakdownText::tr("m/2^%1 = %2").arg(t.mantissaBits).arg(QString::fromStdString(t.fractionValue));
        lines << BreakdownText::tr("significand = %1").arg(QString::fromStdString(t.significandValue));
    }
    lines << BreakdownText::tr("value = %1").arg(QString::fromStdString(t.value));
    return lines.join(QLatin1Char('\n'));
}

QString discardedText(const DiscardedBits& d)
{
    QString kept = d.keptNormal ? QStringLiteral("1") : QStringLiteral("0");
    if (d.mantissaBits > 0)
        kept += QLatin1Char('.') + QString::number(d.keptMantissa, 2).rightJustified(d.mantissaBits, QLatin1Char('0'));
    // The guard bit in brackets, then the bits whose OR is the sticky bit.
    const QString bits = QString::fromStdString(d.discarded);
    const QString discarded = QStringLiteral("[%1]%2%3").arg(bits.left(1), bits.mid(1),
                                                              d.moreDiscarded ? QStringLiteral("…") : QString());
    QString out = BreakdownText::tr("kept %1 · discarded %2 (guard %3, sticky %4): %5")
                      .arg(kept, discarded)
                      .arg(d.guard ? 1 : 0)
                      .arg(d.sticky ? 1 : 0)
                      .arg(decisionWords(d));
    if (d.overflows)
        out += BreakdownText::tr(", past the largest finite value: overflow");
    return out;
}

}  // namespace floatscope::text
