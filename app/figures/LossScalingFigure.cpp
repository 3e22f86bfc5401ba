#include "app/figures/LossScalingFigure.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include <QFontMetricsF>
#include <QPainter>

#include "app/figures/ChartFigure.h"
#include "app/figures/FigureTable.h"
#include "app/text/LessonText.h"
#include "app/figures/Log2Axis.h"
#include "app/style/Palette.h"
#include "app/text/StdString.h"

namespace floatscope::gui {

namespace {

// The timeline is about the scale, not a format: its own colours, apart from every format's.
const QColor kScaleColour(0x00, 0x72, 0xB2);  // Okabe and Ito's blue: clear of the grid's greys on both themes
const QColor kSkippedColour(0xD5, 0x5E, 0x00);
const QColor kGrewColour(0x00, 0x9E, 0x73);

}  // namespace

QString LossWindowFigure::title() const
{
    return tr("Gradients × S in the %1 window, S = %2")
        .arg(QString::fromStdString(m_data.format.name()), LessonText::powerOfTwo(m_data.log2Scale));
}

QString LossWindowFigure::sharesText(const ZoneShares& s)
{
    return tr("underflow (→ 0) %1 · subnormal %2 · normal %3 · overflow %4")
        .arg(LessonText::percent(s.underflow), LessonText::percent(s.subnormal), LessonText::percent(s.normal),
             LessonText::percent(s.overflow));
}

LossWindowFigure::Layout LossWindowFigure::layout(double width, const FigureStyle& style) const
{
    Layout l;
    const double body = style.bodyPoints();
    const QFontMetricsF metrics(style.font());
    l.margin = body * 1.2;
    l.titleHeight = QFontMetricsF(style.font(body * 1.2, true)).height() * 1.5;
    const double label = std::max(QFontMetricsF(style.font(0, true)).horizontalAdvance(QString::fromStdString(m_data.format.name())),
                                  QFontMetricsF(style.font(0, true)).horizontalAdvance(tr("g × S")));
    l.left = l.margin + label + body;
    l.right = std::max(l.left + 50, width - l.margin * 1.5);
    l.barCentre = l.margin + l.titleHeight + body * 0.9;
    l.histogramTop = l.barCentre + body * 1.6;
    l.histogramBottom = l.histogramTop + body * 7;
    l.axisY = l.histogramBottom + body * 0.2;
    l.sharesTop = l.axisY + Log2Axis::height(style) + body * 0.5;
    l.tableTop = l.sharesTop + metrics.height() * 1.6;
    FigureTable t;
    t.rows.resize(m_data.sweep.size());
    l.captionTop = l.tableTop + t.height(style) + body * 0.5;
    l.height = l.captionTop + l.margin * 0.5;
    if (const QString caption = modelCaption(m_data); !caption.isEmpty())
        l.height += metrics.boundingRect(QRectF(0, 0, width - 2 * l.margin, 10000), Qt::TextWordWrap, caption).height();

    Log2Range range;
    range.include(m_data.bar.log2MinSubnormal);
    range.include(m_data.bar.log2MaxFinite);
    range.include(m_data.histogram, m_data.log2Scale);
    std::tie(l.lo, l.hi) = range.padded(0, 0);
    return l;
}

StorageZone LossWindowFigure::zoneOfBin(double low, double high) const
{
    // By the bin's middle: the colour says where most of it lands (the shares above are exact).
    const double mid = (low + high) / 2;
    const RangeBar& b = m_data.bar;
    if (mid < b.log2MinSubnormal - 1)
        return StorageZone::Underflow;
    if (b.hasSubnormals && mid < b.log2MinNormal)
        return StorageZone::Subnormal;
    if (mid > b.log2MaxFinite)
        return StorageZone::Overflow;
    return StorageZone::Normal;
}

double LossWindowFigure::minimumWidth(const FigureStyle& style) const
{
    return sweepTable(m_data).naturalWidth(style) + style.bodyPoints() * 3.4 + 2;
}

double LossWindowFigure::heightForWidth(double width, const FigureStyle& style) const
{
    return layout(width, style).height;
}

void LossWindowFigure::paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const
{
    const Layout l = layout(size.width(), style);
    const Log2Axis ax(l.lo, l.hi, l.left, l.right);
    const double body = style.bodyPoints();
    const QColor colour = formatColour(m_data.format.name());
    painter.save();
    painter.setFont(style.font(body * 1.2, true));
    painter.setPen(style.foreground());
    painter.drawText(QRectF(l.margin, l.margin * 0.6, size.width() - 2 * l.margin, l.titleHeight),
                     Qt::AlignLeft | Qt::AlignTop, title());
    ax.paintGrid(painter, l.barCentre - body, l.histogramBottom, style);

    // 1. The window: subnormals pale, normals solid, and its edges down through the histogram.
    const RangeBar& b = m_data.bar;
    const double xSub = ax.x(b.log2MinSubnormal);
    const double xNormal = ax.x(b.log2MinNormal);
    const double xMax = ax.x(b.log2MaxFinite);
    const double thick = body;
    painter.setFont(style.font(0, true));
    painter.setPen(style.readable(colour));
    painter.drawText(QRectF(l.margin, l.barCentre - body, l.left - l.margin, body * 2), Qt::AlignLeft | Qt::AlignVCenter,
                     QString::fromStdString(b.format));
    QColor pale = colour;
    pale.setAlphaF(0.3);
    if (b.hasSubnormals) {
        painter.setPen(QPen(colour, 1));
        painter.setBrush(pale);
        painter.drawRect(QRectF(xSub, l.barCentre - thick / 2, xNormal - xSub, thick));
    }
    painter.setPen(Qt::NoPen);
    painter.setBrush(colour);
    painter.drawRect(QRectF(xNormal, l.barCentre - thick / 2, std::max(1.0, xMax - xNormal), thick));
    painter.setPen(QPen(style.muted(), 1, Qt::DashLine));
    for (const double x : {xSub, xNormal, xMax})
        painter.drawLine(QPointF(x, l.barCentre + thick / 2), QPointF(x, l.histogramBottom));

    // 2. The histogram of g * S: each bin in the colour of where it lands. Kept bins in the format's
    // colour (pale where subnormal); lost ones grey. (No hatching: Qt's SVG writer emits patterns its
    // own reader cannot resolve.)
    ax.paintName(painter, tr("g × S"), l.margin, l.histogramTop, style);
    ax.paintHistogram(painter, m_data.histogram, l.histogramTop, l.histogramBottom, m_data.log2Scale,
                      [&](double low, double high) {
                          const StorageZone zone = zoneOfBin(low, high);
                          if (zone == StorageZone::Normal || zone == StorageZone::Subnormal) {
                              QColor fill = colour;
                              fill.setAlphaF(zone == StorageZone::Normal ? 1.0 : 0.4);
                              painter.setPen(QPen(colour.darker(120), 0.8));
                              painter.setBrush(fill);
                          } else {
                              QColor grey = style.muted();
                              grey.setAlphaF(0.45);
                              painter.setPen(QPen(style.muted(), 0.8));
                              painter.setBrush(grey);
                          }
                      });
    ax.paint(painter, l.axisY, style);

    // 3. The shares at S and at lecture 10's scales.
    painter.setFont(style.font(0, true));
    painter.setPen(style.foreground());
    painter.drawText(QRectF(l.margin, l.sharesTop, size.width() - 2 * l.margin, body * 2), Qt::AlignLeft | Qt::AlignTop,
                     sharesText(m_data.shares));
    const FigureTable t = sweepTable(m_data);
    t.paint(painter, QRectF(l.margin, l.tableTop, std::min(size.width() - 2 * l.margin, t.naturalWidth(style) + body), t.height(style)),
            style);
    if (const QString caption = modelCaption(m_data); !caption.isEmpty()) {
        painter.setFont(style.font());
        painter.setPen(style.foreground());
        painter.drawText(QRectF(l.margin, l.captionTop, size.width() - 2 * l.margin, 10000), Qt::TextWordWrap, caption);
    }
    painter.restore();
}

FigureTable LossWindowFigure::sweepTable(const LossScalingData& d)
{
    const bool model = std::any_of(d.sweep.begin(), d.sweep.end(),
                                   [](const LossScalingData::SweepRow& r) { return r.backward.has_value(); });
    FigureTable t;
    t.header = {tr("S"), tr("underflow (→ 0)"), tr("subnormal"), tr("normal"), tr("overflow")};
    if (model)
        t.header << tr("backward: → 0") << tr("→ inf") << tr("error vs fp32");
    for (const LossScalingData::SweepRow& row : d.sweep) {
        QStringList cells = {LessonText::powerOfTwo(row.log2Scale), LessonText::percent(row.shares.underflow),
                             LessonText::percent(row.shares.subnormal), LessonText::percent(row.shares.normal),
                             LessonText::percent(row.shares.overflow)};
        if (model) {
            if (row.backward) {
                cells << LessonText::percent(row.backward->flushedShare) << LessonText::percent(row.backward->overflowShare)
                      << (row.backward->relativeError ? QStringLiteral("%1 %").arg(LessonText::approx(*row.backward->relativeError * 100, 3))
                                                      : tr("— (inf)"));
            } else {
                cells << QStringLiteral("—") << QStringLiteral("—") << QStringLiteral("—");
            }
        }
        t.rows.push_back(cells);
        t.boldRows.push_back(row.log2Scale == d.log2Scale);
    }
    return t;
}

QString LossWindowFigure::modelCaption(const LossScalingData& d)
{
    if (!d.modelStep)
        return {};
    const bool measured = std::any_of(d.sweep.begin(), d.sweep.end(),
                                      [](const LossScalingData::SweepRow& r) { return r.backward.has_value(); });
    const QString where = tr("The gradients are the training lab's model's at step %1 (its fp32 run, the batch of "
                             "the next step: %2 values).")
                              .arg(*d.modelStep)
                              .arg(LessonText::count(d.valueCount));
    if (!measured)
        return thenSentence(where, tr("%1 cannot hold the model's roles, so no backward pass ran in it.")
                                       .arg(QString::fromStdString(d.format.name())));
    return thenSentence(where, tr("The last three columns are lecture 10's demo 3: the backward pass run in %1 with the "
                                  "loss times S, divided by S in fp32: the gradients that became 0 though fp32's is not, "
                                  "those that became inf or NaN, and ||g − g₃₂|| / ||g₃₂||.")
                                   .arg(QString::fromStdString(d.format.name())));
}

QString LossWindowFigure::toolTipAt(const QPointF& p, const QSizeF& size, const FigureStyle& style) const
{
    const Layout l = layout(size.width(), style);
    const Log2Axis ax(l.lo, l.hi, l.left, l.right);
    const double v = ax.log2At(p.x());
    const RangeBar& b = m_data.bar;
    const QString name = QString::fromStdString(b.format);
    if (std::fabs(p.y() - l.barCentre) <= style.bodyPoints()) {
        if (b.hasSubnormals && v >= b.log2MinSubnormal && v < b.log2MinNormal)
            return tr("%1 subnormals: %2 … %3").arg(name, LessonText::exact(b.minSubnormal), LessonText::exact(b.minNormal));
        if (v >= b.log2MinNormal && v <= b.log2MaxFinite + 0.1)
            return tr("%1 normal numbers: %2 … %3").arg(name, LessonText::exact(b.minNormal), LessonText::exact(b.maxFinite));
        return {};
    }
    if (p.y() >= l.histogramTop && p.y() <= l.histogramBottom) {
        const Log2Histogram& h = m_data.histogram;
        const auto k = ax.binAt(h, p.x(), m_data.log2Scale);
        if (!k)
            return {};
        const double low = h.firstEdge + h.binWidth * static_cast<double>(*k) + m_data.log2Scale;
        QString where;
        switch (zoneOfBin(low, low + h.binWidth)) {
        case StorageZone::Underflow: where = tr("stored as 0"); break;
        case StorageZone::Subnormal: where = tr("subnormal"); break;
        case StorageZone::Overflow: where = tr("overflows"); break;
        default: where = tr("normal"); break;
        }
        return tr("|g × S| from 2^%1 to 2^%2: %3 of %4 gradients (%5)")
            .arg(low, 0, 'g', 4)
            .arg(low + h.binWidth, 0, 'g', 4)
            .arg(LessonText::count(h.counts[*k]), LessonText::count(m_data.valueCount), where);
    }
    return {};
}

LossScalingFigure::LossScalingFigure(LossScalingData data)
    : StackedFigure(tr("Loss scaling in %1").arg(QString::fromStdString(data.format.name()))), m_data(std::move(data))
{
    add(std::make_unique<LossWindowFigure>(m_data), 0.0);
    add(std::make_unique<ChartFigure>(timeline(m_data)), 1.0);
}

QString LossScalingFigure::summary(const LossScalingData& d)
{
    return tr("From S = %1: %2 of %3 steps skipped; the next step would use S = %4.")
        .arg(LessonText::powerOfTwo(std::lround(std::log2(d.dynamic.initialScale))))
        .arg(d.run.skipped)
        .arg(d.dynamic.steps)
        .arg(d.run.finalScale > 0 ? LessonText::powerOfTwo(std::lround(std::log2(d.run.finalScale))) : QStringLiteral("0"));
}

QString LossScalingFigure::modelSource(const train::ModelGradients& model, const std::string& format)
{
    return tr("fp32 gradients of the training lab's model at step %1 (%2 values), and its backward pass in %3 at "
              "the table's scales")
        .arg(model.step)
        .arg(LessonText::count(static_cast<std::int64_t>(model.gradients.size())), QString::fromStdString(format));
}

ChartSpec LossScalingFigure::timeline(const LossScalingData& d)
{
    ChartSpec spec;
    spec.title = tr("Dynamic loss scaling (overflow: skip and halve; %1 good steps: double)").arg(d.dynamic.growthInterval);
    spec.x = {tr("step"), false, 0.0, static_cast<double>(std::max<std::int64_t>(1, d.dynamic.steps - 1)), true};
    // log2 S on a plain axis: its labels are the exponents (24, 23, ...), not 1.67772e+07.
    ChartSeries scale{tr("log₂ S"), kScaleColour, {}, ChartSeries::Kind::Steps, false, true};
    ChartSeries skipped{tr("overflow: step skipped"), kSkippedColour, {}, ChartSeries::Kind::Points, false, true};
    ChartSeries grew{tr("S doubles after this step"), kGrewColour, {}, ChartSeries::Kind::Points, false, true};
    double lo = INFINITY;
    double hi = -INFINITY;
    for (const ScalingStep& s : d.run.steps) {
        const double x = static_cast<double>(s.step);
        const double y = s.scale > 0 ? std::log2(s.scale) : -1100;
        scale.points.emplace_back(x, y);
        if (s.overflow)
            skipped.points.emplace_back(x, y);
        if (s.grew)
            grew.points.emplace_back(x, y);
        lo = std::min(lo, y);
        hi = std::max(hi, y);
    }
    if (!(lo <= hi)) {
        lo = 0;
        hi = 1;
    }
    spec.y = {tr("log₂ S"), false, std::floor(lo) - 1, std::ceil(hi) + 1, true};
    spec.series = {scale, skipped, grew};
    return spec;
}

}  // namespace floatscope::gui
