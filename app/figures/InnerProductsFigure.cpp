#include "app/figures/InnerProductsFigure.h"

#include <algorithm>
#include <cmath>
#include <variant>

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include "app/figures/FigureParagraphs.h"
#include "app/figures/Log2Axis.h"
#include "app/style/Palette.h"
#include "app/text/LessonText.h"
#include "app/text/OperatorsText.h"
#include "app/text/StdString.h"
#include "core/dot/AccumulatorSpec.h"
#include "core/dot/TensorCorePresets.h"
#include "core/format/Registry.h"

namespace floatscope::gui {

namespace {

// Curve colours after the formats' own (fp32 blue, bf16 green, fp16 vermillion): Okabe-Ito, and two
// darker hues for long lists.
constexpr QRgb kCurveColours[] = {0xE69F00, 0xCC79A7, 0x56B4E9, 0x8C6D1F, 0x7F7F7F, 0x0072B2, 0xD55E00, 0x009E73,
                                  0x6F7F9F, 0x928200};

// Promotion helps an accumulator that keeps fewer bits than fp32: narrower IEEE formats and fused
// adders (the tensor cores DeepSeek-V3 promotes from); fp32 and VDPBF16PS already add in fp32.
bool worthPromoting(const dot::Accumulator& a)
{
    if (const auto* ieee = std::get_if<dot::IeeeAccumulator>(&a.model))
        return ieee->format.mantissaBits() < 23;
    return std::holds_alternative<dot::FusedAdder>(a.model);
}

double log2Error(const dot::ErrorPoint& p)
{
    return p.relativeError && *p.relativeError > 0 ? std::log2(*p.relativeError) : NAN;
}

// Binades between labelled ticks of a vertical log2 axis whose labels are `label` high.
int verticalStep(double pixelsPerBinade, double label)
{
    for (const int step : {1, 2, 4, 5, 8, 10, 16, 20, 32})
        if (step * pixelsPerBinade >= label * 1.5)
            return step;
    return 64;
}

// Whether a sum of ones stopped counting (K - 1 ones and then no more), rather than first going
// wrong at K (stochastic rounding wanders off and on).
bool stopped(const dot::OnesStall& stall)
{
    return stall.value == ExactValue::fromRational(mpq_class(static_cast<unsigned long>(stall.k - 1)));
}

}  // namespace

double InnerProductsSetup::work() const
{
    const double curves = static_cast<double>(accumulators.size()) * (promote > 0 ? 2.0 : 1.0);
    return curves * std::ldexp(1.0, maxLog2K + 2);  // the sweep's prefixes, and the stall's gallop
}

std::optional<InnerProductsData> InnerProductsData::compute(const InnerProductsSetup& setup, const dot::RunControl& control)
{
    InnerProductsData d{setup, {}};
    std::vector<dot::Accumulator> all;
    for (const dot::Accumulator& a : setup.accumulators) {
        all.push_back(a);
        if (setup.promote > 0 && worthPromoting(a)) {
            dot::Accumulator promoted = a;
            promoted.promoteEvery = setup.promote;
            all.push_back(promoted);
        }
    }
    const dot::ErrorSweep sweep{setup.inputs, setup.distribution, setup.seed, InnerProductsSetup::kMinLog2K,
                                setup.maxLog2K, all};
    const dot::RunControl sweeping{control.cancel, [&control](double share) { control.report(0.8 * share); }};
    dot::ErrorSweepResult swept = dot::errorVersusK(sweep, sweeping);
    if (swept.cancelled || control.cancelled())
        return std::nullopt;
    if (swept.error)
        return d;  // the accumulators were checked against the inputs before: nothing to draw
    const std::size_t maxK = std::size_t{1} << setup.maxLog2K;
    for (std::size_t i = 0; i < swept.curves.size(); ++i) {
        InnerProductsCurve c{swept.curves[i].accumulator, std::move(swept.curves[i].points), {}};
        c.stall = dot::onesStall(setup.inputs, c.accumulator, maxK, dot::RunControl{control.cancel, {}});
        if (control.cancelled())
            return std::nullopt;
        d.curves.push_back(std::move(c));
        control.report(0.8 + 0.2 * static_cast<double>(i + 1) / static_cast<double>(swept.curves.size()));
    }
    return d;
}

QColor InnerProductsFigure::curveColour(const InnerProductsData& data, std::size_t curve)
{
    // An IEEE accumulator in its format's default (nearest-even, in order) takes the format's colour,
    // as everywhere in the program; a promoted curve its accumulator's; the rest the next unused hue.
    std::vector<QRgb> used;
    QRgb mine = 0;
    std::size_t next = 0;
    for (std::size_t i = 0; i <= curve && i < data.curves.size(); ++i) {
        const dot::Accumulator& a = data.curves[i].accumulator;
        QRgb colour = 0;
        if (a.promoteEvery && i > 0) {
            colour = used.back();
        } else if (const auto* ieee = std::get_if<dot::IeeeAccumulator>(&a.model);
                   ieee != nullptr && ieee->rounding == RoundingMode::NearestEven && ieee->order == dot::SumOrder::Sequential
                   && std::find(used.begin(), used.end(), formatColour(ieee->format.name()).rgb() & 0xFFFFFF) == used.end()) {
            colour = formatColour(ieee->format.name()).rgb() & 0xFFFFFF;
        } else {
            do
                colour = kCurveColours[next++ % std::size(kCurveColours)];
            while (std::find(used.begin(), used.end(), colour) != used.end() && next < 2 * std::size(kCurveColours));
        }
        used.push_back(colour);
        mine = colour;
    }
    return QColor(mine);
}

QString InnerProductsFigure::title() const
{
    return tr("Relative error of a K-term inner product: %1 inputs (%2)")
        .arg(qs(m_data.setup.inputs.name()), text::distributionText(m_data.setup.distribution));
}

QString InnerProductsFigure::subtitle() const
{
    QString s = tr("The first K products of one generated pair of vectors (seed %1), each product exact, summed by each "
                   "accumulator and compared with the exact sum.")
                    .arg(m_data.setup.seed);
    if (m_data.setup.promote > 0)
        s = thenSentence(s, tr("Dashed: partial sums of %1 products promoted into fp32, as DeepSeek-V3 does on Hopper "
                               "(section 3.3.2).")
                                .arg(m_data.setup.promote));
    return s;
}

std::vector<std::size_t> InnerProductsFigure::stalledCurves() const
{
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < m_data.curves.size(); ++i)
        if (m_data.curves[i].stall)
            out.push_back(i);
    return out;
}

