#include "app/text/QuantizeText.h"

#include <QCoreApplication>

#include "app/text/ScalingText.h"
#include "app/text/StdString.h"
#include "core/exact/DecimalText.h"
#include "core/format/Registry.h"
#include "core/inspect/Inspection.h"

namespace floatscope::text {

namespace {

// Translation context "QuantizeText" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct QuantizeText {
    Q_DECLARE_TR_FUNCTIONS(QuantizeText)
};

QString schemeUsage()
{
    return QuantizeText::tr("(tensor, tile:N, block:RxC, mx, nvfp4)");
}

// "4" for a vector, "2x128" for a matrix.
QString shapeText(const QuantizeError& e)
{
    return e.matrix ? QStringLiteral("%1x%2").arg(e.rows).arg(e.cols) : QString::number(e.cols);
}

}  // namespace

QString mxRuleDescription(MxScaleRule rule)
{
    // OCP MX v1.0 §6.3 (floor); torchao's ScaleCalculationMode.CEIL; cuBLAS's UE8M0 scale computation.
    switch (rule) {
    case MxScaleRule::Floor:
        return QuantizeText::tr("floor: X = 2^(floor(log2 amax) - emax), OCP MX v1.0 section 6.3; values above max clamp");
    case MxScaleRule::Ceil:
        return QuantizeText::tr("ceil: X = 2^(ceil(log2 amax) - emax); nothing clamps, but X is often twice what "
                                "rceil needs");
    case MxScaleRule::RoundUp:
        return QuantizeText::tr("rceil: X = 2^ceil(log2(amax / max)), the smallest power of two that never clamps "
                                "(cuBLAS UE8M0)");
    }
    return {};
}

QString message(const SchemeError& e)
{
    const QString text = QString::fromStdString(e.text);
    switch (e.kind) {
    case SchemeErrorKind::UnknownScheme:
        return thenSentence(QuantizeText::tr("unknown scheme '%1'").arg(text), schemeUsage());
    case SchemeErrorKind::BadTileLength:
        return thenSentence(QuantizeText::tr("scheme '%1': the tile length must be a positive whole number").arg(text), schemeUsage());
    case SchemeErrorKind::BadBlockShape:
        return thenSentence(QuantizeText::tr("scheme '%1': a block is ROWSxCOLS with positive whole numbers").arg(text), schemeUsage());
    }
    return {};
}

QString message(const QuantizeError& e)
{
    const QString format = QString::fromStdString(e.format);
    switch (e.kind) {
    case QuantizeErrorKind::NoTensor: return QuantizeText::tr("no tensor");
    case QuantizeErrorKind::UnsignedElementFormat:
        return QuantizeText::tr("%1 has no sign bit: it can be a scale, not an element format").arg(format);
    case QuantizeErrorKind::Nvfp4NeedsE2m1:
        return QuantizeText::tr("NVFP4 stores e2m1 elements, not %1 (use --scheme mx for other element formats)")
            .arg(format);
    case QuantizeErrorKind::RandomBitsOutOfRange: return QuantizeText::tr("stochastic rounding needs 1..64 random bits");
    case QuantizeErrorKind::EmptyBlock: return QuantizeText::tr("a block needs at least one row and one column");
    case QuantizeErrorKind::ShapeNotMultipleOfBlock:
        return QuantizeText::tr("shape %1 is not a multiple of the %2x%3 block (the pad policy cuts edge blocks short "
                                "instead)")
            .arg(shapeText(e))
            .arg(e.blockRows)
            .arg(e.blockCols);
    }
    return {};
}

QStringList quantizeRecipe(const Quantization& q)
{
    const QuantizeOptions& o = q.options();
    const Format& f = o.element;
    const QString name = gui::ScalingText::fromStd(f.name());
    const QString max = gui::ScalingText::fromStd(exactDecimal(f.maxFinite()));
    const QString kept = o.scalePrecision == ScalePrecision::Exact ? QuantizeText::tr("kept exact")
                                                                   : QuantizeText::tr("rounded once to fp32");
    QStringList lines;
    switch (o.scheme.kind) {
    case SchemeKind::Tensor:
    case SchemeKind::Tile:
    case SchemeKind::Block:
        lines << QuantizeText::tr("scale = amax / %1 (the largest %2), %3").arg(max, name, kept);
        break;
    case SchemeKind::Mx:
        lines << QuantizeText::tr("scale = %1; emax(%2) = %3; stored as E8M0")
                     .arg(text::mxRuleDescription(o.mxRule), name)
                     .arg(f.maxExponent());
        break;
    case SchemeKind::Nvfp4: {
        QString tensorScale;
        if (const auto& ts = q.tensorScale())
            tensorScale = ts->fp32Code ? QuantizeText::tr("%1 (fp32 %2)")
                                             .arg(gui::ScalingText::brief(ts->scale.exact()),
                                                  gui::ScalingText::fromStd(hexCode(namedFormat("fp32"), *ts->fp32Code)))
                                       : gui::ScalingText::brief(ts->scale.exact());
        lines << QuantizeText::tr("tensor scale = amax(tensor) / (448 × 6) = %1, %2").arg(tensorScale, kept);
        lines << QuantizeText::tr("block scale = E4M3(amax(block) / (6 × tensor scale)) × tensor scale");
        break;
    }
    }
    lines << QuantizeText::tr("element = x / scale rounded once to %1 (%2, %3); dequantized = element × scale")
                 .arg(name, gui::ScalingText::roundingName(o.rounding),
                      o.overflow == OverflowPolicy::Saturate ? QuantizeText::tr("saturating")
                                                             : QuantizeText::tr("not saturating"));
    return lines;
}

}  // namespace floatscope::text
