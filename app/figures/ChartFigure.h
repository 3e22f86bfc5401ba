#pragma once

#include "app/charts/Chart.h"
#include "app/figures/Figure.h"

namespace floatscope::gui {

// A chart as a figure for export: the accumulation run over its readouts, the loss-scale timeline.
class ChartFigure : public Figure {
public:
    explicit ChartFigure(ChartSpec spec) : m_spec(std::move(spec)) {}

    QString title() const override { return m_spec.title; }
    QSizeF preferredSize(const FigureStyle& style) const override
    {
        return style.slide ? QSizeF(1280, 720) : QSizeF(720, 420);
    }
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override
    {
        paintChart(painter, m_spec, size, style);
    }
    // The least height its axes, title and legend read well at; it takes any more it is given.
    double heightForWidth(double, const FigureStyle& style) const override { return chartLeastHeight(m_spec, style); }
    bool fillsHeight() const override { return true; }
    double minimumWidth(const FigureStyle& style) const override { return chartLeastWidth(m_spec, style); }

private:
    ChartSpec m_spec;
};

}  // namespace floatscope::gui
