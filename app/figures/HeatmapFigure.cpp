#include "app/figures/HeatmapFigure.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include "app/charts/AxisTicks.h"
#include "app/text/ScalingText.h"

namespace floatscope::gui {

namespace {

struct HeatmapText {
    Q_DECLARE_TR_FUNCTIONS(HeatmapFigure)
};

// The grey of an exact cell: neither end of viridis, so that "no error" never reads as "small error".
QColor exactColour(const FigureStyle& style)
{
    return style.theme == Theme::Dark ? QColor(0x5f, 0x63, 0x68) : QColor(0xd0, 0xd3, 0xd6);
}

// The logarithmic colour scale: [lo, hi] spans at most four decades below the largest error.
struct Scale {
    double lo = 0;
    double hi = 0;
    double position(double v) const
    {
        if (!(hi > lo))
            return 1.0;
        return std::clamp((std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)), 0.0, 1.0);
    }
};

Scale scaleOf(const ErrorGrid& grid)
{
    Scale s;
    s.hi = grid.maxValue;
    double smallest = s.hi;
    for (const double v : grid.values)
        if (v > 0)
            smallest = std::min(smallest, v);
    s.lo = std::max(smallest, s.hi * 1e-4);
    return s;
}

const ErrorGrid* gridOf(const QuantizeReport& report, ErrorMeasure measure)
{
    const auto& grid = measure == ErrorMeasure::Absolute ? report.absoluteGrid : report.relativeGrid;
    return grid ? &*grid : nullptr;
}

}  // namespace

HeatmapFigure::HeatmapFigure(std::shared_ptr<const QuantizeReport> report, ErrorMeasure measure)
    : m_report(std::move(report)), m_measure(measure)
{
}

QColor HeatmapFigure::viridis(double t)
{
    // matplotlib's viridis at nine evenly spaced points, interpolated linearly.
    static constexpr std::array<QRgb, 9> kStops = {0x440154, 0x472D7B, 0x3B528B, 0x2C728E, 0x21918C,
                                                   0x28AE80, 0x5EC962, 0xADDC30, 0xFDE725};
    const double x = std::clamp(t, 0.0, 1.0) * (kStops.size() - 1);
    const std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(x), kStops.size() - 2);
    const double f = x - static_cast<double>(i);
    auto mix = [f](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * f)); };
    const QColor a(kStops[i]);
    const QColor b(kStops[i + 1]);
    return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

QString HeatmapFigure::title() const
{
    const QString what = m_measure == ErrorMeasure::Absolute ? HeatmapText::tr("Absolute error")
                                                              : HeatmapText::tr("Relative error");
    if (!m_report || !m_report->quantization)
        return what;
    return HeatmapText::tr("%1 of %2 in %3")
        .arg(what, ScalingText::tensorLabel(m_report->request, *m_report->tensor),
             ScalingText::recipeName(m_report->quantization->options()));
}

QSizeF HeatmapFigure::preferredSize(const FigureStyle& style) const
{
    return style.slide ? QSizeF(1280, 960) : QSizeF(720, 600);
}

void HeatmapFigure::paint(QPainter& p, const QSizeF& size, const FigureStyle& style) const
{
    const double unit = style.bodyPoints();
    const double m = unit * 1.2;
    p.setPen(style.foreground());
    p.setFont(style.font(unit * 1.2, true));
    const QRectF titleArea(m, m, size.width() - 2 * m, size.height());
    const QRectF used = p.boundingRect(titleArea, Qt::TextWordWrap, title());
    p.drawText(titleArea, Qt::TextWordWrap, title());
    if (!m_report)
        return;
    const double top = used.bottom() + unit;
    paintMap(p, QRectF(m, top, size.width() - 2 * m, size.height() - top - m), *m_report, m_measure, style);
}

