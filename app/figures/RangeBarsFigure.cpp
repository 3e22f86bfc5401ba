#include "app/figures/RangeBarsFigure.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include "app/figures/FigureTable.h"
#include "app/text/LessonInput.h"
#include "app/text/LessonText.h"
#include "app/figures/Log2Axis.h"
#include "core/format/Codec.h"
#include "core/inspect/Inspection.h"
#include "core/lessons/LossScaling.h"
#include "app/style/Palette.h"

namespace floatscope::gui {

namespace {

QFont smallFont(const FigureStyle& style) { return style.font(style.bodyPoints() * 0.78); }

FigureTable sharesTable(const RangeBarsData& d)
{
    FigureTable t;
    t.header = {RangeBarsFigure::tr("format"), RangeBarsFigure::tr("underflow (→ 0)"), RangeBarsFigure::tr("subnormal"),
                RangeBarsFigure::tr("normal"), RangeBarsFigure::tr("overflow")};
    for (std::size_t i = 0; i < d.zones.size() && i < d.formats.size(); ++i) {
        const ZoneCounts& z = d.zones[i];
        t.rows.push_back({QString::fromStdString(d.formats[i].name()), LessonText::percent(z.share(StorageZone::Underflow)),
                          LessonText::percent(z.share(StorageZone::Subnormal)),
                          LessonText::percent(z.share(StorageZone::Normal)),
                          LessonText::percent(z.share(StorageZone::Overflow))});
        t.rowColours.push_back(formatColour(d.formats[i].name()));
    }
    return t;
}

// The symbol where a mark crosses a bar: filled, it is stored as a normal number; hollow, as a
// subnormal; a cross, it is lost (underflow, overflow or invalid).
void paintMarkSymbol(QPainter& painter, QPointF at, StorageZone zone, const FigureStyle& style)
{
    const double r = style.bodyPoints() * 0.38;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    QPen pen(style.foreground(), style.lineWidth() * 0.8);
    switch (zone) {
    case StorageZone::Normal:
        painter.setPen(QPen(style.background().alpha() == 0 ? QColor(Qt::white) : style.background(), 1.5));
        painter.setBrush(style.foreground());
        painter.drawEllipse(at, r, r);
        break;
    case StorageZone::Subnormal:
        painter.setPen(pen);
        painter.setBrush(style.background().alpha() == 0 ? QColor(Qt::white) : style.background());
        painter.drawEllipse(at, r, r);
        break;
    case StorageZone::Zero: break;
    default:
        pen.setColor(QColor(0xD5, 0x5E, 0x00));
        pen.setWidthF(style.lineWidth() * 1.1);
        painter.setPen(pen);
        painter.drawLine(at + QPointF(-r, -r), at + QPointF(r, r));
        painter.drawLine(at + QPointF(-r, r), at + QPointF(r, -r));
        break;
    }
    painter.restore();
}

}  // namespace

QString RangeBarsData::defaultMarks()
{
    return RangeBarsFigure::tr("gradient = 1e-8; eps = 1e-6");
}

std::vector<double> RangeBarsData::exampleValues()
{
    return sampleLogNormal(LogNormal{kExampleMedian, kExampleDecades}, kExampleCount, 0);
}

RangeBarsData RangeBarsData::compute(std::vector<Format> formats, std::vector<std::pair<QString, ExactValue>> marks,
                                     std::span<const double> values)
{
    RangeBarsData d;
    d.formats = std::move(formats);
    for (const Format& f : d.formats)
        d.bars.push_back(rangeBar(f));
    for (auto& [label, value] : marks) {
        RangeMark m{label, value, {}, {}};
        for (const Format& f : d.formats) {
            m.zones.push_back(storageZone(f, value));
            m.codes.push_back(roundExact(value, f).code);
        }
        d.marks.push_back(std::move(m));
    }
    if (!values.empty()) {
        d.histogram = log2Histogram(values, 1.0);
        for (const Format& f : d.formats)
            d.zones.push_back(classifyValues(f, values));
        d.valueCount = static_cast<std::int64_t>(values.size());
    }
    return d;
}

QString RangeBarsFigure::zoneName(StorageZone zone)
{
    switch (zone) {
    case StorageZone::Zero: return tr("zero");
    case StorageZone::Underflow: return tr("underflow: stored as 0");
    case StorageZone::Subnormal: return tr("subnormal: fewer significant bits");
    case StorageZone::Normal: return tr("normal");
    case StorageZone::Overflow: return tr("overflow");
    case StorageZone::Invalid: return tr("not storable (NaN, or negative in an unsigned format)");
    }
    return {};
}

QString RangeBarsFigure::legendText() const
{
    QString legend = tr("faint: subnormal numbers · solid: normal numbers · bar end: the largest finite value");
    if (!m_data.marks.empty())
        legend += QStringLiteral(" · ") + tr("● stored as a normal number, ○ as a subnormal, × lost");
    return legend;
}

QString RangeBarsFigure::title() const
{
    return tr("Where each format's numbers lie, on one log2 axis");
}

double RangeBarsFigure::markLog2(std::size_t mark) const
{
    const ExactValue& v = m_data.marks[mark].value;
    if (!v.isFinite() || v.isZero())
        return std::nan("");
    return log2Magnitude(v.value());
}

RangeBarsFigure::Layout RangeBarsFigure::layout(double width, const FigureStyle& style) const
{
    Layout l;
    const double body = style.bodyPoints();
    l.margin = body * 1.2;
    l.titleHeight = QFontMetricsF(style.font(body * 1.2, true)).height() * 1.5;
    double labelWidth = QFontMetricsF(style.font(0, true)).horizontalAdvance(tr("values"));
    for (const Format& f : m_data.formats)
        labelWidth = std::max(labelWidth, QFontMetricsF(style.font(0, true)).horizontalAdvance(QString::fromStdString(f.name())));
    l.left = l.margin + labelWidth + body;
    l.right = std::max(l.left + 50, width - l.margin * 1.5);
    const double small = QFontMetricsF(smallFont(style)).height();
    l.markRows = m_data.marks.empty() ? 0 : small * 2.2;
    l.barsTop = l.margin + l.titleHeight + l.markRows;
    l.rowHeight = body * 2.7;
    double y = l.barsTop + l.rowHeight * static_cast<double>(m_data.bars.size());
    if (m_data.histogram) {
        l.histogramTop = y + body * 0.6;
        l.histogramBottom = l.histogramTop + body * 6;
        y = l.histogramBottom;
    } else {
        l.histogramTop = l.histogramBottom = y;
    }
    l.axisY = y + body * 0.2;
    y = l.axisY + Log2Axis::height(style) + body * 0.6;
    l.tableTop = y;
    if (m_data.histogram) {
        y += QFontMetricsF(style.font()).height() * 1.4;
        y += sharesTable(m_data).height(style) + body * 0.6;
    }
    l.legendTop = y;
    const QRectF legend = QFontMetricsF(smallFont(style))
                              .boundingRect(QRectF(0, 0, std::max(50.0, width - 2 * l.margin), 10000), Qt::TextWordWrap,
                                            legendText());
    l.height = y + legend.height() + l.margin * 0.5;

    Log2Range range;
    for (const RangeBar& b : m_data.bars) {
        range.include(b.log2MinSubnormal);
        range.include(b.log2MaxFinite);
    }
    for (std::size_t i = 0; i < m_data.marks.size(); ++i)
        range.include(markLog2(i));
    if (m_data.histogram)
        range.include(*m_data.histogram);
    std::tie(l.lo, l.hi) = range.padded(-10, 10);
    return l;
}

Log2Axis RangeBarsFigure::axis(const Layout& l) const
{
    return Log2Axis(l.lo, l.hi, l.left, l.right);
}

double RangeBarsFigure::minimumWidth(const FigureStyle& style) const
{
    return m_data.histogram ? sharesTable(m_data).naturalWidth(style) + style.bodyPoints() * 2.4 + 2 : 0.0;
}

double RangeBarsFigure::heightForWidth(double width, const FigureStyle& style) const
{
    return layout(width, style).height;
}

void RangeBarsFigure::paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const
{
    const Layout l = layout(size.width(), style);
    const Log2Axis ax = axis(l);
    const double body = style.bodyPoints();
    painter.save();
    painter.setFont(style.font(body * 1.2, true));
    painter.setPen(style.foreground());
    painter.drawText(QRectF(l.margin, l.margin * 0.6, size.width() - 2 * l.margin, l.titleHeight),
                     Qt::AlignLeft | Qt::AlignTop, title());

    const double bottom = m_data.histogram ? l.histogramBottom : l.barsTop + l.rowHeight * static_cast<double>(m_data.bars.size());
    ax.paintGrid(painter, l.barsTop, bottom, style);

    // 1. The bars, their names, and the numbers at their ends where there is room, clear of the
    // marks' lines (drawn in 3).
    std::vector<double> markXs;
    for (std::size_t i = 0; i < m_data.marks.size(); ++i)
        if (const double v = markLog2(i); std::isfinite(v))
            markXs.push_back(ax.x(v));
    for (std::size_t r = 0; r < m_data.bars.size(); ++r)
        paintBar(painter, l, ax, r, markXs, size.width(), style);

    // 2. The histogram of the values, on the same axis.
    if (m_data.histogram && !m_data.histogram->counts.empty()) {
        ax.paintName(painter, tr("values"), l.margin, l.histogramTop, style);
        QColor fill = style.accent();
        fill.setAlphaF(0.55);
        painter.setPen(QPen(style.accent(), 1));
        painter.setBrush(fill);
        ax.paintHistogram(painter, *m_data.histogram, l.histogramTop, l.histogramBottom);
    }

    paintMarks(painter, l, ax, bottom, size.width(), style);

    // 4. The axis, the shares and the legend.
    ax.paint(painter, l.axisY, style);
    paintShares(painter, l, size, style);
    const QFont small = smallFont(style);
    painter.setFont(small);
    painter.setPen(style.muted());
    painter.drawText(QRectF(l.margin, l.legendTop, size.width() - 2 * l.margin, size.height() - l.legendTop),
                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, legendText());
    painter.restore();
}

// 1. One bar: its format's name, its subnormal and normal ranges, and the numbers at its ends where
// there is room, clear of the marks' lines at `markXs`.
void RangeBarsFigure::paintBar(QPainter& painter, const Layout& l, const Log2Axis& ax, std::size_t r,
                               const std::vector<double>& markXs, double width, const FigureStyle& style) const
{
    const double body = style.bodyPoints();
    const QFont small = smallFont(style);
    const QFontMetricsF smallMetrics(small);
    const RangeBar& b = m_data.bars[r];
    const QColor colour = formatColour(b.format);
    const double centre = l.barsTop + l.rowHeight * static_cast<double>(r) + body * 0.9;
    const double thick = body * 1.0;
    painter.setFont(style.font(0, true));
    painter.setPen(style.readable(colour));
    painter.drawText(QRectF(l.margin, centre - body, l.left - l.margin - body * 0.5, body * 2),
                     Qt::AlignLeft | Qt::AlignVCenter, QString::fromStdString(b.format));
    const double xSub = ax.x(b.log2MinSubnormal);
    const double xNormal = ax.x(b.log2MinNormal);
    const double xMax = ax.x(b.log2MaxFinite);
    QColor pale = colour;
    pale.setAlphaF(0.3);
    if (b.hasSubnormals && xNormal > xSub) {
        painter.setPen(QPen(colour, 1));
        painter.setBrush(pale);
        painter.drawRect(QRectF(xSub, centre - thick / 2, xNormal - xSub, thick));
    }
    painter.setPen(Qt::NoPen);
    painter.setBrush(colour);
    painter.drawRect(QRectF(xNormal, centre - thick / 2, std::max(1.0, xMax - xNormal), thick));
    painter.setPen(QPen(style.foreground(), style.lineWidth()));
    painter.drawLine(QPointF(xMax, centre - thick * 0.8), QPointF(xMax, centre + thick * 0.8));

    painter.setFont(small);
    painter.setPen(style.muted());
    const double labelTop = centre + thick / 2 + 1;
    std::vector<QRectF> taken;
    // A label where it is asked, or beside a mark's line that would strike it through, or not
    // at all where neither has room.
    const auto crossesMark = [&](const QRectF& rect) {
        return std::any_of(markXs.begin(), markXs.end(),
                           [&](double mx) { return mx >= rect.left() - 3 && mx <= rect.right() + 3; });
    };
    const auto place = [&](double anchor, int align, const QString& text) {
        const double w = smallMetrics.horizontalAdvance(text);
        const double x = align < 0 ? anchor : align > 0 ? anchor - w : anchor - w / 2;
        std::vector<double> candidates = {x};
        for (const double mx : markXs)
            candidates.insert(candidates.end(), {mx + 5, mx - 5 - w});
        std::stable_sort(candidates.begin(), candidates.end(),
                         [&](double a, double b) { return std::fabs(a - x) < std::fabs(b - x); });
        for (const double left : candidates) {
            const QRectF rect(left, labelTop, w, smallMetrics.height());
            if (std::fabs(left - x) > w || crossesMark(rect) || rect.left() < l.left - body || rect.right() > width)
                continue;
            if (std::any_of(taken.begin(), taken.end(), [&](const QRectF& t) { return t.adjusted(-4, 0, 4, 0).intersects(rect); }))
                continue;
            taken.push_back(rect);
            painter.drawText(rect, Qt::AlignLeft | Qt::AlignTop, text);
            return;
        }
    };
    place(xMax, 1, LessonText::brief(b.maxFinite));
    place(xNormal, b.hasSubnormals ? 0 : -1, LessonText::brief(b.minNormal));
    if (b.hasSubnormals)
        place(xSub, -1, LessonText::brief(b.minSubnormal));
}

// 3. The marks across everything, with where they land in each format.
void RangeBarsFigure::paintMarks(QPainter& painter, const Layout& l, const Log2Axis& ax, double bottom, double width,
                                 const FigureStyle& style) const
{
    if (m_data.marks.empty())
        return;
    const double body = style.bodyPoints();
    const QFont small = smallFont(style);
    const QFontMetricsF smallMetrics(small);
    std::vector<QRectF> taken;
    painter.setFont(small);
    for (std::size_t i = 0; i < m_data.marks.size(); ++i) {
        const double v = markLog2(i);
        if (!std::isfinite(v))
            continue;
        const double x = ax.x(v);
        painter.setPen(QPen(style.accent(), style.lineWidth() * 0.8, Qt::DashLine));
        painter.drawLine(QPointF(x, l.barsTop - body * 0.2), QPointF(x, bottom));
        const RangeMark& m = m_data.marks[i];
        const QString text = m.label.isEmpty() ? LessonText::brief(m.value)
                                               : QStringLiteral("%1 = %2").arg(m.label, LessonText::brief(m.value));
        const double w = smallMetrics.horizontalAdvance(text);
        QRectF rect(std::clamp(x - w / 2, l.left - body, width - w - 2), l.barsTop - l.markRows, w,
                    smallMetrics.height());
        for (const QRectF& t : taken)
            if (t.adjusted(-6, 0, 6, 0).intersects(rect))
                rect.translate(0, smallMetrics.height() * 1.05);
        taken.push_back(rect);
        painter.setPen(style.accent());
        painter.drawText(rect, Qt::AlignLeft | Qt::AlignTop, text);
        for (std::size_t r = 0; r < m_data.bars.size() && r < m.zones.size(); ++r)
            paintMarkSymbol(painter, QPointF(x, l.barsTop + l.rowHeight * static_cast<double>(r) + body * 0.9),
                            m.zones[r], style);
    }
}

// 4. The shares of the values that underflow, go subnormal or overflow, under the axis.
void RangeBarsFigure::paintShares(QPainter& painter, const Layout& l, const QSizeF& size,
                                  const FigureStyle& style) const
{
    if (!m_data.histogram)
        return;
    const double body = style.bodyPoints();
    const Log2Histogram& h = *m_data.histogram;
    painter.setFont(style.font());
    painter.setPen(style.foreground());
    painter.drawText(QRectF(l.margin, l.tableTop, size.width() - 2 * l.margin, body * 2), Qt::AlignLeft | Qt::AlignTop,
                     tr("%1 values (%2 zero, %3 not finite); shares of the nonzero ones:")
                         .arg(LessonText::count(m_data.valueCount), LessonText::count(h.zeros),
                              LessonText::count(h.nonFinite)));
    const FigureTable t = sharesTable(m_data);
    t.paint(painter, QRectF(l.margin, l.tableTop + QFontMetricsF(style.font()).height() * 1.4,
                            size.width() - 2 * l.margin, t.height(style)),
            style);
}

QString RangeBarsFigure::toolTipAt(const QPointF& p, const QSizeF& size, const FigureStyle& style) const
{
    const Layout l = layout(size.width(), style);
    const Log2Axis ax = axis(l);
    const double body = style.bodyPoints();
    const double barsBottom = l.barsTop + l.rowHeight * static_cast<double>(m_data.bars.size());
    const double bottom = m_data.histogram ? l.histogramBottom : barsBottom;

    // A mark, anywhere along its line or at its label.
    if (p.y() >= l.barsTop - l.markRows && p.y() <= bottom) {
        for (std::size_t i = 0; i < m_data.marks.size(); ++i) {
            const double v = markLog2(i);
            if (!std::isfinite(v) || std::fabs(ax.x(v) - p.x()) > 5)
                continue;
            const RangeMark& m = m_data.marks[i];
            QStringList lines;
            lines << (m.label.isEmpty() ? LessonText::brief(m.value)
                                        : QStringLiteral("%1 = %2").arg(m.label, LessonText::brief(m.value)))
                         + QStringLiteral(" (2^%1)").arg(v, 0, 'f', 2);
            for (std::size_t r = 0; r < m_data.formats.size() && r < m.zones.size(); ++r) {
                const Format& f = m_data.formats[r];
                lines << tr("%1: %2 (%3) — %4")
                             .arg(QString::fromStdString(f.name()), LessonText::exactValue(f, m.codes[r]),
                                  QString::fromStdString(hexCode(f, m.codes[r])), zoneName(m.zones[r]));
            }
            return lines.join(QLatin1Char('\n'));
        }
    }
    // A bar: its subnormal span, its normal span, its end.
    if (p.y() >= l.barsTop && p.y() < barsBottom) {
        const std::size_t r = static_cast<std::size_t>((p.y() - l.barsTop) / l.rowHeight);
        if (r >= m_data.bars.size())
            return {};
        const RangeBar& b = m_data.bars[r];
        const QString name = QString::fromStdString(b.format);
        const double xSub = ax.x(b.log2MinSubnormal);
        const double xNormal = ax.x(b.log2MinNormal);
        const double xMax = ax.x(b.log2MaxFinite);
        const auto powerAndDigits = [](const Dyadic& d, double log2) {
            const double rounded = std::round(log2);
            const QString power = std::fabs(log2 - rounded) < 1e-12 ? LessonText::powerOfTwo(static_cast<long>(rounded))
                                                                    : QStringLiteral("2^%1").arg(log2, 0, 'f', 4);
            return QStringLiteral("%1 = %2").arg(power, LessonText::wrapDigits(LessonText::exact(d)));
        };
        if (std::fabs(p.x() - xMax) <= 5 || (p.x() > xMax && p.x() < xMax + body))
            return tr("%1: the largest finite value\n%2").arg(name, powerAndDigits(b.maxFinite, b.log2MaxFinite));
        if (b.hasSubnormals && p.x() >= xSub - 2 && p.x() < xNormal)
            return tr("%1: subnormal numbers, with fewer significant bits the smaller they are\nsmallest: %2\nup to the "
                      "smallest normal: %3")
                .arg(name, powerAndDigits(b.minSubnormal, b.log2MinSubnormal), powerAndDigits(b.minNormal, b.log2MinNormal));
        if (p.x() >= xNormal && p.x() <= xMax)
            return tr("%1: normal numbers over %2 binades (%3 in all)\nsmallest normal: %4\nlargest finite: %5")
                .arg(name)
                .arg(b.normalBinades)
                .arg(b.binades)
                .arg(powerAndDigits(b.minNormal, b.log2MinNormal), powerAndDigits(b.maxFinite, b.log2MaxFinite));
        if (p.x() < xSub && p.x() >= l.left)
            return tr("%1: below half its smallest value, a number is stored as 0").arg(name);
        if (p.x() > xMax)
            return tr("%1: beyond its largest finite value, a number overflows").arg(name);
        return {};
    }
    // A histogram bin.
    if (m_data.histogram && p.y() >= l.histogramTop && p.y() <= l.histogramBottom) {
        const Log2Histogram& h = *m_data.histogram;
        const auto k = ax.binAt(h, p.x());
        if (!k)
            return {};
        const long edge = std::lround(h.firstEdge + h.binWidth * static_cast<double>(*k));
        return tr("%1 ≤ |x| < %2: %3 values")
            .arg(LessonText::powerOfTwo(edge), LessonText::powerOfTwo(edge + static_cast<long>(h.binWidth)),
                 LessonText::count(h.counts[*k]));
    }
    return {};
}

}  // namespace floatscope::gui
