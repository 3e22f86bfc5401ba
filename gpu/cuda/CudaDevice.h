#pragma once

// The CUDA device, seen from plain C++17 (this header is included by nvcc and by the C++20 backend):
// no CUDA types cross it.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/batch/BatchKernel.h"
#include "gpu/Availability.h"
#include "gpu/backends/NvidiaTarget.h"
#include "gpu/compare/MismatchRules.h"

namespace floatscope::gpu {

struct CudaDeviceInfo {
    std::optional<Unavailable> unavailable;  // nothing when a device is usable
    std::string name;
    int computeMajor = 0;
    int computeMinor = 0;
    int driverVersion = 0;   // as CUDA encodes it: 1000 * major + 10 * minor
    int runtimeVersion = 0;
};

CudaDeviceInfo queryCudaDevice();

// The functions below return "" or the failure as CUDA names it ("cudaErrorLaunchFailure
// (unspecified launch failure)"): data from outside, which app/text puts into words.

// Converts n fp32 bit patterns on device 0 with NVIDIA's device functions.
std::string cudaConvert(const std::uint32_t* input, std::uint16_t* output, std::size_t n, NvidiaTarget target,
                        int mode, bool saturate);

// An exhaustive comparison run on the device: the engine's batch kernel (compiled for the device)
// against NVIDIA's conversion, inside the kernel, so only counts and a few examples come back.
struct DeviceSweep {
    BatchPlan plan;
    NvidiaTarget target = NvidiaTarget::None;
    int mode = 0;
    bool saturate = false;
    MismatchRules rules;
};

struct DeviceMismatch {
    std::uint32_t input;
    std::uint16_t engine;
    std::uint16_t reference;
    MismatchKind kind;
};

inline constexpr unsigned kDeviceExamples = 64;

struct DeviceSweepCounts {
    unsigned long long mismatches[kMismatchKinds] = {};
    unsigned int examples = 0;
    DeviceMismatch example[kDeviceExamples] = {};
    float milliseconds = 0;  // kernel time, from CUDA events
};

std::string cudaSweep(const DeviceSweep& sweep, std::uint64_t begin, std::uint64_t end, DeviceSweepCounts& counts);

// start + delta added `steps` times with the device's own adds (__hadd for fp16 and bf16, __fadd_rn
// for fp32), from operands given as bits. Outputs the final bits.
struct DeviceSums {
    std::uint16_t fp16 = 0;
    std::uint16_t bf16 = 0;
    std::uint32_t fp32 = 0;
};
std::string cudaAccumulate(std::uint16_t startFp16, std::uint16_t deltaFp16, std::uint16_t startBf16,
                           std::uint16_t deltaBf16, std::uint32_t startFp32, std::uint32_t deltaFp32,
                           std::int64_t steps, DeviceSums& out);

}  // namespace floatscope::gpu
