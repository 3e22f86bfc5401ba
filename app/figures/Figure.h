#pragma once

#include <QPointF>
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

    // What an export needs to fit the figure to a page (figures/FigureExport.h, fitToPage): how tall
    // its content is at a width (a chart: the least it reads well at; default: the preferred
    // height), the width below which it would cut table cells (0: none), and whether it uses any
    // height it is given (a chart) or has a height of its own (text and tables).
    virtual double heightForWidth(double width, const FigureStyle& style) const;
    virtual double minimumWidth(const FigureStyle& style) const;
    virtual bool fillsHeight() const { return false; }
};

// A figure as wide as it is given and as tall as its content needs at that width: the lesson
// figures. It reads best 1280 wide on a slide and 720 on screen; a panel's FigureWidget follows its
// height as the panel is resized and shows its tooltips.
class FlowFigure : public Figure {
public:
    QSizeF preferredSize(const FigureStyle& style) const override;
    double heightForWidth(double width, const FigureStyle& style) const override = 0;
    // What lies under a point, with exact numbers; empty where nothing does.
    virtual QString toolTipAt(const QPointF& point, const QSizeF& size, const FigureStyle& style) const;
};

}  // namespace floatscope::gui
