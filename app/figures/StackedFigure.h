#pragma once

#include <memory>
#include <vector>

#include "app/figures/Figure.h"

namespace floatscope::gui {

// Figures one above the other as one figure: a chart over its readouts, the fp16 window over the
// loss-scale timeline. A part of weight 0 keeps its height at the figure's width; the others share
// the rest of the height in proportion to their weights.
class StackedFigure : public Figure {
public:
    explicit StackedFigure(QString title) : m_title(std::move(title)) {}

    void add(std::unique_ptr<Figure> part, double weight);

    QString title() const override { return m_title; }
    QSizeF preferredSize(const FigureStyle& style) const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;
    double heightForWidth(double width, const FigureStyle& style) const override;
    double minimumWidth(const FigureStyle& style) const override;
    bool fillsHeight() const override;

    std::size_t count() const { return m_parts.size(); }
    const Figure& part(std::size_t index) const { return *m_parts[index].figure; }
    // Where each part lies in a figure of the given size.
    std::vector<QRectF> layout(const QSizeF& size, const FigureStyle& style) const;

private:
    struct Part {
        std::unique_ptr<Figure> figure;
        double weight = 0;
    };
    QString m_title;
    std::vector<Part> m_parts;
};

}  // namespace floatscope::gui
