#pragma once

#include <utility>

#include <QSizeF>

#include "app/charts/Chart.h"

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

// Chart.cpp's builder, shared with ChartView.cpp: the one place that speaks Qt Charts.
namespace floatscope::gui {

// The chart for a spec in a style at a size; the caller owns it.
QChart* buildChart(const ChartSpec& spec, const FigureStyle& style, const QSizeF& size);
// The series' point labels (a scatter's recipe names), placed once the chart is laid out.
void placePointLabels(QChart* chart, const ChartSpec& spec, const FigureStyle& style);
// How many ticks each axis gets at `size`: a view is rebuilt when a resize changes them.
std::pair<int, int> tickCounts(const ChartSpec& spec, const FigureStyle& style, const QSizeF& size);

}  // namespace floatscope::gui
