#pragma once

#include <cstdint>
#include <vector>

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QString>

#include "core/format/Format.h"

class QPainter;

namespace floatscope::gui {

// A code's bits as cells: sign, exponent and mantissa in the shared palette's colours, a gap after
// every nibble (counted from bit 0, so the cells line up with the hex digits), the field values
// beneath. Shared by the inspector's bit strip and the exported "bits" figure.
struct BitsLayout {
    double cellWidth = 20;
    double cellHeight = 26;
    double nibbleGap = 4;
    double captionHeight = 18;

    static BitsLayout forBits(int totalBits, double scale = 1.0);
    double xOfBit(int totalBits, int bit) const;  // left edge of a bit's cell, from the strip's left
    QRectF bitRect(int totalBits, int bit) const;
    QSizeF size(int totalBits) const;
};

struct BitsPaint {
    QFont digits;
    QFont captions;
    QColor text;
    QColor highlight;
    int hoverBit = -1;
};

// A field's caption ("e=3 → 2^2") and where it goes, from the strip's origin: under the field's
// first cell, on the first line unless it would run into the caption before it (a 2-bit exponent's
// caption is wider than its field), then on a second line. Captions are never cut.
struct BitsCaption {
    QString text;
    QRectF rect;
};
std::vector<BitsCaption> placeCaptions(const Format& format, std::uint64_t code, const BitsLayout& layout,
                                       const QFont& captions);
// The cells and the captions together.
QRectF paintedBounds(const Format& format, std::uint64_t code, const BitsLayout& layout, const QFont& captions);
// The largest of them over the format's codes (all of them up to 8 bits; otherwise `code`, whose
// fields are wide enough for any caption), for a strip that must not change size with its value.
QSizeF widestBounds(const Format& format, std::uint64_t code, const BitsLayout& layout, const QFont& captions);

void paintBits(QPainter& painter, QPointF origin, const Format& format, std::uint64_t code, const BitsLayout& layout,
               const BitsPaint& paint);

}  // namespace floatscope::gui
