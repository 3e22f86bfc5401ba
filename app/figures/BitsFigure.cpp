#include "app/figures/BitsFigure.h"

#include <algorithm>

#include <QCoreApplication>
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

double BitsFigure::rowHeight(const FigureStyle& style) const
{
    return BitsLayout::forBits(32, stripScale(style)).size(32).height() + style.bodyPoints() * 1.6;
}

QSizeF BitsFigure::preferredSize(const FigureStyle& style) const
{
    double stripWidth = 0;
    for (const Format& f : m_formats)
        stripWidth = std::max(stripWidth, BitsLayout::forBits(f.totalBits(), stripScale(style)).size(f.totalBits()).width());
    const double unit = style.bodyPoints();
    const double width = unit * 8 + stripWidth + unit * 26;
    const double height = unit * 4.5 + rowHeight(style) * static_cast<double>(m_formats.size());
    return QSizeF(width, height);
}

void BitsFigure::paint(QPainter& p, const QSizeF& size, const FigureStyle& style) const
{
    const double unit = style.bodyPoints();
    const double margin = unit * 1.2;
    p.setPen(style.foreground());
    p.setFont(style.font(unit * 1.4, true));
    p.drawText(QPointF(margin, margin + unit * 1.3), m_input);
    p.setFont(style.font());
    p.setPen(style.muted());
    p.drawText(QPointF(margin, margin + unit * 2.9),
               BitsFigureText::tr("rounded once from its exact value into each format"));

    BitsPaint paint;
    paint.digits = style.monoFont(unit * 0.95 * stripScale(style) / (style.slide ? 1.45 : 1.0), true);
    paint.captions = style.font(unit * 0.85);
    paint.text = style.muted();
    paint.highlight = style.accent();
    double y = margin + unit * 4.2;
    double stripWidth = 0;
    for (const Format& f : m_formats)
        stripWidth = std::max(stripWidth, BitsLayout::forBits(f.totalBits(), stripScale(style)).size(f.totalBits()).width());
    for (std::size_t i = 0; i < m_formats.size() && i < m_results.size(); ++i) {
        const Format& f = m_formats[i];
        const Inspection& r = m_results[i];
        p.setFont(style.font(0, true));
        p.setPen(formatColour(f.name()));
        p.drawText(QPointF(margin, y + unit * 1.6), QString::fromStdString(f.name()));
        const BitsLayout layout = BitsLayout::forBits(f.totalBits(), stripScale(style));
        paintBits(p, QPointF(margin + unit * 7, y), f, r.code, layout, paint);
        const double textX = margin + unit * 8 + stripWidth;
        p.setPen(style.foreground());
        p.setFont(style.monoFont(0, true));
        p.drawText(QPointF(textX, y + unit * 1.6), QString::fromStdString(r.hex));
        p.setFont(style.font());
        p.drawText(QPointF(textX, y + unit * 3.2), QStringLiteral("= ") + storedText(r));
        y += rowHeight(style);
    }
    (void)size;
}

}  // namespace floatscope::gui