FigureTable InnerProductsFigure::table(const InnerProductsData& d)
{
    FigureTable t;
    const QString top = LessonText::powerOfTwo(d.setup.maxLog2K);
    t.header = {tr("accumulator"), tr("rel. error at K = %1").arg(top), tr("a sum of ones stops at"), tr("model's source")};
    for (std::size_t i = 0; i < d.curves.size(); ++i) {
        const InnerProductsCurve& c = d.curves[i];
        QString error = QStringLiteral("—");
        if (!c.points.empty()) {
            const dot::ErrorPoint& last = c.points.back();
            if (!last.value.isFinite())
                error = LessonText::brief(last.value);
            else if (last.relativeError)
                error = *last.relativeError == 0 ? tr("0 (exact)") : LessonText::approx(*last.relativeError, 3);
        }
        QString ones = tr("counts past %1").arg(top);
        if (c.stall)
            ones = stopped(*c.stall) ? tr("%1 (K = %2)").arg(LessonText::brief(c.stall->value), LessonText::count(static_cast<std::int64_t>(c.stall->k)))
                                     : tr("off at K = %1 (%2)").arg(LessonText::count(static_cast<std::int64_t>(c.stall->k)), LessonText::brief(c.stall->value));
        const dot::TensorCorePreset* preset = dot::findTensorCorePreset(c.accumulator.preset);
        t.rows.push_back({text::accumulatorName(c.accumulator), error, ones,
                          preset != nullptr ? text::presetSourceShortText(preset->source) : QStringLiteral("—")});
        t.rowColours.push_back(curveColour(d, i));
    }
    return t;
}

