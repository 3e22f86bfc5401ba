#pragma once

#include <memory>

#include <QColor>
#include <QRectF>

#include "app/figures/Figure.h"
#include "core/scaling/QuantizeReport.h"

namespace floatscope::gui {

// The errors of a quantized matrix as a heatmap: each cell the largest error of the elements it
// covers (core's ErrorGrid), on a logarithmic viridis scale (perceptually uniform and readable
// with every common colour-vision deficiency), exact cells in grey, the scheme's block boundaries
// drawn over it, and a colour bar.
class HeatmapFigure : public Figure {
public:
    HeatmapFigure(std::shared_ptr<const QuantizeReport> report, ErrorMeasure measure);

    QString title() const override;
    QSizeF preferredSize(const FigureStyle& style) const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;

    // The map, its axes and its colour bar inside `area`; QuantizeFigure draws it the same way.
    static void paintMap(QPainter& painter, const QRectF& area, const QuantizeReport& report, ErrorMeasure measure,
                         const FigureStyle& style);
    // Viridis at t in [0, 1].
    static QColor viridis(double t);

private:
    std::shared_ptr<const QuantizeReport> m_report;
    ErrorMeasure m_measure;
};

}  // namespace floatscope::gui
