#pragma once

#include <string>

#include <QColor>

namespace floatscope::gui {

// One palette for every view and every exported figure, colour-blind safe (Okabe and Ito, "Color
// Universal Design", 2008): the bit fields, and a colour per format that stays the same everywhere.
enum class BitField { Sign, Exponent, Mantissa };

QColor fieldColour(BitField field);
QColor formatColour(const std::string& formatName);

}  // namespace floatscope::gui