namespace {

using Ticks = std::vector<std::pair<double, QString>>;

// Ticks at powers of ten, or nice linear ones where the errors span less than a decade
// (AxisTicks); relative errors labelled as percentages. None where every element is exact.
Ticks colourBarTicks(const Scale& scale, ErrorMeasure measure)
{
    Ticks ticks;
    if (!(scale.hi > 0))
        return ticks;
    for (const AxisTick& t : AxisTicks::make(std::log10(scale.lo), std::log10(scale.hi), 6, AxisScale::Log10))
        ticks.emplace_back(std::pow(10.0, t.at), t.label);
    if (ticks.size() < 2) {
        ticks.clear();
        for (const AxisTick& t : AxisTicks::make(scale.lo, scale.hi, 4))
            ticks.emplace_back(t.at, t.label);
    }
    if (ticks.empty())  // one error everywhere: one tick
        ticks.emplace_back(scale.hi, ScalingText::number(scale.hi, 3));
    if (measure == ErrorMeasure::Relative)
        for (auto& [value, label] : ticks)
            label = ScalingText::percent(value);
    return ticks;
}

// 2. The cells, as an image scaled without smoothing (crisp in PNG, SVG and PDF alike).
void paintCells(QPainter& p, const QRectF& map, const ErrorGrid& grid, const Scale& scale, const FigureStyle& style)
{
    const double mapW = map.width();
    const double mapH = map.height();
    QImage cells(static_cast<int>(grid.cols), static_cast<int>(grid.rows), QImage::Format_RGB32);
    const QColor exact = exactColour(style);
    for (std::size_t r = 0; r < grid.rows; ++r)
        for (std::size_t c = 0; c < grid.cols; ++c) {
            const double v = grid.values[r * grid.cols + c];
            cells.setPixelColor(static_cast<int>(c), static_cast<int>(r),
                                v > 0 ? HeatmapFigure::viridis(scale.position(v)) : exact);
        }
    const double ratio = std::max(1.0, p.device() != nullptr ? p.device()->devicePixelRatioF() : 1.0);
    const QImage scaled = cells.scaled(std::max(1, static_cast<int>(std::lround(mapW * ratio))),
                                       std::max(1, static_cast<int>(std::lround(mapH * ratio))), Qt::IgnoreAspectRatio,
                                       Qt::FastTransformation);
    p.drawImage(map, scaled);
}

// 3. Block boundaries, where they are far enough apart not to hide the cells (12 pixels); the map's frame.
void paintBlockBoundaries(QPainter& p, const QRectF& map, const Tensor& tensor, const Quantization& q,
                          const FigureStyle& style)
{
    const double mapW = map.width();
    const double mapH = map.height();
    p.setPen(QPen(QColor(255, 255, 255, 170), std::max(1.0, style.lineWidth() * 0.5)));
    auto boundaries = [](std::size_t extent, std::size_t block, double pixels) {
        std::vector<std::size_t> at;
        if (block == 0 || block >= extent || pixels * static_cast<double>(block) / static_cast<double>(extent) < 12)
            return at;
        for (std::size_t k = block; k < extent; k += block)
            at.push_back(k);
        return at;
    };
    for (const std::size_t c : boundaries(tensor.cols(), q.blockCols(), mapW)) {
        const double x = map.left() + mapW * static_cast<double>(c) / static_cast<double>(tensor.cols());
        p.drawLine(QPointF(x, map.top()), QPointF(x, map.bottom()));
    }
    for (const std::size_t r : boundaries(tensor.rows(), q.blockRows(), mapH)) {
        const double y = map.top() + mapH * static_cast<double>(r) / static_cast<double>(tensor.rows());
        p.drawLine(QPointF(map.left(), y), QPointF(map.right(), y));
    }
    p.setPen(QPen(style.foreground(), style.lineWidth() * 0.5));
    p.setBrush(Qt::NoBrush);
    p.drawRect(map);
}

// 5. The colour bar: stacked bands (vector output stays vector), ticks at powers of ten.
void paintColourBar(QPainter& p, const QRectF& map, const Scale& scale, const Ticks& ticks, double tickWidth,
                    const FigureStyle& style)
{
    const double unit = style.bodyPoints();
    const QFontMetricsF small(style.font(unit * 0.85));
    const double barWidth = unit * 1.2;
    const double mapH = map.height();
    const QColor exact = exactColour(style);
    const QRectF bar(map.right() + unit * 1.2, map.top(), barWidth, std::max(unit * 6, mapH * 0.8));
    constexpr int kBands = 64;
    p.setPen(Qt::NoPen);
    for (int i = 0; i < kBands; ++i) {
        const double t = (i + 0.5) / kBands;
        p.setBrush(scale.hi > 0 ? HeatmapFigure::viridis(t) : exact);
        p.drawRect(QRectF(bar.left(), bar.bottom() - bar.height() * (i + 1) / kBands, bar.width(),
                          bar.height() / kBands + 0.5));
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(style.foreground(), style.lineWidth() * 0.4));
    p.drawRect(bar);
    for (const auto& [t, label] : ticks) {
        const double y = bar.bottom() - bar.height() * scale.position(t);
        p.setPen(QPen(style.foreground(), style.lineWidth() * 0.4));
        p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + unit * 0.3, y));
        p.setPen(style.foreground());
        p.drawText(QRectF(bar.right() + unit * 0.5, y - small.height() / 2, tickWidth + unit, small.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, label);
    }
    const QRectF swatch(bar.left(), bar.bottom() + unit * 0.8, bar.width(), unit);
    p.fillRect(swatch, exact);
    p.drawRect(swatch);
    p.drawText(QRectF(bar.right() + unit * 0.5, swatch.top() + swatch.height() / 2 - small.height() / 2,
                      tickWidth + unit, small.height()),
               Qt::AlignLeft | Qt::AlignVCenter, HeatmapText::tr("exact (0)"));
}

}  // namespace

