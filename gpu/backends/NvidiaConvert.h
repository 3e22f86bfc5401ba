#pragma once

// NVIDIA's conversion functions, one call per (format, mode, saturation): the same code runs on the
// CPU (the "nvidia-host" backend, from the CUDA headers compiled by the host compiler) and on the
// device (the "cuda" backend). C++17 and CUDA headers only, so nvcc can compile it too.

#include <stdint.h>  // NOLINT(modernize-deprecated-headers)

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cuda_fp8.h>

#include "gpu/backends/NvidiaTarget.h"
#include "core/common/HostDevice.h"

namespace floatscope::gpu {

FLOATSCOPE_HOST_DEVICE uint16_t nvidiaConvert(NvidiaTarget target, float x, int mode, bool saturate)
{
    const __nv_saturation_t sat = saturate ? __NV_SATFINITE : __NV_NOSAT;
    const cudaRoundMode smallMode = mode == kNvTowardZero ? cudaRoundZero : cudaRoundNearest;
    switch (target) {
    case NvidiaTarget::Fp16:
        return mode == kNvTowardZero ? __half_as_ushort(__float2half_rz(x))
            : mode == kNvUp          ? __half_as_ushort(__float2half_ru(x))
            : mode == kNvDown        ? __half_as_ushort(__float2half_rd(x))
                                     : __half_as_ushort(__float2half_rn(x));
    case NvidiaTarget::Bf16:
        return mode == kNvTowardZero ? __bfloat16_as_ushort(__float2bfloat16_rz(x))
            : mode == kNvUp          ? __bfloat16_as_ushort(__float2bfloat16_ru(x))
            : mode == kNvDown        ? __bfloat16_as_ushort(__float2bfloat16_rd(x))
                                     : __bfloat16_as_ushort(__float2bfloat16_rn(x));
    case NvidiaTarget::E4m3: return __nv_cvt_float_to_fp8(x, sat, __NV_E4M3);
    case NvidiaTarget::E5m2: return __nv_cvt_float_to_fp8(x, sat, __NV_E5M2);
    case NvidiaTarget::E2m3: return __nv_cvt_float_to_fp6(x, __NV_E2M3, smallMode);
    case NvidiaTarget::E3m2: return __nv_cvt_float_to_fp6(x, __NV_E3M2, smallMode);
    case NvidiaTarget::E2m1: return __nv_cvt_float_to_fp4(x, __NV_E2M1, smallMode);
    case NvidiaTarget::E8m0: return __nv_cvt_float_to_e8m0(x, sat, mode == kNvUp ? cudaRoundPosInf : cudaRoundZero);
    case NvidiaTarget::None: break;
    }
    return 0;
}

}  // namespace floatscope::gpu
