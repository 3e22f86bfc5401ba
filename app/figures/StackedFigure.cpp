#include "app/figures/StackedFigure.h"

#include <algorithm>

#include <QPainter>

namespace floatscope::gui {

void StackedFigure::add(std::unique_ptr<Figure> part, double weight)
{
    m_parts.push_back({std::move(part), std::max(0.0, weight)});
}

QSizeF StackedFigure::preferredSize(const FigureStyle& style) const
{
    QSizeF size(0, 0);
    for (const Part& p : m_parts) {
        const QSizeF s = p.figure->preferredSize(style);
        size.setWidth(std::max(size.width(), s.width()));
        size.setHeight(size.height() + s.height());
    }
    return size;
}

double StackedFigure::heightForWidth(double width, const FigureStyle& style) const
{
    double h = 0;
    for (const Part& p : m_parts)
        h += p.figure->heightForWidth(width, style);
    return h;
}

double StackedFigure::minimumWidth(const FigureStyle& style) const
{
    double w = 0;
    for (const Part& p : m_parts)
        w = std::max(w, p.figure->minimumWidth(style));
    return w;
}

bool StackedFigure::fillsHeight() const
{
    return std::any_of(m_parts.begin(), m_parts.end(), [](const Part& p) { return p.weight > 0; });
}

std::vector<QRectF> StackedFigure::layout(const QSizeF& size, const FigureStyle& style) const
{
    double fixed = 0;
    double weights = 0;
    for (const Part& p : m_parts) {
        if (p.weight > 0)
            weights += p.weight;
        else
            fixed += p.figure->heightForWidth(size.width(), style);
    }
    const double flexible = std::max(0.0, size.height() - fixed);
    std::vector<QRectF> out;
    double y = 0;
    for (const Part& p : m_parts) {
        const double h = p.weight > 0 ? flexible * p.weight / weights : p.figure->heightForWidth(size.width(), style);
        out.emplace_back(0, y, size.width(), h);
        y += h;
    }
    return out;
}

void StackedFigure::paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const
{
    const std::vector<QRectF> rects = layout(size, style);
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        painter.save();
        painter.translate(rects[i].topLeft());
        painter.setClipRect(QRectF(QPointF(0, 0), rects[i].size()));
        m_parts[i].figure->paint(painter, rects[i].size(), style);
        painter.restore();
    }
}

}  // namespace floatscope::gui
