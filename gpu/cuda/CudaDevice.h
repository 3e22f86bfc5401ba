#pragma once

// The CUDA device, seen from plain C++17 (this header is included by nvcc and by the C++20 backend):
// no CUDA types cross it.

#include <cstddef>
#include <cstdint>
#include <string>

#include "backends/NvidiaTarget.h"

namespace floatscope::gpu {

struct CudaDeviceInfo {
    std::string unavailableReason;  // empty when a device is usable
    std::string name;
    int computeMajor = 0;
    int computeMinor = 0;
    int driverVersion = 0;   // as CUDA encodes it: 1000 * major + 10 * minor
    int runtimeVersion = 0;
};

CudaDeviceInfo queryCudaDevice();

// Converts n fp32 bit patterns on device 0 with NVIDIA's device functions. Returns "" or the error.
std::string cudaConvert(const std::uint32_t* input, std::uint16_t* output, std::size_t n, NvidiaTarget target,
                        int mode, bool saturate);

}  // namespace floatscope::gpu
