#pragma once

#include <memory>

#include <QWidget>

#include "app/figures/Figure.h"

namespace floatscope::gui {

// A figure on screen, in the window's palette and font: the scaling panels show their heatmap and
// their stacked bars through it, so that the window draws exactly what File > Export figure writes.
class ScalingFigureView : public QWidget {
    Q_OBJECT

public:
    explicit ScalingFigureView(QWidget* parent = nullptr);

    void setFigure(std::shared_ptr<const Figure> figure);
    const Figure* figure() const { return m_figure.get(); }
    FigureStyle style() const;

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    std::shared_ptr<const Figure> m_figure;
};

}  // namespace floatscope::gui