void HeatmapFigure::paintMap(QPainter& p, const QRectF& area, const QuantizeReport& report, ErrorMeasure measure,
                             const FigureStyle& style)
{
    const double unit = style.bodyPoints();
    const ErrorGrid* grid = gridOf(report, measure);
    p.setFont(style.font());
    if (grid == nullptr || grid->values.empty() || !report.quantization) {
        p.setPen(style.muted());
        p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap,
                   HeatmapText::tr("The heatmap is drawn for 2-D tensors: load a matrix, or give a shape such as 64x64."));
        return;
    }
    const Tensor& tensor = *report.tensor;
    const Quantization& q = *report.quantization;
    const QFontMetricsF small(style.font(unit * 0.85));
    const QFontMetricsF body(style.font());

    // 1. Layout: row labels on the left, the colour bar and its labels on the right, a caption below.
    const Scale scale = scaleOf(*grid);
    const Ticks ticks = colourBarTicks(scale, measure);
    double tickWidth = small.horizontalAdvance(HeatmapText::tr("exact (0)"));
    for (const auto& t : ticks)
        tickWidth = std::max(tickWidth, small.horizontalAdvance(t.second));
    const double rowLabelWidth = small.horizontalAdvance(QString::number(tensor.rows() - 1)) + unit * 0.6;
    const double barWidth = unit * 1.2;
    const double rightWidth = unit * 1.2 + barWidth + unit * 0.5 + tickWidth;
    const QString caption =
        HeatmapText::tr("%1 × %2 elements; each cell the largest %3 of %4 × %5 elements; white lines: the scheme's "
                        "block boundaries (where they are not too dense to draw)")
            .arg(tensor.rows())
            .arg(tensor.cols())
            .arg(measure == ErrorMeasure::Absolute ? HeatmapText::tr("absolute error") : HeatmapText::tr("relative error"))
            .arg(grid->rowsPerCell)
            .arg(grid->colsPerCell);
    const double captionHeight =
        body.boundingRect(QRectF(0, 0, area.width(), 1000), Qt::TextWordWrap, caption).height() + unit * 0.4;
    const double colLabelHeight = small.height() + unit * 0.3;
    const double availW = std::max(10.0, area.width() - rowLabelWidth - rightWidth);
    const double availH = std::max(10.0, area.height() - colLabelHeight - captionHeight);
    const double aspect = std::clamp(static_cast<double>(tensor.cols()) / static_cast<double>(tensor.rows()), 0.125, 8.0);
    const double mapW = std::min(availW, availH * aspect);
    const double mapH = mapW / aspect;
    const QRectF map(area.left() + rowLabelWidth, area.top(), mapW, mapH);
    paintCells(p, map, *grid, scale, style);
    paintBlockBoundaries(p, map, tensor, q, style);

    // 4. Row and column labels at the ends.
    p.setFont(style.font(unit * 0.85));
    p.setPen(style.muted());
    p.drawText(QRectF(area.left(), map.top(), rowLabelWidth - unit * 0.3, small.height()), Qt::AlignRight, QStringLiteral("0"));
    p.drawText(QRectF(area.left(), map.bottom() - small.height(), rowLabelWidth - unit * 0.3, small.height()),
               Qt::AlignRight, QString::number(tensor.rows() - 1));
    p.drawText(QRectF(map.left(), map.bottom() + unit * 0.2, mapW / 2, small.height()), Qt::AlignLeft, QStringLiteral("0"));
    p.drawText(QRectF(map.left() + mapW / 2, map.bottom() + unit * 0.2, mapW / 2, small.height()), Qt::AlignRight,
               QString::number(tensor.cols() - 1));
    paintColourBar(p, map, scale, ticks, tickWidth, style);

    // 6. The caption.
    p.setFont(style.font());
    p.setPen(style.muted());
    p.drawText(QRectF(area.left(), map.bottom() + colLabelHeight + unit * 0.2, area.width(), captionHeight),
               Qt::TextWordWrap, caption);
}

}  // namespace floatscope::gui
