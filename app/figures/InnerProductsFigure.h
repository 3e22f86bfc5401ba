#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <QCoreApplication>
#include <QString>

#include "app/figures/Figure.h"
#include "app/figures/FigureTable.h"
#include "core/dot/DotLessons.h"
#include "core/dot/RunControl.h"
#include "core/format/Format.h"
#include "core/format/Registry.h"

namespace floatscope::gui {

class Log2Axis;

// The operators lab's first lesson, computed by core/dot: the relative error of a K-term inner
// product against K (2^4 ... 2^maxLog2K) per accumulator, for one input distribution, and where a
// sum of ones stops counting in each (a bf16 accumulator at 256, fp16 at 2048) and what promotion
// into fp32 does to it.
struct InnerProductsSetup {
    // What the panel opens with and `floatscope export dot` draws without options: cheap enough to
    // compute while the window starts (K up to 2^16); the deck's pages go to 2^20.
    static constexpr const char* kDefaultInputs = "bf16";
    static constexpr const char* kDefaultAccumulators = "fp32,bf16,fp16";
    static constexpr int kDefaultPromote = 128;
    static constexpr int kDefaultMaxLog2K = 16;
    static constexpr int kMinLog2K = 4;
    static constexpr int kMaxLog2K = 20;

    Format inputs = namedFormat(kDefaultInputs);
    dot::Distribution distribution = dot::Distribution::Normal;
    std::vector<dot::Accumulator> accumulators;  // as given (promotion is `promote`)
    int promote = kDefaultPromote;              // 0: none; else each narrow accumulator again, promoted
    std::uint64_t seed = 1;
    int maxLog2K = kDefaultMaxLog2K;

    // Products the run sums (its cost): what decides between computing at once and the background.
    double work() const;
};

// An accumulator's curve: its relative error at each K, and where its sum of ones stops.
struct InnerProductsCurve {
    dot::Accumulator accumulator;
    std::vector<dot::ErrorPoint> points;
    std::optional<dot::OnesStall> stall;  // empty: it counts every one up to 2^maxLog2K
};

struct InnerProductsData {
    InnerProductsSetup setup;
    std::vector<InnerProductsCurve> curves;

    // The curves: each accumulator, and where promotion is set, each one narrower than fp32 (or a
    // fused adder) again, promoted. Empty when cancelled. The accumulators must take the inputs.
    static std::optional<InnerProductsData> compute(const InnerProductsSetup& setup, const dot::RunControl& control = {});
};

// The curves on a log-log plot (K against relative error, exact results on a floor line), the
// stalls marked above it, a table of the accumulators with the error at the largest K, where ones
// stall and each tensor-core preset's source, and a sentence per stall. The panel shows this
// figure; `floatscope export dot` writes it.
class InnerProductsFigure : public FlowFigure {
    Q_DECLARE_TR_FUNCTIONS(InnerProductsFigure)

public:
    explicit InnerProductsFigure(InnerProductsData data) : m_data(std::move(data)) {}

    QString title() const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;
    QString toolTipAt(const QPointF& point, const QSizeF& size, const FigureStyle& style) const override;
    double heightForWidth(double width, const FigureStyle& style) const override;
    double minimumWidth(const FigureStyle& style) const override;

    const InnerProductsData& data() const { return m_data; }
    static FigureTable table(const InnerProductsData& data);
    // One sentence per curve: what the accumulator does, and its sum of ones.
    static QStringList stallSentences(const InnerProductsData& data);
    static QColor curveColour(const InnerProductsData& data, std::size_t curve);
    // `floatscope export dot`: --inputs, --accumulator, --promote, --distribution, --seed as
    // `floatscope dot` takes them, and --max-k.


private:
    struct Layout {
        double margin = 0;
        double stallTop = 0;
        double plotTop = 0;
        double plotBottom = 0;  // the floor line for exact results lies below it
        double floorY = 0;
        double axisY = 0;
        double legendTop = 0;
        std::vector<std::vector<std::size_t>> legendRows;  // the curves' legend, as many rows as the width needs
        double tableTop = 0;
        double sentencesTop = 0;
        double height = 0;
        double left = 0;
        double right = 0;
        double yLo = 0;  // log2 of the relative error at plotBottom
        double yHi = 0;  // and at plotTop
    };
    Layout layout(double width, const FigureStyle& style) const;
    // A legend entry's width: a sample of its line and its name.
    double legendEntryWidth(std::size_t curve, const FigureStyle& style) const;
    QString subtitle() const;
    double yOf(const Layout& l, const dot::ErrorPoint& p) const;
    std::vector<std::size_t> stalledCurves() const;
    void paintErrorAxis(QPainter& painter, const Layout& l, const FigureStyle& style) const;
    void paintStalls(QPainter& painter, const Layout& l, const Log2Axis& ax, double figureWidth,
                     const FigureStyle& style) const;
    void paintCurves(QPainter& painter, const Layout& l, const Log2Axis& ax, const FigureStyle& style) const;
    void paintLegend(QPainter& painter, const Layout& l, const FigureStyle& style) const;

    InnerProductsData m_data;
};

}  // namespace floatscope::gui
