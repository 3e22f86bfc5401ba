#include "gpu/backends/NvidiaSupport.h"

namespace floatscope::gpu {

static_assert(kNvNearestEven == static_cast<int>(RoundingMode::NearestEven));
static_assert(kNvTowardZero == static_cast<int>(RoundingMode::TowardZero));
static_assert(kNvUp == static_cast<int>(RoundingMode::Up));
static_assert(kNvDown == static_cast<int>(RoundingMode::Down));

NvidiaTarget nvidiaTargetOf(const Format& f)
{
    for (const NvidiaFormat& n : kNvidiaFormats)
        if (f.name() == n.name)
            return n.target;
    return NvidiaTarget::None;
}

bool nvidiaSupports(const Format& f, RoundingMode mode, OverflowPolicy overflow)
{
    switch (nvidiaTargetOf(f)) {
    case NvidiaTarget::Fp16:
    case NvidiaTarget::Bf16:
        // _rn/_rz/_ru/_rd: IEEE overflow to inf, no saturating variant.
        return overflow == OverflowPolicy::NonSaturating
            && (mode == RoundingMode::NearestEven || mode == RoundingMode::TowardZero || mode == RoundingMode::Up
                || mode == RoundingMode::Down);
    case NvidiaTarget::E4m3:
    case NvidiaTarget::E5m2: return mode == RoundingMode::NearestEven;  // __NV_SATFINITE and __NV_NOSAT
    case NvidiaTarget::E2m3:
    case NvidiaTarget::E3m2:
    case NvidiaTarget::E2m1:
        // cudaRoundNearest and cudaRoundZero only; always saturating (no inf or NaN in the format).
        return overflow == OverflowPolicy::Saturate
            && (mode == RoundingMode::NearestEven || mode == RoundingMode::TowardZero);
    case NvidiaTarget::E8m0: return mode == RoundingMode::TowardZero || mode == RoundingMode::Up;
    case NvidiaTarget::None: break;
    }
    return false;
}

KnownProperties nvidiaKnownProperties(const Format& f)
{
    switch (nvidiaTargetOf(f)) {
    case NvidiaTarget::Fp16:
    case NvidiaTarget::Bf16:
    case NvidiaTarget::E4m3:
    case NvidiaTarget::E5m2: return kCanonicalNan;  // 0x7FFF / 0x7F whatever the sign and payload
    case NvidiaTarget::E8m0: return kUnsignedTakesMagnitude;
    default: return 0;
    }
}

}  // namespace floatscope::gpu
