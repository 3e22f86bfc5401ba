#pragma once

#include <span>
#include <vector>

#include <QCoreApplication>
#include <QString>

#include "core/exact/ExactValue.h"
#include "app/figures/Figure.h"
#include "app/figures/FigureTable.h"
#include "core/format/Format.h"
#include "core/lessons/AbsorbedUpdates.h"
#include "core/lessons/RangeBars.h"

namespace floatscope::gui {

// The absorbed-updates lesson (lecture 10, demo 5), computed by core: for each update size (the
// lecture notes' 3e-3, 3e-4, 3e-5 and the one chosen) and storage format, the share of weights that an
// update of that size leaves unchanged, the |w| above which every one is lost, and the same with an
// fp32 master copy.
struct AbsorbedUpdatesData {
    // What the panel opens with and `floatscope export absorbed` draws without options: generated
    // weights that give the lecture notes' table in spirit (bf16 loses about 11 % at 3e-4 and 90 % at 3e-5,
    // fp16 about 35 % at 3e-5).
    static constexpr const char* kDefaultFormats = "fp16,bf16";  // in the checklist's order
    static constexpr const char* kDefaultUpdate = "3e-4";
    static constexpr std::int64_t kDefaultCount = 100000;
    static constexpr const char* kDefaultDeviation = "0.06";
    static constexpr const char* kDefaultOnes = "0.08";  // LayerNorm and RMSNorm gains start at 1.0

    std::vector<Format> formats;
    QString source;                       // where the weights came from, in words
    std::int64_t weightCount = 0;
    ExactValue update;                    // the chosen size
    std::vector<ExactValue> sizes;        // the lecture notes' sizes, and the chosen one if it is not among them
    std::vector<std::vector<AbsorptionRow>> rows;  // [size][format]
    Log2Histogram histogram;              // of |w|

    static AbsorbedUpdatesData compute(std::vector<Format> formats, std::span<const double> weights,
                                       const ExactValue& update, QString source);
    std::size_t chosenRow() const;
};

// The table of shares lost per size and format beside the fp32 master's, over the histogram of
// |w| with each format's threshold for the chosen size. The panel shows the same table and
// histogram; `floatscope export absorbed` writes this figure.
class AbsorbedUpdatesFigure : public FlowFigure {
    Q_DECLARE_TR_FUNCTIONS(AbsorbedUpdatesFigure)

public:
    explicit AbsorbedUpdatesFigure(AbsorbedUpdatesData data) : m_data(std::move(data)) {}

    QString title() const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;
    QString toolTipAt(const QPointF& point, const QSizeF& size, const FigureStyle& style) const override;
    double heightForWidth(double width, const FigureStyle& style) const override;
    double minimumWidth(const FigureStyle& style) const override;

    static FigureTable table(const AbsorbedUpdatesData& data);
    static QString thresholdText(const AbsorptionRow& row);
    // One sentence per format for the chosen size.
    static QStringList summary(const AbsorbedUpdatesData& data);
    // Where the weights came from, for the subtitle: generated, pasted, or a file.
    static QString generatedSource(std::int64_t count, double deviation, double ones, std::uint64_t seed);
    static QString pastedSource(std::size_t count);
    static QString fileSource(std::size_t count, const QString& fileName);
    static QString modelSource(std::size_t count, int steps);
    // `floatscope export absorbed`: the weights (generated, pasted, from a file, or the training lab's
    // model after --model-steps K fp32 steps) and the update.


private:
    struct Layout {
        double margin = 0;
        double titleHeight = 0;
        double tableTop = 0;
        double histogramTop = 0;
        double histogramBottom = 0;
        double axisY = 0;
        double summaryTop = 0;
        double height = 0;
        double left = 0;
        double right = 0;
        double lo = 0;
        double hi = 0;
    };
    Layout layout(double width, const FigureStyle& style) const;
    QString subtitle() const;

    AbsorbedUpdatesData m_data;
};

}  // namespace floatscope::gui
