#include "app/figures/NeighboursFigure.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"
#include "app/style/Palette.h"
#include "app/text/Explain.h"

namespace floatscope::gui {

namespace {

struct NeighbourhoodText {
    Q_DECLARE_TR_FUNCTIONS(NeighbourhoodView)
};

// An end of the number line before it is labelled: a code of the format, the step past the end
// of the finite range, the zero a zero-less format (e8m0) lacks, or nothing.
struct RawEnd {
    enum class Kind { Code, Step, MissingZero, None } kind = Kind::None;
    std::uint64_t code = 0;
};

RawEnd codeEnd(std::optional<std::uint64_t> code) { return code ? RawEnd{RawEnd::Kind::Code, *code} : RawEnd{}; }

std::optional<mpq_class> endValue(const Format& f, const Placement& p, const RawEnd& end)
{
    switch (end.kind) {
    case RawEnd::Kind::Code: {
        const ExactValue v = ExactValue::fromCode(f, end.code);
        return v.isFinite() ? std::optional(v.value()) : std::nullopt;
    }
    case RawEnd::Kind::Step: return p.past->step;
    case RawEnd::Kind::MissingZero: return mpq_class(0);
    case RawEnd::Kind::None: break;
    }
    return std::nullopt;
}

// What the end's label adds to its number: the special value, or what the format stores at the
// step past its range.
QString decorated(const Format& f, const Placement& p, const RawEnd& end, const QString& number, const QString& largest)
{
    switch (end.kind) {
    case RawEnd::Kind::Code: return number.isEmpty() ? QString::fromStdString(codeValueText(f, end.code)) : number;
    case RawEnd::Kind::Step:
        switch (p.past->outcome) {
        case PastRangeOutcome::Infinity:
            return NeighbourhoodText::tr("%1 (%2)").arg(number, p.past->step < 0 ? QStringLiteral("-inf") : QStringLiteral("inf"));
        case PastRangeOutcome::NaN: return NeighbourhoodText::tr("%1 (NaN)").arg(number);
        case PastRangeOutcome::Clamp: break;
        }
        // The largest value is on the line already; named again only where that is short.
        if (largest.size() > 12)
            return NeighbourhoodText::tr("%1 (clamped)").arg(number);
        return NeighbourhoodText::tr("%1 (clamped to %2)").arg(number, largest);
    case RawEnd::Kind::MissingZero:
        return NeighbourhoodText::tr("0 (not in %1)").arg(QString::fromStdString(f.name()));
    case RawEnd::Kind::None: break;
    }
    return QStringLiteral("—");
}

double margin(const FigureStyle& s) { return s.bodyPoints() * 1.2; }
double lineBlock(const FigureStyle& s) { return s.bodyPoints() * 5.8; }
double nameBlock(const FigureStyle& s) { return s.bodyPoints() * 2.0; }

}  // namespace

NeighboursFigure::NeighboursFigure(QString input, std::vector<Format> formats, std::vector<Inspection> results)
    : m_input(std::move(input)), m_formats(std::move(formats)), m_results(std::move(results))
{
}

QString NeighboursFigure::title() const
{
    const QString value = text::valueInWords(m_input);
    if (value != m_input)  // a bit pattern, and the value it means
        return NeighbourhoodText::tr("%1 = %2 between its neighbours").arg(m_input, value);
    return NeighbourhoodText::tr("%1 between its neighbours").arg(m_input);
}

QString NeighboursFigure::sentence(int index) const
{
    if (index < 0 || index >= count())
        return {};
    return text::explainRounding(m_input, m_formats[static_cast<std::size_t>(index)],
                                 m_results[static_cast<std::size_t>(index)]);
}

bool NeighboursFigure::hasLine(int index) const
{
    // A finite input has a place; NaN, infinities and a negative value of an unsigned format do not.
    const RoundingReason reason = m_results[static_cast<std::size_t>(index)].placement.reason;
    return reason != RoundingReason::NotANumber && reason != RoundingReason::Infinity
        && reason != RoundingReason::NegativeIntoUnsigned;
}

NumberLine NeighboursFigure::line(int index) const
{
    const Format& f = m_formats[static_cast<std::size_t>(index)];
    const Inspection& r = m_results[static_cast<std::size_t>(index)];
    const Placement& p = r.placement;
    NumberLine l;
    l.exact = p.exact;

    // 1. The ends: an exact value between the codes on either side, an inexact one between the
    // two it lies between; at or past the end of the range the step beyond it is the far end.
    RawEnd lo;
    RawEnd hi;
    if (l.exact) {
        lo = codeEnd(r.previous ? std::optional(r.previous->code) : std::nullopt);
        hi = codeEnd(r.next ? std::optional(r.next->code) : std::nullopt);
        if (p.past)
            (p.past->step > 0 ? hi : lo) = RawEnd{RawEnd::Kind::Step};
    } else if (p.past) {
        const RawEnd largest{RawEnd::Kind::Code, (p.past->step < 0 ? f.signMask() : 0) | f.maxFiniteMagnitude()};
        lo = p.past->step > 0 ? largest : RawEnd{RawEnd::Kind::Step};
        hi = p.past->step > 0 ? RawEnd{RawEnd::Kind::Step} : largest;
    } else {
        lo = codeEnd(p.below);
        hi = codeEnd(p.above);
        if (!p.below && !f.hasZero())
            lo = RawEnd{RawEnd::Kind::MissingZero};
    }

    // 2. Their labels (and an exact value's), each with the digits that tell it from the others.
    const std::optional<mpq_class> loValue = endValue(f, p, lo);
    const std::optional<mpq_class> hiValue = endValue(f, p, hi);
    const mpq_class value = ExactValue::fromCode(f, r.code).value();
    std::vector<mpq_class> shown;
    for (const auto& v : {loValue, hiValue})
        if (v)
            shown.push_back(*v);
    if (l.exact)
        shown.push_back(value);
    if (p.past)
        shown.push_back(p.past->largest);  // for "clamped to ..."
    const std::vector<std::string> digits = distinctDecimals(shown, 16);
    std::size_t next = 0;
    const QString loNumber = loValue ? QString::fromStdString(digits[next++]) : QString();
    const QString hiNumber = hiValue ? QString::fromStdString(digits[next++]) : QString();
    if (l.exact)
        l.valueLabel = QString::fromStdString(digits[next++]);
    const QString largest = p.past ? QString::fromStdString(digits[next]) : QString();
    // The tooltip's text: a code as "0x79 = 288", the step and the missing zero as labelled, exactly.
    auto end = [&](const RawEnd& raw, const std::optional<mpq_class>& v, const QString& number) {
        QString exact = decorated(f, p, raw, v ? QString::fromStdString(exactText(*v)) : QString(), largest);
        if (raw.kind == RawEnd::Kind::Code)
            exact = QString::fromStdString(hexCode(f, raw.code) + " = " + codeValueText(f, raw.code));
        return NumberLine::End{v, decorated(f, p, raw, number, largest), exact};
    };
    l.left = end(lo, loValue, loNumber);
    l.right = end(hi, hiValue, hiNumber);

    // 3. Where the value sits, and where it went.
    std::optional<mpq_class> at = l.exact ? std::nullopt : p.fraction;
    if (l.exact && loValue && hiValue && *hiValue != *loValue)
        at = mpq_class((value - *loValue) / (*hiValue - *loValue));
    l.at = at ? at->get_d() : 0.5;
    l.pastLeft = l.at < 0;
    l.pastRight = l.at > 1;
    l.at = std::clamp(l.at, 0.0, 1.0);
    if (!l.exact) {
        const bool overflowed = p.reason == RoundingReason::OverflowToInfinity || p.reason == RoundingReason::OverflowToNan;
        if (p.past)
            l.stored = (overflowed == (p.past->step > 0)) ? 1 : -1;
        else
            l.stored = p.wentUp ? 1 : -1;
        l.midpointLabel = p.past ? NeighbourhoodText::tr("midpoint %1")
                                       .arg(QString::fromStdString(briefDecimal((p.past->largest + p.past->step) / 2, 16)))
                                 : NeighbourhoodText::tr("midpoint");
    }
    return l;
}

double NeighboursFigure::blockHeight(int index, double width, const FigureStyle& style) const
{
    const QFontMetricsF metrics(style.font());
    const QRectF text = metrics.boundingRect(QRectF(0, 0, std::max(50.0, width - 2 * margin(style)), 10000),
                                             Qt::TextWordWrap, sentence(index));
    const double top = hasLine(index) ? lineBlock(style) : nameBlock(style);
    return top + text.height() + style.bodyPoints() * 1.4;
}

double NeighboursFigure::heightForWidth(double width, const FigureStyle& style) const
{
    // The blocks, without the gap after the last one, and a margin at both ends.
    double h = margin(style) * 2 - (count() > 0 ? style.bodyPoints() * 1.4 : 0.0);
    for (int i = 0; i < count(); ++i)
        h += blockHeight(i, width, style);
    return h;
}

int NeighboursFigure::indexAt(double y, double width, const FigureStyle& style) const
{
    double top = margin(style);
    for (int i = 0; i < count(); ++i) {
        const double bottom = top + blockHeight(i, width, style);
        if (y >= top && y < bottom)
            return i;
        top = bottom;
    }
    return -1;
}

QString NeighboursFigure::endsText(int index) const
{
    if (index < 0 || index >= count() || !hasLine(index))
        return {};
    const NumberLine l = line(index);
    return NeighbourhoodText::tr("%1: from %2 to %3")
        .arg(QString::fromStdString(m_formats[static_cast<std::size_t>(index)].name()), l.left.exact, l.right.exact);
}

QSizeF NeighboursFigure::preferredSize(const FigureStyle& style) const
{
    const double width = style.slide ? 1280 : 640;
    return QSizeF(width, heightForWidth(width, style));
}

void NeighboursFigure::paint(QPainter& p, const QSizeF& size, const FigureStyle& style) const
{
    const double m = margin(style);
    const double unit = style.bodyPoints();
    double y = m;
    for (int i = 0; i < count(); ++i) {
        const Format& f = m_formats[static_cast<std::size_t>(i)];
        p.setFont(style.font(0, true));
        p.setPen(style.readable(formatColour(f.name())));  // WCAG AA against the ground
        p.drawText(QPointF(m, y + unit * 1.2), QString::fromStdString(f.name()));
        if (hasLine(i))
            paintLine(p, i, y, size.width(), style);

        p.setFont(style.font());
        p.setPen(style.foreground());
        const double top = hasLine(i) ? lineBlock(style) : nameBlock(style);
        const QRectF textRect(m, y + top, size.width() - 2 * m, 10000);
        const QRectF used = p.boundingRect(textRect, Qt::TextWordWrap, sentence(i));
        p.drawText(textRect, Qt::TextWordWrap, sentence(i));
        y += top + used.height() + unit * 1.4;
    }
}

void NeighboursFigure::paintLine(QPainter& p, int i, double y, double width, const FigureStyle& style) const
{
    const double m = margin(style);
    const double left = m + 6;
    const double right = width - m - 6;
    const double unit = style.bodyPoints();
    const NumberLine l = line(i);
    const QColor colour = formatColour(m_formats[static_cast<std::size_t>(i)].name());

    // 1. The line and its two ends, labelled.
    const double lineY = y + unit * 3.0;
    p.setPen(QPen(style.foreground(), style.lineWidth()));
    p.drawLine(QPointF(left, lineY), QPointF(right, lineY));
    for (const double x : {left, right})
        p.drawLine(QPointF(x, lineY - unit * 0.7), QPointF(x, lineY + unit * 0.7));
    p.setFont(style.font());
    const double half = (right - left) / 2;
    const double mid = (left + right) / 2;
    const QRectF labelRow(left - 4, lineY + unit * 0.8, right - left + 8, unit * 1.8);
    p.drawText(QRectF(labelRow.left(), labelRow.top(), half - unit * 2, labelRow.height()), Qt::AlignLeft, l.left.label);
    p.drawText(QRectF(mid + unit * 2, labelRow.top(), half - unit * 1.6, labelRow.height()), Qt::AlignRight, l.right.label);

    // 2. An inexact value: the midpoint that decides it. An exact one: its own value under it.
    const double x = left + l.at * (right - left);
    // A middle label goes only where it clears both ends' labels (a narrow dock has no room for it;
    // the sentence below says the same).
    const QFontMetricsF metrics(style.font());
    const double leftEnd = labelRow.left() + metrics.horizontalAdvance(l.left.label) + unit * 0.5;
    const double rightEnd = labelRow.right() - metrics.horizontalAdvance(l.right.label) - unit * 0.5;
    const auto clears = [&](double centre, const QString& text) {
        const double half = metrics.horizontalAdvance(text) / 2;
        return centre - half > leftEnd && centre + half < rightEnd;
    };
    if (!l.exact) {
        p.setPen(QPen(style.muted(), style.lineWidth() * 0.6, Qt::DashLine));
        p.drawLine(QPointF(mid, lineY - unit), QPointF(mid, lineY + unit));
        p.setPen(style.muted());
        if (clears(mid, l.midpointLabel))
            p.drawText(QRectF(mid - unit * 8, labelRow.top(), unit * 16, labelRow.height()), Qt::AlignHCenter, l.midpointLabel);
    } else if (clears(x, l.valueLabel)) {
        p.setPen(style.readable(colour));
        p.drawText(QRectF(x - unit * 8, labelRow.top(), unit * 16, labelRow.height()), Qt::AlignHCenter, l.valueLabel);
    }

    // 3. The value's marker (pointing out past an end it lies beyond), and the end it went to.
    QPainterPath marker;
    marker.moveTo(x, lineY - unit * 0.3);
    marker.lineTo(x - unit * 0.6, lineY - unit * 1.4);
    marker.lineTo(x + unit * 0.6, lineY - unit * 1.4);
    marker.closeSubpath();
    p.fillPath(marker, colour);
    if (l.pastLeft || l.pastRight) {
        const double out = l.pastRight ? 1.0 : -1.0;
        p.setPen(QPen(colour, style.lineWidth() * 1.5));
        const QPointF tip(x + out * unit * 1.6, lineY - unit * 0.85);
        p.drawLine(QPointF(x + out * unit * 0.7, lineY - unit * 0.85), tip);
        p.drawLine(tip, tip + QPointF(-out * unit * 0.4, -unit * 0.35));
        p.drawLine(tip, tip + QPointF(-out * unit * 0.4, unit * 0.35));
    }
    if (l.stored != 0) {
        p.setPen(QPen(colour, style.lineWidth() * 2));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(QPointF(l.stored > 0 ? right : left, lineY), unit * 0.7, unit * 0.7);
    }
}

}  // namespace floatscope::gui
