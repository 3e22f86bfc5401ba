#include "app/figures/FigureTable.h"

#include <algorithm>

#include <QFontMetricsF>
#include <QPainter>

namespace floatscope::gui {

namespace {

constexpr double kGapEm = 1.4;  // between columns, in body heights

QFont cellFont(const FigureStyle& style, bool mono, bool bold)
{
    return mono ? style.monoFont(style.bodyPoints() * 0.92, bold) : style.font(0, bold);
}

}  // namespace

double FigureTable::rowHeight(const FigureStyle& style) const
{
    return QFontMetricsF(style.font()).height() * 1.45;
}

double FigureTable::height(const FigureStyle& style) const
{
    return rowHeight(style) * static_cast<double>(rows.size() + 1) + 4;
}

std::vector<double> FigureTable::columnWidths(const FigureStyle& style, double available) const
{
    const QFontMetricsF head(style.font(0, true));
    const QFontMetricsF body(cellFont(style, monoCells, false));
    const QFontMetricsF bold(cellFont(style, monoCells, true));
    const std::size_t columns = static_cast<std::size_t>(header.size());
    std::vector<double> widths(columns, 0.0);
    for (std::size_t c = 0; c < columns; ++c)
        widths[c] = head.horizontalAdvance(header[static_cast<qsizetype>(c)]);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const bool isBold = r < boldRows.size() && boldRows[r];
        for (std::size_t c = 0; c < columns && c < static_cast<std::size_t>(rows[r].size()); ++c)
            widths[c] = std::max(widths[c], (isBold ? bold : body).horizontalAdvance(rows[r][static_cast<qsizetype>(c)]));
    }
    if (available <= 0 || widths.empty())
        return widths;
    const double gap = style.bodyPoints() * kGapEm;
    const double room = available - gap * static_cast<double>(columns > 0 ? columns - 1 : 0);
    // The widest columns give way first: every column is capped at the widest cap C for which the
    // table fits (never below three body heights), found by bisection.
    const auto capped = [&](double cap) {
        double total = 0;
        for (double w : widths)
            total += std::min(w, cap);
        return total;
    };
    const double minimum = style.bodyPoints() * 3;
    double lo = minimum;
    double hi = *std::max_element(widths.begin(), widths.end());
    if (capped(hi) <= room)
        return widths;
    for (int i = 0; i < 40; ++i) {
        const double mid = (lo + hi) / 2;
        (capped(mid) <= room ? lo : hi) = mid;
    }
    for (double& w : widths)
        w = std::min(w, lo);
    return widths;
}

double FigureTable::naturalWidth(const FigureStyle& style) const
{
    const std::vector<double> widths = columnWidths(style, 0);
    double total = style.bodyPoints() * kGapEm * static_cast<double>(widths.empty() ? 0 : widths.size() - 1);
    for (double w : widths)
        total += w;
    return total;
}

void FigureTable::paint(QPainter& painter, const QRectF& area, const FigureStyle& style) const
{
    const std::vector<double> widths = columnWidths(style, area.width());
    const double gap = style.bodyPoints() * kGapEm;
    const double h = rowHeight(style);
    painter.save();
    auto paintRow = [&](const QStringList& cells, double y, const QFont& font, const QColor& first, const QColor& rest) {
        painter.setFont(font);
        const QFontMetricsF metrics(font);
        double x = area.left();
        for (std::size_t c = 0; c < widths.size() && c < static_cast<std::size_t>(cells.size()); ++c) {
            painter.setPen(c == 0 ? first : rest);
            const QString text = metrics.elidedText(cells[static_cast<qsizetype>(c)], Qt::ElideRight, widths[c] + 0.5);
            painter.drawText(QRectF(x, y, widths[c] + 1, h), Qt::AlignLeft | Qt::AlignVCenter, text);
            x += widths[c] + gap;
        }
    };
    paintRow(header, area.top(), style.font(0, true), style.foreground(), style.foreground());
    painter.setPen(QPen(style.muted(), 1));
    painter.drawLine(QPointF(area.left(), area.top() + h), QPointF(area.right(), area.top() + h));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const bool isBold = r < boldRows.size() && boldRows[r];
        // A row's name in its format's colour, held to 4.5:1 against the ground (FigureStyle::readable).
        const QColor first = r < rowColours.size() && rowColours[r].isValid() ? style.readable(rowColours[r])
                                                                              : style.foreground();
        paintRow(rows[r], area.top() + h * static_cast<double>(r + 1) + 4, cellFont(style, monoCells, isBold), first,
                 style.foreground());
    }
    painter.restore();
}

}  // namespace floatscope::gui
