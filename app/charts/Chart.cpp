#include "app/charts/Chart.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include <QCategoryAxis>
#include <QChart>
#include <QGraphicsScene>
#include <QLegendMarker>
#include <QLineSeries>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QPainter>
#include <QScatterSeries>

#include "app/charts/AxisTicks.h"
#include "app/charts/ChartBuild.h"
#include "app/style/Palette.h"

namespace floatscope::gui {

namespace {

AxisScale scaleOf(const ChartAxis& a)
{
    return a.log2 ? AxisScale::Log2 : a.log10 ? AxisScale::Log10 : AxisScale::Linear;
}

// A value in the axis's own coordinate: itself, or its logarithm; NaN where a log axis has none.
double toAxis(const ChartAxis& a, double v)
{
    if (a.log2)
        return v > 0 ? std::log2(v) : NAN;
    if (a.log10)
        return v > 0 ? std::log10(v) : NAN;
    return v;
}

// The axis's range in its own coordinate: the spec's ends, else the data's widened to ticks.
std::pair<double, double> axisRange(const ChartSpec& spec, const ChartAxis& a, bool x, int maxTicks)
{
    double lo = INFINITY;
    double hi = -INFINITY;
    for (const ChartSeries& s : spec.series)
        for (const QPointF& p : s.points) {
            const double v = toAxis(a, x ? p.x() : p.y());
            if (!std::isfinite(v))
                continue;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    if (a.min)
        lo = toAxis(a, *a.min);
    if (a.max)
        hi = toAxis(a, *a.max);
    if (!(lo <= hi) || !std::isfinite(lo) || !std::isfinite(hi)) {
        lo = 0;  // an empty chart still has axes
        hi = 1;
    }
    if (lo == hi) {
        lo -= 1;
        hi += 1;
    }
    if (!a.min && !a.max && hi - lo < a.leastSpan) {
        const double middle = (lo + hi) / 2;
        lo = middle - a.leastSpan / 2;
        hi = middle + a.leastSpan / 2;
    }
    if (scaleOf(a) != AxisScale::Linear) {
        // Whole powers of the base at open ends. A value axis whose data starts on a power starts a
        // power lower, so that a line resting there (bf16 stalled at 2^0) is not drawn on the axis.
        const double bottom = !x && lo == std::floor(lo) ? lo - 1 : std::floor(lo);
        return {a.min ? lo : bottom, a.max ? hi : std::ceil(hi)};
    }
    const auto [niceLo, niceHi] = niceRange(lo, hi, maxTicks, a.integers ? TickKind::Integer : TickKind::Real);
    return {a.min ? lo : niceLo, a.max ? hi : niceHi};
}

QFont labelFont(const FigureStyle& style)
{
    return style.font(style.bodyPoints() * 0.85);
}

// Ticks whose labels fit along `length` pixels: as many as the widest label allows.
std::vector<AxisTick> fittingTicks(const ChartAxis& a, std::pair<double, double> range, double length, bool horizontal,
                                   const FigureStyle& style, int& maxTicks)
{
    const QFontMetricsF metrics(labelFont(style));
    maxTicks = horizontal ? 8 : 7;
    std::vector<AxisTick> ticks;
    for (; maxTicks >= 2; --maxTicks) {
        ticks = AxisTicks::make(range.first, range.second, maxTicks, scaleOf(a), a.integers);
        double extent = metrics.height() * 1.6;
        if (horizontal)
            for (const AxisTick& t : ticks)
                extent = std::max(extent, metrics.horizontalAdvance(t.label) * 1.2);
        if (static_cast<int>(ticks.size()) <= AxisTicks::fitting(length, extent))
            break;
    }
    return ticks;
}

}  // namespace

namespace {

struct ChartText {
    Q_DECLARE_TR_FUNCTIONS(Chart)
};

// Where a value lies along an axis, in the units the axis is drawn in.
double along(const ChartAxis& axis, double v)
{
    if (axis.log2)
        return v > 0 ? std::log2(v) : -1e300;
    if (axis.log10)
        return v > 0 ? std::log10(v) : -1e300;
    return v;
}

// `b` at x (linearly between its points; empty outside them), in the axes' units.
std::optional<double> valueAt(const ChartSpec& spec, const ChartSeries& b, double x)
{
    for (std::size_t k = 1; k < b.points.size(); ++k) {
        const double x0 = along(spec.x, b.points[k - 1].x());
        const double x1 = along(spec.x, b.points[k].x());
        if (x < std::min(x0, x1) || x > std::max(x0, x1))
            continue;
        const double y0 = along(spec.y, b.points[k - 1].y());
        const double y1 = along(spec.y, b.points[k].y());
        return x1 == x0 ? y0 : y0 + (y1 - y0) * (x - x0) / (x1 - x0);
    }
    return std::nullopt;
}

// Whether `a` lies along `b`: every point of each within `tolerance` of the other line (a lone point
// of a scatter only on a point), so that the one drawn first cannot be seen.
bool liesAlong(const ChartSpec& spec, const ChartSeries& a, const ChartSeries& b, double yTolerance)
{
    if (a.points.size() < 2 || b.points.size() < 2 || a.kind == ChartSeries::Kind::Points || b.kind == ChartSeries::Kind::Points)
        return false;
    for (const auto& [from, to] : {std::pair{&a, &b}, std::pair{&b, &a}})
        for (const QPointF& p : from->points) {
            const std::optional<double> y = valueAt(spec, *to, along(spec.x, p.x()));
            if (!y || std::fabs(*y - along(spec.y, p.y())) > yTolerance)
                return false;
        }
    return true;
}

}  // namespace

std::vector<QString> legendNames(const ChartSpec& spec)
{
    // The data's span up the plot, in the axis's units.
    double yLow = 1e300, yHigh = -1e300;
    for (const ChartSeries& s : spec.series)
        for (const QPointF& p : s.points)
            if (const double y = along(spec.y, p.y()); y > -1e299) {
                yLow = std::min(yLow, y);
                yHigh = std::max(yHigh, y);
            }
    const double yTolerance = std::max(1e-12, (yHigh - yLow) * 5e-3);  // about a line's width
    std::vector<QString> names;
    for (std::size_t i = 0; i < spec.series.size(); ++i) {
        QString name = spec.series[i].name;
        for (std::size_t j = spec.series.size(); j-- > i + 1;)
            if (!spec.series[j].name.isEmpty() && spec.series[j].inLegend
                && liesAlong(spec, spec.series[i], spec.series[j], yTolerance)) {
                name = ChartText::tr("%1 (under %2)").arg(name, spec.series[j].name);
                break;
            }
        names.push_back(name);
    }
    return names;
}

double chartLeastHeight(const ChartSpec& spec, const FigureStyle& style)
{
    const double em = QFontMetricsF(style.font()).height();
    const double title = QFontMetricsF(style.font()).horizontalAdvance(spec.y.title);
    // The title, the legend and the x axis's labels and title take about eleven lines and Qt
    // Charts' own paddings 40 pixels more; the plot is at least six lines tall and as tall as the
    // vertical title is long. Shorter, Qt Charts squeezes the axes and writes "..." for labels.
    return std::max(style.bodyPoints() * 22, em * 11 + 40 + std::max(title, em * 6));
}

namespace {

// How wide the legend is: at the bottom its entries in one row, each a marker, its name and a
// gap; at the right one under another.
double legendWidth(const ChartSpec& spec, const FigureStyle& style, bool right)
{
    const QFontMetricsF body(style.font());
    const std::vector<QString> names = legendNames(spec);
    double legend = 0;
    for (std::size_t i = 0; i < spec.series.size(); ++i) {
        const ChartSeries& s = spec.series[i];
        if (s.name.isEmpty() || !s.inLegend)
            continue;
        const double entry = body.horizontalAdvance(names[i]) + body.height() * 3;  // the marker and the gaps
        legend = right ? std::max(legend, entry) : legend + entry;
    }
    return legend;
}

// A legend goes to the right where the spec asks, or where its row would be cut at the bottom.
bool legendAtRight(const ChartSpec& spec, const FigureStyle& style, double width)
{
    return spec.legendRight || legendWidth(spec, style, false) + QFontMetricsF(style.font()).height() * 3 > width;
}

}  // namespace

double chartLeastWidth(const ChartSpec& spec, const FigureStyle& style)
{
    const double em = QFontMetricsF(style.font()).height();
    const double title = QFontMetricsF(style.font(style.bodyPoints() * 1.2, true)).horizontalAdvance(spec.title);
    return std::max(title, legendWidth(spec, style, spec.legendRight)) + em * 3;
}

namespace {

// The plot area a chart of this size leaves for its axes, roughly (Qt Charts lays it out later):
// the title, the legend and the labels take their share.
QSizeF plotArea(const QSizeF& size, const FigureStyle& style)
{
    const double em = QFontMetricsF(style.font()).height();
    return {std::max(60.0, size.width() - em * 9), std::max(40.0, size.height() - em * 8)};
}

QAbstractAxis* makeAxis(const ChartAxis& a, std::pair<double, double> range, const std::vector<AxisTick>& ticks,
                        const FigureStyle& style)
{
    // A category axis labelled at its values: the ticks and their texts are ours (AxisTicks), not
    // Qt's printf of an even split of the range.
    auto* axis = new QCategoryAxis;
    axis->setRange(range.first, range.second);
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setStartValue(range.first);
    for (const AxisTick& t : ticks)
        axis->append(t.label, t.at);
    axis->setTitleText(a.title);
    axis->setTitleFont(style.font());
    axis->setLabelsFont(labelFont(style));
    axis->setLabelsColor(style.foreground());
    axis->setTitleBrush(style.foreground());
    axis->setLinePen(QPen(style.foreground(), style.lineWidth() * 0.6));
    axis->setGridLineColor(style.muted().lighter(style.theme == Theme::Dark ? 60 : 160));
    return axis;
}

// Both axes' ranges and ticks for a chart of this size.
struct Axes {
    std::pair<double, double> xRange, yRange;
    std::vector<AxisTick> xTicks, yTicks;
    std::pair<int, int> counts;
};

Axes layoutAxes(const ChartSpec& spec, const FigureStyle& style, const QSizeF& size)
{
    // Twice: the open ends widen to ticks, and the ticks depend on the range.
    const QSizeF plot = plotArea(size, style);
    Axes a;
    a.xRange = axisRange(spec, spec.x, true, 7);
    a.xTicks = fittingTicks(spec.x, a.xRange, plot.width(), true, style, a.counts.first);
    a.xRange = axisRange(spec, spec.x, true, a.counts.first);
    a.xTicks = fittingTicks(spec.x, a.xRange, plot.width(), true, style, a.counts.first);
    a.yRange = axisRange(spec, spec.y, false, 7);
    a.yTicks = fittingTicks(spec.y, a.yRange, plot.height(), false, style, a.counts.second);
    a.yRange = axisRange(spec, spec.y, false, a.counts.second);
    a.yTicks = fittingTicks(spec.y, a.yRange, plot.height(), false, style, a.counts.second);
    return a;
}

// A title as rich text, broken at spaces into lines no wider than `width`.
QString wrappedTitle(const QString& title, const QFont& font, double width)
{
    const QFontMetricsF metrics(font);
    QStringList lines;
    QString line;
    for (const QString& word : title.split(QLatin1Char(' '))) {
        const QString joined = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(joined) > width) {
            lines << line;
            line = word;
        } else {
            line = joined;
        }
    }
    lines << line;
    for (QString& l : lines)
        l = l.toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

}  // namespace

std::pair<int, int> tickCounts(const ChartSpec& spec, const FigureStyle& style, const QSizeF& size)
{
    return layoutAxes(spec, style, size).counts;
}

QChart* buildChart(const ChartSpec& spec, const FigureStyle& style, const QSizeF& size)
{
    auto* chart = new QChart;
    // The title wrapped to the chart's width (Qt Charts would cut it with "..."), and a blank line
    // under it: the top tick's label, centred on the axis's end, reaches above the plot and would
    // otherwise touch a title wider than the plot.
    const QFont titleFont = style.font(style.bodyPoints() * 1.2, true);
    chart->setTitle(spec.title.isEmpty() ? QString() : wrappedTitle(spec.title, titleFont, size.width() - 24) + QStringLiteral("<br>&nbsp;"));
    chart->setTitleFont(titleFont);
    chart->setTitleBrush(style.foreground());
    chart->setBackgroundBrush(style.transparent ? QBrush(Qt::transparent) : QBrush(style.background()));
    chart->setBackgroundRoundness(0);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setFont(style.font());
    chart->legend()->setLabelColor(style.foreground());
    chart->legend()->setAlignment(legendAtRight(spec, style, size.width()) ? Qt::AlignRight : Qt::AlignBottom);
    const Axes axes = layoutAxes(spec, style, size);
    // Room at the right for half the last label, which is centred on the axis's end.
    const QFontMetricsF metrics(labelFont(style));
    QMargins margins = chart->margins();
    if (!axes.xTicks.empty())
        margins.setRight(std::max(margins.right(),
                                  static_cast<int>(std::ceil(metrics.horizontalAdvance(axes.xTicks.back().label) / 2 + 4))));
    chart->setMargins(margins);
    QAbstractAxis* x = makeAxis(spec.x, axes.xRange, axes.xTicks, style);
    QAbstractAxis* y = makeAxis(spec.y, axes.yRange, axes.yTicks, style);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    const std::vector<QString> names = legendNames(spec);
    for (std::size_t i = 0; i < spec.series.size(); ++i) {
        const ChartSeries& s = spec.series[i];
        QXYSeries* series = nullptr;
        if (s.kind == ChartSeries::Kind::Points) {
            auto* scatter = new QScatterSeries;
            scatter->setMarkerSize(style.slide ? 10 : 6);
            scatter->setBorderColor(s.colour);
            series = scatter;
        } else {
            series = new QLineSeries;
        }
        series->setName(names[i]);
        series->setColor(s.colour);

        if (s.kind != ChartSeries::Kind::Points) {
            QPen pen(s.colour, style.lineWidth());
            if (s.dashed)
                pen.setStyle(Qt::DashLine);
            series->setPen(pen);
        }
        // In the axes' own coordinates; a point a log axis cannot show (x <= 0) is left out.
        QList<QPointF> points;
        points.reserve(static_cast<qsizetype>(s.points.size() * (s.kind == ChartSeries::Kind::Steps ? 2 : 1)));
        const auto push = [&](double px, double py) {
            const QPointF p(toAxis(spec.x, px), toAxis(spec.y, py));
            if (std::isfinite(p.x()) && std::isfinite(p.y()))
                points.append(p);
        };
        for (std::size_t i = 0; i < s.points.size(); ++i) {
            if (s.kind == ChartSeries::Kind::Steps && i > 0)
                push(s.points[i].x(), s.points[i - 1].y());
            push(s.points[i].x(), s.points[i].y());
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

// The series' point labels (a scatter's recipe names), once the chart is laid out: beside the
// point, to its right (above it, ending at it, where the plot ends there; under it at the plot's
// top), moved down past a label already placed so that no two overlap.
void placePointLabels(QChart* chart, const ChartSpec& spec, const FigureStyle& style)
{
    for (QGraphicsItem* item : chart->childItems())
        if (item->data(0).toString() == QLatin1String("pointLabel"))
            delete item;
    const QFont font = labelFont(style);
    const QFontMetricsF metrics(font);
    const QRectF plot = chart->plotArea();
    const QList<QAbstractSeries*> series = chart->series();
    // The markers first: a label never covers a point.
    std::vector<QRectF> placed;
    const double marker = style.slide ? 10 : 6;
    for (qsizetype i = 0; i < series.size() && i < static_cast<qsizetype>(spec.series.size()); ++i)
        if (spec.series[static_cast<std::size_t>(i)].kind == ChartSeries::Kind::Points)
            for (const QPointF& p : spec.series[static_cast<std::size_t>(i)].points) {
                const QPointF at = chart->mapToPosition(p, series[i]);
                placed.emplace_back(at.x() - marker / 2, at.y() - marker / 2, marker, marker);
            }
    for (qsizetype i = 0; i < series.size() && i < static_cast<qsizetype>(spec.series.size()); ++i) {
        const ChartSeries& s = spec.series[static_cast<std::size_t>(i)];
        if (s.pointLabel.isEmpty())
            continue;
        for (const QPointF& p : s.points) {
            const QPointF at = chart->mapToPosition(p, series[i]);
            const double w = metrics.horizontalAdvance(s.pointLabel);
            const double gap = metrics.height() * 0.5;
            QRectF box(at.x() + gap, at.y() - metrics.height() / 2, w, metrics.height());
            if (box.right() > plot.right()) {
                // No room to its right: above the point, ending at it. On the point's own line to
                // its left, the label would sit beside a point further left and read as that one's.
                box.moveRight(at.x() + marker / 2);
                box.moveBottom(at.y() - marker / 2);
                if (box.top() < plot.top())  // a point at the plot's top: under it instead
                    box.moveTop(at.y() + marker / 2);
            }
            // Down past what is in the way; where that leaves the plot, up past it instead.
            const QRectF start = box;
            const auto clear = [&](bool down) {
                for (bool moved = true; moved;) {
                    moved = false;
                    for (const QRectF& other : placed)
                        if (box.intersects(other)) {
                            down ? box.moveTop(other.bottom() + 1) : box.moveBottom(other.top() - 1);
                            moved = true;
                        }
                }
            };
            clear(true);
            if (box.bottom() > plot.bottom()) {
                box = start;
                clear(false);
            }
            placed.push_back(box);
            auto* label = new QGraphicsSimpleTextItem(s.pointLabel, chart);
            label->setData(0, QStringLiteral("pointLabel"));
            label->setFont(font);
            label->setBrush(readableOn(s.colour, style.background(), 4.5));
            label->setPos(box.topLeft() - chart->pos());
        }
    }
}


void paintChart(QPainter& painter, const ChartSpec& spec, const QSizeF& size, const FigureStyle& style)
{
    // A scene of its own, laid out at the figure's size, rendered into the painter.
    QGraphicsScene scene;
    QChart* chart = buildChart(spec, style, size);
    scene.addItem(chart);
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    if (chart->layout() != nullptr)
        chart->layout()->activate();
    placePointLabels(chart, spec, style);
    scene.render(&painter, QRectF(QPointF(0, 0), size), QRectF(QPointF(0, 0), size));
}

}  // namespace floatscope::gui
