#include "app/inspector/NeighbourhoodView.h"

#include <cmath>

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace floatscope::gui {

NeighbourhoodView::NeighbourhoodView(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

FigureStyle NeighbourhoodView::style() const
{
    return FigureStyle::fromPalette(palette(), font().pointSizeF());
}

void NeighbourhoodView::display(const QString& input, const std::vector<Format>& formats,
                                const std::vector<Inspection>& results)
{
    m_figure = NeighboursFigure(input, formats, results);
    updateGeometry();
    update();
}

int NeighbourhoodView::heightForWidth(int width) const
{
    return static_cast<int>(std::ceil(m_figure.heightForWidth(width, style())));
}

QSize NeighbourhoodView::sizeHint() const
{
    return QSize(420, heightForWidth(420));
}

void NeighbourhoodView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    m_figure.paint(p, size(), style());
}

bool NeighbourhoodView::event(QEvent* event)
{
    // The ends of a line are labelled short; hovering gives them exactly.
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = m_figure.endsText(m_figure.indexAt(help->pos().y(), width(), style()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void NeighbourhoodView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange) {
        updateGeometry();
        update();
    }
    QWidget::changeEvent(event);
}

}  // namespace floatscope::gui
