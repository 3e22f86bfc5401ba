#include "app/figures/BitsFigure.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include "core/exact/DecimalText.h"
#include "app/figures/BitsPainter.h"
#include "app/style/Palette.h"

namespace floatscope::gui {

namespace {

struct BitsFigureText {
    Q_DECLARE_TR_FUNCTIONS(BitsFigure)
};

QString storedText(const Inspection& r)
{
    // Every digit where it fits on a slide line; otherwise enough to read, marked.
    if (r.value.size() <= 28)
        return QString::fromStdString(r.value);
    return QString::fromStdString(r.value.substr(0, 26)) + QStringLiteral("…");
}

}  // namespace

BitsFigure::BitsFigure(QString input, std::vector<Format> formats, std::vector<Inspection> results)
    : m_input(std::move(input)), m_formats(std::move(formats)), m_results(std::move(results))
{
}

QString BitsFigure::title() const
{
    return BitsFigureText::tr("%1 in %n format(s)", nullptr, static_cast<int>(m_formats.size())).arg(m_input);
}

namespace {

QFont captionFont(const FigureStyle& style) { return style.font(style.bodyPoints() * 0.85); }

}  // namespace

BitsFigure::Columns BitsFigure::columns(const FigureStyle& style) const
{
    const double unit = style.bodyPoints();
    Columns c;
    c.margin = unit * 1.2;
    c.header = c.margin + unit * 4.2;
    const QFontMetricsF names(style.font(0, true));
    const QFontMetricsF hex(style.monoFont(0, true));
    const QFontMetricsF body(style.font());
    for (std::size_t i = 0; i < m_formats.size() && i < m_results.size(); ++i) {
        const Format& f = m_formats[i];
        c.names = std::max(c.names, names.horizontalAdvance(QString::fromStdString(f.name())));
        const QRectF bounds = paintedBounds(f, m_results[i].code, BitsLayout::forBits(f.totalBits(), stripScale(style)),
                                            captionFont(style));
        c.strips = std::max(c.strips, bounds.width());
        c.rows.push_back(std::max(bounds.height(), unit * 3.4) + unit * 1.6);
        c.texts = std::max({c.texts, hex.horizontalAdvance(QString::fromStdString(m_results[i].hex)),
                            body.horizontalAdvance(QStringLiteral("= ") + storedText(m_results[i]))});
    }
    const QFontMetricsF title(style.font(unit * 1.4, true));
    const double headerWidth = std::max(title.horizontalAdvance(m_input),
                                        body.horizontalAdvance(BitsFigureText::tr("rounded once from its exact value into each format")));
    c.width = std::max(c.margin * 2 + c.names + unit + c.strips + unit * 1.5 + c.texts, c.margin * 2 + headerWidth);
    // The rows, without the gap after the last one, and half a margin.
    c.height = c.header + c.margin * 0.5 - (c.rows.empty() ? 0.0 : unit * 1.6);
    for (const double row : c.rows)
        c.height += row;
    return c;
}

QSizeF BitsFigure::preferredSize(const FigureStyle& style) const
{
    const Columns c = columns(style);
    return QSizeF(c.width, c.height);
}

double BitsFigure::heightForWidth(double, const FigureStyle& style) const
{
    return columns(style).height;
}

double BitsFigure::minimumWidth(const FigureStyle& style) const
{
    return columns(style).width;
}

void BitsFigure::paint(QPainter& p, const QSizeF& size, const FigureStyle& style) const
{
    const double unit = style.bodyPoints();
    const Columns c = columns(style);
    // A page wider than the figure: the figure in the middle (a taller one centres it: FigureExport).
    const double margin = c.margin;
    const double left = c.margin + std::max(0.0, size.width() - c.width) / 2;
    p.setPen(style.foreground());
    p.setFont(style.font(unit * 1.4, true));
    p.drawText(QPointF(left, margin + unit * 1.3), m_input);
    p.setFont(style.font());
    p.setPen(style.muted());
    p.drawText(QPointF(left, margin + unit * 2.9),
               BitsFigureText::tr("rounded once from its exact value into each format"));

    const double stripX = left + c.names + unit;
    const double textX = stripX + c.strips + unit * 1.5;

    BitsPaint paint;
    paint.digits = style.monoFont(unit * 0.95 * stripScale(style) / (style.slide ? 1.45 : 1.0), true);
    paint.captions = captionFont(style);
    paint.text = style.muted();
    paint.highlight = style.accent();
    double y = c.header;
    for (std::size_t i = 0; i < m_formats.size() && i < m_results.size(); ++i) {
        const Format& f = m_formats[i];
        const Inspection& r = m_results[i];
        p.setFont(style.font(0, true));
        p.setPen(style.readable(formatColour(f.name())));
        p.drawText(QPointF(left, y + unit * 1.6), QString::fromStdString(f.name()));
        paintBits(p, QPointF(stripX, y), f, r.code, BitsLayout::forBits(f.totalBits(), stripScale(style)), paint);
        p.setPen(style.foreground());
        p.setFont(style.monoFont(0, true));
        p.drawText(QPointF(textX, y + unit * 1.6), QString::fromStdString(r.hex));
        p.setFont(style.font());
        p.drawText(QPointF(textX, y + unit * 3.2), QStringLiteral("= ") + storedText(r));
        y += c.rows[i];
    }
}

}  // namespace floatscope::gui
