#include "app/text/FormatText.h"

#include <QCoreApplication>

namespace floatscope::text {

namespace {

// Translation context "FormatText" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct FormatText {
    Q_DECLARE_TR_FUNCTIONS(FormatText)
};

// The named formats' notes, by canonical name. Sources as in core/format/Registry.cpp: IEEE 754-2019,
// the OCP 8-bit (OFP8) and Microscaling (MX v1.0) specifications, Graphcore/AMD's FNUZ pair.
struct Note {
    const char* format;
    const char* text;
};
constexpr Note kNotes[] = {
    {"fp64", QT_TRANSLATE_NOOP("FormatText", "IEEE 754 binary64")},
    {"fp32", QT_TRANSLATE_NOOP("FormatText", "IEEE 754 binary32")},
    {"tf32", QT_TRANSLATE_NOOP("FormatText", "NVIDIA TensorFloat-32: 19 significant bits kept in a 32-bit container; "
                                             "the hardware conversion cvt.rna.tf32.f32 rounds to nearest, ties away")},
    {"fp16", QT_TRANSLATE_NOOP("FormatText", "IEEE 754 binary16")},
    {"bf16", QT_TRANSLATE_NOOP("FormatText", "bfloat16: fp32's exponent, 7 mantissa bits")},
    {"e4m3fn", QT_TRANSLATE_NOOP("FormatText", "OCP FP8 E4M3: no inf, NaN at S.1111.111, max 448")},
    {"e4m3", QT_TRANSLATE_NOOP("FormatText", "IEEE-like E4M3, the lesson's teaching formula: inf and NaN take exponent "
                                             "1111, max 240 (not the hardware fp8; that is e4m3fn, max 448)")},
    {"e5m2", QT_TRANSLATE_NOOP("FormatText", "OCP FP8 E5M2: IEEE-like, max 57344")},
    {"e4m3fnuz", QT_TRANSLATE_NOOP("FormatText", "E4M3 FNUZ (Graphcore/AMD): bias 8, no inf, no -0, NaN at 0x80, max 240")},
    {"e5m2fnuz",
     QT_TRANSLATE_NOOP("FormatText", "E5M2 FNUZ (Graphcore/AMD): bias 16, no inf, no -0, NaN at 0x80, max 57344")},
    {"e2m3", QT_TRANSLATE_NOOP("FormatText", "OCP MX FP6 E2M3: no inf, no NaN, max 7.5")},
    {"e3m2", QT_TRANSLATE_NOOP("FormatText", "OCP MX FP6 E3M2: no inf, no NaN, max 28")},
    {"e2m1", QT_TRANSLATE_NOOP("FormatText", "OCP MX FP4 E2M1: no inf, no NaN, max 6")},
    {"e8m0",
     QT_TRANSLATE_NOOP("FormatText", "OCP MX E8M0 scale: powers of two 2^-127..2^127, no sign, no zero, NaN at 0xFF")},
};

}  // namespace

QString formatNote(const Format& format)
{
    for (const Note& n : kNotes)
        if (format.name() == n.format)
            return FormatText::tr(n.text);
    return FormatText::tr("user-defined format: %1 exponent bits, %2 mantissa bits, bias %3")
        .arg(format.exponentBits())
        .arg(format.mantissaBits())
        .arg(format.bias());
}

QString message(const FormatError& e)
{
    const QString text = QString::fromStdString(e.text);
    QString why;
    switch (e.kind) {
    case FormatErrorKind::UnknownName: return FormatText::tr("unknown format '%1' (see 'floatscope formats')").arg(text);
    case FormatErrorKind::BadBias: return FormatText::tr("bad bias in format '%1'").arg(text);
    case FormatErrorKind::ExponentBitsOutOfRange:
        why = FormatText::tr("exponent bits must be 1..%1").arg(Format::kMaxExponentBits);
        break;
    case FormatErrorKind::MantissaBitsOutOfRange:
        why = FormatText::tr("mantissa bits must be 0..%1").arg(Format::kMaxMantissaBits);
        break;
    case FormatErrorKind::IeeeNeedsInfAndNan:
        why = FormatText::tr("an IEEE-style format needs at least 2 exponent bits and 1 mantissa bit (for inf and NaN)");
        break;
    case FormatErrorKind::ConventionTooNarrow:
        why = FormatText::tr("this convention needs at least 2 exponent and mantissa bits together");
        break;
    case FormatErrorKind::BiasOutOfRange: why = FormatText::tr("bias must be within +-%1").arg(kMaxCustomBias); break;
    }
    return text.isEmpty() ? why : FormatText::tr("format '%1': %2").arg(text, why);
}

}  // namespace floatscope::text
