#pragma once

#include <cstddef>
#include <optional>

#include <QString>

#include "app/figures/FigureTable.h"
#include "app/style/FigureStyle.h"

class QPainter;

namespace floatscope::gui {

// How a lesson figure with a table opens (the dot product's steps, the reductions' rows): the
// heading, the table, and a bold caption under it for what follows (the step opened up, what the
// bars show), each wrapped or measured at the figure's width.
struct LessonOpening {
    QString title;
    QString subtitle;
    FigureTable table;
    QString caption;

    struct Layout {
        double margin = 0;
        double textWidth = 0;
        double tableTop = 0;
        double captionTop = 0;
        double below = 0;  // under the caption: where the figure goes on
    };
    Layout layout(double width, const FigureStyle& style) const;
    void paint(QPainter& painter, const Layout& layout, const FigureStyle& style) const;
    // The table's row (0-based, under its header) at height y, if any.
    std::optional<std::size_t> tableRowAt(double y, const Layout& layout, const FigureStyle& style) const;
    // The least width that keeps the table's cells whole between the margins.
    double minimumWidth(const FigureStyle& style) const;
};

}  // namespace floatscope::gui