QStringList InnerProductsFigure::stallSentences(const InnerProductsData& d)
{
    QStringList lines;
    const QString top = LessonText::count(std::int64_t{1} << d.setup.maxLog2K);
    for (const InnerProductsCurve& c : d.curves) {
        QString ones;
        if (!c.stall) {
            ones = tr("It counts every one of %1 ones.").arg(top);
        } else if (stopped(*c.stall)) {
            ones = tr("A sum of ones stops at %1: the next one is lost (%1 + 1 rounds back to %1).")
                       .arg(LessonText::brief(c.stall->value));
        } else {
            ones = tr("The sum of %1 ones is %2, not %1.")
                       .arg(LessonText::count(static_cast<std::int64_t>(c.stall->k)), LessonText::brief(c.stall->value));
        }
        lines << tr("%1 — %2. %3").arg(text::accumulatorName(c.accumulator), text::accumulatorDescription(c.accumulator), ones);
    }
    return lines;
}

InnerProductsFigure::Layout InnerProductsFigure::layout(double width, const FigureStyle& style) const
{
    Layout l;
    const double body = style.bodyPoints();
    const QFontMetricsF metrics(style.font());
    const QFontMetricsF small(style.font(body * 0.85));
    const LessonFrame frame = lessonFrame(title(), subtitle(), width, style);
    l.margin = frame.margin;
    const double text = frame.textWidth;
    l.stallTop = frame.bodyTop;
    l.plotTop = l.stallTop + small.height() * static_cast<double>(stalledCurves().size()) + body * 0.6;
    // The plot grows with the width, from 15 to 28 lines of text: not a strip on a wide screen.
    l.plotBottom = l.plotTop + std::clamp(width * 0.2, body * 15, body * 28);
    l.floorY = l.plotBottom + body * 1.3;
    l.axisY = l.floorY + body * 0.7;
    // The legend under the axis's title: entries side by side, a new row where the width ends.
    l.legendTop = l.axisY + Log2Axis::height(style) + metrics.height() * 1.2 + body * 0.3;
    double x = 0;
    for (std::size_t i = 0; i < m_data.curves.size(); ++i) {
        const double w = legendEntryWidth(i, style);
        if (l.legendRows.empty() || (x + w > text && x > 0)) {
            l.legendRows.emplace_back();
            x = 0;
        }
        l.legendRows.back().push_back(i);
        x += w;
    }
    l.tableTop = l.legendTop + metrics.height() * 1.3 * static_cast<double>(l.legendRows.size()) + body * 0.6;
    l.sentencesTop = l.tableTop + table(m_data).height(style) + body * 0.6;
    l.height = l.sentencesTop + paragraphsHeight(stallSentences(m_data), text, style) + l.margin * 0.5;
    l.left = l.margin + QFontMetricsF(style.font(0, true)).height() * 1.2 + small.horizontalAdvance(LessonText::powerOfTwo(-100))
           + body * 0.8;
    l.right = std::max(l.left + 50, width - l.margin * 1.5);

    double lo = INFINITY, hi = -INFINITY;
    for (const InnerProductsCurve& c : m_data.curves)
        for (const dot::ErrorPoint& p : c.points)
            if (const double e = log2Error(p); std::isfinite(e)) {
                lo = std::min(lo, e);
                hi = std::max(hi, e);
            }
    if (!(lo <= hi)) {
        lo = -24;
        hi = 0;
    }
    l.yLo = std::floor(lo) - 1;
    l.yHi = std::max(std::ceil(hi) + 1, l.yLo + 4);
    return l;
}

double InnerProductsFigure::legendEntryWidth(std::size_t curve, const FigureStyle& style) const
{
    return style.bodyPoints() * 3.6 + QFontMetricsF(style.font()).horizontalAdvance(text::accumulatorName(m_data.curves[curve].accumulator));
}

