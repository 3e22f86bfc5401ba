#pragma once

#include <cstdint>

#include <QWidget>

#include "app/figures/BitsPainter.h"
#include "core/format/Format.h"

namespace floatscope::gui {

// One code's bits in the inspector (painted by figures/BitsPainter, as the exported figure is).
// Clicking a bit asks for it to be flipped.
class BitStrip : public QWidget {
    Q_OBJECT

public:
    explicit BitStrip(QWidget* parent = nullptr);

    void setCode(const Format& format, std::uint64_t code);
    int bitAt(QPoint point) const;  // the bit (0 = least significant) under a point, or -1
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
    Format m_format;
    std::uint64_t m_code = 0;
    BitsLayout m_layout;
    QSize m_size;  // the strip with its widest captions
    int m_hover = -1;
};

}  // namespace floatscope::gui
