#pragma once

#include <vector>

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include "app/charts/Chart.h"
#include "core/lessons/AccumulationRun.h"
#include "app/figures/StackedFigure.h"

namespace floatscope::gui {

// One format's readouts at a step of the accumulation lesson, as text: what the panel's table and
// the exported figure show.
struct AccumulationReadout {
    QString format;
    QColor colour;
    QString bits;         // the sum's code (fp32-master: the copy in the format)
    QString value;        // its exact value, every digit
    QString error;        // value - exact sum, ~4 digits
    QString companion;    // fp32-master: the master; Kahan: the compensation; else empty
    QString adds;         // effective adds (and the first step that moved the sum)
    QString stall;        // the first stalled step, or "—"
    QString why;          // the stall in one sentence, or empty
};

// The accumulation lesson as a figure: the chart of every format's sum against the step beside the
// exact line, over its table of readouts and the reasons the sums stalled. The panel shows the same
// chart and readouts; `floatscope export accumulation` writes this figure.
class AccumulationFigure : public StackedFigure {
    Q_DECLARE_TR_FUNCTIONS(AccumulationFigure)

public:
    static constexpr int kFigureColumns = 1024;  // buckets in an exported chart, whatever the pixels

    // `at` holds the runs at the step shown (AccumulationRun::at). `logSteps`: a logarithmic step
    // axis (and value axis, where every value is positive and they span 3 binades or more), on
    // which a sum that stalls early (fp16 at 4, bf16 at 1, at N = 10^6) is seen flat.
    AccumulationFigure(const AccumulationRun& run, const std::vector<Accumulator>& at, bool logSteps = false);

    // The chart at the step of `at`, each format decimated to `columns` buckets (the chart's pixels),
    // the x axis over the whole run so that playing fills it in from the left.
    static ChartSpec chart(const AccumulationRun& run, const std::vector<Accumulator>& at, int columns,
                           bool logSteps = false);
    static std::vector<AccumulationReadout> readouts(const AccumulationRun& run, const std::vector<Accumulator>& at);
    // "1 + 0.001, added 1000 times (stored in each format)"; the step when it is not the last.
    static QString titleFor(const AccumulationSetup& setup, std::int64_t step);
    static QString modeName(AccumulationMode mode);
    // Why the run's first stalled add changed nothing, in one sentence.
    static QString stallSentence(const Accumulator& run);
    // The exact sum at a step, exactly where short ("2"), else to 10 digits.
    static QString exactSumText(const AccumulationSetup& setup, std::int64_t step);
};

}  // namespace floatscope::gui
