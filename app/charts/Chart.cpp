#include "app/charts/Chart.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsScene>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QScatterSeries>
#include <QValueAxis>
#include <QVBoxLayout>

namespace floatscope::gui {

namespace {

// The data's extent along one axis (x or y), for axes the spec leaves open.
std::pair<double, double> extent(const ChartSpec& spec, bool x, bool positiveOnly)
{
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    for (const ChartSeries& s : spec.series)
        for (const QPointF& p : s.points) {
            const double v = x ? p.x() : p.y();
            if (!std::isfinite(v) || (positiveOnly && v <= 0))
                continue;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    if (!(lo <= hi))
        return positiveOnly ? std::pair{1.0, 2.0} : std::pair{0.0, 1.0};  // an empty chart still has axes
    if (lo == hi)
        return positiveOnly ? std::pair{lo / 2, hi * 2} : std::pair{lo - 1, hi + 1};
    return {lo, hi};
}

QAbstractAxis* makeAxis(const ChartAxis& a, std::pair<double, double> data, const FigureStyle& style,
                        std::optional<double> tickInterval = std::nullopt)
{
    QAbstractAxis* axis = nullptr;
    if (a.log2) {
        auto* log = new QLogValueAxis;
        log->setBase(2);
        log->setLabelFormat(QStringLiteral("%g"));
        log->setMinorTickCount(0);
        log->setRange(a.min.value_or(data.first), a.max.value_or(data.second));
        axis = log;
    } else {
        auto* value = new QValueAxis;
        value->setLabelFormat(QStringLiteral("%.10g"));
        value->setRange(a.min.value_or(data.first), a.max.value_or(data.second));
        if (!a.min && !a.max)
            value->applyNiceNumbers();
        if (tickInterval) {
            value->setTickType(QValueAxis::TicksDynamic);
            value->setTickAnchor(0);
            value->setTickInterval(*tickInterval);
        }
        axis = value;
    }
    axis->setTitleText(a.title);
    axis->setTitleFont(style.font());
    axis->setLabelsFont(style.font(style.bodyPoints() * 0.85));
    axis->setLabelsColor(style.foreground());
    axis->setTitleBrush(style.foreground());
    axis->setLinePen(QPen(style.foreground(), style.lineWidth() * 0.6));
    axis->setGridLineColor(style.muted().lighter(style.theme == Theme::Dark ? 60 : 160));
    return axis;
}

// Builds the chart for a spec in a style; the caller owns it.
QChart* buildChart(const ChartSpec& spec, const FigureStyle& style)
{
    auto* chart = new QChart;
    chart->setTitle(spec.title);
    chart->setTitleFont(style.font(style.bodyPoints() * 1.2, true));
    chart->setTitleBrush(style.foreground());
    chart->setBackgroundBrush(style.transparent ? QBrush(Qt::transparent) : QBrush(style.background()));
    chart->setBackgroundRoundness(0);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setFont(style.font());
    chart->legend()->setLabelColor(style.foreground());
    chart->legend()->setAlignment(spec.legendRight ? Qt::AlignRight : Qt::AlignBottom);
    QAbstractAxis* x = makeAxis(spec.x, extent(spec, true, spec.x.log2), style, spec.xTickInterval);
    QAbstractAxis* y = makeAxis(spec.y, extent(spec, false, spec.y.log2), style);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (const ChartSeries& s : spec.series) {
        QXYSeries* series = nullptr;
        if (s.kind == ChartSeries::Kind::Points) {
            auto* scatter = new QScatterSeries;
            scatter->setMarkerSize(style.slide ? 10 : 6);
            scatter->setBorderColor(s.colour);
            series = scatter;
        } else {
            series = new QLineSeries;
        }
        series->setName(s.name);
        series->setColor(s.colour);
        if (s.kind != ChartSeries::Kind::Points) {
            QPen pen(s.colour, style.lineWidth());
            if (s.dashed)
                pen.setStyle(Qt::DashLine);
            series->setPen(pen);
        }
        QList<QPointF> points;
        points.reserve(static_cast<qsizetype>(s.points.size() * (s.kind == ChartSeries::Kind::Steps ? 2 : 1)));
        for (std::size_t i = 0; i < s.points.size(); ++i) {
            if (s.kind == ChartSeries::Kind::Steps && i > 0)
                points.append(QPointF(s.points[i].x(), s.points[i - 1].y()));
            points.append(s.points[i]);
        }
        series->replace(points);
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
        if (!s.inLegend)
            for (QLegendMarker* marker : chart->legend()->markers(series))
                marker->setVisible(false);
    }
    return chart;
}

}  // namespace

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
    m_view->setChart(buildChart(m_spec, FigureStyle::fromPalette(palette(), font().pointSizeF())));
    delete old;
}

void ChartView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        rebuild();
    QWidget::changeEvent(event);
}

void paintChart(QPainter& painter, const ChartSpec& spec, const QSizeF& size, const FigureStyle& style)
{
    // A scene of its own, laid out at the figure's size, rendered into the painter.
    QGraphicsScene scene;
    QChart* chart = buildChart(spec, style);
    scene.addItem(chart);
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    scene.render(&painter, QRectF(QPointF(0, 0), size), QRectF(QPointF(0, 0), size));
}

}  // namespace floatscope::gui
