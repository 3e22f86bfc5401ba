#include "app/panels/ScalingFigureView.h"

#include <QEvent>
#include <QPainter>

namespace floatscope::gui {

ScalingFigureView::ScalingFigureView(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setMinimumSize(240, 160);
}

void ScalingFigureView::setFigure(std::shared_ptr<const Figure> figure)
{
    m_figure = std::move(figure);
    updateGeometry();
    update();
}

FigureStyle ScalingFigureView::style() const
{
    return FigureStyle::fromPalette(palette(), font().pointSizeF());
}

QSize ScalingFigureView::sizeHint() const
{
    if (!m_figure)
        return QSize(480, 320);
    return m_figure->preferredSize(style()).toSize().boundedTo(QSize(900, 900));
}

void ScalingFigureView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), style().background());
    if (m_figure)
        m_figure->paint(p, size(), style());
}

void ScalingFigureView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange
        || event->type() == QEvent::FontChange)
        update();
    QWidget::changeEvent(event);
}

}  // namespace floatscope::gui
