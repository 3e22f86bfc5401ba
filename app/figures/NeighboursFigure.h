#pragma once

#include <optional>
#include <utility>

#include <QString>
#include <gmpxx.h>
#include <vector>

#include "app/figures/Figure.h"
#include "core/format/Format.h"
#include "core/inspect/Inspection.h"

namespace floatscope::gui {

// One format's number line: its two ends (codes of the format, or the step past the end of the
// finite range that stands in for a missing one), where the value sits and where it went.
struct NumberLine {
    struct End {
        std::optional<mpq_class> value;  // empty for inf and for nothing (below e8m0's smallest)
        QString label;                   // as drawn: "448", "~9.9999991e-9", "480 (NaN)", "inf"
        QString exact;                   // every digit, for the tooltip
    };
    End left;
    End right;
    double at = 0.5;           // where the value sits, 0 at the left end, 1 at the right
    bool pastLeft = false;     // the value lies beyond the left end (drawn at it, pointing out)
    bool pastRight = false;
    bool exact = false;        // the value is a code of the format: marked and labelled, no midpoint
    QString valueLabel;        // exact values: the value, told apart from the ends
    QString midpointLabel;     // inexact values: "midpoint", or where overflow starts
    int stored = 0;            // the end the value went to: -1 left, +1 right, 0 none (exact)
};

// The value on a number line between its two neighbours in each format, the midpoint marked, and
// the rounding decision in words. The inspector's neighbourhood view and the "neighbours" export.
// Past the end of a format's finite range the step beyond it (480 for e4m3fn) is the far end,
// labelled with what the format stores there.
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
    NumberLine line(int index) const;

private:
    double blockHeight(int index, double width, const FigureStyle& style) const;
    void paintLine(QPainter& painter, int index, double top, double width, const FigureStyle& style) const;

    QString m_input;
    std::vector<Format> m_formats;
    std::vector<Inspection> m_results;
};

}  // namespace floatscope::gui
