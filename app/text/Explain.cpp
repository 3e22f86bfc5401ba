#include "app/text/Explain.h"

#include <QCoreApplication>

#include "app/text/StdString.h"
#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"
#include "core/text/Parse.h"

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

QString modeWords(RoundingMode mode)
{
    switch (mode) {
    case RoundingMode::TowardZero: return ExplainText::tr("rounding toward zero");
    case RoundingMode::Up: return ExplainText::tr("rounding up (toward +inf)");
    case RoundingMode::Down: return ExplainText::tr("rounding down (toward -inf)");
    case RoundingMode::ToOdd: return ExplainText::tr("rounding to odd (the neighbour whose last bit is 1)");
    case RoundingMode::Stochastic: return ExplainText::tr("stochastic rounding (up with probability equal to the fraction)");
    case RoundingMode::NearestEven: return ExplainText::tr("rounding to nearest, ties to even");
    case RoundingMode::NearestAway: return ExplainText::tr("rounding to nearest, ties away from zero");
    }
    return {};
}

bool nearestMode(RoundingMode mode) { return mode == RoundingMode::NearestEven || mode == RoundingMode::NearestAway; }

QString exactText(const mpq_class& value) { return QString::fromStdString(floatscope::exactText(value)); }

QString infinity(const mpq_class& side) { return side < 0 ? QStringLiteral("-inf") : QStringLiteral("inf"); }

// The step past the end of the finite range, for a value that stayed inside it or sits on its end:
// the neighbour the format lacks, named, and what a value rounding there would become.
QString beyondTheRange(const Format& f, const PastRange& past)
{
    const QString name = QString::fromStdString(f.name());
    const QString end = exactText(past.largest);
    const QString step = exactText(past.step);
    switch (past.outcome) {
    case PastRangeOutcome::Infinity:
        return ExplainText::tr("Beyond %2, the end of %1's finite range, the next step would be %3; a value that "
                               "rounds there overflows to %4.")
            .arg(name, end, step, infinity(past.step));
    case PastRangeOutcome::NaN:
        return ExplainText::tr("Beyond %2, the end of %1's finite range, the next step would be %3; %1 has no "
                               "infinity, so a value that rounds there becomes NaN (saturation would clamp it to %2).")
            .arg(name, end, step);
    case PastRangeOutcome::Clamp: break;
    }
    if (f.hasInfinity() || f.hasNan())
        return ExplainText::tr("Beyond %2, the end of %1's finite range, the next step would be %3; saturating, %1 "
                               "clamps a value that rounds there to %2.")
            .arg(name, end, step);
    return ExplainText::tr("Beyond %2, the end of %1's finite range, the next step would be %3; %1 has neither "
                           "infinity nor NaN, so a value that rounds there is clamped to %2.")
        .arg(name, end, step);
}

// Where an input that rounded past the end of the finite range lay.
QString pastTheEnd(const QString& x, const Format& f, const Placement& p)
{
    const PastRange& past = *p.past;
    const QString name = QString::fromStdString(f.name());
    const QString end = exactText(past.largest);
    const QString step = exactText(past.step);
    // In value order: the step is at 1 on the positive side, at 0 on the negative one.
    const mpq_class& at = *p.fraction;
    if (at == (past.step > 0 ? 1 : 0))
        return ExplainText::tr("%1 is the next step past %2, the end of %3's finite range.").arg(x, end, name);
    if (past.step > 0 ? at > 1 : at < 0)
        return ExplainText::tr("%1 lies beyond %4, the next step past %2, the end of %3's finite range.")
            .arg(x, end, name, step);
    if (p.tie && p.mode == RoundingMode::NearestEven)
        return ExplainText::tr("%1 lies exactly halfway between %2, the end of %3's finite range, and %4, the next "
                               "step beyond it; ties go to the even mantissa, which is %4's.")
            .arg(x, end, name, step);
    if (p.tie && p.mode == RoundingMode::NearestAway)
        return ExplainText::tr("%1 lies exactly halfway between %2, the end of %3's finite range, and %4, the next "
                               "step beyond it; ties go away from zero, to %4.")
            .arg(x, end, name, step);
    if (nearestMode(p.mode))
        return ExplainText::tr("%1 lies between %2, the end of %3's finite range, and %4, the next step beyond it, "
                               "and is nearer to %4.")
            .arg(x, end, name, step);
    return ExplainText::tr("%1 lies between %2, the end of %3's finite range, and %4, the next step beyond it; %5 "
                           "gives %4.")
        .arg(x, end, name, step, modeWords(p.mode));
}

