#pragma once

#include <QCoreApplication>
#include <QString>

#include "app/charts/Chart.h"
#include "app/figures/Figure.h"
#include "app/figures/FigureTable.h"
#include "app/figures/StackedFigure.h"
#include "core/lessons/LossScaling.h"
#include "core/train/ModelProbes.h"

namespace floatscope::gui {

// The fp16 (or chosen) window with the scaled gradients' histogram over it, coloured by where each
// bin lands, the shares lost, and the table of lecture 10's scales. Painted; tooltips on screen.
class LossWindowFigure : public FlowFigure {
    Q_DECLARE_TR_FUNCTIONS(LossWindowFigure)

public:
    explicit LossWindowFigure(const LossScalingData& data) : m_data(data) {}

    QString title() const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;
    QString toolTipAt(const QPointF& point, const QSizeF& size, const FigureStyle& style) const override;
    double heightForWidth(double width, const FigureStyle& style) const override;
    double minimumWidth(const FigureStyle& style) const override;

    static QString sharesText(const ZoneShares& shares);
    // Lecture 10's table of scales; with the training lab's model, the real backward pass's columns too.
    static FigureTable sweepTable(const LossScalingData& data);
    // Under the table, with the model as the source: where the gradients and the extra columns come from.
    static QString modelCaption(const LossScalingData& data);

private:
    struct Layout {
        double margin = 0;
        double titleHeight = 0;
        double barCentre = 0;
        double histogramTop = 0;
        double histogramBottom = 0;
        double axisY = 0;
        double sharesTop = 0;
        double tableTop = 0;
        double captionTop = 0;
        double height = 0;
        double left = 0;
        double right = 0;
        double lo = 0;
        double hi = 0;
    };
    Layout layout(double width, const FigureStyle& style) const;
    StorageZone zoneOfBin(double log2Low, double log2High) const;

    LossScalingData m_data;
};

// The loss-scaling lesson as one figure: the window over the dynamic loss-scaling timeline.
// `floatscope export loss-scale` writes it; the panel shows the same two parts.
class LossScalingFigure : public StackedFigure {
    Q_DECLARE_TR_FUNCTIONS(LossScalingFigure)

public:
    explicit LossScalingFigure(LossScalingData data);

    // The scale of every step on a log2 axis, the skipped steps and the steps after which it doubled.
    static ChartSpec timeline(const LossScalingData& data);
    static QString summary(const LossScalingData& data);
    // "fp32 gradients of the training lab's model at step 100 (30,240), and its backward pass in fp16"
    static QString modelSource(const train::ModelGradients& model, const std::string& format);

private:
    LossScalingData m_data;
};

}  // namespace floatscope::gui
