#pragma once

#include <memory>

#include <QStringList>

#include "app/figures/Figure.h"
#include "core/scaling/QuantizeReport.h"

namespace floatscope::gui {

// The quantization panel as one figure: the recipe in words, the elements (a short vector as a
// table) or the error heatmap (a matrix), the summary, and the same tensor through the other
// recipes, so that a slide says which recipe gives which number.
class QuantizeFigure : public Figure {
public:
    QuantizeFigure(std::shared_ptr<const QuantizeReport> report, ErrorMeasure measure);

    QString title() const override;
    QSizeF preferredSize(const FigureStyle& style) const override;
    double heightForWidth(double width, const FigureStyle& style) const override;
    double minimumWidth(const FigureStyle& style) const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;

    // The summary the panel shows too (how the numbers were made: text::quantizeRecipe).
    static QString summaryLine(const Quantization& q);

    // Short vectors are listed element by element; longer ones only summarised.
    static constexpr std::size_t kListedElements = 24;

private:
    // Lays the figure out at `width`; paints when `painter` is given. Returns the height used.
    double layout(QPainter* painter, double width, const FigureStyle& style) const;

    std::shared_ptr<const QuantizeReport> m_report;
    ErrorMeasure m_measure;
};

}  // namespace floatscope::gui
