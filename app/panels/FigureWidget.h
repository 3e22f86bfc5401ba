#pragma once

#include <functional>
#include <memory>

#include <QWidget>

#include "app/figures/Figure.h"

namespace floatscope::gui {

// A painted figure on screen, in the widget's palette and font: the range bars, the loss-scaling
// window, the weights' histogram. Its height follows its width; tooltips come from the figure.
class FigureWidget : public QWidget {
    Q_OBJECT

public:
    using HeightForWidth = std::function<double(const Figure&, double width, const FigureStyle&)>;
    using ToolTip = std::function<QString(const Figure&, const QPointF&, const QSizeF&, const FigureStyle&)>;

    explicit FigureWidget(QWidget* parent = nullptr);

    void setFigure(std::unique_ptr<Figure> figure);
    const Figure* figure() const { return m_figure.get(); }
    void setHeightForWidth(HeightForWidth function) { m_heightForWidth = std::move(function); }
    void setToolTipFunction(ToolTip function) { m_toolTip = std::move(function); }
    // Heights and tooltips from a figure class F: its heightForWidth(), and toolTipAt() if it has one.
    template <class F>
    void bindTo()
    {
        m_heightForWidth = [](const Figure& f, double width, const FigureStyle& style) {
            return static_cast<const F&>(f).heightForWidth(width, style);
        };
        if constexpr (requires(const F& f, QPointF p, QSizeF size, FigureStyle style) { f.toolTipAt(p, size, style); })
            m_toolTip = [](const Figure& f, const QPointF& p, const QSizeF& size, const FigureStyle& style) {
                return static_cast<const F&>(f).toolTipAt(p, size, style);
            };
    }

    FigureStyle style() const;
    QString toolTipAt(const QPointF& point) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    std::unique_ptr<Figure> m_figure;
    HeightForWidth m_heightForWidth;
    ToolTip m_toolTip;
};

}  // namespace floatscope::gui
