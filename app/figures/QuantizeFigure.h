#pragma once

#include <memory>

#include <QStringList>

#include "app/lessons/ExportView.h"
#include "core/scaling/QuantizeReport.h"

namespace floatscope::gui {

// The tensor's source as `floatscope quantize` and its export view read it: --input FILE, or
// --generate N|RxC with --mean, --std, --outliers, --outlier-value (and `seed`), else the values
// given; the storage and shape are the caller's. False, with the one-line reason, on a bad option.
bool readTensorRequest(const ViewArguments& args, std::uint64_t seed, TensorRequest& request, std::string& error);

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

    // `floatscope export quantize` (QuantizeView.cpp): `floatscope quantize`'s options, with
    // --scale-precision for the scale (--scale is the export's PNG scale) and --heatmap rel|abs.
    static ExportView exportView();

    // Short vectors are listed element by element; longer ones only summarised.
    static constexpr std::size_t kListedElements = 24;

private:
    // Lays the figure out at `width`; paints when `painter` is given. Returns the height used.
    double layout(QPainter* painter, double width, const FigureStyle& style) const;

    std::shared_ptr<const QuantizeReport> m_report;
    ErrorMeasure m_measure;
};

}  // namespace floatscope::gui
