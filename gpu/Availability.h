#pragma once

#include <cstdint>
#include <string>

namespace floatscope::gpu {

// Why a backend, or the CUDA device, cannot be used on this machine. The words are
// app/text/HardwareText's; `detail` is the system's own text (CUDA's error name and string).
enum class UnavailableKind : std::uint8_t {
    NoCudaInThisBuild,  // Floatscope was built without nvcc: there is no device backend at all
    CudaNotStarted,     // the CUDA runtime could not start: no driver, a driver too old, no device (detail)
    NoCudaDevice,       // the driver starts and reports no device
    DeviceQueryFailed,  // device 0 is there but cannot be queried (detail)
    CpuLacksF16c,       // the CPU has no F16C instructions
    CpuLacksAvx512Bf16, // the CPU has no AVX512-BF16 instructions
};

struct Unavailable {
    UnavailableKind kind = UnavailableKind::NoCudaInThisBuild;
    std::string detail;
};

}  // namespace floatscope::gpu
