#include "inspector/BitStrip.h"

#include <algorithm>

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>

#include "style/Palette.h"

namespace floatscope::gui {

namespace {

constexpr int kCellHeight = 26;
constexpr int kNibbleGap = 4;
constexpr int kCaptionHeight = 18;

}  // namespace

BitStrip::BitStrip(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setCursor(Qt::PointingHandCursor);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void BitStrip::setCode(const Format& format, std::uint64_t code)
{
    const bool shape = m_sign != format.signBits() || m_exponent != format.exponentBits()
        || m_mantissa != format.mantissaBits();
    m_sign = format.signBits();
    m_exponent = format.exponentBits();
    m_mantissa = format.mantissaBits();
    m_bias = format.bias();
    m_code = code;
    if (shape)
        updateGeometry();
    update();
}

int BitStrip::cellWidth() const
{
    const int bits = m_sign + m_exponent + m_mantissa;
    return bits > 32 ? 11 : bits > 16 ? 15 : 20;
}

int BitStrip::xOfBit(int bit) const
{
    // Most significant bit first, with a gap after every nibble counted from bit 0, so the strip
    // lines up with the hex digits.
    const int total = m_sign + m_exponent + m_mantissa;
    const int fromLeft = total - 1 - bit;
    const int boundaries = (total - 1) / 4 - bit / 4;
    return 2 + fromLeft * cellWidth() + boundaries * kNibbleGap;
}

QRect BitStrip::bitRect(int bit) const
{
    return QRect(xOfBit(bit), 2, cellWidth() - 2, kCellHeight);
}

int BitStrip::bitAt(QPoint point) const
{
    const int total = m_sign + m_exponent + m_mantissa;
    for (int bit = 0; bit < total; ++bit)
        if (bitRect(bit).contains(point))
            return bit;
    return -1;
}

QSize BitStrip::sizeHint() const
{
    return QSize(xOfBit(0) + cellWidth() + 2, kCellHeight + 4 + kCaptionHeight);
}

QString BitStrip::fieldCaption(int field) const
{
    const std::uint64_t mantissa = m_code & ((std::uint64_t{1} << m_mantissa) - 1);
    const std::uint64_t exponent = (m_code >> m_mantissa) & ((std::uint64_t{1} << m_exponent) - 1);
    switch (field) {
    case 0: return ((m_code >> (m_exponent + m_mantissa)) & 1) != 0 ? QStringLiteral("−") : QStringLiteral("+");
    case 1: {
        // The field and the power of two it means (subnormals use the smallest normal exponent).
        const long long power = static_cast<long long>(std::max<std::uint64_t>(exponent, m_sign ? 1 : 0)) - m_bias;
        return tr("e=%1 → 2^%2").arg(exponent).arg(power);
    }
    default: return tr("m=%1").arg(mantissa);
    }
}

void BitStrip::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const int total = m_sign + m_exponent + m_mantissa;
    QFont digitFont = font();
    digitFont.setFamily(QStringLiteral("monospace"));
    digitFont.setBold(true);
    for (int bit = total - 1; bit >= 0; --bit) {
        const int field = bit >= m_exponent + m_mantissa ? 0 : bit >= m_mantissa ? 1 : 2;
        const bool one = ((m_code >> bit) & 1) != 0;
        const QColor base = fieldColour(static_cast<BitField>(field));
        const QRect r = bitRect(bit);
        p.setPen(Qt::NoPen);
        p.setBrush(one ? base : base.lighter(175));
        p.drawRoundedRect(r, 3, 3);
        if (bit == m_hover) {
            p.setPen(QPen(palette().color(QPalette::Highlight), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r.adjusted(-1, -1, 1, 1), 3, 3);
        }
        p.setPen(one ? Qt::white : QColor(40, 40, 40));
        p.setFont(digitFont);
        p.drawText(r, Qt::AlignCenter, one ? QStringLiteral("1") : QStringLiteral("0"));
    }
    // Field captions under their fields (as far as they fit).
    p.setFont(font());
    p.setPen(palette().color(QPalette::WindowText));
    const int fields[3][2] = {{m_exponent + m_mantissa, m_sign}, {m_mantissa, m_exponent}, {0, m_mantissa}};
    for (int field = 0; field < 3; ++field) {
        const int low = fields[field][0];
        const int width = fields[field][1];
        if (width == 0)
            continue;
        const int left = xOfBit(low + width - 1);
        const int right = xOfBit(low) + cellWidth();
        const QRect caption(left, kCellHeight + 4, right - left, kCaptionHeight);
        p.drawText(caption, Qt::AlignLeft | Qt::AlignVCenter,
                   p.fontMetrics().elidedText(fieldCaption(field), Qt::ElideRight, caption.width()));
    }
}

void BitStrip::mousePressEvent(QMouseEvent* event)
{
    const int bit = bitAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && bit >= 0)
        emit bitClicked(bit);
}

void BitStrip::mouseMoveEvent(QMouseEvent* event)
{
    const int bit = bitAt(event->position().toPoint());
    if (bit != m_hover) {
        m_hover = bit;
        setToolTip(bit >= 0 ? tr("bit %1: click to flip").arg(bit) : QString());
        update();
    }
}

void BitStrip::leaveEvent(QEvent*)
{
    m_hover = -1;
    update();
}

void BitStrip::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange)
        update();
    QWidget::changeEvent(event);
}

}  // namespace floatscope::gui
