#include "app/figures/QuantizeFigure.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include "core/exact/DecimalText.h"
#include "app/figures/HeatmapFigure.h"
#include "app/text/ScalingText.h"
#include "core/format/Registry.h"
#include "core/inspect/Inspection.h"
#include "app/text/QuantizeText.h"

namespace floatscope::gui {

namespace {

struct QuantizeText {
    Q_DECLARE_TR_FUNCTIONS(QuantizeFigure)
};

// A table of text: a header row, then rows, each optionally bold; columns sized to their widest
// cell, the font shrunk (to 75% at most) when the table is wider than the figure.
struct TextTable {
    QStringList header;
    std::vector<QStringList> rows;
    std::vector<bool> bold;
    std::vector<bool> rightAligned;  // per column

    // Each column as wide as its widest cell at `points`.
    std::vector<double> columnWidths(const FigureStyle& style, double points) const
    {
        const QFontMetricsF plain(style.font(points));
        const QFontMetricsF heavy(style.font(points, true));
        std::vector<double> widths(static_cast<std::size_t>(header.size()), 0.0);
        for (qsizetype c = 0; c < header.size(); ++c) {
            widths[static_cast<std::size_t>(c)] = heavy.horizontalAdvance(header[c]);
            for (std::size_t r = 0; r < rows.size(); ++r)
                if (c < rows[r].size())
                    widths[static_cast<std::size_t>(c)] =
                        std::max(widths[static_cast<std::size_t>(c)], (bold[r] ? heavy : plain).horizontalAdvance(rows[r][c]));
        }
        return widths;
    }

    // The whole table's width at `points`, gaps included.
    double width(const FigureStyle& style, double points) const
    {
        double total = 0;
        for (const double w : columnWidths(style, points))
            total += w + points * 1.2;
        return total;
    }

    // The smallest type the table shrinks to before its cells would run into each other.
    static double smallestPoints(const FigureStyle& style) { return style.bodyPoints() * 0.75; }

