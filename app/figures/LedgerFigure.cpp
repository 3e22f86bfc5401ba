#include "app/figures/LedgerFigure.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include "app/charts/AxisTicks.h"
#include "app/text/ScalingText.h"
#include "app/text/LedgerText.h"

namespace floatscope::gui {

namespace {

struct LedgerText {
    Q_DECLARE_TR_FUNCTIONS(LedgerFigure)
};

constexpr double kNarrowBelow = 70;  // body heights of inner width, below which the narrow layout is used
constexpr double kLeastBar = 16;     // body heights the bars keep before names are elided
constexpr double kSmallestTitle = 1.0;  // body heights the title's type shrinks to before it wraps

constexpr ComponentRole kRoles[] = {ComponentRole::MasterWeights, ComponentRole::AccumulatedGradients,
                                    ComponentRole::Weights,       ComponentRole::Gradients,
                                    ComponentRole::OptimizerStates, ComponentRole::Other};

// Dark text on light fills, light text on dark ones (relative luminance, WCAG).
QColor textOn(const QColor& fill)
{
    auto channel = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    const double l = 0.2126 * channel(fill.redF()) + 0.7152 * channel(fill.greenF()) + 0.0722 * channel(fill.blueF());
    return l > 0.3 ? QColor(0x20, 0x21, 0x24) : Qt::white;
}

}  // namespace

LedgerChartOutcome computeLedgerChart(const LedgerInputs& inputs)
{
    LedgerChartOutcome out;
    LedgerChart chart;
    chart.inputs = inputs;
    for (const LedgerScheme& s : inputs.schemes) {
        const LedgerOutcome r = computeLedger(s, inputs.config);
        if (!r.result) {
            out.problem = LedgerChartOutcome::Problem::Ledger;
            out.error = text::message(*r.error);
            return out;
        }
        chart.results.push_back(*r.result);
    }
    if (inputs.activations) {
        ActivationConfig a = *inputs.activations;
        for (const Recomputation mode : {Recomputation::None, Recomputation::Selective, Recomputation::Full}) {
            a.recomputation = mode;
            const ActivationOutcome r = activationMemory(a);
            if (!r.result) {
                out.problem = LedgerChartOutcome::Problem::Activations;
                out.error = text::message(*r.error);
                return out;
            }
            chart.modes.emplace_back(mode, *r.result);
            if (mode == inputs.activations->recomputation)
                chart.activation = *r.result;
        }
    }
    out.chart = std::move(chart);
    return out;
}

QColor roleColour(ComponentRole role)
{
    // Okabe and Ito, "Color Universal Design" (2008).
    switch (role) {
    case ComponentRole::MasterWeights: return QColor(0x00, 0x72, 0xB2);         // blue
    case ComponentRole::AccumulatedGradients: return QColor(0x56, 0xB4, 0xE9);  // sky blue
    case ComponentRole::Weights: return QColor(0x00, 0x9E, 0x73);               // bluish green
    case ComponentRole::Gradients: return QColor(0xE6, 0x9F, 0x00);             // orange
    case ComponentRole::OptimizerStates: return QColor(0xD5, 0x5E, 0x00);       // vermillion
    case ComponentRole::Other: return QColor(0xCC, 0x79, 0xA7);                 // reddish purple
    }
    return Qt::gray;
}

QColor activationColour()
{
    return QColor(0xF0, 0xE4, 0x42);  // Okabe-Ito yellow
}

QString LedgerFigure::title() const
{
    const LedgerConfig& c = m_chart.inputs.config;
    const QString params = ScalingText::count(c.parameters);
    if (m_chart.inputs.preset)
        return LedgerText::tr("Training memory per GPU: %1 parameters (%2)")
            .arg(params, text::modelName(*m_chart.inputs.preset));
    return LedgerText::tr("Training memory per GPU: %1 parameters").arg(params);
}

QString LedgerFigure::subtitle() const
{
    const LedgerConfig& c = m_chart.inputs.config;
    QStringList parts;
    parts << (c.gpus == 1 ? LedgerText::tr("1 GPU, ZeRO-%1").arg(c.zeroStage)
                          : LedgerText::tr("%1 data-parallel GPUs, ZeRO-%2").arg(c.gpus).arg(c.zeroStage));
    if (c.modelParallel > 1)
        parts << LedgerText::tr("tensor parallel %1").arg(c.modelParallel);
    if (m_chart.activation && m_chart.inputs.activations) {
        const ActivationConfig& a = *m_chart.inputs.activations;
        parts << LedgerText::tr("activations: %1, s = %2, b = %3, %4 (Korthikanti et al. 2022)")
                     .arg(text::recomputationName(a.recomputation))
                     .arg(a.sequence)
                     .arg(a.microBatch)
                     .arg(ScalingText::fromStd(m_chart.activation->formula));
    } else {
        parts << LedgerText::tr("static memory only (no activations)");
    }
    parts << (m_chart.inputs.unit == ByteUnit::GB ? LedgerText::tr("GB = 10^9 bytes") : LedgerText::tr("GiB = 2^30 bytes"));
    return parts.join(QStringLiteral(" · "));
}

QString LedgerFigure::totalText(const LedgerResult& r) const
{
    const ByteUnit unit = m_chart.inputs.unit;
    const double activation = m_chart.activation ? m_chart.activation->totalBytes : 0.0;
    return ScalingText::bytes(r.perGpuBytes + activation, unit);
}

QString LedgerFigure::detailText(const LedgerResult& r) const
{
    QStringList parts;
    if (m_chart.activation)
        parts << LedgerText::tr("%1 static").arg(ScalingText::bytes(r.perGpuBytes, m_chart.inputs.unit));
    if (const auto& capacity = m_chart.inputs.capacityBytes) {
        const double activation = m_chart.activation ? m_chart.activation->totalBytes : 0.0;
        parts << (checkFit(r.perGpuBytes, activation, *capacity).fits ? LedgerText::tr("✓ fits")
                                                                      : LedgerText::tr("✗ too big"));
    }
    return parts.join(QStringLiteral(" · "));
}

QSizeF LedgerFigure::preferredSize(const FigureStyle& style) const
{
    const double width = style.slide ? 1280 : 760;
    return QSizeF(width, std::ceil(heightForWidth(width, style)));
}

std::pair<double, double> LedgerFigure::columnWidths(const FigureStyle& style) const
{
    const QFontMetricsF bold(style.font(0, true));
    const QFontMetricsF small(style.font(style.bodyPoints() * 0.85));
    double names = 0;
    double totals = 0;
    for (const LedgerResult& r : m_chart.results) {
        names = std::max(names, bold.horizontalAdvance(text::schemeName(r.scheme)));
        totals = std::max({totals, bold.horizontalAdvance(totalText(r)), small.horizontalAdvance(detailText(r))});
    }
    return {names, totals};
}

double LedgerFigure::minimumWidth(const FigureStyle& style) const
{
    // An export keeps names (whole), bars and totals side by side; the narrow layout is for docks.
    const double unit = style.bodyPoints();
    const auto [names, totals] = columnWidths(style);
    // The title on one line at the smallest type it shrinks to (paintHeader).
    const double title = QFontMetricsF(style.font(unit * kSmallestTitle, true)).horizontalAdvance(this->title());
    return std::max({unit * kNarrowBelow, names + totals + unit * (kLeastBar + 3), title}) + unit * 2.4;
}

double LedgerFigure::heightForWidth(double width, const FigureStyle& style) const
{
    const double unit = style.bodyPoints();
    const double rows = static_cast<double>(std::max<std::size_t>(1, m_chart.results.size()));
    const double axis = QFontMetricsF(style.font(unit * 0.85)).height() * 1.8;
    const bool narrow = width - unit * 2.4 < unit * kNarrowBelow;  // names on a line above each bar
    return paintHeader(nullptr, width, style) + rows * unit * (narrow ? 3.8 : 3.0) + axis + unit * 1.2;
}

double LedgerFigure::paintHeader(QPainter* p, double width, const FigureStyle& style) const
{
    const double unit = style.bodyPoints();
    const double m = unit * 1.2;
    const double inner = width - 2 * m;
    double y = m;
    auto text = [&](const QString& s, const QFont& font, const QColor& colour) {
        const QRectF box(m, y, inner, 100000);
        const double h = QFontMetricsF(font).boundingRect(box, Qt::TextWordWrap, s).height();
        if (p != nullptr) {
            p->setFont(font);
            p->setPen(colour);
            p->drawText(box, Qt::TextWordWrap, s);
        }
        y += h;
    };
    // The title on one line: its type shrinks (to 75 %) before it wraps.
    QFont titleFont = style.font(unit * 1.3, true);
    for (double points = unit * 1.3; points > unit * kSmallestTitle; points -= unit * 0.05) {
        titleFont = style.font(points, true);
        if (QFontMetricsF(titleFont).horizontalAdvance(title()) <= inner)
            break;
    }
    text(title(), titleFont, style.foreground());
    y += unit * 0.2;
    text(subtitle(), style.font(), style.muted());
    y += unit * 0.6;
    const QFontMetricsF metrics(style.font());
    double x = m;
    auto legend = [&](const QColor& colour, const QString& name) {
        const double w = unit * 1.6 + metrics.horizontalAdvance(name) + unit * 1.2;
        if (x + w > m + inner && x > m) {
            x = m;
            y += metrics.height() * 1.2;
        }
        if (p != nullptr) {
            p->fillRect(QRectF(x, y + metrics.height() * 0.15, unit, metrics.height() * 0.7), colour);
            p->setFont(style.font());
            p->setPen(style.foreground());
            p->drawText(QRectF(x + unit * 1.4, y, w, metrics.height()), Qt::AlignLeft | Qt::AlignVCenter, name);
        }
        x += w;
    };
    for (const ComponentRole role : kRoles) {
        bool used = false;
        for (const LedgerResult& r : m_chart.results)
            used = used || r.scheme.bytesFor(role) > 0;
        if (used)
            legend(roleColour(role), text::roleName(role));
    }
    if (m_chart.activation)
        legend(activationColour(), LedgerText::tr("activations"));
    y += metrics.height() * 1.6;
    if (m_chart.inputs.capacityBytes)
        y += QFontMetricsF(style.font(unit * 0.85)).height();
    return y;
}

// Where the bars go: the columns' widths, the rows' height and the axis, computed once for every part.
struct LedgerFigure::Bars {
    double unit = 0;
    double m = 0;
    double inner = 0;
    ByteUnit byteUnit = ByteUnit::GB;
    QFontMetricsF boldMetrics;
    QFontMetricsF smallMetrics;
    double activation = 0;
    bool narrow = false;
    double labelWidth = 0;
    double totalWidth = 0;
    double barLeft = 0;
    double barWidth = 0;
    double rowHeight = 0;
    double axisMax = 0;
    std::vector<AxisTick> ticks;
    double barsTop = 0;
    double barsBottom = 0;

