#pragma once

#include <cstdint>

#include <QWidget>

#include "format/Format.h"

namespace floatscope::gui {

// One code's bits, painted: sign, exponent and mantissa in their own colours (the palette every
// view shares), a gap between nibbles so the strip lines up with the hex digits, and the field
// values beneath. Clicking a bit asks for it to be flipped.
class BitStrip : public QWidget {
    Q_OBJECT

public:
    explicit BitStrip(QWidget* parent = nullptr);

    void setCode(const Format& format, std::uint64_t code);
    // The bit (0 = least significant) under a point, or -1.
    int bitAt(QPoint point) const;
    QRect bitRect(int bit) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

signals:
    void bitClicked(int bit);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    int cellWidth() const;
    int xOfBit(int bit) const;  // left edge of a bit's cell
    QString fieldCaption(int field) const;

    int m_sign = 1;
    int m_exponent = 8;
    int m_mantissa = 23;
    int m_bias = 127;
    std::uint64_t m_code = 0;
    int m_hover = -1;
};

}  // namespace floatscope::gui
