#include "cuda/CudaDevice.h"

#include <cuda_runtime.h>

#include "backends/NvidiaConvert.h"

namespace floatscope::gpu {

namespace {

std::string describe(cudaError_t e)
{
    return std::string(cudaGetErrorName(e)) + " (" + cudaGetErrorString(e) + ")";
}

__global__ void convertKernel(const std::uint32_t* in, std::uint16_t* out, std::size_t n, NvidiaTarget target,
                              int mode, bool saturate)
{
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
        out[i] = nvidiaConvert(target, __uint_as_float(in[i]), mode, saturate);
}

// Device memory released on every path.
template <class T>
struct DeviceBuffer {
    T* data = nullptr;
    ~DeviceBuffer() { cudaFree(data); }
    cudaError_t allocate(std::size_t n) { return cudaMalloc(reinterpret_cast<void**>(&data), n * sizeof(T)); }
};

}  // namespace

CudaDeviceInfo queryCudaDevice()
{
    CudaDeviceInfo info;
    cudaRuntimeGetVersion(&info.runtimeVersion);
    cudaDriverGetVersion(&info.driverVersion);
    int count = 0;  // cudaGetDeviceCount leaves it untouched on error
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        info.unavailableReason = "no CUDA device: " + describe(e);
        return info;
    }
    if (count == 0) {
        info.unavailableReason = "no CUDA device: the driver reports none";
        return info;
    }
    cudaDeviceProp prop{};
    if (const cudaError_t p = cudaGetDeviceProperties(&prop, 0); p != cudaSuccess) {
        info.unavailableReason = "CUDA device 0 cannot be queried: " + describe(p);
        return info;
    }
    info.name = prop.name;
    info.computeMajor = prop.major;
    info.computeMinor = prop.minor;
    return info;
}

std::string cudaConvert(const std::uint32_t* input, std::uint16_t* output, std::size_t n, NvidiaTarget target,
                        int mode, bool saturate)
{
    if (n == 0)
        return {};
    DeviceBuffer<std::uint32_t> in;
    DeviceBuffer<std::uint16_t> out;
    cudaError_t e = in.allocate(n);
    if (e == cudaSuccess)
        e = out.allocate(n);
    if (e == cudaSuccess)
        e = cudaMemcpy(in.data, input, n * sizeof(std::uint32_t), cudaMemcpyHostToDevice);
    if (e == cudaSuccess) {
        const unsigned blocks = static_cast<unsigned>(std::min<std::size_t>((n + 255) / 256, 65535));
        convertKernel<<<blocks, 256>>>(in.data, out.data, n, target, mode, saturate);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess)
        e = cudaMemcpy(output, out.data, n * sizeof(std::uint16_t), cudaMemcpyDeviceToHost);
    return e == cudaSuccess ? std::string() : "CUDA: " + describe(e);
}

}  // namespace floatscope::gpu