double InnerProductsFigure::heightForWidth(double width, const FigureStyle& style) const
{
    return layout(width, style).height;
}

double InnerProductsFigure::minimumWidth(const FigureStyle& style) const
{
    return table(m_data).naturalWidth(style) + 2 * style.bodyPoints() * kLessonMargin + 2;  // the table, uncut, between the margins
}

double InnerProductsFigure::yOf(const Layout& l, const dot::ErrorPoint& p) const
{
    if (!p.value.isFinite() || !p.relativeError)
        return l.plotTop;  // inf or NaN: at the top edge, named in the table
    const double e = log2Error(p);
    if (!std::isfinite(e))
        return l.floorY;  // exact
    return l.plotBottom - (e - l.yLo) / (l.yHi - l.yLo) * (l.plotBottom - l.plotTop);
}

namespace {

// The K axis: 2^4 ... 2^max, and down to any stall below 2^4.
Log2Axis kAxis(const InnerProductsData& d, double left, double right)
{
    double lo = InnerProductsSetup::kMinLog2K;
    for (const InnerProductsCurve& c : d.curves)
        if (c.stall)
            lo = std::min(lo, std::floor(std::log2(static_cast<double>(c.stall->k))));
    return Log2Axis(lo - 0.5, d.setup.maxLog2K + 0.5, left, right);
}

}  // namespace

void InnerProductsFigure::paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const
{
    const Layout l = layout(size.width(), style);
    const Log2Axis ax = kAxis(m_data, l.left, l.right);
    const double width = size.width() - 2 * l.margin;
    painter.save();
    paintHeading(painter, title(), subtitle(), QPointF(l.margin, l.margin * 0.6), width, style);

    paintErrorAxis(painter, l, style);
    ax.paintGrid(painter, l.plotTop, l.floorY, style);
    paintStalls(painter, l, ax, size.width(), style);
    paintCurves(painter, l, ax, style);
    paintLegend(painter, l, style);

    // 5. The table and the sentences.
    const FigureTable t = table(m_data);
    t.paint(painter, QRectF(l.margin, l.tableTop, width, t.height(style)), style);
    paintParagraphs(painter, stallSentences(m_data), QPointF(l.margin, l.sentencesTop), width, style);
    painter.restore();
}

// 1. The vertical axis: log2 of the relative error, and the floor line for exact results.
void InnerProductsFigure::paintErrorAxis(QPainter& painter, const Layout& l, const FigureStyle& style) const
{
    const double body = style.bodyPoints();
    const QFont smallFont = style.font(body * 0.85);
    const QFontMetricsF small(smallFont);
    const double perBinade = (l.plotBottom - l.plotTop) / (l.yHi - l.yLo);
    const int step = verticalStep(perBinade, small.height());
    QColor grid = style.muted();
    grid.setAlphaF(0.25);
    painter.setFont(smallFont);
    for (long k = static_cast<long>(std::ceil(l.yLo / step)) * step; k <= static_cast<long>(l.yHi); k += step) {
        const double y = l.plotBottom - (static_cast<double>(k) - l.yLo) * perBinade;
        painter.setPen(QPen(grid, 1, Qt::DotLine));
        painter.drawLine(QPointF(l.left, y), QPointF(l.right, y));
        painter.setPen(style.foreground());
        painter.drawText(QRectF(l.margin, y - small.height() / 2, l.left - l.margin - body * 0.4, small.height()),
                         Qt::AlignRight | Qt::AlignVCenter, LessonText::powerOfTwo(k));  // right-aligned: clear of the name
    }
    painter.setPen(QPen(style.muted(), 1, Qt::DashLine));
    painter.drawLine(QPointF(l.left, l.floorY), QPointF(l.right, l.floorY));
    painter.setPen(style.muted());
    painter.drawText(QRectF(l.margin, l.floorY - small.height() / 2, l.left - l.margin - body * 0.4, small.height()),
                     Qt::AlignRight | Qt::AlignVCenter, tr("exact"));
    painter.setPen(QPen(style.foreground(), style.lineWidth() * 0.6));
    painter.drawLine(QPointF(l.left, l.plotTop), QPointF(l.left, l.floorY));
    // The axis' name, turned along it, left of its labels.
    painter.save();
    painter.setFont(style.font(0, true));
    painter.setPen(style.foreground());
    painter.translate(l.margin, (l.plotTop + l.floorY) / 2);
    painter.rotate(-90);
    const double nameHeight = QFontMetricsF(style.font(0, true)).height();
    painter.drawText(QRectF(-(l.floorY - l.plotTop) / 2, 0, l.floorY - l.plotTop, nameHeight), Qt::AlignCenter,
                     tr("relative error"));
    painter.restore();
}

