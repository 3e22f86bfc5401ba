#pragma once

#include <memory>

#include "gpu/Backend.h"

namespace floatscope::gpu {

// NVIDIA's conversion functions (__float2half_rn, __nv_cvt_float_to_fp8, ...) from the CUDA
// headers, compiled for the CPU: available wherever the headers were found at build time.
// Null when this build has no CUDA headers.
std::unique_ptr<Backend> makeNvidiaHostBackend();

}  // namespace floatscope::gpu
