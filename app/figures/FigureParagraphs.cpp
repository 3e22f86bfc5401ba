#include "app/figures/FigureParagraphs.h"

#include <QFontMetricsF>
#include <QPainter>

namespace floatscope::gui {

namespace {

double titleHeight(const FigureStyle& style)
{
    return QFontMetricsF(style.font(style.bodyPoints() * 1.2, true)).height() * 1.5;
}

double wrappedHeight(const QString& text, double width, const FigureStyle& style)
{
    return QFontMetricsF(style.font()).boundingRect(QRectF(0, 0, width, 100000), Qt::TextWordWrap, text).height();
}

}  // namespace

double headingHeight(const QString&, const QString& subtitle, double width, const FigureStyle& style)
{
    return titleHeight(style) + wrappedHeight(subtitle, width, style);
}

void paintHeading(QPainter& painter, const QString& title, const QString& subtitle, const QPointF& topLeft, double width,
                  const FigureStyle& style)
{
    painter.save();
    const double titleBox = titleHeight(style);
    painter.setFont(style.font(style.bodyPoints() * 1.2, true));
    painter.setPen(style.foreground());
    painter.drawText(QRectF(topLeft, QSizeF(width, titleBox)), Qt::AlignLeft | Qt::AlignTop, title);
    painter.setFont(style.font());
    painter.setPen(style.muted());
    painter.drawText(QRectF(topLeft.x(), topLeft.y() + titleBox, width, wrappedHeight(subtitle, width, style) + 2),
                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, subtitle);
    painter.restore();
}

double paragraphsHeight(const QStringList& paragraphs, double width, const FigureStyle& style)
{
    double h = 0;
    for (const QString& p : paragraphs)
        h += wrappedHeight(p, width, style) + style.bodyPoints() * 0.2;
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
        const double h = wrappedHeight(p, width, style);
        painter.drawText(QRectF(topLeft.x(), y, width, h + 2), Qt::TextWordWrap, p);
        y += h + style.bodyPoints() * 0.2;
    }
    painter.restore();
}

}  // namespace floatscope::gui
