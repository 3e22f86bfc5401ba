#include "app/text/HardwareText.h"

#include <QCoreApplication>
#include <QLocale>

#include "app/text/OperatorsText.h"
#include "app/text/StdString.h"

namespace floatscope::text {

namespace {

// Translation context "HardwareText" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct HardwareText {
    Q_DECLARE_TR_FUNCTIONS(HardwareText)
};

QString overflowText(OverflowPolicy overflow)
{
    return overflow == OverflowPolicy::Saturate ? HardwareText::tr("saturate") : HardwareText::tr("no-saturate");
}

}  // namespace

QString roundingText(RoundingMode mode)
{
    switch (mode) {
    case RoundingMode::NearestEven: return HardwareText::tr("nearest-even");
    case RoundingMode::NearestAway: return HardwareText::tr("nearest-away");
    case RoundingMode::TowardZero: return HardwareText::tr("toward-zero");
    case RoundingMode::Up: return HardwareText::tr("up");
    case RoundingMode::Down: return HardwareText::tr("down");
    case RoundingMode::ToOdd: return HardwareText::tr("odd");
    case RoundingMode::Stochastic: return HardwareText::tr("stochastic");
    }
    return {};
}

QString backendDescription(const gpu::Backend& backend)
{
    const gpu::BackendInfo info = backend.info();
    switch (info.kind) {
    case gpu::BackendKind::CudaDevice:
        if (!backend.available())
            return HardwareText::tr("NVIDIA's conversion functions on a CUDA device (none usable here)");
        return HardwareText::tr("%1 (compute capability %2.%3), NVIDIA's device conversion functions")
            .arg(qs(info.device))
            .arg(info.major)
            .arg(info.minor);
    case gpu::BackendKind::NvidiaHost:
        return HardwareText::tr("NVIDIA's conversion functions from the CUDA %1.%2 headers, run on the CPU")
            .arg(info.major)
            .arg(info.minor);
    case gpu::BackendKind::X86F16c: return HardwareText::tr("the CPU's F16C instruction VCVTPS2PH (fp32 to fp16)");
    case gpu::BackendKind::X86Avx512Bf16:
        return HardwareText::tr("the CPU's AVX512-BF16 instruction VCVTNEPS2BF16 (fp32 to bf16; flushes subnormal inputs)");
    case gpu::BackendKind::Other: break;
    }
    return qs(backend.name());
}

QString unavailableSummary(const gpu::Unavailable& u)
{
    switch (u.kind) {
    case gpu::UnavailableKind::NoCudaInThisBuild:
    case gpu::UnavailableKind::CudaNotStarted:
    case gpu::UnavailableKind::NoCudaDevice:
    case gpu::UnavailableKind::DeviceQueryFailed: return HardwareText::tr("This machine has no usable GPU.");
    case gpu::UnavailableKind::CpuLacksF16c: return HardwareText::tr("This CPU has no F16C instructions.");
    case gpu::UnavailableKind::CpuLacksAvx512Bf16: return HardwareText::tr("This CPU has no AVX512-BF16 instructions.");
    }
    return {};
}

QString unavailableDetail(const gpu::Unavailable& u)
{
    switch (u.kind) {
    case gpu::UnavailableKind::NoCudaInThisBuild:
        return HardwareText::tr("this build has no CUDA device support (nvcc was not found when Floatscope was built)");
    case gpu::UnavailableKind::CudaNotStarted:
        return HardwareText::tr("the CUDA runtime did not start: %1").arg(qs(u.detail));
    case gpu::UnavailableKind::NoCudaDevice: return HardwareText::tr("the CUDA driver reports no device");
    case gpu::UnavailableKind::DeviceQueryFailed:
        return HardwareText::tr("CUDA device 0 cannot be queried: %1").arg(qs(u.detail));
    case gpu::UnavailableKind::CpuLacksF16c: return HardwareText::tr("this CPU has no F16C instructions");
    case gpu::UnavailableKind::CpuLacksAvx512Bf16: return HardwareText::tr("this CPU has no AVX512-BF16 instructions");
    }
    return {};
}

QString message(const gpu::Unavailable& u)
{
    switch (u.kind) {
    case gpu::UnavailableKind::CpuLacksF16c:
    case gpu::UnavailableKind::CpuLacksAvx512Bf16: return unavailableDetail(u);
    default: break;
    }
    return HardwareText::tr("no usable GPU here (%1)").arg(unavailableDetail(u));
}

QString backendFailure(const QString& backend, const std::string& failure)
{
    return HardwareText::tr("%1 failed: %2").arg(backend, qs(failure));
}