// 2. Where sums of ones stall: a marker and a label per accumulator, a line down the plot.
void InnerProductsFigure::paintStalls(QPainter& painter, const Layout& l, const Log2Axis& ax, double figureWidth,
                                      const FigureStyle& style) const
{
    const double body = style.bodyPoints();
    const QFont smallFont = style.font(body * 0.85);
    const QFontMetricsF small(smallFont);
    const std::vector<std::size_t> stalled = stalledCurves();
    painter.setFont(smallFont);
    for (std::size_t r = 0; r < stalled.size(); ++r) {
        const InnerProductsCurve& c = m_data.curves[stalled[r]];
        const QColor colour = curveColour(m_data, stalled[r]);
        const double x = ax.x(std::log2(static_cast<double>(c.stall->k)));
        const double y = l.stallTop + small.height() * static_cast<double>(r);
        painter.setPen(QPen(colour, 1, Qt::DashLine));
        painter.drawLine(QPointF(x, y + small.height()), QPointF(x, l.floorY));
        const QString label = stopped(*c.stall)
                                  ? tr("%1 stops at %2").arg(text::accumulatorName(c.accumulator), LessonText::brief(c.stall->value))
                                  : tr("%1 first off at K = %2")
                                        .arg(text::accumulatorName(c.accumulator), LessonText::count(static_cast<std::int64_t>(c.stall->k)));
        const double w = small.horizontalAdvance(label) + 2;
        // The label right of its marker, or left of it where the plot ends.
        const bool right = x + body * 0.5 + w <= figureWidth - l.margin;
        const double left = right ? x + body * 0.5 : x - body * 0.5 - w;
        painter.setPen(colour);
        painter.setBrush(colour);
        QPainterPath marker;
        marker.moveTo(x - body * 0.3, y + small.height() * 0.3);
        marker.lineTo(x + body * 0.3, y + small.height() * 0.3);
        marker.lineTo(x, y + small.height() * 0.95);
        marker.closeSubpath();
        painter.drawPath(marker);
        painter.setPen(readableOn(colour, style.background(), 3.0));
        painter.drawText(QRectF(left, y, w, small.height()), Qt::AlignLeft | Qt::AlignVCenter, label);
    }
}

// 3. The curves: a line through each K's error, dots at the points; promoted ones dashed; the K axis below.
void InnerProductsFigure::paintCurves(QPainter& painter, const Layout& l, const Log2Axis& ax,
                                      const FigureStyle& style) const
{
    const double body = style.bodyPoints();
    painter.setBrush(Qt::NoBrush);
    for (std::size_t i = 0; i < m_data.curves.size(); ++i) {
        const InnerProductsCurve& c = m_data.curves[i];
        const QColor colour = curveColour(m_data, i);
        QPolygonF line;
        for (const dot::ErrorPoint& p : c.points)
            line << QPointF(ax.x(std::log2(static_cast<double>(p.k))), yOf(l, p));
        painter.setPen(QPen(colour, style.lineWidth(), c.accumulator.promoteEvery ? Qt::DashLine : Qt::SolidLine));
        painter.drawPolyline(line);
        painter.setBrush(colour);
        painter.setPen(Qt::NoPen);
        for (const QPointF& p : line)
            painter.drawEllipse(p, body * 0.22, body * 0.22);
        painter.setBrush(Qt::NoBrush);
    }
    ax.paint(painter, l.axisY, style);
    painter.setFont(style.font());
    painter.setPen(style.foreground());
    painter.drawText(QRectF(l.left, l.axisY + Log2Axis::height(style), l.right - l.left, QFontMetricsF(style.font()).height()),
                     Qt::AlignHCenter | Qt::AlignTop, tr("K, the number of products summed"));
}

