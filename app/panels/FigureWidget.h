#pragma once

#include <memory>

#include <QWidget>

#include "app/figures/Figure.h"

namespace floatscope::gui {

// A painted figure on screen, in the widget's palette and font: the range bars, the loss-scaling
// window, the weights' histogram. The height of a FlowFigure follows the width, and its tooltips
// show; another figure keeps its proportions. Fitted (a lesson's result area), it takes the room it
// is given and draws the figure smaller where it is taller than that, as an export fits its page.
class FigureWidget : public QWidget {
    Q_OBJECT

public:
    explicit FigureWidget(QWidget* parent = nullptr);

    void setFigure(std::unique_ptr<Figure> figure);
    void setFitted(bool fitted);
    bool fitted() const { return m_fitted; }
    // The scale the figure is drawn at (below 1 only when fitted and taller than the widget).
    double scale() const;
    const Figure* figure() const { return m_figure.get(); }

    FigureStyle style() const;
    QString toolTipAt(const QPointF& point) const;

    bool hasHeightForWidth() const override { return !m_fitted; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    const FlowFigure* flow() const { return dynamic_cast<const FlowFigure*>(m_figure.get()); }

    std::unique_ptr<Figure> m_figure;
    bool m_fitted = false;
};

}  // namespace floatscope::gui
