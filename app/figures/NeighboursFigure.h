#pragma once

#include <vector>

#include "app/figures/Figure.h"
#include "core/format/Format.h"
#include "core/inspect/Inspection.h"

namespace floatscope::gui {

// The value on a number line between its two neighbours in each format, the midpoint marked, and
// the rounding decision in words. The inspector's neighbourhood view and the "neighbours" export.
class NeighboursFigure : public Figure {
public:
    NeighboursFigure() = default;
    NeighboursFigure(QString input, std::vector<Format> formats, std::vector<Inspection> results);

    QString title() const override;
    QSizeF preferredSize(const FigureStyle& style) const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;

    double heightForWidth(double width, const FigureStyle& style) const;
    QString sentence(int index) const;
    int count() const { return static_cast<int>(m_results.size()); }

private:
    QString m_input;
    std::vector<Format> m_formats;
    std::vector<Inspection> m_results;
};

}  // namespace floatscope::gui
