#pragma once

#include <string>

#include <QColor>

namespace floatscope::gui {

// One palette for every view and every exported figure, colour-blind safe (Okabe and Ito, "Color
// Universal Design", 2008): the bit fields, and a colour per format that stays the same everywhere.
enum class BitField { Sign, Exponent, Mantissa };

QColor fieldColour(BitField field);
// A format's colour for lines and swatches: at least 3:1 against both themes' window colours
// (WCAG 2.1 §1.4.11, non-text contrast).
QColor formatColour(const std::string& formatName);

// A training recipe's colour (the training lab's presets by name, as core/train/Recipe.h lists them;
// another name gets one of the palette's by its hash): the same in every chart of the lab.
QColor recipeColour(const std::string& recipeName);

// WCAG 2.1 contrast ratio of two colours (1 .. 21), from their relative luminances.
double contrastRatio(const QColor& a, const QColor& b);
// The colour, darkened (on a light background) or lightened (on a dark one) just enough to reach
// `ratio` against the background: 4.5 is WCAG AA for text, 3 for large or bold text.
QColor readableOn(const QColor& colour, const QColor& background, double ratio = 4.5);

}  // namespace floatscope::gui
