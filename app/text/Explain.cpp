#include "app/text/Explain.h"

#include <QCoreApplication>

#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"

namespace floatscope::text {

namespace {

// Translation context "Explain" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct ExplainText {
    Q_DECLARE_TR_FUNCTIONS(Explain)
};

QString valueOf(const Format& f, std::uint64_t code)
{
    return QString::fromStdString(codeValueText(f, code));
}

QString modeWords(RoundingReason reason)
{
    switch (reason) {
    case RoundingReason::TowardZero: return ExplainText::tr("rounding toward zero");
    case RoundingReason::Up: return ExplainText::tr("rounding up (toward +inf)");
    case RoundingReason::Down: return ExplainText::tr("rounding down (toward -inf)");
    case RoundingReason::ToOdd: return ExplainText::tr("rounding to odd (the neighbour whose last bit is 1)");
    case RoundingReason::Stochastic: return ExplainText::tr("stochastic rounding (up with probability equal to the fraction)");
    default: return {};
    }
}


// The decision about a value x (as typed, or the intermediate value of a route).
QString decision(const QString& x, const Format& f, const Inspection& in)
{
    const Placement& p = in.placement;
    const QString name = QString::fromStdString(f.name());
    const QString stored = valueOf(f, in.code);
    const QString lo = p.below ? valueOf(f, *p.below) : QString();
    const QString hi = p.above ? valueOf(f, *p.above) : QString();
    const QString max = QString::fromStdString(exactDecimal(f.maxFinite()));

    switch (p.reason) {
    case RoundingReason::Exact: return ExplainText::tr("%1 is exactly representable in %2.").arg(x, name);
    case RoundingReason::Nearer:
        return ExplainText::tr("%1 lies between %2 and %3 and is nearer to %4, so %5 stores %4.").arg(x, lo, hi, stored, name);
    case RoundingReason::TieToEven:
        return ExplainText::tr("%1 lies exactly halfway between %2 and %3; ties go to the even mantissa, so %4 stores %5.")
            .arg(x, lo, hi, name, stored);
    case RoundingReason::TieAway:
        return ExplainText::tr("%1 lies exactly halfway between %2 and %3; ties go away from zero, so %4 stores %5.")
            .arg(x, lo, hi, name, stored);
    case RoundingReason::TowardZero:
    case RoundingReason::Up:
    case RoundingReason::Down:
    case RoundingReason::ToOdd:
    case RoundingReason::Stochastic:
        return ExplainText::tr("%1 lies between %2 and %3; %4 gives %5.").arg(x, lo, hi, modeWords(p.reason), stored);
    case RoundingReason::OverflowToInfinity:
        return ExplainText::tr("%1 is beyond %2's largest finite value %3: it overflows to %4.").arg(x, name, max, stored);
    case RoundingReason::OverflowToNan:
        return ExplainText::tr("%1 is beyond %2's largest finite value %3, and %2 has no infinity: it becomes NaN "
                  "(saturation would clamp it to %3).")
            .arg(x, name, max);
    case RoundingReason::OverflowSaturated:
        return ExplainText::tr("%1 is beyond %2's largest finite value %3: it is clamped to %4.").arg(x, name, max, stored);
    case RoundingReason::BelowSmallest:
        return ExplainText::tr("%1 is below %2's smallest value and %2 has no zero: it becomes %3.").arg(x, name, stored);
    case RoundingReason::NotANumber:
        return f.hasNan() ? ExplainText::tr("NaN stays NaN in %1.").arg(name)
                          : ExplainText::tr("%1 has no NaN: a NaN becomes %2 and is flagged invalid.").arg(name, stored);
    case RoundingReason::Infinity:
        return f.hasInfinity() && in.valueClass == ValueClass::Infinite
            ? ExplainText::tr("%1 is infinite in %2 too.").arg(x, name)
            : ExplainText::tr("%1 has no infinity: %2 becomes %3.").arg(name, x, stored);
    case RoundingReason::NegativeIntoUnsigned:
        return ExplainText::tr("%1 has no sign bit: the negative value %2 becomes NaN and is flagged invalid.").arg(name, x);
    }
    return {};
}

}  // namespace

QString explainRounding(const QString& x, const Format& f, const Inspection& in)
{
    if (in.routedThrough.empty())
        return decision(x, f, in);
    const QString through = QString::fromStdString(in.routedValue);
    return ExplainText::tr("Rounded to %1 first, %2 is %3. ").arg(QString::fromStdString(in.routedThrough), x, through)
        + decision(through, f, in);
}

}  // namespace floatscope::text
