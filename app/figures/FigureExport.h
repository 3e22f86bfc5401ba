#pragma once

#include <QSize>
#include <QString>

#include "app/figures/Figure.h"

class QMimeData;

namespace floatscope::gui {

// How big an exported figure is: pixels at 96 dpi (centimetres convert at 96 / 2.54 px per cm),
// and for PNG the scale (1, 2 or 3 device pixels per logical pixel).
struct ExportSize {
    QSize pixels;  // empty: the figure's preferred size
    double scale = 1.0;
    static ExportSize fromCentimetres(double width, double height, double scale = 1.0);
};

// Writes FILE.svg, FILE.pdf or FILE.png (by extension); empty on success, else why not.
QString exportFigure(const Figure& figure, const QString& path, const ExportSize& size, const FigureStyle& style);

// SVG, PNG (at the scale) and the title as text, for pasting into slides.
QMimeData* figureMimeData(const Figure& figure, const ExportSize& size, const FigureStyle& style);

// The figure's size in logical pixels for an export size.
QSize exportPixels(const Figure& figure, const ExportSize& size, const FigureStyle& style);

}  // namespace floatscope::gui
