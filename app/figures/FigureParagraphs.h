#pragma once

#include <QRectF>
#include <QString>
#include <QStringList>

#include "app/style/FigureStyle.h"

class QPainter;

namespace floatscope::gui {

// The text a lesson figure opens and closes with: a bold title over a muted subtitle wrapped to the
// width, and paragraphs one under another (the sentences that say what the figure shows).

// The heading's height from the figure's top margin, at `width` (the figure's text width).
double headingHeight(const QString& title, const QString& subtitle, double width, const FigureStyle& style);
// Paints it with its top-left corner at `topLeft`.
void paintHeading(QPainter& painter, const QString& title, const QString& subtitle, const QPointF& topLeft, double width,
                  const FigureStyle& style);

// Wrapped paragraphs in the body font, a fifth of a line apart.
double paragraphsHeight(const QStringList& paragraphs, double width, const FigureStyle& style);
void paintParagraphs(QPainter& painter, const QStringList& paragraphs, const QPointF& topLeft, double width,
                     const FigureStyle& style);

}  // namespace floatscope::gui
