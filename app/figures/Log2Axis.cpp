#include "app/figures/Log2Axis.h"

#include <algorithm>
#include <cmath>

#include <QFontMetricsF>
#include <QPainter>

#include "app/text/LessonText.h"

namespace floatscope::gui {

void Log2Range::include(double log2Value)
{
    if (!std::isfinite(log2Value))
        return;
    m_lo = std::min(m_lo, log2Value);
    m_hi = std::max(m_hi, log2Value);
}

void Log2Range::include(const Log2Histogram& h, double shift)
{
    if (h.counts.empty())
        return;
    include(h.firstEdge + shift);
    include(h.firstEdge + h.binWidth * static_cast<double>(h.counts.size()) + shift);
}

std::pair<double, double> Log2Range::padded(double fallbackLo, double fallbackHi) const
{
    if (!(m_lo <= m_hi))
        return {std::floor(fallbackLo) - 1, std::ceil(fallbackHi) + 1};
    return {std::floor(m_lo) - 1, std::ceil(m_hi) + 1};
}

Log2Axis::Log2Axis(double lo, double hi, double left, double right)
    : m_lo(lo), m_hi(hi > lo ? hi : lo + 1), m_left(left), m_right(right > left ? right : left + 1)
{
}

double Log2Axis::x(double log2Value) const
{
    return m_left + (log2Value - m_lo) / (m_hi - m_lo) * (m_right - m_left);
}

double Log2Axis::log2At(double px) const
{
    return m_lo + (px - m_left) / (m_right - m_left) * (m_hi - m_lo);
}

std::vector<AxisTick> Log2Axis::ticks(const FigureStyle& style) const
{
    const QFontMetricsF metrics(style.font(style.bodyPoints() * 0.85));
    const double label = metrics.horizontalAdvance(LessonText::powerOfTwo(-1000));
    return AxisTicks::make(m_lo, m_hi, AxisTicks::fitting(m_right - m_left, label), AxisScale::Log2);
}

double Log2Axis::height(const FigureStyle& style)
{
    return QFontMetricsF(style.font(style.bodyPoints() * 0.85)).height() + style.bodyPoints() * 0.9;
}

double Log2Axis::paint(QPainter& painter, double y, const FigureStyle& style) const
{
    painter.save();
    const QFont font = style.font(style.bodyPoints() * 0.85);
    const QFontMetricsF metrics(font);
    const double tick = style.bodyPoints() * 0.4;
    painter.setFont(font);
    painter.setPen(QPen(style.foreground(), style.lineWidth() * 0.6));
    painter.drawLine(QPointF(m_left, y), QPointF(m_right, y));
    for (const AxisTick& t : ticks(style)) {
        const double px = x(t.at);
        painter.drawLine(QPointF(px, y), QPointF(px, y + tick));
        const QString& label = t.label;
        const double w = metrics.horizontalAdvance(label);
        const double left = std::clamp(px - w / 2, m_left - w / 2, m_right - w / 2);
        painter.drawText(QRectF(left, y + tick, w + 2, metrics.height()), Qt::AlignLeft | Qt::AlignTop, label);
    }
    painter.restore();
    return height(style);
}

void Log2Axis::paintGrid(QPainter& painter, double top, double bottom, const FigureStyle& style) const
{
    painter.save();
    QColor grid = style.muted();
    grid.setAlphaF(0.25);
    painter.setPen(QPen(grid, 1, Qt::DotLine));
    for (const AxisTick& t : ticks(style)) {
        const double px = x(t.at);
        painter.drawLine(QPointF(px, top), QPointF(px, bottom));
    }
    painter.restore();
}

void Log2Axis::paintName(QPainter& painter, const QString& name, double margin, double top, const FigureStyle& style) const
{
    painter.setFont(style.font(0, true));
    painter.setPen(style.foreground());
    painter.drawText(QRectF(margin, top, m_left - margin, style.bodyPoints() * 2), Qt::AlignLeft | Qt::AlignTop, name);
}

void Log2Axis::paintHistogram(QPainter& painter, const Log2Histogram& h, double top, double bottom, double shift,
                              const std::function<void(double low, double high)>& styleBin) const
{
    const std::int64_t most = h.counts.empty() ? 0 : *std::max_element(h.counts.begin(), h.counts.end());
    for (std::size_t k = 0; k < h.counts.size() && most > 0; ++k) {
        if (h.counts[k] == 0)
            continue;
        const double low = h.firstEdge + h.binWidth * static_cast<double>(k) + shift;
        const double high = low + h.binWidth;
        if (styleBin)
            styleBin(low, high);
        const double height = (bottom - top) * static_cast<double>(h.counts[k]) / static_cast<double>(most);
        painter.drawRect(QRectF(x(low), bottom - height, std::max(1.0, x(high) - x(low) - 1), height));
    }
}

std::optional<std::size_t> Log2Axis::binAt(const Log2Histogram& h, double px, double shift) const
{
    const double k = std::floor((log2At(px) - shift - h.firstEdge) / h.binWidth);
    if (k < 0 || k >= static_cast<double>(h.counts.size()))
        return std::nullopt;
    return static_cast<std::size_t>(k);
}

}  // namespace floatscope::gui
