#pragma once

#include <optional>
#include <vector>

#include <QColor>
#include <QPointF>
#include <QString>

#include "app/style/FigureStyle.h"

class QPainter;

namespace floatscope::gui {

// What a chart shows, independent of the library that draws it. Every chart in Floatscope goes
// through ChartView (on screen, charts/ChartView.h) and paintChart (exported, as
// figures/ChartFigure): Qt Charts is deprecated after Qt 6.10, and swapping it must touch this one
// folder (Chart.cpp, ChartView.cpp). This header names no widget, so that figures include it headless.
struct ChartSeries {
    enum class Kind { Line, Steps, Points };
    QString name;
    QColor colour;
    std::vector<QPointF> points;
    Kind kind = Kind::Line;
    bool dashed = false;
    bool inLegend = true;  // false: a series that another one names (a run's markers beside its line)
    QString pointLabel = {};  // written beside each of its points (a scatter's recipe names); empty: none
};

// An axis: its ticks come from AxisTicks (1, 2, 2.5, 5 × 10^k; whole numbers on an integer axis;
// powers of the base on a log axis). An end left open is the data's, widened to a tick.
struct ChartAxis {
    QString title;
    bool log2 = false;  // a base-2 logarithmic axis, ticks 2⁻⁸ ... (values must be positive)
    std::optional<double> min;
    std::optional<double> max;
    bool integers = false;  // whole numbers only (steps, counts): no tick at 2.5
    bool log10 = false;     // a base-10 logarithmic axis, ticks 1, 10, 100, ... (values must be positive)
    // Open at both ends, at least this long (in the axis's coordinate) around the data's middle:
    // values a hair apart drawn as the same, not as a zoom into noise.
    double leastSpan = 0;
};

struct ChartSpec {
    QString title;
    ChartAxis x;
    ChartAxis y;
    std::vector<ChartSeries> series;
    bool legendRight = false;  // a column of names beside the plot, for more names than fit under it
    std::optional<double> xTickInterval;  // ticks at the multiples of this, where the axis is padded
};

// The names the legend gives the series: a series hidden under one drawn after it (the same points
// to about a line's width, a two-hundredth of the plot's span) says so, "fp32 (under exact)", so
// that a reader does not look for a line that is there.
std::vector<QString> legendNames(const ChartSpec& spec);

// The least height a chart reads well at in a figure's style: its title, legend and tick labels,
// and a plot at least as tall as its vertical axis's title is long (Qt Charts cuts a longer one:
// "bits per cha...").
double chartLeastHeight(const ChartSpec& spec, const FigureStyle& style);
// The least width at which its title and legend are whole (Qt Charts cuts them with "..." when narrower).
double chartLeastWidth(const ChartSpec& spec, const FigureStyle& style);

// The same chart painted into (0, 0, size) in a figure's style, for export: vector output (SVG,
// PDF) stays vector.
void paintChart(QPainter& painter, const ChartSpec& spec, const QSizeF& size, const FigureStyle& style);

}  // namespace floatscope::gui