QString dotComparisonText(const QString& what, const gpu::DotComparison& c)
{
    using Kind = gpu::DotMismatchKind;
    const auto n = [](std::uint64_t v) { return QLocale(QLocale::English).toString(static_cast<qulonglong>(v)); };
    QString out = HardwareText::tr("%1: %2 compared in %3 s%4. Agree: %5. NaN encoding: %6. Zero sign: %7. "
                                   "<b>Unexplained: %8</b>.")
                      .arg(what.toHtmlEscaped(), n(c.compared))
                      .arg(c.seconds, 0, 'f', 2)
                      .arg(c.cancelled ? HardwareText::tr(" (cancelled)") : QString())
                      .arg(n(c.matches), n(c.count(Kind::NanEncoding)), n(c.count(Kind::ZeroSign)), n(c.unexplained()));
    for (const gpu::DotMismatch& m : c.examples)
        out += HardwareText::tr("<br>#%1: model 0x%2, hardware 0x%3 — %4")
                   .arg(n(m.index))
                   .arg(m.model, 8, 16, QLatin1Char('0'))
                   .arg(m.hardware, 8, 16, QLatin1Char('0'))
                   .arg(QString::fromLatin1(gpu::toString(m.kind)));
    return out;
}

QStringList probeFindings(const dot::ProbeReport& r)
{
    const auto kept = [](const std::optional<bool>& k) {
        if (!k)
            return HardwareText::tr("not observable with these inputs");
        return *k ? HardwareText::tr("kept") : HardwareText::tr("read as zero");
    };
    QStringList lines;
    lines << HardwareText::tr("%1: %2").arg(text::probeFeatureText(dot::ProbeFeature::ResultFractionBits)).arg(r.resultFractionBits);
    lines << HardwareText::tr("%1: %2").arg(text::probeFeatureText(dot::ProbeFeature::AlignedFractionBits)).arg(r.alignedFractionBits);
    lines << HardwareText::tr("%1: %2").arg(text::probeFeatureText(dot::ProbeFeature::ResultRounding),
                                            r.resultRounding ? roundingText(*r.resultRounding) : HardwareText::tr("no mode fits"));
    lines << HardwareText::tr("%1: %2").arg(text::probeFeatureText(dot::ProbeFeature::BlockTerms),
                                            r.blockTerms ? QString::number(*r.blockTerms)
                                                         : HardwareText::tr("no normalisation point up to the largest tried"));
    lines << HardwareText::tr("%1: %2").arg(text::probeFeatureText(dot::ProbeFeature::InputSubnormals), kept(r.inputSubnormals));
    lines << HardwareText::tr("%1: %2").arg(text::probeFeatureText(dot::ProbeFeature::OutputSubnormals), kept(r.outputSubnormals));
    lines << HardwareText::tr("%1: %2").arg(text::probeFeatureText(dot::ProbeFeature::CarryBits),
                                            r.carriesExact ? HardwareText::tr("no carry lost") : HardwareText::tr("a carry is lost"));
    return lines;
}

QString productsRefusalText(const gpu::ProductsRefusal& r, const QString& recipe)
{
    switch (r.kind) {
    case gpu::ProductsRefusalKind::NoDevice: return r.unavailable ? message(*r.unavailable) : QString();
    case gpu::ProductsRefusalKind::FormatNotTaken:
        return HardwareText::tr("%1 multiplies %2 inputs, which the GPU's matrix library (cuBLASLt) does not take")
            .arg(recipe, qs(r.format));
    case gpu::ProductsRefusalKind::NeedsNewerGpu:
        return HardwareText::tr("%1 multiplies %2 inputs, which need compute capability %3.%4 or later; %5 has %6.%7")
            .arg(recipe, qs(r.format))
            .arg(r.needMajor)
            .arg(r.needMinor)
            .arg(qs(r.device))
            .arg(r.deviceMajor)
            .arg(r.deviceMinor);
    case gpu::ProductsRefusalKind::E5m2ByE5m2:
        return HardwareText::tr("%1 multiplies e5m2 by e5m2, which cuBLASLt has no kernel for (it pairs e5m2 with "
                                "e4m3fn only)")
            .arg(recipe);
    }
    return {};
}

QString message(const BatchError& e)
{
    switch (e.kind) {
    case BatchErrorKind::TooWide:
        return HardwareText::tr("%1 has %2 bits; the batch path covers 16 or fewer").arg(qs(e.format)).arg(e.bits);
    case BatchErrorKind::Stochastic: return HardwareText::tr("stochastic rounding draws per element; use the scalar path");
    case BatchErrorKind::WiderThanFp32:
        return HardwareText::tr("%1 is wider than the kernel's 32-bit codes and fp32's exponent").arg(qs(e.format));
    }
    return {};
}

QString message(const gpu::SweepRefusal& r)
{
    const QString backend = qs(r.backend);
    switch (r.kind) {
    case gpu::SweepRefusalKind::BackendUnavailable:
        return HardwareText::tr("%1 is not available: %2").arg(backend, r.unavailable ? message(*r.unavailable) : QString());
    case gpu::SweepRefusalKind::ConversionNotOffered:
        return HardwareText::tr("%1 does not convert to %2 with %3, %4")
            .arg(backend, qs(r.format), roundingText(r.mode), overflowText(r.overflow));
    case gpu::SweepRefusalKind::NoBatchPath: return r.batch ? message(*r.batch) : QString();
    }
    return {};
}

}  // namespace floatscope::text