    double paint(QPainter* p, double left, double top, double width, const FigureStyle& style) const
    {
        const double unit = style.bodyPoints();
        double points = unit;
        std::vector<double> widths;
        for (int attempt = 0; attempt < 6; ++attempt) {
            widths = columnWidths(style, points);
            double total = 0;
            for (double& w : widths)
                total += w + points * 1.2;
            if (total <= width || points <= smallestPoints(style))
                break;
            points = std::max(smallestPoints(style), points * width / total);
        }
        const double rowHeight = QFontMetricsF(style.font(points)).height() * 1.35;
        if (p != nullptr) {
            double y = top;
            auto drawRow = [&](const QStringList& cells, bool isHeader, bool isBold) {
                double x = left;
                p->setFont(style.font(points, isBold || isHeader));
                p->setPen(isHeader ? style.muted() : style.foreground());
                for (qsizetype c = 0; c < cells.size() && c < header.size(); ++c) {
                    const double w = widths[static_cast<std::size_t>(c)];
                    const bool right = static_cast<std::size_t>(c) < rightAligned.size() && rightAligned[static_cast<std::size_t>(c)];
                    p->drawText(QRectF(x, y, w, rowHeight), (right ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter,
                                cells[c]);
                    x += w + points * 1.2;
                }
                y += rowHeight;
            };
            drawRow(header, true, false);
            p->setPen(QPen(style.muted(), style.lineWidth() * 0.4));
            p->drawLine(QPointF(left, y), QPointF(left + width, y));
            for (std::size_t r = 0; r < rows.size(); ++r)
                drawRow(rows[r], false, bold[r]);
        }
        return rowHeight * static_cast<double>(rows.size() + 1);
    }
};

QString scaleBitsText(const Quantization& q, const BlockResult& b)
{
    if (!b.scaleCode)
        return QuantizeText::tr("exact");
    return QStringLiteral("%1 (%2)").arg(ScalingText::fromStd(hexCode(*q.scaleFormat(), *b.scaleCode)),
                                         ScalingText::fromStd(q.scaleFormat()->name()));
}

TextTable elementTable(const Quantization& q)
{
    TextTable t;
    t.header = {QuantizeText::tr("x"),       QuantizeText::tr("block"),       QuantizeText::tr("x / scale"),
                QuantizeText::tr("code"),    QuantizeText::tr("element"),     QuantizeText::tr("dequantized"),
                QuantizeText::tr("rel. error"), QString()};
    t.rightAligned = {true, true, true, false, true, true, true, false};
    for (std::size_t i = 0; i < q.tensor().size(); ++i) {
        const ElementResult e = q.element(i);
        const bool finite = e.valueClass != ValueClass::Infinite && e.valueClass != ValueClass::NaN;
        QString note;
        if (e.flushed)
            note = QuantizeText::tr("→ 0, flushed");
        else if (e.saturated)
            note = QuantizeText::tr("saturated");
        if (!finite)
            note = QuantizeText::tr("%1 (overflow)").arg(ScalingText::fromStd(toString(e.valueClass)));
        t.rows.push_back({ScalingText::value(e.input), QString::number(e.block), ScalingText::brief(e.scaled),
                          ScalingText::fromStd(hexCode(q.elementFormat(), e.code)),
                          finite ? ScalingText::fromStd(exactDecimal(e.elementValue)) : QStringLiteral("—"),
                          finite ? ScalingText::brief(e.dequantized) : QStringLiteral("—"),
                          e.relError ? ScalingText::percent(e.relError->get_d()) : QStringLiteral("—"), note});
        t.bold.push_back(e.flushed || e.saturated);
    }
    return t;
}

TextTable blockTable(const Quantization& q)
{
    TextTable t;
    t.header = {QuantizeText::tr("block"), QuantizeText::tr("elements"), QuantizeText::tr("amax"),
                QuantizeText::tr("scale bits"), QuantizeText::tr("scale")};
    t.rightAligned = {true, false, true, false, true};
    for (std::size_t b = 0; b < q.blockCount(); ++b) {
        const BlockResult r = q.block(b);
        const QString cols = QStringLiteral("%1–%2").arg(r.col).arg(r.col + r.cols - 1);
        const QString where = q.tensor().isMatrix()
                                  ? QStringLiteral("%1–%2 × %3").arg(r.row).arg(r.row + r.rows - 1).arg(cols)
                                  : cols;
        t.rows.push_back({QString::number(b), where, ScalingText::value(r.amax), scaleBitsText(q, r),
                          ScalingText::brief(r.scaleIsZero ? mpq_class(0) : r.scale.exact())});
        t.bold.push_back(false);
    }
    return t;
}

TextTable comparisonTable(const QuantizeReport& report)
{
    TextTable t;
    t.header = {QString(),
                QuantizeText::tr("recipe"),
                QuantizeText::tr("largest rel. error"),
                QuantizeText::tr("at x ="),
                QuantizeText::tr("MSE"),
                QuantizeText::tr("flushed"),
                QuantizeText::tr("saturated"),
                QuantizeText::tr("bits/element")};
    t.rightAligned = {false, false, true, true, true, true, true, true};
    for (const RecipeComparison& c : report.comparisons) {
        const QString marker = c.current ? QStringLiteral("▶") : QString();
        if (!c.summary) {
            t.rows.push_back({marker, ScalingText::recipeName(c.options), c.error ? text::message(*c.error) : QString()});
        } else {
            const QuantizationSummary& s = *c.summary;
            t.rows.push_back({marker, ScalingText::recipeName(c.options), ScalingText::percent(s.maxRelError),
                              ScalingText::value(c.worstInput), ScalingText::number(s.mse, 4), QString::number(s.flushed),
                              QString::number(s.saturated),
                              QuantizeText::tr("%1 (%2)")
                                  .arg(ScalingText::number(s.bitsPerElement), ScalingText::number(s.storedBitsPerElement))});
        }
        t.bold.push_back(c.current);
    }
    return t;
}

}  // namespace

QuantizeFigure::QuantizeFigure(std::shared_ptr<const QuantizeReport> report, ErrorMeasure measure)
    : m_report(std::move(report)), m_measure(measure)
{
}

QString QuantizeFigure::summaryLine(const Quantization& q)
{
    const QuantizationSummary& s = q.summary();
    const QString sqnr = s.sqnrDb ? QuantizeText::tr("%1 dB").arg(ScalingText::number(*s.sqnrDb, 4))
                                  : QuantizeText::tr("inf (exact)");
    return QuantizeText::tr("MSE %1 · largest relative error %2 at x = %3 · SQNR %4 · %5 flushed to zero · "
                            "%6 saturated · %7 bits per element as quoted (%8 as stored)")
        .arg(ScalingText::number(s.mse, 5), ScalingText::percent(s.maxRelError),
             ScalingText::value(q.tensor()[s.maxRelErrorIndex]), sqnr)
        .arg(s.flushed)
        .arg(s.saturated)
        .arg(ScalingText::number(s.bitsPerElement), ScalingText::number(s.storedBitsPerElement));
}

QString QuantizeFigure::title() const
{
    if (!m_report || !m_report->quantization)
        return QuantizeText::tr("Block scaling");
    return QuantizeText::tr("%1 in %2")
        .arg(ScalingText::tensorLabel(m_report->request, *m_report->tensor),
             ScalingText::recipeName(m_report->quantization->options()));
}

double QuantizeFigure::heightForWidth(double width, const FigureStyle& style) const
{
    return layout(nullptr, width, style);
}

double QuantizeFigure::minimumWidth(const FigureStyle& style) const
{
    if (!m_report || !m_report->quantization)
        return 0;
    const QuantizeReport& r = *m_report;
    const Quantization& q = *r.quantization;
    const double points = TextTable::smallestPoints(style);
    double w = 0;
    if (!r.tensor->isMatrix() && r.tensor->size() <= kListedElements) {
        w = elementTable(q).width(style, points);
        if (q.blockCount() <= 8)
            w = std::max(w, blockTable(q).width(style, points));
    }
    if (!r.comparisons.empty())
        w = std::max(w, comparisonTable(r).width(style, points));
    return w + style.bodyPoints() * 2.4 + 2;
}

QSizeF QuantizeFigure::preferredSize(const FigureStyle& style) const
{
    const double width = style.slide ? 1280 : 760;
    return QSizeF(width, std::ceil(layout(nullptr, width, style)));
}

void QuantizeFigure::paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const
{
    layout(&painter, size.width(), style);
}

double QuantizeFigure::layout(QPainter* p, double width, const FigureStyle& style) const
{
    const double unit = style.bodyPoints();
    const double m = unit * 1.2;
    const double inner = width - 2 * m;
    double y = m;
    auto text = [&](const QString& s, const QFont& font, const QColor& colour) {
        const QFontMetricsF metrics(font);
        const QRectF box(m, y, inner, 100000);
        const double h = metrics.boundingRect(box, Qt::TextWordWrap, s).height();
        if (p != nullptr) {
            p->setFont(font);
            p->setPen(colour);
            p->drawText(box, Qt::TextWordWrap, s);
        }
        y += h;
    };
    text(title(), style.font(unit * 1.3, true), style.foreground());
    if (!m_report || !m_report->quantization)
        return y + m;
    const QuantizeReport& r = *m_report;
    const Quantization& q = *r.quantization;
    y += unit * 0.4;
    for (const QString& line : text::quantizeRecipe(q))
        text(line, style.font(), style.muted());
    y += unit * 0.8;

    // The elements: a short vector as a table (and its blocks, when few), a matrix as a heatmap.
    if (!r.tensor->isMatrix() && r.tensor->size() <= kListedElements) {
        y += elementTable(q).paint(p, m, y, inner, style) + unit;
        if (q.blockCount() <= 8)
            y += blockTable(q).paint(p, m, y, inner, style) + unit;
    } else if (r.tensor->isMatrix()) {
        const double h = std::min(inner * 0.62, unit * 24);  // room on a slide for the table under it
        if (p != nullptr)
            HeatmapFigure::paintMap(*p, QRectF(m, y, inner, h), r, m_measure, style);
        y += h + unit;
    }
    text(summaryLine(q), style.font(), style.foreground());
    if (!r.comparisons.empty()) {
        y += unit;
        text(QuantizeText::tr("The same tensor through each recipe (▶ the one above):"), style.font(0, true),
             style.foreground());
        y += unit * 0.3;
        y += comparisonTable(r).paint(p, m, y, inner, style);
    }
    return y + m;
}

}  // namespace floatscope::gui