    double xOf(double bytes) const { return barLeft + barWidth * inUnit(bytes, byteUnit) / axisMax; }
};

void LedgerFigure::paint(QPainter& p, const QSizeF& size, const FigureStyle& style) const
{
    // 1. Title, subtitle, legend.
    const double y = paintHeader(&p, size.width(), style);
    if (m_chart.results.empty())
        return;

    const Bars bars = layoutBars(size, y, style);
    paintAxis(p, bars, style);
    // 4. One bar per scheme.
    for (std::size_t i = 0; i < m_chart.results.size(); ++i)
        paintBar(p, bars, i, style);
    paintCapacity(p, bars, style);
}

// 2. Columns: names on the left, totals on the right, bars between; the x axis below.
LedgerFigure::Bars LedgerFigure::layoutBars(const QSizeF& size, double y, const FigureStyle& style) const
{
    const double unit = style.bodyPoints();
    const double m = unit * 1.2;
    const double inner = size.width() - 2 * m;
    const ByteUnit byteUnit = m_chart.inputs.unit;
    const QFontMetricsF boldMetrics(style.font(0, true));
    const QFontMetricsF smallMetrics(style.font(unit * 0.85));
    const auto [names, totals] = columnWidths(style);
    double maxBytes = m_chart.inputs.capacityBytes.value_or(0);
    const double activation = m_chart.activation ? m_chart.activation->totalBytes : 0.0;
    for (const LedgerResult& r : m_chart.results)
        maxBytes = std::max(maxBytes, r.perGpuBytes + activation);
    // Narrow (a docked panel): each scheme's name and total on a line above its bar. Wide: names
    // whole, unless the bars would keep less than kLeastBar (an export is never that narrow:
    // minimumWidth).
    const bool narrow = inner < unit * kNarrowBelow;
    const double labelWidth = narrow ? 0.0 : std::min(names + unit, inner - totals - unit * (kLeastBar + 2));
    const double totalWidth = narrow ? 0.0 : totals + unit;
    const double barLeft = m + labelWidth;
    const double barWidth = std::max(unit * 4, inner - labelWidth - totalWidth - (narrow ? 0.0 : unit));
    const double axisHeight = smallMetrics.height() * 1.8;
    const double available = size.height() - y - m - axisHeight;
    const double rowHeight = narrow ? std::clamp(available / static_cast<double>(m_chart.results.size()), unit * 3.4, unit * 4.2)
                                    : std::clamp(available / static_cast<double>(m_chart.results.size()), unit * 2.6, unit * 3.4);
    // The axis from 0 to the tick at or above the largest bar (AxisTicks: 0, 200, 400 GB).
    const int tickCount = narrow ? 4 : 6;
    const double axisMax = std::max(1e-9, niceRange(0, std::max(inUnit(maxBytes, byteUnit), 1e-9), tickCount).second);
    std::vector<AxisTick> ticks = AxisTicks::make(0, axisMax, tickCount);
    const double barsTop = y;
    const double barsBottom = y + rowHeight * static_cast<double>(m_chart.results.size());
    return Bars{.unit = unit,
                .m = m,
                .inner = inner,
                .byteUnit = byteUnit,
                .boldMetrics = boldMetrics,
                .smallMetrics = smallMetrics,
                .activation = activation,
                .narrow = narrow,
                .labelWidth = labelWidth,
                .totalWidth = totalWidth,
                .barLeft = barLeft,
                .barWidth = barWidth,
                .rowHeight = rowHeight,
                .axisMax = axisMax,
                .ticks = std::move(ticks),
                .barsTop = barsTop,
                .barsBottom = barsBottom};
}

// 3. Grid lines and the axis.
void LedgerFigure::paintAxis(QPainter& p, const Bars& b, const FigureStyle& style) const
{
    const double unit = b.unit;
    p.setFont(style.font(unit * 0.85));
    for (const AxisTick& t : b.ticks) {
        const double x = b.barLeft + b.barWidth * t.at / b.axisMax;
        p.setPen(QPen(style.muted().lighter(style.theme == Theme::Dark ? 70 : 150), style.lineWidth() * 0.4));
        p.drawLine(QPointF(x, b.barsTop), QPointF(x, b.barsBottom));
        p.setPen(style.muted());
        p.drawText(QRectF(x - unit * 4, b.barsBottom + unit * 0.2, unit * 8, b.smallMetrics.height()), Qt::AlignHCenter,
                   t.label);
    }
    const double small = b.smallMetrics.height();
    p.drawText(QRectF(b.barLeft, b.barsBottom + small + unit * 0.2, b.barWidth, small), Qt::AlignRight,
               b.byteUnit == ByteUnit::GB ? LedgerText::tr("GB per GPU") : LedgerText::tr("GiB per GPU"));
}

// One scheme's bar: its name and bytes per parameter, its segments, and (wide) its total and verdict.
void LedgerFigure::paintBar(QPainter& p, const Bars& b, std::size_t i, const FigureStyle& style) const
{
    const double unit = b.unit;
    const LedgerResult& r = m_chart.results[i];
    const double top = b.barsTop + b.rowHeight * static_cast<double>(i);
    const double lineHeight = b.boldMetrics.height() * 1.1;
    const double barTop = b.narrow ? top + lineHeight : top + b.rowHeight * 0.18;
    const double barHeight = b.narrow ? b.rowHeight - lineHeight - unit * 0.6 : b.rowHeight * 0.64;
    const QString bytesText = LedgerText::tr("%1 bytes/param").arg(ScalingText::bytesPerParam(r.bytesPerParam));
    if (b.narrow)
        paintNarrowLabels(p, b, r, top, bytesText, style);
    else
        paintWideLabels(p, b, r, top, bytesText, style);

    double bytes = 0;
    auto segment = [&](double amount, const QColor& colour, const QString& label) {
        if (!(amount > 0))
            return;
        const QRectF box(QPointF(b.xOf(bytes), barTop), QPointF(b.xOf(bytes + amount), barTop + barHeight));
        p.fillRect(box, colour);
        p.setPen(QPen(style.background(), std::max(1.0, style.lineWidth() * 0.5)));
        p.drawLine(box.topRight(), box.bottomRight());
        if (!label.isEmpty() && b.smallMetrics.horizontalAdvance(label) + unit * 0.4 < box.width()) {
            p.setPen(textOn(colour));
            p.setFont(style.font(unit * 0.85));
            p.drawText(box, Qt::AlignCenter, label);
        }
        bytes += amount;
    };
    for (const LedgerRow& row : r.rows)
        segment(row.perGpuBytes, roleColour(row.component.role),
                ScalingText::bytesPerParam(row.component.bytesPerParam));
    segment(b.activation, activationColour(), QString());
    if (b.narrow)
        return;

    const double right = b.barLeft + b.barWidth + unit;
    p.setFont(style.font(0, true));
    p.setPen(style.foreground());
    p.drawText(QRectF(right, top, b.totalWidth, b.rowHeight * 0.55), Qt::AlignLeft | Qt::AlignBottom, totalText(r));
    const bool tooBig = m_chart.inputs.capacityBytes
                        && !checkFit(r.perGpuBytes, b.activation, *m_chart.inputs.capacityBytes).fits;
    p.setFont(style.font(unit * 0.85));
    p.setPen(tooBig ? QColor(0xD5, 0x5E, 0x00) : style.muted());
    p.drawText(QRectF(right, top + b.rowHeight * 0.55, b.totalWidth, b.rowHeight * 0.45), Qt::AlignLeft | Qt::AlignTop,
               detailText(r));
}

// Narrow: total and verdict on the right of the line above the bar, the name in the room left of them.
void LedgerFigure::paintNarrowLabels(QPainter& p, const Bars& b, const LedgerResult& r, double top,
                                     const QString& bytesText, const FigureStyle& style) const
{
    const double unit = b.unit;
    const double m = b.m;
    const double inner = b.inner;
    const double lineHeight = b.boldMetrics.height() * 1.1;
    const QString total = totalText(r);
    const QString detail = detailText(r);
    const double detailWidth = detail.isEmpty() ? 0.0 : b.smallMetrics.horizontalAdvance(detail) + unit * 0.6;
    const double totalWidthHere = b.boldMetrics.horizontalAdvance(total) + unit * 0.6;
    const bool tooBig = m_chart.inputs.capacityBytes
                        && !checkFit(r.perGpuBytes, b.activation, *m_chart.inputs.capacityBytes).fits;
    p.setFont(style.font(unit * 0.85));
    p.setPen(tooBig ? QColor(0xD5, 0x5E, 0x00) : style.muted());
    p.drawText(QRectF(m + inner - detailWidth, top, detailWidth, lineHeight), Qt::AlignRight | Qt::AlignVCenter, detail);
    p.setFont(style.font(0, true));
    p.setPen(style.foreground());
    p.drawText(QRectF(m + inner - detailWidth - totalWidthHere, top, totalWidthHere, lineHeight),
               Qt::AlignRight | Qt::AlignVCenter, total);
    const double nameRoom = std::max(unit * 3, inner - detailWidth - totalWidthHere - unit);
    const QString name = b.boldMetrics.elidedText(text::schemeName(r.scheme), Qt::ElideRight, nameRoom);
    p.drawText(QRectF(m, top, nameRoom, lineHeight), Qt::AlignLeft | Qt::AlignVCenter, name);
    const double afterName = b.boldMetrics.horizontalAdvance(name) + unit * 0.6;
    if (afterName + b.smallMetrics.horizontalAdvance(bytesText) < nameRoom) {
        p.setFont(style.font(unit * 0.85));
        p.setPen(style.muted());
        p.drawText(QRectF(m + afterName, top, nameRoom - afterName, lineHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   bytesText);
    }
}

// Wide: the name, and the bytes per parameter under it, left of the bar.
void LedgerFigure::paintWideLabels(QPainter& p, const Bars& b, const LedgerResult& r, double top,
                                   const QString& bytesText, const FigureStyle& style) const
{
    const double unit = b.unit;
    const double m = b.m;
    const double labelWidth = b.labelWidth;
    const double rowHeight = b.rowHeight;
    p.setFont(style.font(0, true));
    p.setPen(style.foreground());
    const QString name = b.boldMetrics.elidedText(text::schemeName(r.scheme), Qt::ElideRight, labelWidth - unit + 1);
    p.drawText(QRectF(m, top, labelWidth - unit, rowHeight * 0.55), Qt::AlignLeft | Qt::AlignBottom, name);
    p.setFont(style.font(unit * 0.85));
    p.setPen(style.muted());
    p.drawText(QRectF(m, top + rowHeight * 0.55, labelWidth - unit, rowHeight * 0.45), Qt::AlignLeft | Qt::AlignTop,
               bytesText);
}

// 5. The GPU's capacity.
void LedgerFigure::paintCapacity(QPainter& p, const Bars& b, const FigureStyle& style) const
{
    const auto& capacity = m_chart.inputs.capacityBytes;
    if (!capacity)
        return;
    const double unit = b.unit;
    const double m = b.m;
    const QFontMetricsF& smallMetrics = b.smallMetrics;
    const double x = b.xOf(*capacity);
    p.setPen(QPen(style.foreground(), style.lineWidth(), Qt::DashLine));
    if (b.narrow) {
        // Across the bars only: the names and totals sit on the lines between them.
        const double lineHeight = b.boldMetrics.height() * 1.1;
        for (std::size_t i = 0; i < m_chart.results.size(); ++i) {
            const double top = b.barsTop + b.rowHeight * static_cast<double>(i);
            p.drawLine(QPointF(x, top + lineHeight), QPointF(x, top + b.rowHeight - unit * 0.6));
        }
    } else {
        p.drawLine(QPointF(x, b.barsTop - unit * 0.3), QPointF(x, b.barsBottom));
    }
    p.setFont(style.font(unit * 0.85, true));
    const ByteUnit byteUnit = b.byteUnit;
    const QString label =
        LedgerText::tr("GPU: %1 (%2)")
            .arg(ScalingText::bytes(*capacity, byteUnit),
                 ScalingText::bytes(*capacity, byteUnit == ByteUnit::GB ? ByteUnit::GiB : ByteUnit::GB));
    const double w = smallMetrics.horizontalAdvance(label) * 1.15;
    p.drawText(QRectF(std::clamp(x - w / 2, m, std::max(m, b.barLeft + b.barWidth - w)),
                      b.barsTop - unit * 0.3 - smallMetrics.height(), w,
                      smallMetrics.height()),
               Qt::AlignCenter, label);
}

}  // namespace floatscope::gui
