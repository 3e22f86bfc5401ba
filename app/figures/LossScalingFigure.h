#pragma once

#include <span>
#include <vector>

#include <QCoreApplication>
#include <QString>

#include "app/charts/Chart.h"
#include "app/figures/StackedFigure.h"
#include "core/format/Format.h"
#include "core/lessons/LossScaling.h"
#include "core/lessons/RangeBars.h"

namespace floatscope::gui {

// Everything the loss-scaling lesson draws, computed by core: the gradients (a log-normal, or
// pasted values) against the format's window at a scale S, the shares lost at S and at the seed's
// scales 2^0 .. 2^24, and the dynamic loss-scaling run.
struct LossScalingData {
    // What the panel opens with and `floatscope export loss-scale` draws without options: fp16,
    // gradients a decade either side of 10^-5, S = 1, and the seed's dynamic demo (from 2^24).
    static constexpr const char* kDefaultFormat = "fp16";
    static constexpr const char* kDefaultMedian = "1e-5";
    static constexpr const char* kDefaultSpread = "1";

    Format format;
    RangeBar bar;
    bool fromValues = false;
    LogNormal distribution{};
    std::int64_t valueCount = 0;
    int log2Scale = 0;               // S = 2^log2Scale
    Log2Histogram histogram{};       // of |g| before scaling: samples of the log-normal, or the values
    ZoneShares shares{};             // of g * S
    struct SweepRow {
        int log2Scale = 0;
        ZoneShares shares;
    };
    std::vector<SweepRow> sweep{};
    DynamicScalingSetup dynamic{};
    DynamicScalingRun run{};

    // `values` empty: the log-normal. The dynamic setup's gradients are set from the same source;
    // `reuse` is a run of the same setup kept from before (moving S alone does not change it).
    static LossScalingData compute(const Format& format, const LogNormal& distribution, std::span<const double> values,
                                   int log2Scale, DynamicScalingSetup dynamic, const DynamicScalingRun* reuse = nullptr);
    static ZoneShares sharesOf(const ZoneCounts& counts);
};

// The fp16 (or chosen) window with the scaled gradients' histogram over it, coloured by where each
// bin lands, the shares lost, and the table of the seed's scales. Painted; tooltips on screen.
class LossWindowFigure : public Figure {
    Q_DECLARE_TR_FUNCTIONS(LossWindowFigure)

public:
    explicit LossWindowFigure(const LossScalingData& data) : m_data(data) {}

    QString title() const override;
    QSizeF preferredSize(const FigureStyle& style) const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;
    QString toolTipAt(const QPointF& point, const QSizeF& size, const FigureStyle& style) const;
    double heightForWidth(double width, const FigureStyle& style) const;

    static QString sharesText(const ZoneShares& shares);

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

private:
    LossScalingData m_data;
};

}  // namespace floatscope::gui
