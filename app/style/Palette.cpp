#include "app/style/Palette.h"

#include <array>
#include <cmath>
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
    // The formats users compare most get distinct hues; a family shares its hue at another
    // lightness (e4m3fn, e4m3 and e4m3fnuz are three pinks), so that two formats in one chart are
    // never one colour (CIEDE2000 at least 10 apart). fp64 is a slate rather than Okabe-Ito's
    // black, which vanishes on the dark theme; e8m0 an olive dark enough for the light one.
    struct Entry {
        std::string_view name;
        QRgb colour;
    };
    static constexpr Entry kFixed[] = {
        {"fp64", 0x6F7F9F}, {"fp32", 0x0072B2}, {"tf32", 0x56B4E9}, {"fp16", 0xD55E00}, {"bf16", 0x009E73},
        {"e4m3fn", 0xCC79A7}, {"e4m3", 0x9E4A84}, {"e5m2", 0xE69F00}, {"e4m3fnuz", 0xA77BCA},
        {"e5m2fnuz", 0xBF7E00}, {"e2m3", 0x8C6D1F}, {"e3m2", 0x6B4A2A}, {"e2m1", 0x7F7F7F}, {"e8m0", 0x8A8300},
    };
    for (const Entry& e : kFixed)
        if (e.name == name)
            return QColor(e.colour);
    std::size_t hash = 0;
    for (const char c : name)
        hash = hash * 31 + static_cast<unsigned char>(c);
    return QColor(kOkabeIto[hash % kOkabeIto.size()]);
}

QColor recipeColour(const std::string& name)
{
    // Nine colours at least 20 apart (CIEDE2000; fp8-current's slate and fp8-delayed's purple were
    // 12, bf16-master's and fp16-noscale's browns 6), each at least 3:1 against both themes'
    // windows (WCAG 2.1 §1.4.11), since a recipe is a line on either: the formats' colours are not
    // all (fp32's blue is 2.7:1 on dark). fp8-current is the one without a hue.
    struct Entry {
        std::string_view name;
        QRgb colour;
    };
    static constexpr Entry kFixed[] = {
        {"fp32", 0x317EA6},        {"bf16-pure", 0x409C92},       {"fp16-pure", 0xBF6821},
        {"bf16-master", 0xA08406}, {"fp16-amp", 0xDA62B3},        {"fp16-noscale", 0xD0474F},
        {"bf16-stochastic", 0x5F9E37}, {"fp8-current", 0x948F91}, {"fp8-delayed", 0x8265CB},
    };
    for (const Entry& e : kFixed)
        if (e.name == name)
            return QColor(e.colour);
    return formatColour(name);
}

namespace {

double relativeLuminance(const QColor& c)
{
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

}  // namespace

double contrastRatio(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor readableOn(const QColor& colour, const QColor& background, double ratio)
{
    // Mix toward black on a light background, toward white on a dark one, in small steps, so the
    // hue stays recognisable.
    const QColor target = relativeLuminance(background) > 0.18 ? QColor(Qt::black) : QColor(Qt::white);
    QColor out = colour;
    for (int step = 1; step <= 20 && contrastRatio(out, background) < ratio; ++step) {
        const double t = step / 20.0;
        out = QColor::fromRgbF(static_cast<float>(colour.redF() * (1 - t) + target.redF() * t),
                               static_cast<float>(colour.greenF() * (1 - t) + target.greenF() * t),
                               static_cast<float>(colour.blueF() * (1 - t) + target.blueF() * t));
    }
    return out;
}

}  // namespace floatscope::gui
