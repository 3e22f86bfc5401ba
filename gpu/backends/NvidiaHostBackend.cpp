#include "backends/NvidiaHostBackend.h"

#if FLOATSCOPE_HAVE_CUDA_HEADERS

#include <bit>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_fp6.h>
#include <cuda_fp4.h>

namespace floatscope::gpu {

namespace {

// Which NVIDIA function converts to a format, and with which rounding modes.
enum class Target { Fp16, Bf16, E4m3, E5m2, E2m3, E3m2, E2m1, E8m0, None };

Target targetOf(const Format& f)
{
    const std::string& n = f.name();
    if (n == "fp16") return Target::Fp16;
    if (n == "bf16") return Target::Bf16;
    if (n == "e4m3fn") return Target::E4m3;
    if (n == "e5m2") return Target::E5m2;
    if (n == "e2m3") return Target::E2m3;
    if (n == "e3m2") return Target::E3m2;
    if (n == "e2m1") return Target::E2m1;
    if (n == "e8m0") return Target::E8m0;
    return Target::None;
}

std::uint16_t halfBits(__half h) { return std::bit_cast<__half_raw>(h).x; }
std::uint16_t bf16Bits(__nv_bfloat16 h) { return std::bit_cast<__nv_bfloat16_raw>(h).x; }

std::uint16_t convertOne(Target t, float x, RoundingMode mode, OverflowPolicy overflow)
{
    const __nv_saturation_t sat = overflow == OverflowPolicy::Saturate ? __NV_SATFINITE : __NV_NOSAT;
    const cudaRoundMode fp6Mode = mode == RoundingMode::TowardZero ? cudaRoundZero : cudaRoundNearest;
    switch (t) {
    case Target::Fp16:
        switch (mode) {
        case RoundingMode::TowardZero: return halfBits(__float2half_rz(x));
        case RoundingMode::Up: return halfBits(__float2half_ru(x));
        case RoundingMode::Down: return halfBits(__float2half_rd(x));
        default: return halfBits(__float2half_rn(x));
        }
    case Target::Bf16:
        switch (mode) {
        case RoundingMode::TowardZero: return bf16Bits(__float2bfloat16_rz(x));
        case RoundingMode::Up: return bf16Bits(__float2bfloat16_ru(x));
        case RoundingMode::Down: return bf16Bits(__float2bfloat16_rd(x));
        default: return bf16Bits(__float2bfloat16_rn(x));
        }
    case Target::E4m3: return __nv_cvt_float_to_fp8(x, sat, __NV_E4M3);
    case Target::E5m2: return __nv_cvt_float_to_fp8(x, sat, __NV_E5M2);
    case Target::E2m3: return __nv_cvt_float_to_fp6(x, __NV_E2M3, fp6Mode);
    case Target::E3m2: return __nv_cvt_float_to_fp6(x, __NV_E3M2, fp6Mode);
    case Target::E2m1: return __nv_cvt_float_to_fp4(x, __NV_E2M1, fp6Mode);
    case Target::E8m0:
        return __nv_cvt_float_to_e8m0(x, sat, mode == RoundingMode::Up ? cudaRoundPosInf : cudaRoundZero);
    case Target::None: break;
    }
    return 0;
}

class NvidiaHostBackend final : public Backend {
public:
    std::string name() const override { return "nvidia-host"; }
    std::string description() const override
    {
        return "NVIDIA's conversion functions from the CUDA " + std::to_string(CUDART_VERSION / 1000) + "."
            + std::to_string(CUDART_VERSION % 1000 / 10) + " headers, run on the CPU";
    }

    bool supports(const Format& f, RoundingMode mode, OverflowPolicy overflow) const override
    {
        switch (targetOf(f)) {
        case Target::Fp16:
        case Target::Bf16:
            // IEEE formats: the _rn/_rz/_ru/_rd functions overflow to inf as IEEE does.
            return overflow == OverflowPolicy::NonSaturating
                && (mode == RoundingMode::NearestEven || mode == RoundingMode::TowardZero || mode == RoundingMode::Up
                    || mode == RoundingMode::Down);
        case Target::E4m3:
        case Target::E5m2: return mode == RoundingMode::NearestEven;  // __NV_SATFINITE and __NV_NOSAT
        case Target::E2m3:
        case Target::E3m2:
        case Target::E2m1:
            // Always saturating: the formats have no inf or NaN.
            return overflow == OverflowPolicy::Saturate
                && (mode == RoundingMode::NearestEven || mode == RoundingMode::TowardZero);
        case Target::E8m0: return mode == RoundingMode::TowardZero || mode == RoundingMode::Up;
        case Target::None: break;
        }
        return false;
    }

    KnownProperties knownProperties(const Format& f) const override
    {
        switch (targetOf(f)) {
        case Target::Fp16:
        case Target::Bf16:
        case Target::E4m3:
        case Target::E5m2: return kCanonicalNan;  // 0x7FFF / 0x7F whatever the sign and payload
        case Target::E8m0: return kUnsignedTakesMagnitude;
        default: return 0;
        }
    }

    void convert(std::span<const std::uint32_t> input, std::span<std::uint16_t> output, const Format& f,
                 RoundingMode mode, OverflowPolicy overflow) const override
    {
        const Target t = targetOf(f);
        const std::size_t n = std::min(input.size(), output.size());
        for (std::size_t i = 0; i < n; ++i)
            output[i] = convertOne(t, std::bit_cast<float>(input[i]), mode, overflow);
    }
};

}  // namespace

std::unique_ptr<Backend> makeNvidiaHostBackend()
{
    return std::make_unique<NvidiaHostBackend>();
}

}  // namespace floatscope::gpu

#else

namespace floatscope::gpu {

std::unique_ptr<Backend> makeNvidiaHostBackend()
{
    return nullptr;
}

}  // namespace floatscope::gpu

#endif
