#pragma once

#include <optional>
#include <utility>
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

    double heightForWidth(double width, const FigureStyle& style) const override;
    QString sentence(int index) const;
    int count() const { return static_cast<int>(m_results.size()); }
    // NaN has no place on a number line: its format gets the sentence only.
    bool hasLine(int index) const;
    // The format whose block lies at height y (-1: none), and the two ends of its line exactly,
    // for the view's tooltip (the labels on the line are shortened).
    int indexAt(double y, double width, const FigureStyle& style) const;
    QString endsText(int index) const;

private:
    std::pair<std::optional<std::uint64_t>, std::optional<std::uint64_t>> ends(int index) const;
    double blockHeight(int index, double width, const FigureStyle& style) const;
    void paintLine(QPainter& painter, int index, double top, double width, const FigureStyle& style) const;

    QString m_input;
    std::vector<Format> m_formats;
    std::vector<Inspection> m_results;
};

}  // namespace floatscope::gui
