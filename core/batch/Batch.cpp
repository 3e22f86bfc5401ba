#include "core/batch/Batch.h"

#include <bit>
#include <cmath>

#include "core/format/Codec.h"
#include "core/format/Registry.h"

// On x86-64 the loops are compiled for AVX-512, AVX2 and the baseline, picked at load time: the
// kernel's per-element shifts vectorise only with AVX2's variable shifts. Elsewhere: one version.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(FLOATSCOPE_NO_CLONES)
#define FLOATSCOPE_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define FLOATSCOPE_VECTOR_CLONES
#endif

namespace floatscope {

static_assert(static_cast<int>(RoundingMode::NearestEven) == batch_detail::kNearestEven);
static_assert(static_cast<int>(RoundingMode::NearestAway) == batch_detail::kNearestAway);
static_assert(static_cast<int>(RoundingMode::TowardZero) == batch_detail::kTowardZero);
static_assert(static_cast<int>(RoundingMode::Up) == batch_detail::kUp);
static_assert(static_cast<int>(RoundingMode::Down) == batch_detail::kDown);
static_assert(static_cast<int>(RoundingMode::ToOdd) == batch_detail::kToOdd);

namespace {

template <int Mode, bool Normalise>
FLOATSCOPE_VECTOR_CLONES void convertLoop(const std::uint32_t* in, std::uint16_t* out, std::size_t n, BatchPlan plan)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = static_cast<std::uint16_t>(convertFp32Bits<Mode, Normalise>(in[i], plan));
}

FLOATSCOPE_VECTOR_CLONES void convertLoopNearestEven(const std::uint32_t* in, std::uint16_t* out, std::size_t n,
                                                     BatchPlan plan)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = static_cast<std::uint16_t>(convertFp32BitsNearestEven(in[i], plan));
}

template <int Mode>
void dispatchNormalise(const std::uint32_t* in, std::uint16_t* out, std::size_t n, const BatchPlan& plan)
{
    if (plan.normaliseSubnormals)
        convertLoop<Mode, true>(in, out, n, plan);
    else
        convertLoop<Mode, false>(in, out, n, plan);
}

void dispatch(const std::uint32_t* in, std::uint16_t* out, std::size_t n, const BatchPlan& plan)
{
    if (plan.hardware != HardwarePath::None)
        return hardwareCodes(plan.hardware, in, out, n);
    if (plan.nearestEvenFastPath)
        return convertLoopNearestEven(in, out, n, plan);
    switch (plan.mode) {
    case batch_detail::kNearestEven: return dispatchNormalise<batch_detail::kNearestEven>(in, out, n, plan);
    case batch_detail::kNearestAway: return dispatchNormalise<batch_detail::kNearestAway>(in, out, n, plan);
    case batch_detail::kTowardZero: return dispatchNormalise<batch_detail::kTowardZero>(in, out, n, plan);
    case batch_detail::kUp: return dispatchNormalise<batch_detail::kUp>(in, out, n, plan);
    case batch_detail::kDown: return dispatchNormalise<batch_detail::kDown>(in, out, n, plan);
    case batch_detail::kToOdd: return dispatchNormalise<batch_detail::kToOdd>(in, out, n, plan);
    default: break;
    }
}

}  // namespace

BatchPlanResult makeBatchPlan(const Format& f, RoundingMode mode, std::optional<OverflowPolicy> overflow)
{
    BatchPlanResult out;
    if (f.totalBits() > 16) {
        out.error = BatchError{BatchErrorKind::TooWide, f.name(), f.totalBits()};
        return out;
    }
    if (mode == RoundingMode::Stochastic) {
        out.error = BatchError{BatchErrorKind::Stochastic, f.name(), f.totalBits()};
        return out;
    }
    return makeWideBatchPlan(f, mode, overflow);
}

