#pragma once

#include <span>
#include <vector>

#include <QCoreApplication>
#include <QString>

#include "core/exact/ExactValue.h"
#include "app/figures/Figure.h"
#include "app/figures/FigureTable.h"
#include "core/format/Format.h"
#include "core/lessons/Epsilon.h"
#include "core/lessons/Logits.h"

namespace floatscope::gui {

// The two small lessons from the BF16 lesson, computed by core: logits stored in 16 bits and what that does
// to softmax, and RMSNorm's eps stored in each format.
struct LogitsEpsilonData {
    std::vector<Format> formats;
    std::vector<ExactValue> logits;
    std::vector<StoredLogits> stored;       // per format
    std::size_t numerator = 3;              // the ratio p[numerator] / p[denominator]
    std::size_t denominator = 1;
    std::vector<ProbabilityRatio> ratios;   // per format
    ExactValue eps;
    std::vector<StoredConstant> constants;  // per format

    // logits must be finite and not empty; the pair must index them.
    static LogitsEpsilonData compute(std::vector<Format> formats, std::vector<ExactValue> logits, std::size_t numerator,
                                     std::size_t denominator, const ExactValue& eps);
};

// Both as one figure: the logits table and the ratio each format makes of p_i / p_j, then the eps
// table with the class, significant bits and relative error. The panel shows the same tables;
// `floatscope export logits` writes this figure.
class LogitsEpsilonFigure : public FlowFigure {
    Q_DECLARE_TR_FUNCTIONS(LogitsEpsilonFigure)

public:
    explicit LogitsEpsilonFigure(LogitsEpsilonData data) : m_data(std::move(data)) {}

    QString title() const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;

    static FigureTable logitsTable(const LogitsEpsilonData& data);
    static QStringList ratioLines(const LogitsEpsilonData& data);
    static FigureTable epsilonTable(const LogitsEpsilonData& data);
    static QString className(ValueClass c);
    // `floatscope export logits`: the logits, the pair and eps as the panel takes them.

    double heightForWidth(double width, const FigureStyle& style) const override;
    double minimumWidth(const FigureStyle& style) const override;

private:

    LogitsEpsilonData m_data;
};

}  // namespace floatscope::gui
