#include "gpu/lessons/AccumulationOnDevice.h"

#include "core/format/Registry.h"
#include "core/lessons/Accumulation.h"
#include "gpu/Device.h"

#if FLOATSCOPE_HAVE_CUDA_DEVICE
#include "gpu/cuda/CudaDevice.h"
#endif

namespace floatscope::gpu {

AccumulationOnDevice accumulateOnDevice(const ExactValue& start, const ExactValue& delta, std::int64_t steps)
{
    AccumulationSetup setup;
    setup.start = start;
    setup.delta = delta;
    setup.steps = steps;
    setup.mode = AccumulationMode::Stored;
    const AccumulationResult runs[3] = {accumulate(namedFormat("fp16"), setup), accumulate(namedFormat("bf16"), setup),
                                        accumulate(namedFormat("fp32"), setup)};
    AccumulationOnDevice out;
    std::uint64_t device[3] = {};
    out.unavailable = describeDevice().unavailable;
#if FLOATSCOPE_HAVE_CUDA_DEVICE
    if (!out.unavailable) {
        DeviceSums sums;
        out.failure = cudaAccumulate(
            static_cast<std::uint16_t>(runs[0].startCode), static_cast<std::uint16_t>(runs[0].incrementCode),
            static_cast<std::uint16_t>(runs[1].startCode), static_cast<std::uint16_t>(runs[1].incrementCode),
            static_cast<std::uint32_t>(runs[2].startCode), static_cast<std::uint32_t>(runs[2].incrementCode), steps,
            sums);
        device[0] = sums.fp16;
        device[1] = sums.bf16;
        device[2] = sums.fp32;
    }
#endif
    for (int i = 0; i < 3; ++i)
        out.rows.push_back({runs[i].format.name(), runs[i].finalCode, device[i]});
    return out;
}

AccumulationOnDevice accumulateOnDevice()
{
    return accumulateOnDevice(ExactValue::fromRational(1), ExactValue::fromRational(mpq_class(1, 1000)), 1000);
}

}  // namespace floatscope::gpu
