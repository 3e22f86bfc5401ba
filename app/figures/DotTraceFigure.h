#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include <gmpxx.h>

#include "app/figures/Figure.h"
#include "app/figures/FigureTable.h"
#include "app/figures/LessonOpening.h"
#include "core/dot/Accumulator.h"
#include "core/dot/DotLessons.h"
#include "core/dot/DotTrace.h"
#include "core/dot/InnerProduct.h"
#include "core/format/Registry.h"

namespace floatscope::gui {

// The operators lab's second lesson: one short inner product through one model, step by step from
// core's DotTrace. Each step (an IEEE add, a fused adder's block, a promotion into fp32) is drawn
// as binary digits on one grid of places: the terms, where they are cut (alignment to the largest
// exponent, or the rounding of a sum), the bits kept and thrown away, what is stored, and the exact
// sum beside it.
struct DotTraceData {
    static constexpr const char* kDefaultInputs = "fp16";
    static constexpr const char* kDefaultAccumulator = "v100-fp16";
    static constexpr int kDefaultCount = 8;
    static constexpr int kMaxCount = 32;

    Format inputs = namedFormat(kDefaultInputs);
    dot::Accumulator accumulator{dot::Vdpbf16ps{}, std::nullopt, {}};
    std::vector<std::uint32_t> a, b;  // codes of the inputs
    QString source;                   // where the values came from, in words
    dot::DotResult result{namedFormat("fp32"), 0, ExactValue{}};
    dot::DotTrace trace;
    std::size_t step = 1;             // the step opened up: 1 .. steps; 0 shows the products alone

    // The values rounded once (nearest-even) to the inputs' format, through the model with a trace.
    // The model must take the inputs and the two lists be as long, 1 .. kMaxCount.
    static DotTraceData compute(const Format& inputs, const dot::Accumulator& accumulator, std::vector<std::uint32_t> a,
                                std::vector<std::uint32_t> b, QString source, std::size_t step);
    std::size_t steps() const { return trace.steps.size(); }
};

// A value's binary digits on the grid: |value| = sum of digit_i 2^i.
struct BitRow {
    QString label;
    mpq_class value;             // a dyadic rational
    std::optional<std::int64_t> cut;  // places below 2^cut are thrown away (alignment, or rounding)
    QColor colour;               // invalid: the text colour
    bool bold = false;
    QString toolTip;
};

class DotTraceFigure : public FlowFigure {
    Q_DECLARE_TR_FUNCTIONS(DotTraceFigure)

public:
    explicit DotTraceFigure(DotTraceData data) : m_data(std::move(data)) {}

    QString title() const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;
    QString toolTipAt(const QPointF& point, const QSizeF& size, const FigureStyle& style) const override;
    double heightForWidth(double width, const FigureStyle& style) const override;
    double minimumWidth(const FigureStyle& style) const override;

    const DotTraceData& data() const { return m_data; }
    // Every step in a row: what it covers, what it does, the exact value, what is stored and the rest.
    static FigureTable stepsTable(const DotTraceData& data);
    // The rows of the step opened up (step 0: the products).
    static std::vector<BitRow> bitRows(const DotTraceData& data);
    // What the opened step does, in a sentence.
    static QString stepSentence(const DotTraceData& data);
    static QString resultSentence(const DotTraceData& data);
    static QString generatedSource(std::size_t count, dot::Distribution distribution, std::uint64_t seed);
    static QString pastedSource(std::size_t count);

private:
    struct Grid {
        std::int64_t top = 0;     // the highest place shown
        std::int64_t bottom = 0;  // the lowest
        std::int64_t hidden = 0;  // places below `bottom` holding digits that are not drawn
        double cell = 0;
        double left = 0;          // x of the highest place's cell
    };
    // What the grid's rows need whatever the width: their names and values whole, and their places.
    struct Columns {
        double labelWidth = 0;   // the widest name, and a gap
        double valueWidth = 0;   // the widest value written after the digits, and a gap
        std::int64_t top = 0;    // the highest place holding a digit
        std::int64_t low = 0;    // the lowest place holding a digit or two below a cut
    };
    struct Layout {
        LessonOpening::Layout opening;  // the heading, the steps, the sentence about the opened one;
                                        // the places' labels under it, then the rows
        double rowsTop = 0;
        double rowHeight = 0;
        double resultTop = 0;
        double height = 0;
        double labelWidth = 0;
        Grid grid;
    };
    static Columns columns(const std::vector<BitRow>& rows, const FigureStyle& style);
    static QString hiddenSentence(const Grid& grid);
    LessonOpening opening() const;
    Layout layout(double width, const FigureStyle& style) const;
    QString subtitle() const;

    DotTraceData m_data;
};

}  // namespace floatscope::gui
