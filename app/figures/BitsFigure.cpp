#include "app/figures/BitsFigure.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include "core/exact/DecimalText.h"
#include "app/figures/BitsPainter.h"
#include "app/style/Palette.h"
#include "app/text/BreakdownText.h"
#include "app/text/Explain.h"

namespace floatscope::gui {

namespace {

struct BitsFigureText {
    Q_DECLARE_TR_FUNCTIONS(BitsFigure)
};

// Lines of `text` no wider than `width`: broken at spaces where it has them, otherwise (a long
// run of digits) between characters. Every character is kept.
QStringList wrapped(const QString& text, double width, const QFontMetricsF& metrics)
{
    QStringList lines;
    QString line;
    const auto fits = [&](const QString& t) { return metrics.horizontalAdvance(t) <= width; };
    for (const QString& word : text.split(QLatin1Char(' '))) {
        const QString joined = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (fits(joined)) {
            line = joined;
            continue;
        }
        if (!line.isEmpty())
            lines << line;
        line.clear();
        for (const QChar c : word) {
            if (!line.isEmpty() && !fits(line + c)) {
                lines << line;
                line.clear();
            }
            line += c;
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines;
}

QString errorText(const Inspection& r)
{
    if (r.valueClass == ValueClass::NaN || r.relErrorApprox.empty())
        return {};
    if (r.relErrorApprox == "0")
        return BitsFigureText::tr("exact");
    return BitsFigureText::tr("relative error %1").arg(QString::fromStdString(r.relErrorApprox));
}

}  // namespace

BitsFigure::BitsFigure(QString input, std::vector<Format> formats, std::vector<Inspection> results)
    : m_input(std::move(input)), m_formats(std::move(formats)), m_results(std::move(results))
{
}

QString BitsFigure::title() const
{
    return BitsFigureText::tr("%1 in %n format(s)", nullptr, static_cast<int>(m_formats.size())).arg(m_input);
}

namespace {

QFont captionFont(const FigureStyle& style) { return style.font(style.bodyPoints() * 0.85); }

constexpr double kRowGap = 1.6;  // body heights between one format's row and the next

// The heading: what was typed, and for a bit pattern the value it means.
QString heading(const QString& input)
{
    const QString value = text::valueInWords(input);
    return value == input ? input : QStringLiteral("%1 = %2").arg(input, value);
}

}  // namespace

BitsFigure::Layout BitsFigure::layout(const FigureStyle& style) const
{
    // The one that covers more of a 16:9 page when scaled to it (as exports scale it, up to 2.5
    // times).
    const Layout beside = layout(style, false);
    const Layout under = layout(style, true);
    const auto covered = [](const Layout& l) {
        const double s = std::min({2.5, 16.0 / std::max(1.0, l.width), 9.0 / std::max(1.0, l.height)});
        return l.width * s * l.height * s / (16.0 * 9.0);
    };
    return covered(under) > covered(beside) ? under : beside;
}

BitsFigure::Layout BitsFigure::layout(const FigureStyle& style, bool under) const
{
    const double unit = style.bodyPoints();
    Layout l;
    l.under = under;
    l.margin = unit * 1.2;
    l.header = l.margin + unit * 4.2;
    const QFontMetricsF names(style.font(0, true));
    const QFontMetricsF hex(style.monoFont(0, true));
    const QFontMetricsF body(style.font());
    const QFontMetricsF small(captionFont(style));
    // 1. The columns: names, strips, and text at most 15 body heights wide (a longer value wraps).
    const double textColumn = unit * 15;
    for (std::size_t i = 0; i < m_formats.size() && i < m_results.size(); ++i) {
        const Format& f = m_formats[i];
        l.names = std::max(l.names, names.horizontalAdvance(QString::fromStdString(f.name())));
        Row row;
        row.strip = paintedBounds(f, m_results[i].code, BitsLayout::forBits(f.totalBits(), stripScale(style)),
                                  captionFont(style)).size();
        l.strips = std::max(l.strips, row.strip.width());
        const QString value = QStringLiteral("=\u00A0") + QString::fromStdString(m_results[i].value);
        l.texts = std::max({l.texts, hex.horizontalAdvance(QString::fromStdString(m_results[i].hex)),
                            std::min(textColumn, body.horizontalAdvance(value))});
        row.error = errorText(m_results[i]);
        l.texts = std::max(l.texts, small.horizontalAdvance(row.error));
        l.rows.push_back(row);
    }
    // A narrow strip (fp4's four bits) still gets a column its formula can be read in.
    l.strips = std::max(l.strips, unit * 28);
    if (under)  // the text as wide as the strips
        l.texts = std::max({l.strips, l.texts});
    // 2. Each row's lines at those widths, and its height: the strip and the formula under it,
    // and the text beside them (the taller of the two) or under them.
    const double lineHeight = body.height();
    const double smallLine = small.height();
    for (std::size_t i = 0; i < l.rows.size(); ++i) {
        Row& row = l.rows[i];
        row.value = wrapped(QStringLiteral("=\u00A0") + QString::fromStdString(m_results[i].value), l.texts, body);
        row.formula = wrapped(text::formulaText(m_formats[i], m_results[i].formula, 1000), l.strips, small);
        // As paint() sets them: the hex's baseline 1.6 body heights down, a line per value line,
        // the error a small line under the last.
        const double left = std::max(row.strip.height(), unit * 3.4) + smallLine * static_cast<double>(row.formula.size());
        const double right = unit * 1.6 + lineHeight * static_cast<double>(row.value.size())
                           + (row.error.isEmpty() ? body.descent() : smallLine + unit * 0.2 + small.descent());
        row.height = (under ? left + right - unit * 0.6 : std::max(left, right)) + kRowGap * unit;
    }
    const QFontMetricsF title(style.font(unit * 1.4, true));
    const double headerWidth = std::max(title.horizontalAdvance(heading(m_input)),
                                        body.horizontalAdvance(BitsFigureText::tr("rounded once from its exact value into each format")));
    const double columns = under ? l.names + unit + l.texts : l.names + unit + l.strips + unit * 1.5 + l.texts;
    l.width = std::max(l.margin * 2 + columns, l.margin * 2 + headerWidth);
    // The rows, without the gap after the last one, and half a margin.
    l.height = l.header + l.margin * 0.5 - (l.rows.empty() ? 0.0 : kRowGap * unit);
    for (const Row& row : l.rows)
        l.height += row.height;
    return l;
}

QSizeF BitsFigure::preferredSize(const FigureStyle& style) const
{
    const Layout l = layout(style);
    return QSizeF(l.width, l.height);
}

double BitsFigure::heightForWidth(double, const FigureStyle& style) const
{
    return layout(style).height;
}

double BitsFigure::minimumWidth(const FigureStyle& style) const
{
    return layout(style).width;
}

void BitsFigure::paint(QPainter& p, const QSizeF& size, const FigureStyle& style) const
{
    const double unit = style.bodyPoints();
    const Layout l = layout(style);
    // A page wider than the figure: the figure in the middle (a taller one centres it: FigureExport).
    const double margin = l.margin;
    const double left = l.margin + std::max(0.0, size.width() - l.width) / 2;
    p.setPen(style.foreground());
    p.setFont(style.font(unit * 1.4, true));
    p.drawText(QPointF(left, margin + unit * 1.3), heading(m_input));
    p.setFont(style.font());
    p.setPen(style.muted());
    p.drawText(QPointF(left, margin + unit * 2.9),
               BitsFigureText::tr("rounded once from its exact value into each format"));

    const double stripX = left + l.names + unit;
    const double textX = l.under ? stripX : stripX + l.strips + unit * 1.5;
    const QFontMetricsF body(style.font());
    const QFontMetricsF small(captionFont(style));

    BitsPaint paint;
    paint.digits = style.monoFont(unit * 0.95 * stripScale(style) / (style.slide ? 1.45 : 1.0), true);
    paint.captions = captionFont(style);
    paint.text = style.muted();
    paint.highlight = style.accent();
    double y = l.header;
    for (std::size_t i = 0; i < l.rows.size(); ++i) {
        const Format& f = m_formats[i];
        const Inspection& r = m_results[i];
        const Row& row = l.rows[i];
        p.setFont(style.font(0, true));
        p.setPen(style.readable(formatColour(f.name())));
        p.drawText(QPointF(left, y + unit * 1.6), QString::fromStdString(f.name()));
        paintBits(p, QPointF(stripX, y), f, r.code, BitsLayout::forBits(f.totalBits(), stripScale(style)), paint);
        // The formula under the strip, in the captions' size and colour.
        p.setFont(captionFont(style));
        p.setPen(style.muted());
        double formulaY = y + std::max(row.strip.height(), unit * 3.4) + small.ascent();
        for (const QString& line : row.formula) {
            p.drawText(QPointF(stripX, formulaY), line);
            formulaY += small.height();
        }
        // Beside it or under it: the code, the value with every digit, the error.
        const double textTop = l.under ? formulaY - small.ascent() - unit * 0.6 : y;
        p.setPen(style.foreground());
        p.setFont(style.monoFont(0, true));
        p.drawText(QPointF(textX, textTop + unit * 1.6), QString::fromStdString(r.hex));
        p.setFont(style.font());
        double textY = textTop + unit * 1.6 + body.height();
        for (const QString& line : row.value) {
            p.drawText(QPointF(textX, textY), line);
            textY += body.height();
        }
        if (!row.error.isEmpty()) {
            p.setFont(captionFont(style));
            p.setPen(style.muted());
            p.drawText(QPointF(textX, textY - body.height() + small.height() + unit * 0.2), row.error);
        }
        y += row.height;
    }
}

}  // namespace floatscope::gui
