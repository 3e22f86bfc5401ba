#pragma once

// What the .cu files share: device memory released on every path, and a failed CUDA call as CUDA
// itself names it. For nvcc only (it includes the CUDA runtime); no CUDA type leaves gpu/cuda.

#include <cstddef>
#include <string>

#include <cuda_runtime.h>

namespace floatscope::gpu {

// "" on success, else the failure as CUDA names and describes it: "cudaErrorLaunchFailure
// (unspecified launch failure)", data from outside that app/text puts into words.
inline std::string failure(cudaError_t e)
{
    return e == cudaSuccess ? std::string() : std::string(cudaGetErrorName(e)) + " (" + cudaGetErrorString(e) + ")";
}

// Device memory for n values (at least one, so that an empty input still has an address).
template <class T>
struct DeviceBuffer {
    T* data = nullptr;
    DeviceBuffer() = default;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    ~DeviceBuffer() { cudaFree(data); }
    cudaError_t allocate(std::size_t n) { return cudaMalloc(reinterpret_cast<void**>(&data), (n > 0 ? n : 1) * sizeof(T)); }
};

}  // namespace floatscope::gpu
