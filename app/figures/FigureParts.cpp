#include "app/figures/FigureParts.h"

#include <algorithm>

#include <QFontMetricsF>
#include <QPainter>

namespace floatscope::gui {

QSizeF ChartRowFigure::preferredSize(const FigureStyle& style) const
{
    return style.slide ? QSizeF(1280, 560) : QSizeF(720, 360);
}

double ChartRowFigure::heightForWidth(double width, const FigureStyle& style) const
{
    double least = 0;
    double stacked = 0;
    for (const auto& c : m_charts) {
        least = std::max(least, chartLeastHeight(c.first, style));
        stacked += chartLeastHeight(c.first, style);
    }
    return width >= sideBySideWidth(style) ? least : stacked;
}

double ChartRowFigure::sideBySideWidth(const FigureStyle& style) const
{
    double weights = 0;
    for (const auto& c : m_charts)
        weights += c.second;
    double least = 0;
    for (const auto& [spec, weight] : m_charts)
        if (weight > 0)
            least = std::max(least, chartLeastWidth(spec, style) * weights / weight);
    return least;
}

double ChartRowFigure::minimumWidth(const FigureStyle& style) const
{
    double least = 0;
    for (const auto& c : m_charts)
        least = std::max(least, chartLeastWidth(c.first, style));
    return least;
}

void ChartRowFigure::paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const
{
    double weights = 0;
    for (const auto& c : m_charts)
        weights += c.second;
    if (size.width() < sideBySideWidth(style)) {
        // One under another, each its share of the height by its least height.
        double total = 0;
        for (const auto& c : m_charts)
            total += chartLeastHeight(c.first, style);
        double y = 0;
        for (const auto& c : m_charts) {
            const double h = size.height() * chartLeastHeight(c.first, style) / total;
            painter.save();
            painter.translate(0, y);
            paintChart(painter, c.first, QSizeF(size.width(), h), style);
            painter.restore();
            y += h;
        }
        return;
    }
    double x = 0;
    for (const auto& [spec, weight] : m_charts) {
        const double width = size.width() * weight / weights;
        painter.save();
        painter.translate(x, 0);
        paintChart(painter, spec, QSizeF(width, size.height()), style);
        painter.restore();
        x += width;
    }
}

QSizeF TablesFigure::preferredSize(const FigureStyle& style) const
{
    const double width = style.slide ? 1280 : 720;
    return {width, layout(width, style, nullptr)};
}

void TablesFigure::paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const
{
    layout(size.width(), style, &painter);
}

double TablesFigure::heightForWidth(double width, const FigureStyle& style) const
{
    return layout(width, style, nullptr);
}

double TablesFigure::minimumWidth(const FigureStyle& style) const
{
    double widest = 0;
    for (const FigureTable& t : m_tables)
        widest = std::max(widest, t.naturalWidth(style));
    return widest + style.bodyPoints() * 3 + 2;
}

double TablesFigure::layout(double width, const FigureStyle& style, QPainter* painter) const
{
    const double margin = style.bodyPoints() * 1.5;
    double y = margin * 0.5;
    // The tables side by side where they all fit the width (a slide is wide), else one under another.
    double together = 0;
    for (const FigureTable& t : m_tables)
        together += t.rows.empty() ? 0.0 : t.naturalWidth(style) + margin * 2;
    const bool sideBySide = together <= width - margin;
    double x = margin;
    double tallest = 0;
    for (const FigureTable& t : m_tables) {
        if (t.rows.empty())
            continue;
        const double w = sideBySide ? t.naturalWidth(style) + margin : std::min(width - 2 * margin, t.naturalWidth(style) + margin);
        if (painter != nullptr)
            t.paint(*painter, QRectF(x, y, w, t.height(style)), style);
        if (sideBySide) {
            x += t.naturalWidth(style) + margin * 2;
            tallest = std::max(tallest, t.height(style) + style.bodyPoints() * 0.8);
        } else {
            y += t.height(style) + style.bodyPoints() * 0.8;
        }
    }
    y += tallest;
    const QFontMetricsF metrics(style.font());
    for (const QString& p : m_paragraphs) {
        const QRectF box(margin, y, width - 2 * margin, 10000);
        const QRectF used = metrics.boundingRect(box, Qt::TextWordWrap, p);
        if (painter != nullptr) {
            painter->setFont(style.font());
            painter->setPen(style.foreground());
            painter->drawText(box, Qt::TextWordWrap, p);
        }
        y += used.height() + style.bodyPoints() * 0.35;
    }
    return y + margin * 0.5;
}

}  // namespace floatscope::gui
