#pragma once

#include <QString>

#include "core/exact/ExactValue.h"
#include "core/format/Format.h"
#include "core/inspect/Inspection.h"

namespace floatscope::text {

// The rounding decision in words: "257 lies exactly halfway between 256 and 258; ties go to the
// even mantissa, so bf16 stores 256." Translated (context "Explain") where a translator is installed,
// English on the command line.
// A bit pattern typed as the input ("bf16:0x4381") is spoken of by its value ("258").
QString explainRounding(const QString& inputText, const Format& format, const Inspection& inspection);

// The input as a sentence names it: the text as typed, or for a bit pattern the exact value it means.
QString valueInWords(const QString& inputText);

}  // namespace floatscope::text
