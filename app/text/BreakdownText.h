#pragma once

#include <QString>

#include "core/format/Format.h"
#include "core/inspect/Breakdown.h"

namespace floatscope::text {

// The bit lab's breakdown in words for the inspector's rows. Translated (context "Breakdown")
// where a translator is installed.

// "(−1)^0 × 2^(123−127) × (1 + 77/2^7) = 1 × 0.0625 × 1.6015625": the formula with the fields put
// in, then each term evaluated. A term longer than `maxTermLength` characters is cut with "…" (or
// written as a power of two); the tooltip gives every digit. Special codes get a sentence on why
// the formula does not apply.
QString formulaText(const Format& format, const FormulaTerms& terms, int maxTermLength = 28);
// Every term exactly, one per line, for the tooltip.
QString formulaTooltip(const FormulaTerms& terms);

// "kept 1.1001100 · discarded [1]100110011001101… (guard 1, sticky 1): more than half an ulp: the
// kept bits go up one ulp", the guard bit in brackets.
QString discardedText(const DiscardedBits& bits);

}  // namespace floatscope::text
