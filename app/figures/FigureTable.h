#pragma once

#include <vector>

#include <QColor>
#include <QRectF>
#include <QStringList>

#include "app/style/FigureStyle.h"

class QPainter;

namespace floatscope::gui {

// A table painted into a figure: a bold header, then rows of text. Columns are as wide as their
// widest cell; when the area is narrower, the widest columns give way first and their cells are
// elided, so a long exact value never pushes the other columns off the figure.
struct FigureTable {
    QStringList header;
    std::vector<QStringList> rows;
    std::vector<QColor> rowColours;  // the first cell's colour per row (a format's); invalid: text colour
    std::vector<bool> boldRows;
    bool monoCells = false;          // digits line up in a monospaced font

    double rowHeight(const FigureStyle& style) const;
    double height(const FigureStyle& style) const;
    double naturalWidth(const FigureStyle& style) const;
    void paint(QPainter& painter, const QRectF& area, const FigureStyle& style) const;

private:
    std::vector<double> columnWidths(const FigureStyle& style, double available) const;
};

}  // namespace floatscope::gui