// What the format made of a value that rounded past the end of its finite range.
QString overflowOutcome(const Format& f, const Inspection& in)
{
    const Placement& p = in.placement;
    const QString name = QString::fromStdString(f.name());
    const QString end = exactText(p.past->largest);
    switch (p.reason) {
    case RoundingReason::OverflowToInfinity:
        return ExplainText::tr("%1 has no finite value past %2: it overflows to %3.").arg(name, end, valueOf(f, in.code));
    case RoundingReason::OverflowToNan:
        return ExplainText::tr("%1 has no infinity: it becomes NaN (saturation would clamp it to %2).").arg(name, end);
    default: break;
    }
    if (p.past->outcome != PastRangeOutcome::Clamp)  // the mode kept it finite, not the policy
        return ExplainText::tr("%1 never leaves the finite range: %2 stores %3.").arg(modeWords(p.mode), name, end);
    if (f.hasInfinity() || f.hasNan())
        return ExplainText::tr("Saturating, %1 clamps it to %2.").arg(name, end);
    return ExplainText::tr("%1 has neither infinity nor NaN: it is clamped to %2.").arg(name, end);
}

// The decision about a finite x inside the range, or at its end (with `lo` or `hi` standing in
// for the neighbour past the end).
QString between(const QString& x, const Format& f, const Inspection& in, const QString& lo, const QString& hi)
{
    const Placement& p = in.placement;
    const QString name = QString::fromStdString(f.name());
    const QString stored = valueOf(f, in.code);
    switch (p.reason) {
    case RoundingReason::Nearer:
        return ExplainText::tr("%1 lies between %2 and %3 and is nearer to %4, so %5 stores %4.").arg(x, lo, hi, stored, name);
    case RoundingReason::TieToEven:
        return ExplainText::tr("%1 lies exactly halfway between %2 and %3; ties go to the even mantissa, so %4 stores %5.")
            .arg(x, lo, hi, name, stored);
    case RoundingReason::TieAway:
        return ExplainText::tr("%1 lies exactly halfway between %2 and %3; ties go away from zero, so %4 stores %5.")
            .arg(x, lo, hi, name, stored);
    default: break;
    }
    return ExplainText::tr("%1 lies between %2 and %3; %4 gives %5.").arg(x, lo, hi, modeWords(p.mode), stored);
}

bool overflowReason(RoundingReason reason)
{
    return reason == RoundingReason::OverflowToInfinity || reason == RoundingReason::OverflowToNan
        || reason == RoundingReason::OverflowSaturated;
}

// The decision about a value x (as typed, or the intermediate value of a route).
QString decision(const QString& x, const Format& f, const Inspection& in)
{
    const Placement& p = in.placement;
    const QString name = QString::fromStdString(f.name());
    const QString stored = valueOf(f, in.code);
    if (p.past && overflowReason(p.reason))
        return thenSentence(pastTheEnd(x, f, p), overflowOutcome(f, in));
    if (p.past && p.reason == RoundingReason::Exact)
        return thenSentence(ExplainText::tr("%1 is exactly representable in %2.").arg(x, name), beyondTheRange(f, *p.past));
    if (p.past) {
        // Between the end of the range and the step past it: the step stands in for the missing neighbour.
        const QString end = exactText(p.past->largest);
        const QString step = exactText(p.past->step);
        const bool positive = p.past->step > 0;
        return thenSentence(between(x, f, in, positive ? end : step, positive ? step : end), beyondTheRange(f, *p.past));
    }

    switch (p.reason) {
    case RoundingReason::Exact: return ExplainText::tr("%1 is exactly representable in %2.").arg(x, name);
    case RoundingReason::Nearer:
    case RoundingReason::TieToEven:
    case RoundingReason::TieAway:
    case RoundingReason::TowardZero:
    case RoundingReason::Up:
    case RoundingReason::Down:
    case RoundingReason::ToOdd:
    case RoundingReason::Stochastic:
        return between(x, f, in, p.below ? valueOf(f, *p.below) : QString(), p.above ? valueOf(f, *p.above) : QString());
    case RoundingReason::OverflowToInfinity:  // past the end of the range: `past` is set, above
    case RoundingReason::OverflowToNan:
    case RoundingReason::OverflowSaturated: break;
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

QString valueInWords(const QString& typed)
{
    if (!typed.contains(QLatin1Char(':')))  // only a bit pattern has a format prefix; skip the parse
        return typed;
    const ParseOutcome parsed = parseValue(typed.toStdString());
    const auto* value = std::get_if<ParsedValue>(&parsed);
    if (value == nullptr || !value->bits)
        return typed;
    switch (value->value.kind()) {
    case ExactValue::Kind::NaN: return QStringLiteral("NaN");
    case ExactValue::Kind::Infinite: return value->value.negative() ? QStringLiteral("-inf") : QStringLiteral("inf");
    case ExactValue::Kind::Finite: break;
    }
    if (value->value.isZero())
        return value->value.negative() ? QStringLiteral("-0") : QStringLiteral("0");
    return exactText(value->value.value());
}

QString explainRounding(const QString& typed, const Format& f, const Inspection& in)
{
    const QString x = valueInWords(typed);
    if (in.routedThrough.empty())
        return decision(x, f, in);
    const QString through = QString::fromStdString(in.routedValue);
    return ExplainText::tr("Rounded to %1 first, %2 is %3. ").arg(QString::fromStdString(in.routedThrough), x, through)
        + decision(through, f, in);
}

}  // namespace floatscope::text
