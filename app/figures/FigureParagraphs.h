#pragma once

#include <QRectF>
#include <QString>
#include <QStringList>

#include "app/style/FigureStyle.h"

class QFont;
class QPainter;

namespace floatscope::gui {

// The text a lesson figure opens and closes with: a bold title over a muted subtitle, both wrapped
// to the width, and paragraphs one under another (the sentences that say what the figure shows).

// Where a lesson figure `width` wide puts its text: margins of kLessonMargin body heights, the
// heading at (margin, 0.6 margin), and what follows it 0.8 body heights under it.
inline constexpr double kLessonMargin = 1.2;
struct LessonFrame {
    double margin = 0;
    double textWidth = 0;  // between the margins
    double bodyTop = 0;    // under the heading
};
LessonFrame lessonFrame(const QString& title, const QString& subtitle, double width, const FigureStyle& style);

// How tall `text` is in `font`, wrapped at word breaks to `width`.
double wrappedHeight(const QString& text, double width, const QFont& font);

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