BatchPlanResult makeWideBatchPlan(const Format& f, RoundingMode mode, std::optional<OverflowPolicy> overflow)
{
    BatchPlanResult out;
    if (f.totalBits() > 32 || f.mantissaBits() > 23 || f.exponentBits() > 8) {
        out.error = BatchError{BatchErrorKind::WiderThanFp32, f.name(), f.totalBits()};
        return out;
    }
    BatchPlan p;
    p.mode = static_cast<int>(mode);
    p.mantissaBits = f.mantissaBits();
    p.biasDelta = f.bias() - 127;
    p.minField = f.minNormalField();
    // fp32 subnormals read unnormalised are exact only where the target's subnormal range covers them.
    p.normaliseSubnormals = p.biasDelta > 0 || p.minField == 0;
    p.maxMagnitude = static_cast<std::uint32_t>(f.maxFiniteMagnitude());
    p.signMask = static_cast<std::uint32_t>(f.signMask());
    p.zeroSignMask = f.hasNegativeZero() ? p.signMask : 0;
    p.nonSaturating = overflow.value_or(f.defaultOverflow()) == OverflowPolicy::NonSaturating ? 1 : 0;
    p.unsignedFormat = f.signBits() == 0 ? 1 : 0;
    if (f.hasInfinity()) {
        p.overflowCode = static_cast<std::uint32_t>(f.infinityMagnitude());
        p.overflowSignMask = p.signMask;
    } else if (f.hasNan()) {
        p.overflowCode = static_cast<std::uint32_t>(f.nanCode(false));
        p.overflowSignMask = f.convention() == Convention::FiniteNan ? p.signMask : 0;
    } else {
        p.overflowCode = p.maxMagnitude;  // no inf, no NaN: overflow can only saturate
        p.overflowSignMask = p.signMask;
    }
    if (f.hasNan()) {
        p.nanBase = static_cast<std::uint32_t>(f.nanCode(false));
        p.nanSignMask = f.convention() == Convention::Ieee || f.convention() == Convention::FiniteNan ? p.signMask : 0;
        p.nanPayloadMask = f.convention() == Convention::Ieee ? static_cast<std::uint32_t>(f.mantissaMask()) : 0;
    } else {
        p.nanBase = p.maxMagnitude;  // as NVIDIA's fp6/fp4 conversions: +max
    }
    p.nearestEvenFastPath = mode == RoundingMode::NearestEven && !p.normaliseSubnormals && p.unsignedFormat == 0;
    if (p.nearestEvenFastPath) {
        p.minNormalBits = static_cast<std::uint32_t>(f.minExponent() + 127) << 23;
        p.subnormalMagic = static_cast<std::uint32_t>(f.minExponent() - f.mantissaBits() + 23 + 127) << 23;
        p.pastMaxBase = p.nonSaturating != 0 ? p.overflowCode : p.maxMagnitude;
        p.pastMaxSignMask = p.nonSaturating != 0 ? p.overflowSignMask : p.signMask;
    }
    p.hardware = hardwarePathFor(f, mode, overflow.value_or(f.defaultOverflow()));
    out.plan = p;
    return out;
}

HardwarePath hardwarePathFor(const Format& format, RoundingMode mode, OverflowPolicy overflow)
{
    if (mode != RoundingMode::NearestEven || overflow != OverflowPolicy::NonSaturating)
        return HardwarePath::None;
    const HardwarePath path = format == namedFormat("fp16") ? HardwarePath::F16c
                            : format == namedFormat("bf16") ? HardwarePath::Avx512Bf16
                                                            : HardwarePath::None;
    return cpuHas(path) ? path : HardwarePath::None;
}

void convertFromFp32Bits(std::span<const std::uint32_t> input, std::span<std::uint16_t> output, const BatchPlan& plan)
{
    dispatch(input.data(), output.data(), std::min(input.size(), output.size()), plan);
}

std::optional<DecodeTable> DecodeTable::make(const Format& f)
{
    if (f.totalBits() > 16 || f.maxExponent() > 127 || f.minPositiveExponent() < -149)
        return std::nullopt;
    DecodeTable table;
    const std::uint32_t count = std::uint32_t{1} << f.totalBits();
    table.m_mask = count - 1;
    table.m_values.resize(count);
    for (std::uint32_t code = 0; code < count; ++code) {
        const Decoded d = floatscope::decode(f, code);
        const std::uint32_t sign = d.negative ? 0x80000000u : 0u;
        float value = 0.0f;
        switch (d.valueClass) {
        case ValueClass::NaN:
            value = std::bit_cast<float>(sign | 0x7FC00000u | static_cast<std::uint32_t>(d.nanPayload >> 41));
            break;
        case ValueClass::Infinite: value = std::bit_cast<float>(sign | 0x7F800000u); break;
        default:
            // Exact: the significand has at most 16 bits and the exponent is inside fp32's range.
            value = std::ldexp(static_cast<float>(d.value.significand), static_cast<int>(d.value.exponent));
            value = d.negative ? -value : value;
            break;
        }
        table.m_values[code] = value;
    }
    return table;
}

void DecodeTable::decode(std::span<const std::uint16_t> codes, std::span<float> output) const
{
    const std::size_t n = std::min(codes.size(), output.size());
    for (std::size_t i = 0; i < n; ++i)
        output[i] = (*this)[codes[i]];
}

}  // namespace floatscope
