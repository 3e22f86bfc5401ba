#include "gpu/Device.h"

#if FLOATSCOPE_HAVE_CUDA_DEVICE
#include "gpu/cuda/CudaDevice.h"
#endif

namespace floatscope::gpu {

#if FLOATSCOPE_HAVE_CUDA_DEVICE
namespace {

std::string cudaVersion(int v)
{
    return v <= 0 ? std::string() : std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

}  // namespace
#endif

DeviceReport describeDevice()
{
    DeviceReport r;
#if FLOATSCOPE_HAVE_CUDA_DEVICE
    const CudaDeviceInfo info = queryCudaDevice();
    r.unavailable = info.unavailable;
    r.name = info.name;
    r.computeMajor = info.computeMajor;
    r.computeMinor = info.computeMinor;
    r.driverVersion = cudaVersion(info.driverVersion);
    r.runtimeVersion = cudaVersion(info.runtimeVersion);
    const int cc = info.computeMajor * 10 + info.computeMinor;
    r.nativeFp8 = !r.unavailable && cc >= 89;
    r.nativeFp6Fp4 = !r.unavailable && cc >= 100;
#else
    r.unavailable = Unavailable{UnavailableKind::NoCudaInThisBuild, {}};
#endif
    return r;
}

}  // namespace floatscope::gpu
