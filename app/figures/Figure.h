#pragma once

#include <QSizeF>
#include <QString>

#include "app/style/FigureStyle.h"

class QPainter;

namespace floatscope::gui {

// Something that paints itself with QPainter at any size: a panel's view, the same on screen, in
// an exported SVG, PDF or PNG, and on the clipboard.
class Figure {
public:
    virtual ~Figure() = default;
    virtual QString title() const = 0;
    // The size it reads best at, in pixels at 96 dpi, for the given style.
    virtual QSizeF preferredSize(const FigureStyle& style) const = 0;
    // Paints into (0, 0, size) in logical pixels; the painter is already cleared to the background.
    virtual void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const = 0;
};

}  // namespace floatscope::gui
