#include "app/text/OperatorsText.h"

#include <QCoreApplication>

#include "app/text/HardwareText.h"
#include "app/text/StdString.h"

namespace floatscope::text {

namespace {

// Translation context "Operators" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct OperatorsText {
    Q_DECLARE_TR_FUNCTIONS(Operators)
};

}  // namespace

QString specErrorText(const dot::SpecError& e, const QString& spec)
{
    const QString part = qs(e.part);
    switch (e.kind) {
    case dot::SpecErrorKind::Empty:
        return OperatorsText::tr("Name an accumulator: a format (fp32, bf16:rtz:pairwise), fixed:W, a tensor-core preset "
                                 "(h100-fp8) or avx512bf16");
    case dot::SpecErrorKind::UnknownFormat:
        return OperatorsText::tr("Unknown accumulator '%1': not a format, a preset, fixed:W or avx512bf16").arg(part);
    case dot::SpecErrorKind::UnknownRounding:
        return OperatorsText::tr("Unknown rounding '%1' in '%2' (nearest-even, nearest-away, toward-zero, up, down, odd, "
                                 "stochastic)")
            .arg(part, spec);
    case dot::SpecErrorKind::UnknownOrder:
        return OperatorsText::tr("Unknown order '%1' in '%2' (sequential, pairwise, blocked)").arg(part, spec);
    case dot::SpecErrorKind::BadNumber:
        return OperatorsText::tr("Bad number '%1' in '%2': widths are 1..40 bits, blocks 1..%3 terms")
            .arg(part, spec)
            .arg(dot::kMaxBlockSize);
    case dot::SpecErrorKind::TooManyParts:
        return OperatorsText::tr("Too many parts in '%1' (at '%2')").arg(spec, part);
    case dot::SpecErrorKind::FormatTooWide:
        return OperatorsText::tr("An accumulator of at most 53 significant bits: '%1' is wider").arg(part);
    case dot::SpecErrorKind::TooMany:
        return OperatorsText::tr("At most %1 accumulators at once, not %2").arg(dot::kMaxAccumulators).arg(part);
    case dot::SpecErrorKind::FixedModel:
        return OperatorsText::tr("'%1' is a hardware model with its own rounding and order: write it alone, not '%2'")
            .arg(part, spec);
    }
    return spec;
}

QString dotErrorText(const dot::DotError& e)
{
    const QString detail = qs(e.detail);
    switch (e.kind) {
    case dot::DotErrorKind::LengthsDiffer: return OperatorsText::tr("The two vectors differ in length (%1)").arg(detail);
    case dot::DotErrorKind::InputsTooWide:
        return OperatorsText::tr("Inputs in %1 are not multiplied exactly here: inputs of at most 24 significant bits "
                                 "within fp32's range (every format but fp64)")
            .arg(detail);
    case dot::DotErrorKind::PresetInputs: {
        const dot::TensorCorePreset* preset = dot::findTensorCorePreset(e.detail);
        return OperatorsText::tr("The tensor core %1 multiplies %2 only, not %3")
            .arg(detail, preset != nullptr ? QString::fromUtf8(preset->inputFormats) : QString(), qs(e.inputs));
    }
    case dot::DotErrorKind::FusedInputs:
        return OperatorsText::tr("A fused adder multiplies inputs of at most 12 significant bits within fp32's range, "
                                 "not %1")
            .arg(detail);
    case dot::DotErrorKind::FusedOutput:
        return OperatorsText::tr("A fused adder's output must be an IEEE format within fp32's range, not %1").arg(detail);
    case dot::DotErrorKind::Vdpbf16psInputs:
        return OperatorsText::tr("VDPBF16PS multiplies bf16, not %1").arg(detail);
    case dot::DotErrorKind::BadParameter: return OperatorsText::tr("A parameter is out of range: %1").arg(detail);
    case dot::DotErrorKind::StartNotRepresentable:
        return OperatorsText::tr("The starting value is not a value of %1").arg(detail);
    case dot::DotErrorKind::InputsUnsigned:
        return OperatorsText::tr("Inputs in %1 are not possible: it has no sign and no zero (it holds scales), and "
                                 "inner products need both")
            .arg(detail);
    case dot::DotErrorKind::ResultUnsigned:
        return OperatorsText::tr("An accumulator in %1 is not possible: it has no sign and no zero (it holds scales), "
                                 "and a sum starts at 0 and takes terms of either sign")
            .arg(detail);
    }
    return detail;
}

QString backendStatusText(const gpu::DotBackendStatus& s)
{
    const QString detail = qs(s.detail);
    switch (s.kind) {
    case gpu::DotBackendStatus::Kind::Available: return OperatorsText::tr("available");
    case gpu::DotBackendStatus::Kind::NoCpuInstruction: return OperatorsText::tr("this CPU has no AVX512-BF16 instructions");
    case gpu::DotBackendStatus::Kind::NotBuilt:
        return OperatorsText::tr("this build has no CUDA device code (nvcc was not found when it was built)");
    case gpu::DotBackendStatus::Kind::NoDevice: return OperatorsText::tr("no usable CUDA device: %1").arg(detail);
    case gpu::DotBackendStatus::Kind::DeviceError: return OperatorsText::tr("the device failed: %1").arg(detail);
    }
    return detail;
}

