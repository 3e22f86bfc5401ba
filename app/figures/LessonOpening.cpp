#include "app/figures/LessonOpening.h"

#include <QPainter>

#include "app/figures/FigureParagraphs.h"

namespace floatscope::gui {

LessonOpening::Layout LessonOpening::layout(double width, const FigureStyle& style) const
{
    const double body = style.bodyPoints();
    const LessonFrame frame = lessonFrame(title, subtitle, width, style);
    Layout l;
    l.margin = frame.margin;
    l.textWidth = frame.textWidth;
    l.tableTop = frame.bodyTop;
    l.captionTop = l.tableTop + table.height(style) + body * 0.8;
    // The caption is painted bold: measured so.
    l.below = l.captionTop + wrappedHeight(caption, l.textWidth, style.font(0, true)) + body * 0.5;
    return l;
}

void LessonOpening::paint(QPainter& painter, const Layout& l, const FigureStyle& style) const
{
    painter.save();
    paintHeading(painter, title, subtitle, QPointF(l.margin, l.margin * 0.6), l.textWidth, style);
    table.paint(painter, QRectF(l.margin, l.tableTop, l.textWidth, table.height(style)), style);
    painter.setFont(style.font(0, true));
    painter.setPen(style.foreground());
    painter.drawText(QRectF(l.margin, l.captionTop, l.textWidth, l.below - l.captionTop),
                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption);
    painter.restore();
}

std::optional<std::size_t> LessonOpening::tableRowAt(double y, const Layout& l, const FigureStyle& style) const
{
    const double first = l.tableTop + table.rowHeight(style);
    const double row = (y - first) / table.rowHeight(style);
    if (row < 0 || row >= static_cast<double>(table.rows.size()))
        return std::nullopt;
    return static_cast<std::size_t>(row);
}

double LessonOpening::minimumWidth(const FigureStyle& style) const
{
    return table.naturalWidth(style) + 2 * style.bodyPoints() * kLessonMargin + 2;
}

}  // namespace floatscope::gui
