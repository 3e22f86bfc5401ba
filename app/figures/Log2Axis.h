#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <utility>

#include <vector>

#include "app/charts/AxisTicks.h"
#include "app/style/FigureStyle.h"
#include "core/lessons/RangeBars.h"

class QPainter;

namespace floatscope::gui {

// The binades a log2 axis must show: grown by each value and histogram it includes, then padded
// to whole binades with one more either side.
class Log2Range {
public:
    void include(double log2Value);  // non-finite values are passed over
    // The histogram's bins, moved right by `shift` binades (g × S).
    void include(const Log2Histogram& histogram, double shift = 0);
    // The padded range, or the fallback's when nothing was included.
    std::pair<double, double> padded(double fallbackLo, double fallbackHi) const;

private:
    double m_lo = INFINITY;
    double m_hi = -INFINITY;
};

// The shared horizontal axis of the range bars, the loss-scaling window and the weights' histogram:
// log2|x| onto pixel columns, with ticks at powers of two labelled 2⁻²⁴ ... 2¹⁵. One binade is one
// unit, so a format's bar is as long as the number of binades it spans. The three draw their
// histograms of log2|x| through it too.
class Log2Axis {
public:
    Log2Axis(double lo, double hi, double left, double right);

    double lo() const { return m_lo; }
    double hi() const { return m_hi; }
    double left() const { return m_left; }
    double right() const { return m_right; }
    double x(double log2Value) const;
    double log2At(double x) const;

    // The labelled ticks (exponents, labels 2⁻²⁴), as many as fit without colliding, a nice number
    // of binades apart (AxisTicks: 1, 2, 5, 10, 20, ...).
    std::vector<AxisTick> ticks(const FigureStyle& style) const;
    // The axis line at y, its ticks, and the labels under it; returns the height it took.
    double paint(QPainter& painter, double y, const FigureStyle& style) const;
    static double height(const FigureStyle& style);
    // Faint vertical lines at the labelled ticks, from top to bottom.
    void paintGrid(QPainter& painter, double top, double bottom, const FigureStyle& style) const;

    // A row's name in bold, left of the axis from `margin`, its top at `top` ("values", "|w|").
    void paintName(QPainter& painter, const QString& name, double margin, double top, const FigureStyle& style) const;
    // The histogram's bins between top and bottom, moved right by `shift` binades, the fullest bin
    // full height, in the painter's pen and brush; `styleBin`, when given, sets them for each bin
    // from its log2 edges.
    void paintHistogram(QPainter& painter, const Log2Histogram& histogram, double top, double bottom, double shift = 0,
                        const std::function<void(double low, double high)>& styleBin = {}) const;
    // The bin under pixel column x, if any.
    std::optional<std::size_t> binAt(const Log2Histogram& histogram, double x, double shift = 0) const;

private:
    double m_lo;
    double m_hi;
    double m_left;
    double m_right;
};

}  // namespace floatscope::gui