QString dotSupportText(gpu::DotSupport support, const QString& backend, const QString& accumulator, const QString& inputs)
{
    switch (support) {
    case gpu::DotSupport::Supported: return OperatorsText::tr("%1 runs %2 on %3").arg(backend, accumulator, inputs);
    case gpu::DotSupport::WrongModel:
        return OperatorsText::tr("%1 does not compute %2 (the CPU runs avx512bf16; the GPU runs its own tensor-core "
                                 "preset, without promotion)")
            .arg(backend, accumulator);
    case gpu::DotSupport::WrongInputs: return OperatorsText::tr("%1 does not multiply %2 here").arg(backend, inputs);
    case gpu::DotSupport::NotThisGpu:
        return OperatorsText::tr("%1 models another GPU than the one here").arg(accumulator);
    }
    return backend;
}

QString presetSourceText(dot::PresetSource source)
{
    switch (source) {
    case dot::PresetSource::KhattakMikaitis2025:
        return OperatorsText::tr("Khattak and Mikaitis, \"Accurate models of NVIDIA tensor cores\" (2025): the published "
                                 "model's parameters, validated on the GPU");
    case dot::PresetSource::FasiEtAl2021AndKhattakMikaitis2025:
        return OperatorsText::tr("Fasi, Higham, Mikaitis and Pranesh, \"Numerical behavior of NVIDIA tensor cores\" "
                                 "(2021), refined by Khattak and Mikaitis (2025)");
    }
    return {};
}

QString presetSourceShortText(dot::PresetSource source)
{
    switch (source) {
    case dot::PresetSource::KhattakMikaitis2025: return OperatorsText::tr("Khattak, Mikaitis 2025");
    case dot::PresetSource::FasiEtAl2021AndKhattakMikaitis2025:
        return OperatorsText::tr("Fasi et al. 2021; Khattak, Mikaitis 2025");
    }
    return {};
}

QString distributionText(dot::Distribution distribution)
{
    switch (distribution) {
    case dot::Distribution::Normal: return OperatorsText::tr("normal");
    case dot::Distribution::Uniform: return OperatorsText::tr("positive uniform");
    case dot::Distribution::Heavy: return OperatorsText::tr("heavy-tailed (Student's t, 3 degrees of freedom)");
    case dot::Distribution::Ones: return OperatorsText::tr("all ones");
    }
    return {};
}

QString accumulatorName(const dot::Accumulator& accumulator)
{
    dot::Accumulator plain = accumulator;
    plain.promoteEvery.reset();
    const QString name = qs(dot::specText(plain));
    if (!accumulator.promoteEvery)
        return name;
    return OperatorsText::tr("%1 → fp32 every %2").arg(name).arg(*accumulator.promoteEvery);
}

QString accumulatorDescription(const dot::Accumulator& accumulator)
{
    QString text;
    if (const auto* ieee = std::get_if<dot::IeeeAccumulator>(&accumulator.model)) {
        const QString format = qs(ieee->format.name());
        const QString rounding = roundingText(ieee->rounding);
        switch (ieee->order) {
        case dot::SumOrder::Sequential:
            text = OperatorsText::tr("each add rounds to %1 (%2), in order").arg(format, rounding);
            break;
        case dot::SumOrder::Pairwise:
            text = OperatorsText::tr("each add rounds to %1 (%2), in a balanced tree").arg(format, rounding);
            break;
        case dot::SumOrder::Blocked:
            text = OperatorsText::tr("each add rounds to %1 (%2), in blocks of %3").arg(format, rounding).arg(ieee->blockSize);
            break;
        }
    } else if (const auto* fused = std::get_if<dot::FusedAdder>(&accumulator.model)) {
        const QString rounding = fused->resultRounding == RoundingMode::TowardZero ? OperatorsText::tr("truncated")
                                                                                  : OperatorsText::tr("rounded to nearest");
        const QString adder = OperatorsText::tr("%1-product blocks aligned to %2 fraction bits, %3, %4 out")
                                  .arg(fused->blockTerms)
                                  .arg(fused->alignedFractionBits)
                                  .arg(rounding, qs(fused->output.name()));
        const dot::TensorCorePreset* preset = dot::findTensorCorePreset(accumulator.preset);
        text = preset != nullptr ? OperatorsText::tr("%1 tensor core: %2").arg(QString::fromUtf8(preset->gpu), adder)
                                 : OperatorsText::tr("fused adder: %1").arg(adder);
    } else {
        text = OperatorsText::tr("VDPBF16PS: bf16 pairs, fp32 adds, nearest-even, denormals as zero");
    }
    if (accumulator.promoteEvery)
        text = OperatorsText::tr("%1; every %2 products into fp32 (nearest-even)").arg(text).arg(*accumulator.promoteEvery);
    return text;
}

QString probeFeatureText(dot::ProbeFeature feature)
{
    switch (feature) {
    case dot::ProbeFeature::InputSubnormals: return OperatorsText::tr("subnormal inputs");
    case dot::ProbeFeature::OutputSubnormals: return OperatorsText::tr("subnormal results");
    case dot::ProbeFeature::ResultFractionBits: return OperatorsText::tr("fraction bits of the result");
    case dot::ProbeFeature::ResultRounding: return OperatorsText::tr("rounding of the result");
    case dot::ProbeFeature::AlignedFractionBits: return OperatorsText::tr("fraction bits kept in alignment");
    case dot::ProbeFeature::BlockTerms: return OperatorsText::tr("products per normalisation");
    case dot::ProbeFeature::CarryBits: return OperatorsText::tr("carry-out bits");
    }
    return {};
}

}  // namespace floatscope::text
