#include "app/charts/ChartView.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QPainter>
#include <QVBoxLayout>

#include "app/charts/ChartBuild.h"

namespace floatscope::gui {

ChartView::ChartView(QWidget* parent) : QWidget(parent)
{
    m_view = new QChartView(this);
    m_view->setRenderHint(QPainter::Antialiasing);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    rebuild();
}

ChartView::~ChartView() = default;

void ChartView::setSpec(const ChartSpec& spec)
{
    m_spec = spec;
    rebuild();
}

void ChartView::rebuild()
{
    QChart* old = m_view->chart();
    const FigureStyle style = FigureStyle::fromPalette(palette(), font().pointSizeF());
    m_tickCounts = tickCounts(m_spec, style, QSizeF(size()));
    QChart* chart = buildChart(m_spec, style, QSizeF(size()));
    connect(chart, &QChart::plotAreaChanged, chart, [this, chart, style] { placePointLabels(chart, m_spec, style); });
    m_view->setChart(chart);
    delete old;
}

void ChartView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // Rebuilt only when the new size has room for another number of ticks.
    const FigureStyle style = FigureStyle::fromPalette(palette(), font().pointSizeF());
    if (tickCounts(m_spec, style, QSizeF(size())) != m_tickCounts)
        rebuild();
}

void ChartView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        rebuild();
    QWidget::changeEvent(event);
}

}  // namespace floatscope::gui
