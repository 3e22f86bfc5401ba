#include "app/figures/AbsorbedUpdatesFigure.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include <QFileInfo>
#include <QFontMetricsF>
#include <QPainter>

#include "app/text/LessonText.h"
#include "app/figures/Log2Axis.h"
#include "core/format/Registry.h"
#include "core/train/ModelProbes.h"
#include "app/style/Palette.h"

namespace floatscope::gui {

namespace {

double thresholdLog2(const AbsorptionRow& row)
{
    if (!row.threshold || row.threshold->isZero())
        return NAN;
    return log2Of(*row.threshold);
}

}  // namespace

AbsorbedUpdatesData AbsorbedUpdatesData::compute(std::vector<Format> formats, std::span<const double> weights,
                                                 const ExactValue& update, QString source)
{
    AbsorbedUpdatesData d;
    d.formats = std::move(formats);
    d.source = std::move(source);
    d.weightCount = static_cast<std::int64_t>(weights.size());
    d.update = update;
    d.sizes = lectureUpdateSizes();
    if (std::find(d.sizes.begin(), d.sizes.end(), update) == d.sizes.end())
        d.sizes.push_back(update);
    for (const ExactValue& u : d.sizes) {
        std::vector<AbsorptionRow> row;
        for (const Format& f : d.formats)
            row.push_back(absorbedUpdates(f, weights, u));
        d.rows.push_back(std::move(row));
    }
    d.histogram = log2Histogram(weights, 1.0);  // of log2|w|
    return d;
}

std::size_t AbsorbedUpdatesData::chosenRow() const
{
    for (std::size_t i = 0; i < sizes.size(); ++i)
        if (sizes[i] == update)
            return i;
    return 0;
}

QString AbsorbedUpdatesFigure::title() const
{
    return tr("Updates lost in weights stored without an fp32 master copy");
}

QString AbsorbedUpdatesFigure::subtitle() const
{
    return tr("%1; each weight gets +u once, rounded as w + u in the storage format.").arg(m_data.source);
}

QString AbsorbedUpdatesFigure::thresholdText(const AbsorptionRow& row)
{
    if (!row.threshold)
        return tr("none");
    if (row.threshold->isZero())
        return tr("all (u rounds to 0)");
    return QStringLiteral("|w| ≥ ") + LessonText::brief(*row.threshold);
}

FigureTable AbsorbedUpdatesFigure::table(const AbsorbedUpdatesData& d)
{
    FigureTable t;
    t.header = {tr("update")};
    for (const Format& f : d.formats) {
        const QString name = QString::fromStdString(f.name());
        t.header << tr("%1: lost").arg(name) << tr("%1: all lost at").arg(name);
    }
    t.header << tr("fp32 master: lost");
    for (std::size_t i = 0; i < d.sizes.size(); ++i) {
        QStringList cells = {LessonText::brief(d.sizes[i])};
        for (const AbsorptionRow& row : d.rows[i])
            cells << LessonText::percent(row.share) << thresholdText(row);
        cells << (d.rows[i].empty() ? QStringLiteral("—") : LessonText::percent(d.rows[i].front().masterShare));
        t.rows.push_back(cells);
        t.boldRows.push_back(d.sizes[i] == d.update);
    }
    return t;
}

QStringList AbsorbedUpdatesFigure::summary(const AbsorbedUpdatesData& d)
{
    QStringList lines;
    const std::size_t chosen = d.chosenRow();
    if (d.rows.empty())
        return lines;
    for (const AbsorptionRow& row : d.rows[chosen]) {
        const QString name = QString::fromStdString(row.format);
        QString where;
        if (!row.threshold)
            where = tr("no finite weight is large enough to lose it");
        else if (row.threshold->isZero())
            where = tr("the update itself rounds to 0 in %1").arg(name);
        else
            where = tr("every weight with |w| ≥ %1 loses it").arg(LessonText::brief(*row.threshold));
        lines << tr("%1: +%2 leaves %3 of %4 weights unchanged (%5); %6.")
                     .arg(name, LessonText::brief(d.update), LessonText::count(row.absorbed), LessonText::count(row.weights),
                          LessonText::percent(row.share), where);
    }
    lines << tr("With an fp32 master copy: %1 lost.").arg(LessonText::percent(d.rows[chosen].front().masterShare));
    return lines;
}

AbsorbedUpdatesFigure::Layout AbsorbedUpdatesFigure::layout(double width, const FigureStyle& style) const
{
    Layout l;
    const double body = style.bodyPoints();
    const QFontMetricsF metrics(style.font());
    l.margin = body * 1.2;
    l.titleHeight = QFontMetricsF(style.font(body * 1.2, true)).height() * 1.5;
    l.tableTop = l.margin * 0.6 + l.titleHeight
               + metrics.boundingRect(QRectF(0, 0, std::max(50.0, width - 2 * l.margin), 10000), Qt::TextWordWrap, subtitle())
                     .height()
               + body * 0.6;
    l.left = l.margin + QFontMetricsF(style.font(0, true)).horizontalAdvance(tr("|w|")) + body;
    l.right = std::max(l.left + 50, width - l.margin * 1.5);
    // Room above the histogram for one threshold label per format.
    const double labels = QFontMetricsF(style.font(body * 0.8)).height() * static_cast<double>(m_data.formats.size());
    l.histogramTop = l.tableTop + table(m_data).height(style) + body * 1.4 + labels;
    l.histogramBottom = l.histogramTop + body * 7;
    l.axisY = l.histogramBottom + body * 0.2;
    l.summaryTop = l.axisY + Log2Axis::height(style) + body * 0.6;
    double h = l.summaryTop;
    for (const QString& line : summary(m_data))
        h += metrics.boundingRect(QRectF(0, 0, width - 2 * l.margin, 10000), Qt::TextWordWrap, line).height() + body * 0.2;
    l.height = h + l.margin * 0.5;

    Log2Range range;
    range.include(m_data.histogram);
    if (!m_data.rows.empty())
        for (const AbsorptionRow& row : m_data.rows[m_data.chosenRow()])
            range.include(thresholdLog2(row));
    std::tie(l.lo, l.hi) = range.padded(-10, 2);
    return l;
}

double AbsorbedUpdatesFigure::minimumWidth(const FigureStyle& style) const
{
    return table(m_data).naturalWidth(style) + style.bodyPoints() * 2.4 + 2;  // the table, uncut, between the margins
}

double AbsorbedUpdatesFigure::heightForWidth(double width, const FigureStyle& style) const
{
    return layout(width, style).height;
}

void AbsorbedUpdatesFigure::paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const
{
    const Layout l = layout(size.width(), style);
    const Log2Axis ax(l.lo, l.hi, l.left, l.right);
    const double body = style.bodyPoints();
    const double width = size.width() - 2 * l.margin;
    painter.save();
    painter.setFont(style.font(body * 1.2, true));
    painter.setPen(style.foreground());
    painter.drawText(QRectF(l.margin, l.margin * 0.6, width, l.titleHeight), Qt::AlignLeft | Qt::AlignTop, title());
    painter.setFont(style.font());
    painter.setPen(style.muted());
    painter.drawText(QRectF(l.margin, l.margin * 0.6 + l.titleHeight, width, l.tableTop - l.titleHeight),
                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, subtitle());
    const FigureTable t = table(m_data);
    t.paint(painter, QRectF(l.margin, l.tableTop, width, t.height(style)), style);

    // The histogram of |w| with each format's threshold for the chosen update.
    ax.paintGrid(painter, l.histogramTop, l.histogramBottom, style);
    ax.paintName(painter, tr("|w|"), l.margin, l.histogramTop, style);
    QColor fill = style.muted();
    fill.setAlphaF(0.45);
    painter.setPen(QPen(style.muted(), 0.8));
    painter.setBrush(fill);
    ax.paintHistogram(painter, m_data.histogram, l.histogramTop, l.histogramBottom);
    if (!m_data.rows.empty()) {
        const QFont small = style.font(body * 0.8);
        const QFontMetricsF smallMetrics(small);
        painter.setFont(small);
        int n = 0;
        for (const AbsorptionRow& row : m_data.rows[m_data.chosenRow()]) {
            const double t = thresholdLog2(row);
            if (!std::isfinite(t))
                continue;
            const QColor colour = formatColour(row.format);
            const double x = ax.x(t);
            painter.setPen(QPen(colour, style.lineWidth(), Qt::DashLine));
            painter.drawLine(QPointF(x, l.histogramTop - body * 0.4), QPointF(x, l.histogramBottom));
            const QString label = tr("%1 loses +%2 from here").arg(QString::fromStdString(row.format), LessonText::brief(m_data.update));
            const double w = smallMetrics.horizontalAdvance(label);
            const double y = l.histogramTop - body * 0.5 - smallMetrics.height() * (n + 1);
            painter.setPen(style.readable(colour));
            painter.drawText(QRectF(std::clamp(x - w, l.left, size.width() - w - l.margin), y, w + 2, smallMetrics.height()),
                             Qt::AlignLeft | Qt::AlignTop, label);
            ++n;
        }
    }
    ax.paint(painter, l.axisY, style);

    painter.setFont(style.font());
    const QFontMetricsF metrics(style.font());
    double y = l.summaryTop;
    for (const QString& line : summary(m_data)) {
        painter.setPen(style.foreground());
        const QRectF box(l.margin, y, width, 10000);
        painter.drawText(box, Qt::TextWordWrap, line);
        y += metrics.boundingRect(box, Qt::TextWordWrap, line).height() + body * 0.2;
    }
    painter.restore();
}

QString AbsorbedUpdatesFigure::toolTipAt(const QPointF& p, const QSizeF& size, const FigureStyle& style) const
{
    const Layout l = layout(size.width(), style);
    if (p.y() < l.histogramTop - style.bodyPoints() * 3 || p.y() > l.histogramBottom)
        return {};
    const Log2Axis ax(l.lo, l.hi, l.left, l.right);
    if (!m_data.rows.empty())
        for (const AbsorptionRow& row : m_data.rows[m_data.chosenRow()]) {
            const double t = thresholdLog2(row);
            if (std::isfinite(t) && std::fabs(ax.x(t) - p.x()) <= 5)
                return tr("%1: every stored weight with |w| ≥ %2 is left unchanged by +%3 (the update is at most half "
                          "the gap to its neighbour there)")
                    .arg(QString::fromStdString(row.format), LessonText::exact(*row.threshold), LessonText::brief(m_data.update));
        }
    if (p.y() < l.histogramTop)
        return {};
    const Log2Histogram& h = m_data.histogram;
    const auto k = ax.binAt(h, p.x());
    if (!k)
        return {};
    const long edge = std::lround(h.firstEdge + h.binWidth * static_cast<double>(*k));
    return tr("%1 ≤ |w| < %2: %3 weights")
        .arg(LessonText::powerOfTwo(edge), LessonText::powerOfTwo(edge + 1), LessonText::count(h.counts[*k]));
}

QString AbsorbedUpdatesFigure::generatedSource(std::int64_t count, double deviation, double ones, std::uint64_t seed)
{
    return tr("%1 generated weights (normal, σ = %2, %3 exactly 1, seed %4)")
        .arg(LessonText::count(count), LessonText::approx(deviation, 4), LessonText::percent(ones))
        .arg(seed);
}

QString AbsorbedUpdatesFigure::pastedSource(std::size_t count)
{
    return tr("%1 pasted weights").arg(LessonText::count(static_cast<std::int64_t>(count)));
}

QString AbsorbedUpdatesFigure::fileSource(std::size_t count, const QString& fileName)
{
    return tr("%1 weights from %2").arg(LessonText::count(static_cast<std::int64_t>(count)), fileName);
}

QString AbsorbedUpdatesFigure::modelSource(std::size_t count, int steps)
{
    return tr("the %1 weights of the training lab's model after %2 fp32 steps (its norms' gains start at 1)")
        .arg(LessonText::count(static_cast<std::int64_t>(count)))
        .arg(steps);
}

}  // namespace floatscope::gui
