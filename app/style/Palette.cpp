#include "app/style/Palette.h"

#include <array>
#include <string_view>

namespace floatscope::gui {

namespace {

// Okabe-Ito: orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple, black.
constexpr std::array<QRgb, 8> kOkabeIto = {0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442,
                                           0x0072B2, 0xD55E00, 0xCC79A7, 0x000000};

}  // namespace

QColor fieldColour(BitField field)
{
    switch (field) {
    case BitField::Sign: return QColor(kOkabeIto[0]);
    case BitField::Exponent: return QColor(kOkabeIto[4]);
    case BitField::Mantissa: return QColor(kOkabeIto[2]);
    }
    return Qt::gray;
}

QColor formatColour(const std::string& name)
{
    // The formats users compare most get distinct hues; the rest share hues by family.
    struct Entry {
        std::string_view name;
        QRgb colour;
    };
    static constexpr Entry kFixed[] = {
        {"fp64", 0x000000}, {"fp32", 0x0072B2}, {"tf32", 0x56B4E9}, {"fp16", 0xD55E00}, {"bf16", 0x009E73},
        {"e4m3fn", 0xCC79A7}, {"e4m3", 0xCC79A7}, {"e5m2", 0xE69F00}, {"e4m3fnuz", 0xCC79A7},
        {"e5m2fnuz", 0xE69F00}, {"e2m3", 0x8C6D1F}, {"e3m2", 0x8C6D1F}, {"e2m1", 0x7F7F7F}, {"e8m0", 0xB8A300},
    };
    for (const Entry& e : kFixed)
        if (e.name == name)
            return QColor(e.colour);
    std::size_t hash = 0;
    for (const char c : name)
        hash = hash * 31 + static_cast<unsigned char>(c);
    return QColor(kOkabeIto[hash % kOkabeIto.size()]);
}

}  // namespace floatscope::gui
