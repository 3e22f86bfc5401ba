#include "inspector/NeighbourhoodView.h"

#include <QEvent>
#include <QPainter>
#include <QPainterPath>

#include "exact/DecimalText.h"
#include "format/Codec.h"
#include "style/Palette.h"
#include "text/Explain.h"

namespace floatscope::gui {

namespace {

constexpr int kLineBlock = 58;  // title, line, end labels
constexpr int kMargin = 12;

// Labels for the two ends: exact where short, otherwise just enough digits to tell them apart.
std::pair<QString, QString> endLabels(const Format& f, std::optional<std::uint64_t> lo, std::optional<std::uint64_t> hi)
{
    auto special = [&](std::optional<std::uint64_t> code) -> std::optional<QString> {
        if (!code)
            return QStringLiteral("—");
        const Decoded d = decode(f, *code);
        if (d.valueClass == ValueClass::Infinite)
            return d.negative ? QStringLiteral("-inf") : QStringLiteral("inf");
        if (d.valueClass == ValueClass::NaN)
            return QStringLiteral("NaN");
        return std::nullopt;
    };
    auto exact = [&](std::uint64_t code) { return ExactValue::fromDyadic(decode(f, code).value).value(); };
    const auto loSpecial = special(lo);
    const auto hiSpecial = special(hi);
    for (int digits = 6; digits <= 40; ++digits) {
        auto label = [&](std::uint64_t code) {
            const std::string brief = briefDecimal(exact(code), 16);
            return QString::fromStdString(brief[0] != '~' ? brief : "~" + approximateDecimal(exact(code), digits));
        };
        const QString a = loSpecial ? *loSpecial : label(*lo);
        const QString b = hiSpecial ? *hiSpecial : label(*hi);
        if (a != b || digits == 40)
            return {a, b};
    }
    return {};
}

}  // namespace

NeighbourhoodView::NeighbourhoodView(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void NeighbourhoodView::display(const QString& input, const std::vector<Format>& formats,
                             const std::vector<Inspection>& results)
{
    m_input = input;
    m_formats = formats;
    m_results = results;
    updateGeometry();
    update();
}

QString NeighbourhoodView::sentence(int index) const
{
    if (index < 0 || index >= static_cast<int>(m_results.size()))
        return {};
    return text::explainRounding(m_input, m_formats[static_cast<std::size_t>(index)],
                                 m_results[static_cast<std::size_t>(index)]);
}

int NeighbourhoodView::blockHeight(int width, int index) const
{
    const QRect text = fontMetrics().boundingRect(QRect(0, 0, std::max(50, width - 2 * kMargin), 1000),
                                                  Qt::TextWordWrap, sentence(index));
    return kLineBlock + text.height() + 14;
}

int NeighbourhoodView::heightForWidth(int width) const
{
    int h = kMargin;
    for (int i = 0; i < static_cast<int>(m_results.size()); ++i)
        h += blockHeight(width, i);
    return h;
}

QSize NeighbourhoodView::sizeHint() const
{
    return QSize(420, heightForWidth(420));
}

void NeighbourhoodView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    int y = kMargin;
    const int left = kMargin + 6;
    const int right = width() - kMargin - 6;
    for (int i = 0; i < static_cast<int>(m_results.size()); ++i) {
        const Format& f = m_formats[static_cast<std::size_t>(i)];
        const Inspection& r = m_results[static_cast<std::size_t>(i)];
        const Placement& pl = r.placement;
        const QColor colour = formatColour(f.name());

        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(colour);
        p.drawText(QPoint(kMargin, y + 12), QString::fromStdString(f.name()));
        p.setFont(font());

        const int lineY = y + 30;
        p.setPen(QPen(pal.color(QPalette::WindowText), 2));
        p.drawLine(left, lineY, right, lineY);
        for (const int x : {left, right})
            p.drawLine(x, lineY - 7, x, lineY + 7);
        const int mid = (left + right) / 2;
        p.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DashLine));
        p.drawLine(mid, lineY - 10, mid, lineY + 10);
        p.setPen(pal.color(QPalette::WindowText));
        const auto [lo, hi] = endLabels(f, pl.below, pl.above);
        p.drawText(QRect(left - 4, lineY + 8, (right - left) / 2 - 20, 18), Qt::AlignLeft, lo);
        p.drawText(QRect(mid + 20, lineY + 8, (right - left) / 2 - 16, 18), Qt::AlignRight, hi);
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(QRect(mid - 40, lineY + 8, 80, 18), Qt::AlignHCenter, tr("midpoint"));

        // Where the input sits, and the end it went to.
        double fraction = pl.exact ? (pl.wentUp ? 1.0 : 0.0) : 0.5;
        if (pl.fraction)
            fraction = pl.fraction->get_d();
        if (!pl.below && pl.above)
            fraction = 1.0;
        if (pl.below && !pl.above)
            fraction = 0.0;
        const int x = left + static_cast<int>(fraction * (right - left));
        QPainterPath marker;
        marker.moveTo(x, lineY - 3);
        marker.lineTo(x - 6, lineY - 14);
        marker.lineTo(x + 6, lineY - 14);
        marker.closeSubpath();
        p.fillPath(marker, colour);
        if (!pl.exact && pl.below && pl.above) {
            const int chosen = pl.wentUp ? right : left;
            p.setPen(QPen(colour, 3));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(QPoint(chosen, lineY), 7, 7);
        }

        p.setPen(pal.color(QPalette::WindowText));
        const QRect textRect(kMargin, y + kLineBlock, width() - 2 * kMargin, 1000);
        const QRect used = p.boundingRect(textRect, Qt::TextWordWrap, sentence(i));
        p.drawText(textRect, Qt::TextWordWrap, sentence(i));
        y += kLineBlock + used.height() + 14;
    }
}

void NeighbourhoodView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        updateGeometry();
        update();
    }
    QWidget::changeEvent(event);
}

}  // namespace floatscope::gui
