#pragma once

// The CUDA device, seen from plain C++17 (this header is included by nvcc and by the C++20 backend):
// no CUDA types cross it.

#include <cstddef>
#include <cstdint>
#include <string>

#include "gpu/backends/NvidiaTarget.h"
#include "core/batch/BatchKernel.h"

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

// Which codes of the target are NaN, as masks (the device has no Format).
struct NanRule {
    int convention = 0;       // floatscope::Convention as int
    std::uint32_t exponentMask = 0;
    std::uint32_t mantissaMask = 0;
    std::uint32_t magnitudeMask = 0;
    std::uint32_t signMask = 0;
};

// An exhaustive comparison run on the device: the engine's batch kernel (compiled for the device)
// against NVIDIA's conversion, inside the kernel, so only counts and a few examples come back.
struct DeviceSweep {
    BatchPlan plan;
    NvidiaTarget target = NvidiaTarget::None;
    int mode = 0;
    bool saturate = false;
    NanRule nan;
};

struct DeviceMismatch {
    std::uint32_t input;
    std::uint16_t engine;
    std::uint16_t reference;
    std::uint32_t kind;  // gpu::MismatchKind as int
};

inline constexpr int kDeviceKinds = 4;
inline constexpr int kDeviceExamples = 64;

struct DeviceSweepCounts {
    unsigned long long mismatches[kDeviceKinds] = {};
    unsigned int examples = 0;
    DeviceMismatch example[kDeviceExamples] = {};
    float milliseconds = 0;  // kernel time, from CUDA events
};

std::string cudaSweep(const DeviceSweep& sweep, std::uint64_t begin, std::uint64_t end, DeviceSweepCounts& counts);

// 1 + delta added `steps` times with the device's own adds (__hadd for fp16 and bf16, __fadd_rn for
// fp32), from operands given as bits. Outputs the final bits.
struct DeviceAccumulation {
    std::uint16_t fp16 = 0;
    std::uint16_t bf16 = 0;
    std::uint32_t fp32 = 0;
};
std::string cudaAccumulate(std::uint16_t startFp16, std::uint16_t deltaFp16, std::uint16_t startBf16,
                           std::uint16_t deltaBf16, std::uint32_t startFp32, std::uint32_t deltaFp32, int steps,
                           DeviceAccumulation& out);

}  // namespace floatscope::gpu
