#include "app/inspector/BitStrip.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>

#include "core/format/Registry.h"

namespace floatscope::gui {

BitStrip::BitStrip(QWidget* parent)
    : QWidget(parent), m_format(namedFormat("fp32")), m_layout(BitsLayout::forBits(32))
{
    setMouseTracking(true);
    setCursor(Qt::PointingHandCursor);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void BitStrip::setCode(const Format& format, std::uint64_t code)
{
    const bool reshaped = format.totalBits() != m_format.totalBits() || !(format == m_format);
    m_format = format;
    m_code = code;
    if (reshaped) {
        m_layout = BitsLayout::forBits(format.totalBits());
        // As wide as the widest captions of the format, whatever its value (BitsPainter).
        m_size = widestBounds(m_format, m_code, m_layout, font()).toSize();
        updateGeometry();
    }
    update();
}

QRect BitStrip::bitRect(int bit) const
{
    return m_layout.bitRect(m_format.totalBits(), bit).toRect();
}

int BitStrip::bitAt(QPoint point) const
{
    for (int bit = 0; bit < m_format.totalBits(); ++bit)
        if (m_layout.bitRect(m_format.totalBits(), bit).contains(point))
            return bit;
    return -1;
}

QSize BitStrip::sizeHint() const
{
    return m_size.isValid() ? m_size : m_layout.size(m_format.totalBits()).toSize();
}

void BitStrip::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    BitsPaint paint;
    paint.digits = font();
    paint.digits.setFamily(QStringLiteral("DejaVu Sans Mono"));
    paint.digits.setBold(true);
    paint.captions = font();
    paint.text = palette().color(QPalette::WindowText);
    paint.highlight = palette().color(QPalette::Highlight);
    paint.hoverBit = m_hover;
    paintBits(p, QPointF(0, 0), m_format, m_code, m_layout, paint);
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
