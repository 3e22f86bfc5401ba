#include "app/figures/NeighboursFigure.h"

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

// Labels for the two ends: exact where short, otherwise just enough digits to tell them apart.
std::pair<QString, QString> endLabels(const Format& f, std::optional<std::uint64_t> lo, std::optional<std::uint64_t> hi)
{
    auto special = [&](std::optional<std::uint64_t> code) -> std::optional<QString> {
        if (!code)
            return QStringLiteral("—");
        const Decoded d = decode(f, *code);
        if (d.valueClass == ValueClass::Infinite)
            return d.negative ? QStringLiteral("-inf") : QStringLiteral("inf");
        if (d.valueClass == ValueClass::NaN)
            return QStringLiteral("NaN");
        return std::nullopt;
    };
    auto exact = [&](std::uint64_t code) { return ExactValue::fromDyadic(decode(f, code).value).value(); };
    const auto loSpecial = special(lo);
    const auto hiSpecial = special(hi);
    for (int digits = 6; digits <= 40; ++digits) {
        auto label = [&](std::uint64_t code) {
            const std::string brief = briefDecimal(exact(code), 16);
            return QString::fromStdString(brief[0] != '~' ? brief : "~" + approximateDecimal(exact(code), digits));
        };
        const QString a = loSpecial ? *loSpecial : label(*lo);
        const QString b = hiSpecial ? *hiSpecial : label(*hi);
        if (a != b || digits == 40)
            return {a, b};
    }
    return {};
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
    const Inspection& r = m_results[static_cast<std::size_t>(index)];
    return r.valueClass != ValueClass::NaN && r.placement.reason != RoundingReason::NotANumber;
}

std::pair<std::optional<std::uint64_t>, std::optional<std::uint64_t>> NeighboursFigure::ends(int index) const
{
    // An exact value sits on its own code: show it between the codes on either side instead.
    const Inspection& r = m_results[static_cast<std::size_t>(index)];
    if (r.placement.exact && r.valueClass != ValueClass::Infinite)
        return {r.previous ? std::optional(r.previous->code) : std::nullopt,
                r.next ? std::optional(r.next->code) : std::nullopt};
    return {r.placement.below, r.placement.above};
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
    const Format& f = m_formats[static_cast<std::size_t>(index)];
    const auto [lo, hi] = ends(index);
    auto exact = [&](std::optional<std::uint64_t> code) {
        return code ? QString::fromStdString(hexCode(f, *code) + " = " + codeValueText(f, *code)) : QStringLiteral("—");
    };
    return NeighbourhoodText::tr("%1: from %2 to %3").arg(QString::fromStdString(f.name()), exact(lo), exact(hi));
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
    const Format& f = m_formats[static_cast<std::size_t>(i)];
    const Inspection& r = m_results[static_cast<std::size_t>(i)];
    const Placement& pl = r.placement;
    const QColor colour = formatColour(f.name());

    const double lineY = y + unit * 3.0;
    p.setPen(QPen(style.foreground(), style.lineWidth()));
    p.drawLine(QPointF(left, lineY), QPointF(right, lineY));
    for (const double x : {left, right})
        p.drawLine(QPointF(x, lineY - unit * 0.7), QPointF(x, lineY + unit * 0.7));
    const double mid = (left + right) / 2;
    p.setPen(QPen(style.muted(), style.lineWidth() * 0.6, Qt::DashLine));
    p.drawLine(QPointF(mid, lineY - unit), QPointF(mid, lineY + unit));

    const auto [below, above] = ends(i);
    double fraction = pl.fraction ? pl.fraction->get_d() : 0.5;
    if (pl.exact && r.valueClass != ValueClass::Infinite && below && above
        && f.classify(*above) != ValueClass::Infinite) {
        // Pixel placement only: doubles are plenty to put the marker where the value is.
        const double lo = ExactValue::fromCode(f, *below).value().get_d();
        const double hi = ExactValue::fromCode(f, *above).value().get_d();
        const double x = ExactValue::fromCode(f, r.code).value().get_d();
        fraction = hi > lo ? (x - lo) / (hi - lo) : 0.5;
    }
    p.setFont(style.font());
    p.setPen(style.foreground());
    const auto [lo, hi] = endLabels(f, below, above);
    const double half = (right - left) / 2;
    p.drawText(QRectF(left - 4, lineY + unit * 0.8, half - unit * 2, unit * 1.8), Qt::AlignLeft, lo);
    p.drawText(QRectF(mid + unit * 2, lineY + unit * 0.8, half - unit * 1.6, unit * 1.8), Qt::AlignRight, hi);
    p.setPen(style.muted());
    p.drawText(QRectF(mid - unit * 5, lineY + unit * 0.8, unit * 10, unit * 1.8), Qt::AlignHCenter,
               NeighbourhoodText::tr("midpoint"));

    // Where the input sits (at its fraction of the gap), and the end it went to.
    if (!below && above)
        fraction = 1.0;
    if (below && !above)
        fraction = 0.0;
    const double x = left + fraction * (right - left);
    QPainterPath marker;
    marker.moveTo(x, lineY - unit * 0.3);
    marker.lineTo(x - unit * 0.6, lineY - unit * 1.4);
    marker.lineTo(x + unit * 0.6, lineY - unit * 1.4);
    marker.closeSubpath();
    p.fillPath(marker, colour);
    if (!pl.exact && pl.below && pl.above) {
        p.setPen(QPen(colour, style.lineWidth() * 2));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(QPointF(pl.wentUp ? right : left, lineY), unit * 0.7, unit * 0.7);
    }
}

}  // namespace floatscope::gui