// 4. The legend: each curve's line (dashed where promoted) and its name.
void InnerProductsFigure::paintLegend(QPainter& painter, const Layout& l, const FigureStyle& style) const
{
    const double body = style.bodyPoints();
    painter.setFont(style.font());
    const double line = QFontMetricsF(style.font()).height() * 1.3;
    for (std::size_t r = 0; r < l.legendRows.size(); ++r) {
        double x = l.margin;
        const double y = l.legendTop + line * static_cast<double>(r) + line / 2;
        for (const std::size_t i : l.legendRows[r]) {
            const InnerProductsCurve& c = m_data.curves[i];
            const QColor colour = curveColour(m_data, i);
            painter.setPen(QPen(colour, style.lineWidth(), c.accumulator.promoteEvery ? Qt::DashLine : Qt::SolidLine));
            painter.drawLine(QPointF(x, y), QPointF(x + body * 2.2, y));
            painter.setPen(readableOn(colour, style.background(), 4.5));
            painter.drawText(QRectF(x + body * 2.6, y - line / 2, legendEntryWidth(i, style), line), Qt::AlignLeft | Qt::AlignVCenter,
                             text::accumulatorName(c.accumulator));
            x += legendEntryWidth(i, style);
        }
    }
}

QString InnerProductsFigure::toolTipAt(const QPointF& point, const QSizeF& size, const FigureStyle& style) const
{
    const Layout l = layout(size.width(), style);
    const Log2Axis ax = kAxis(m_data, l.left, l.right);
    // A point of a curve.
    for (std::size_t i = 0; i < m_data.curves.size(); ++i)
        for (const dot::ErrorPoint& p : m_data.curves[i].points) {
            const QPointF at(ax.x(std::log2(static_cast<double>(p.k))), yOf(l, p));
            if (std::hypot(at.x() - point.x(), at.y() - point.y()) > style.bodyPoints() * 0.6)
                continue;
            const QString error = p.relativeError ? (*p.relativeError == 0 ? tr("0 (exact)") : LessonText::approx(*p.relativeError, 4))
                                                  : QStringLiteral("—");
            return tr("%1, K = %2: relative error %3\nvalue %4\nexact %5")
                .arg(text::accumulatorName(m_data.curves[i].accumulator), LessonText::count(static_cast<std::int64_t>(p.k)),
                     error, LessonText::brief(p.value), LessonText::brief(p.exact));
        }
    // A stall's label.
    const std::vector<std::size_t> stalled = stalledCurves();
    const double line = QFontMetricsF(style.font(style.bodyPoints() * 0.85)).height();
    const QStringList sentences = stallSentences(m_data);
    if (point.y() >= l.stallTop && point.y() < l.stallTop + line * static_cast<double>(stalled.size()))
        return sentences.value(static_cast<qsizetype>(stalled[static_cast<std::size_t>((point.y() - l.stallTop) / line)]));
    // A row of the table: what the accumulator is, and for a preset where its numbers come from.
    const FigureTable t = table(m_data);
    const double rowHeight = t.rowHeight(style);
    const double first = l.tableTop + rowHeight;
    if (point.y() >= first && point.y() < first + rowHeight * static_cast<double>(m_data.curves.size())) {
        const InnerProductsCurve& c = m_data.curves[static_cast<std::size_t>((point.y() - first) / rowHeight)];
        QString tip = text::accumulatorDescription(c.accumulator);
        if (const dot::TensorCorePreset* preset = dot::findTensorCorePreset(c.accumulator.preset))
            tip += QLatin1Char('\n') + tr("Model: %1").arg(text::presetSourceText(preset->source));
        return tip;
    }
    return {};
}

}  // namespace floatscope::gui
