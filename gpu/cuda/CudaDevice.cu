#include "gpu/cuda/CudaDevice.h"

#include "gpu/backends/NvidiaConvert.h"
#include "gpu/cuda/CudaCalls.h"

namespace floatscope::gpu {

namespace {

__global__ void convertKernel(const std::uint32_t* in, std::uint16_t* out, std::size_t n, NvidiaTarget target,
                              int mode, bool saturate)
{
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
        out[i] = nvidiaConvert(target, __uint_as_float(in[i]), mode, saturate);
}

// Each difference classified by the rules the CPU sweep uses (gpu/compare/MismatchRules.h).
template <int Mode, bool Normalise>
__global__ void sweepKernel(DeviceSweep s, std::uint64_t begin, std::uint64_t end, DeviceSweepCounts* counts)
{
    const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
    for (std::uint64_t i = begin + static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < end;
         i += stride) {
        const auto x = static_cast<std::uint32_t>(i);
        const std::uint32_t engine = convertFp32Bits<Mode, Normalise>(x, s.plan);
        const std::uint32_t reference = nvidiaConvert(s.target, __uint_as_float(x), Mode, s.saturate);
        if (engine == reference)
            continue;
        const MismatchKind kind = classifyMismatch(x, engine, reference, s.rules, [&s](std::uint32_t y) {
            return convertFp32Bits<Mode, Normalise>(y, s.plan);
        });
        atomicAdd(&counts->mismatches[static_cast<unsigned>(kind)], 1ull);
        const unsigned slot = atomicAdd(&counts->examples, 1u);
        if (slot < kDeviceExamples)
            counts->example[slot] = DeviceMismatch{x, static_cast<std::uint16_t>(engine),
                                                   static_cast<std::uint16_t>(reference), kind};
    }
}

template <int Mode>
void launchSweep(const DeviceSweep& s, std::uint64_t begin, std::uint64_t end, DeviceSweepCounts* counts)
{
    const unsigned blocks = 132 * 16;  // enough resident blocks for any current GPU; grid-stride covers the rest
    if (s.plan.normaliseSubnormals)
        sweepKernel<Mode, true><<<blocks, 256>>>(s, begin, end, counts);
    else
        sweepKernel<Mode, false><<<blocks, 256>>>(s, begin, end, counts);
}

__global__ void accumulateKernel(std::uint16_t startFp16, std::uint16_t deltaFp16, std::uint16_t startBf16,
                                 std::uint16_t deltaBf16, std::uint32_t startFp32, std::uint32_t deltaFp32,
                                 std::int64_t steps, DeviceSums* out)
{
    __half h = __ushort_as_half(startFp16);
    const __half dh = __ushort_as_half(deltaFp16);
    __nv_bfloat16 b = __ushort_as_bfloat16(startBf16);
    const __nv_bfloat16 db = __ushort_as_bfloat16(deltaBf16);
    float f = __uint_as_float(startFp32);
    const float df = __uint_as_float(deltaFp32);
    for (std::int64_t i = 0; i < steps; ++i) {
        h = __hadd(h, dh);
        b = __hadd(b, db);
        f = __fadd_rn(f, df);
    }
    out->fp16 = __half_as_ushort(h);
    out->bf16 = __bfloat16_as_ushort(b);
    out->fp32 = __float_as_uint(f);
}

}  // namespace

CudaDeviceInfo queryCudaDevice()
{
    CudaDeviceInfo info;
    cudaRuntimeGetVersion(&info.runtimeVersion);
    cudaDriverGetVersion(&info.driverVersion);
    int count = 0;  // cudaGetDeviceCount leaves it untouched on error
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        info.unavailable = Unavailable{UnavailableKind::CudaNotStarted, failure(e)};
        return info;
    }
    if (count == 0) {
        info.unavailable = Unavailable{UnavailableKind::NoCudaDevice, {}};
        return info;
    }
    cudaDeviceProp prop{};
    if (const cudaError_t p = cudaGetDeviceProperties(&prop, 0); p != cudaSuccess) {
        info.unavailable = Unavailable{UnavailableKind::DeviceQueryFailed, failure(p)};
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
    return failure(e);
}

std::string cudaSweep(const DeviceSweep& sweep, std::uint64_t begin, std::uint64_t end, DeviceSweepCounts& counts)
{
    counts = DeviceSweepCounts{};
    DeviceBuffer<DeviceSweepCounts> device;
    cudaError_t e = device.allocate(1);
    if (e == cudaSuccess)
        e = cudaMemset(device.data, 0, sizeof(DeviceSweepCounts));
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    if (e == cudaSuccess)
        e = cudaEventCreate(&start);
    if (e == cudaSuccess)
        e = cudaEventCreate(&stop);
    if (e == cudaSuccess) {
        cudaEventRecord(start);
        switch (sweep.mode) {
        case kNvTowardZero: launchSweep<kNvTowardZero>(sweep, begin, end, device.data); break;
        case kNvUp: launchSweep<kNvUp>(sweep, begin, end, device.data); break;
        case kNvDown: launchSweep<kNvDown>(sweep, begin, end, device.data); break;
        default: launchSweep<kNvNearestEven>(sweep, begin, end, device.data); break;
        }
        cudaEventRecord(stop);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess)
        e = cudaEventSynchronize(stop);
    if (e == cudaSuccess)
        e = cudaEventElapsedTime(&counts.milliseconds, start, stop);
    const float ms = counts.milliseconds;
    if (e == cudaSuccess)
        e = cudaMemcpy(&counts, device.data, sizeof(DeviceSweepCounts), cudaMemcpyDeviceToHost);
    counts.milliseconds = ms;
    if (start != nullptr)
        cudaEventDestroy(start);
    if (stop != nullptr)
        cudaEventDestroy(stop);
    return failure(e);
}

std::string cudaAccumulate(std::uint16_t startFp16, std::uint16_t deltaFp16, std::uint16_t startBf16,
                           std::uint16_t deltaBf16, std::uint32_t startFp32, std::uint32_t deltaFp32,
                           std::int64_t steps, DeviceSums& out)
{
    DeviceBuffer<DeviceSums> device;
    cudaError_t e = device.allocate(1);
    if (e == cudaSuccess) {
        accumulateKernel<<<1, 1>>>(startFp16, deltaFp16, startBf16, deltaBf16, startFp32, deltaFp32, steps, device.data);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess)
        e = cudaMemcpy(&out, device.data, sizeof out, cudaMemcpyDeviceToHost);
    return failure(e);
}

}  // namespace floatscope::gpu
