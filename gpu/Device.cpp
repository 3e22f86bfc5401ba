#include "gpu/Device.h"

#include <variant>

#include "core/format/Registry.h"
#include "core/lessons/Accumulation.h"
#include "core/text/Parse.h"

#if FLOATSCOPE_HAVE_CUDA_DEVICE
#include "gpu/cuda/CudaDevice.h"
#endif

namespace floatscope::gpu {

namespace {

std::string cudaVersion(int v)
{
    return v <= 0 ? std::string() : std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

}  // namespace

DeviceReport describeDevice()
{
    DeviceReport r;
#if FLOATSCOPE_HAVE_CUDA_DEVICE
    const CudaDeviceInfo info = queryCudaDevice();
    r.unavailableReason = info.unavailableReason;
    r.name = info.name;
    r.computeMajor = info.computeMajor;
    r.computeMinor = info.computeMinor;
    r.driverVersion = cudaVersion(info.driverVersion);
    r.runtimeVersion = cudaVersion(info.runtimeVersion);
    const int cc = info.computeMajor * 10 + info.computeMinor;
    r.nativeFp8 = r.unavailableReason.empty() && cc >= 89;
    r.nativeFp6Fp4 = r.unavailableReason.empty() && cc >= 100;
#else
    (void)cudaVersion;
    r.unavailableReason = "this build has no CUDA device support (nvcc was not found when Floatscope was built)";
#endif
    return r;
}

DeviceSums deviceAccumulate(std::uint16_t startFp16, std::uint16_t deltaFp16, std::uint16_t startBf16,
                            std::uint16_t deltaBf16, std::uint32_t startFp32, std::uint32_t deltaFp32, int steps)
{
    DeviceSums out;
#if FLOATSCOPE_HAVE_CUDA_DEVICE
    DeviceAccumulation sums;
    out.error = cudaAccumulate(startFp16, deltaFp16, startBf16, deltaBf16, startFp32, deltaFp32, steps, sums);
    out.fp16 = sums.fp16;
    out.bf16 = sums.bf16;
    out.fp32 = sums.fp32;
#else
    (void)startFp16, (void)deltaFp16, (void)startBf16, (void)deltaBf16, (void)startFp32, (void)deltaFp32, (void)steps;
    out.error = describeDevice().unavailableReason;
#endif
    return out;
}

DeviceDemo runAccumulationDemo(const std::string& start, const std::string& delta, int steps)
{
    DeviceDemo demo;
    AccumulationSetup setup;
    const ParseOutcome a = parseValue(start);
    const ParseOutcome b = parseValue(delta);
    if (!std::holds_alternative<ParsedValue>(a) || !std::holds_alternative<ParsedValue>(b)) {
        demo.error = "bad start or increment";
        return demo;
    }
    setup.start = std::get<ParsedValue>(a).value;
    setup.delta = std::get<ParsedValue>(b).value;
    setup.steps = steps;
    setup.mode = AccumulationMode::Stored;
    // The device adds exactly the operands the engine adds: both start from the engine's codes.
    AccumulationResult runs[3] = {accumulate(namedFormat("fp16"), setup), accumulate(namedFormat("bf16"), setup),
                                  accumulate(namedFormat("fp32"), setup)};
    const DeviceSums sums = deviceAccumulate(
        static_cast<std::uint16_t>(runs[0].startCode), static_cast<std::uint16_t>(runs[0].incrementCode),
        static_cast<std::uint16_t>(runs[1].startCode), static_cast<std::uint16_t>(runs[1].incrementCode),
        static_cast<std::uint32_t>(runs[2].startCode), static_cast<std::uint32_t>(runs[2].incrementCode), steps);
    demo.error = sums.error;
    const std::uint64_t device[3] = {sums.fp16, sums.bf16, sums.fp32};
    for (int i = 0; i < 3; ++i)
        demo.rows.push_back({runs[i].format.name(), runs[i].finalCode, device[i]});
    return demo;
}

}  // namespace floatscope::gpu
