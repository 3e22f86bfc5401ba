#include "app/figures/BitsPainter.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include "app/style/Palette.h"

namespace floatscope::gui {

namespace {

// Translation context "BitStrip", shared with the widget.
struct BitStripText {
    Q_DECLARE_TR_FUNCTIONS(BitStrip)
};

QString caption(const Format& f, std::uint64_t code, int field)
{
    const int m = f.mantissaBits();
    const int e = f.exponentBits();
    const std::uint64_t mantissa = code & f.mantissaMask();
    const std::uint64_t exponent = (code >> m) & ((std::uint64_t{1} << e) - 1);
    switch (field) {
    case 0:
        // A NaN has no sign to read (FNUZ's one NaN, 0x80, is the code -0 would have had).
        if (f.classify(code) == ValueClass::NaN)
            return QString();
        return ((code >> (e + m)) & 1) != 0 ? QStringLiteral("−") : QStringLiteral("+");
    case 1: {
        // inf and NaN codes mean no power of two (IEEE 754 §3.4 b, c; OCP's NaN codes likewise).
        const ValueClass c = f.classify(code);
        if (c == ValueClass::Infinite)
            return BitStripText::tr("e=%1: inf").arg(exponent);
        if (c == ValueClass::NaN)
            return BitStripText::tr("e=%1: NaN").arg(exponent);
        // The field and the power of two it means (a zero field means the smallest normal exponent,
        // except in e8m0-style formats where it is a value of its own).
        const long long power =
            static_cast<long long>(std::max<std::uint64_t>(exponent, static_cast<std::uint64_t>(f.minNormalField())))
            - f.bias();
        return BitStripText::tr("e=%1 → 2^%2").arg(exponent).arg(power);
    }
    default: return BitStripText::tr("m=%1").arg(mantissa);
    }
}

}  // namespace

BitsLayout BitsLayout::forBits(int totalBits, double scale)
{
    BitsLayout l;
    l.cellWidth = (totalBits > 32 ? 11 : totalBits > 16 ? 15 : 20) * scale;
    l.cellHeight = 26 * scale;
    l.nibbleGap = 4 * scale;
    l.captionHeight = 18 * scale;
    return l;
}

double BitsLayout::xOfBit(int totalBits, int bit) const
{
    const int fromLeft = totalBits - 1 - bit;
    const int boundaries = (totalBits - 1) / 4 - bit / 4;
    return 2 + fromLeft * cellWidth + boundaries * nibbleGap;
}

QRectF BitsLayout::bitRect(int totalBits, int bit) const
{
    return QRectF(xOfBit(totalBits, bit), 2, cellWidth - 2, cellHeight);
}

QSizeF BitsLayout::size(int totalBits) const
{
    return QSizeF(xOfBit(totalBits, 0) + cellWidth + 2, cellHeight + 4 + captionHeight);
}

void paintBits(QPainter& p, QPointF origin, const Format& f, std::uint64_t code, const BitsLayout& layout,
               const BitsPaint& paint)
{
    p.save();
    p.translate(origin);
    const int total = f.totalBits();
    const int m = f.mantissaBits();
    const int e = f.exponentBits();
    const double radius = layout.cellWidth / 6;
    p.setFont(paint.digits);
    for (int bit = total - 1; bit >= 0; --bit) {
        const BitField field = bit >= e + m ? BitField::Sign : bit >= m ? BitField::Exponent : BitField::Mantissa;
        const bool one = ((code >> bit) & 1) != 0;
        const QColor base = fieldColour(field);
        const QRectF r = layout.bitRect(total, bit);
        p.setPen(Qt::NoPen);
        p.setBrush(one ? base : base.lighter(175));
        p.drawRoundedRect(r, radius, radius);
        if (bit == paint.hoverBit) {
            p.setPen(QPen(paint.highlight, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r.adjusted(-1, -1, 1, 1), radius, radius);
        }
        p.setPen(one ? QColor(Qt::white) : QColor(40, 40, 40));
        p.drawText(r, Qt::AlignCenter, one ? QStringLiteral("1") : QStringLiteral("0"));
    }
    // Field captions under their fields, whole.
    p.setFont(paint.captions);
    p.setPen(paint.text);
    for (const BitsCaption& c : placeCaptions(f, code, layout, paint.captions))
        p.drawText(c.rect, Qt::AlignLeft | Qt::AlignVCenter, c.text);
    p.restore();
}

std::vector<BitsCaption> placeCaptions(const Format& f, std::uint64_t code, const BitsLayout& layout, const QFont& font)
{
    const QFontMetricsF metrics(font);
    const int total = f.totalBits();
    const int m = f.mantissaBits();
    const int e = f.exponentBits();
    const double gap = metrics.horizontalAdvance(QLatin1Char(' '));
    const int fields[3][2] = {{e + m, f.signBits()}, {m, e}, {0, m}};
    double lineEnd[2] = {-1e9, -1e9};
    std::vector<BitsCaption> out;
    for (int field = 0; field < 3; ++field) {
        const int low = fields[field][0];
        const int width = fields[field][1];
        if (width == 0)
            continue;
        const QString text = caption(f, code, field);
        const double w = metrics.horizontalAdvance(text) + 1;
        double left = layout.xOfBit(total, low + width - 1);
        int line = 0;
        if (left < lineEnd[0] + gap) {
            line = 1;
            left = std::max(left, lineEnd[1] + gap);
        }
        lineEnd[line] = left + w;
        out.push_back({text, QRectF(left, layout.cellHeight + 4 + line * layout.captionHeight, w, layout.captionHeight)});
    }
    return out;
}

QRectF paintedBounds(const Format& f, std::uint64_t code, const BitsLayout& layout, const QFont& captions)
{
    QRectF bounds(QPointF(0, 0), layout.size(f.totalBits()));
    for (const BitsCaption& c : placeCaptions(f, code, layout, captions))
        bounds = bounds.united(c.rect);
    return bounds;
}

QSizeF widestBounds(const Format& f, std::uint64_t code, const BitsLayout& layout, const QFont& captions)
{
    QSizeF most = paintedBounds(f, code, layout, captions).size();
    if (f.totalBits() <= 8)
        for (std::uint64_t c = 0; c < (std::uint64_t{1} << f.totalBits()); ++c)
            most = most.expandedTo(paintedBounds(f, c, layout, captions).size());
    return most;
}

}  // namespace floatscope::gui
