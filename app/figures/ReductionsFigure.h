#pragma once

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include "app/figures/Figure.h"
#include "app/figures/FigureTable.h"
#include "app/figures/LessonOpening.h"
#include "core/dot/RunControl.h"
#include "core/reduce/Reductions.h"

namespace floatscope::gui {

// The operators lab's third lesson, computed by core/reduce: the reductions mixed precision keeps
// in fp32 (a softmax denominator over a vocabulary of up to 152k, mean and variance three ways,
// RMSNorm, a mixture-of-experts router's top k), every operation rounded in each chosen format,
// beside a reference computed exactly or at 256 bits.
enum class Reduction : std::uint8_t { Softmax, Moments, RmsNorm, Router };
inline constexpr Reduction kReductions[] = {Reduction::Softmax, Reduction::Moments, Reduction::RmsNorm, Reduction::Router};
const char* toString(Reduction r);  // "softmax", "moments", "rmsnorm", "router", as `floatscope reduce` names them
std::optional<Reduction> parseReduction(std::string_view text);

struct ReductionsSetup {
    // What the panel opens with and `floatscope export reduce` draws without a reduction: quick
    // enough for the window's start (the softmax over 151936 logits and the router take a second).
    static constexpr Reduction kDefault = Reduction::Moments;

    Reduction reduction = kDefault;
    reduce::SoftmaxSetup softmax;
    reduce::MomentsSetup moments;
    reduce::RmsNormSetup rmsNorm;
    reduce::RouterSetup router;

    // The formats the chosen reduction computes in.
    const std::vector<Format>& formats() const;
    void setFormats(std::vector<Format> formats);
    // Whether it takes long enough for the background job.
    bool takesLong() const;
};

struct ReductionsData {
    ReductionsSetup setup;
    std::vector<reduce::SoftmaxRow> softmax;  // the chosen reduction's rows
    std::vector<reduce::MomentsRow> moments;
    std::vector<reduce::RmsNormRow> rmsNorm;
    std::vector<reduce::RouterRow> router;

    // Empty when cancelled.
    static std::optional<ReductionsData> compute(const ReductionsSetup& setup, const dot::RunControl& control = {});
};

// The chosen reduction as a table of every row, a bar per row (its relative error on a log2 axis,
// or for the router the share of tokens whose choice changed), and what each row shows in a
// sentence. The panel shows this figure; `floatscope export reduce` writes it.
class ReductionsFigure : public FlowFigure {
    Q_DECLARE_TR_FUNCTIONS(ReductionsFigure)

public:
    explicit ReductionsFigure(ReductionsData data) : m_data(std::move(data)) {}

    QString title() const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;
    QString toolTipAt(const QPointF& point, const QSizeF& size, const FigureStyle& style) const override;
    double heightForWidth(double width, const FigureStyle& style) const override;
    double minimumWidth(const FigureStyle& style) const override;

    const ReductionsData& data() const { return m_data; }
    static FigureTable table(const ReductionsData& data);
    static QStringList sentences(const ReductionsData& data);

    // One bar: its row's name, and either log2 of a relative error or a share (0..1).
    struct Bar {
        QString label;
        QColor colour;
        std::optional<double> log2Error;  // empty with `share` empty: not finite (overflow)
        std::optional<double> share;
        QString value;                     // the number written at its end
    };
    static std::vector<Bar> bars(const ReductionsData& data);
    static QString barsTitle(const ReductionsData& data);

private:
    struct Layout {
        LessonOpening::Layout opening;  // the heading, the table, the bars' title; the bars under it
        double barHeight = 0;
        double axisY = 0;
        double sentencesTop = 0;
        double height = 0;
        double left = 0;
        double right = 0;
        double lo = 0;
        double hi = 0;
    };
    // The bars' names and the values after them: each column's width, a gap included.
    static std::pair<double, double> barColumns(const std::vector<Bar>& all, const FigureStyle& style);
    LessonOpening opening() const;
    Layout layout(double width, const FigureStyle& style) const;
    QString subtitle() const;

    ReductionsData m_data;
};

}  // namespace floatscope::gui
