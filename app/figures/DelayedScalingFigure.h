#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include "app/charts/Chart.h"
#include "app/figures/FigureTable.h"
#include "app/figures/StackedFigure.h"
#include "core/lessons/DelayedScaling.h"

namespace floatscope::gui {

// The delayed-scaling lesson (core/lessons/DelayedScaling.h) as one figure: beside each other the
// tensor's amax per step with the amax each scale was made for (log2), and each cast's signal to
// quantization noise; under them a table per scaling and what happened, in words. The panel shows
// it; `floatscope export delayed-scaling` writes it.
class DelayedScalingFigure : public StackedFigure {
    Q_DECLARE_TR_FUNCTIONS(DelayedScalingFigure)

public:
    explicit DelayedScalingFigure(const DelayedScalingRun& run);

    static QString title(const DelayedScalingRun& run);
    static ChartSpec amaxChart(const DelayedScalingRun& run);
    static ChartSpec errorChart(const DelayedScalingRun& run);
    // A row per scaling: mean and worst SQNR, the steps that clipped, the most clipped, the flushed.
    static FigureTable table(const DelayedScalingRun& run);
    // The settings, then the spike and the steps after it in words.
    static QStringList notes(const DelayedScalingRun& run);
};

}  // namespace floatscope::gui
