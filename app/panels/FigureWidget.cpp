#include "app/panels/FigureWidget.h"

#include <algorithm>
#include <cmath>

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include "app/figures/FigureExport.h"

namespace floatscope::gui {

FigureWidget::FigureWidget(QWidget* parent) : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setMouseTracking(true);
}

void FigureWidget::setFigure(std::unique_ptr<Figure> figure)
{
    const int before = heightForWidth(width());
    m_figure = std::move(figure);
    if (!m_fitted && heightForWidth(width()) != before) {
        updateGeometry();
        setMinimumHeight(heightForWidth(width()));
    }
    update();
}

void FigureWidget::setFitted(bool fitted)
{
    m_fitted = fitted;
    QSizePolicy policy(QSizePolicy::Expanding, fitted ? QSizePolicy::Expanding : QSizePolicy::Preferred);
    policy.setHeightForWidth(!fitted);
    setSizePolicy(policy);
    setMinimumHeight(fitted ? 0 : heightForWidth(width()));
    updateGeometry();
    update();
}

double FigureWidget::scale() const
{
    if (!m_fitted || !m_figure || width() <= 0 || height() <= 0)
        return 1.0;
    // The export's fit (FigureExport), never larger than the screen's own size.
    return std::min(1.0, fitToPage(*m_figure, QSizeF(size()), style()).scale);
}

FigureStyle FigureWidget::style() const
{
    return FigureStyle::fromPalette(palette(), font().pointSizeF());
}

int FigureWidget::heightForWidth(int width) const
{
    if (!m_figure)
        return 100;
    const FigureStyle s = style();
    if (const FlowFigure* f = flow())
        return static_cast<int>(std::ceil(f->heightForWidth(width, s)));
    const QSizeF preferred = m_figure->preferredSize(s);
    return static_cast<int>(std::ceil(preferred.height() * std::min(1.0, width / preferred.width())));
}

QSize FigureWidget::sizeHint() const
{
    const int w = m_figure ? static_cast<int>(m_figure->preferredSize(style()).width()) : 400;
    return {w, heightForWidth(w)};
}

QSize FigureWidget::minimumSizeHint() const
{
    if (m_fitted)
        return {240, 160};
    return {240, m_figure ? heightForWidth(std::max(width(), 240)) : 100};
}

QString FigureWidget::toolTipAt(const QPointF& point) const
{
    const FlowFigure* f = flow();
    const double s = scale();
    return f != nullptr ? f->toolTipAt(point / s, QSizeF(size()) / s, style()) : QString();
}

bool FigureWidget::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void FigureWidget::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const FigureStyle s = style();
    painter.fillRect(rect(), s.background());
    if (!m_figure)
        return;
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const double fit = scale();
    painter.scale(fit, fit);
    m_figure->paint(painter, QSizeF(size()) / fit, s);
}

void FigureWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_fitted)
        return;
    const int wanted = heightForWidth(width());
    if (minimumHeight() != wanted)
        setMinimumHeight(wanted);
}

}  // namespace floatscope::gui
