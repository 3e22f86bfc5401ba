#include "app/figures/FigureParagraphs.h"

#include <algorithm>

#include <QFontMetricsF>
#include <QPainter>

namespace floatscope::gui {

namespace {

QFont titleFont(const FigureStyle& style)
{
    return style.font(style.bodyPoints() * 1.2, true);
}

// The title wraps where the width is short of it (a router's title with its counts, a Chinese
// one), half a line under its last line.
double titleHeight(const QString& title, double width, const FigureStyle& style)
{
    return wrappedHeight(title, width, titleFont(style)) + QFontMetricsF(titleFont(style)).height() * 0.5;
}

}  // namespace

double wrappedHeight(const QString& text, double width, const QFont& font)
{
    return QFontMetricsF(font).boundingRect(QRectF(0, 0, width, 100000), Qt::TextWordWrap, text).height();
}

double headingHeight(const QString& title, const QString& subtitle, double width, const FigureStyle& style)
{
    return titleHeight(title, width, style) + wrappedHeight(subtitle, width, style.font());
}

LessonFrame lessonFrame(const QString& title, const QString& subtitle, double width, const FigureStyle& style)
{
    LessonFrame f;
    const double body = style.bodyPoints();
    f.margin = body * kLessonMargin;
    f.textWidth = std::max(50.0, width - 2 * f.margin);
    f.bodyTop = f.margin * 0.6 + headingHeight(title, subtitle, f.textWidth, style) + body * 0.8;
    return f;
}

void paintHeading(QPainter& painter, const QString& title, const QString& subtitle, const QPointF& topLeft, double width,
                  const FigureStyle& style)
{
    painter.save();
    const double titleBox = titleHeight(title, width, style);
    painter.setFont(titleFont(style));
    painter.setPen(style.foreground());
    painter.drawText(QRectF(topLeft, QSizeF(width, titleBox)), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, title);
    painter.setFont(style.font());
    painter.setPen(style.muted());
    painter.drawText(QRectF(topLeft.x(), topLeft.y() + titleBox, width, wrappedHeight(subtitle, width, style.font()) + 2),
                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, subtitle);
    painter.restore();
}

double paragraphsHeight(const QStringList& paragraphs, double width, const FigureStyle& style)
{
    double h = 0;
    for (const QString& p : paragraphs)
        h += wrappedHeight(p, width, style.font()) + style.bodyPoints() * 0.2;
    return h;
}

void paintParagraphs(QPainter& painter, const QStringList& paragraphs, const QPointF& topLeft, double width,
                     const FigureStyle& style)
{
    painter.save();
    painter.setFont(style.font());
    painter.setPen(style.foreground());
    double y = topLeft.y();
    for (const QString& p : paragraphs) {
        const double h = wrappedHeight(p, width, style.font());
        painter.drawText(QRectF(topLeft.x(), y, width, h + 2), Qt::TextWordWrap, p);
        y += h + style.bodyPoints() * 0.2;
    }
    painter.restore();
}

}  // namespace floatscope::gui
