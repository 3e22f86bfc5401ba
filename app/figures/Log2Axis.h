#pragma once

#include "app/style/FigureStyle.h"

class QPainter;

namespace floatscope::gui {

// The shared horizontal axis of the range bars, the loss-scaling window and the weights' histogram:
// log2|x| onto pixel columns, with ticks at powers of two labelled 2⁻²⁴ ... 2¹⁵. One binade is one
// unit, so a format's bar is as long as the number of binades it spans.
class Log2Axis {
public:
    Log2Axis(double lo, double hi, double left, double right);

    double lo() const { return m_lo; }
    double hi() const { return m_hi; }
    double left() const { return m_left; }
    double right() const { return m_right; }
    double x(double log2Value) const;
    double log2At(double x) const;

    // Binades between labelled ticks, so that the labels do not collide (1, 2, 4, 5, 8, 10, 16, ...).
    int tickStep(const FigureStyle& style) const;
    // The axis line at y, its ticks, and the labels under it; returns the height it took.
    double paint(QPainter& painter, double y, const FigureStyle& style) const;
    static double height(const FigureStyle& style);
    // Faint vertical lines at the labelled ticks, from top to bottom.
    void paintGrid(QPainter& painter, double top, double bottom, const FigureStyle& style) const;

private:
    double m_lo;
    double m_hi;
    double m_left;
    double m_right;
};

}  // namespace floatscope::gui
