#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/exact/ExactValue.h"
#include "gpu/Availability.h"

namespace floatscope::gpu {

// The absorption lesson on real hardware: start + delta added `steps` times with the device's own
// fp16, bf16 and fp32 adds (__hadd, __fadd_rn), beside the engine's simulation (core's accumulate(),
// stored mode). Both start from the engine's codes of start and delta, so they add the same operands.
struct AccumulationOnDeviceRow {
    std::string format;
    std::uint64_t engine = 0;
    std::uint64_t device = 0;
};
struct AccumulationOnDevice {
    std::optional<Unavailable> unavailable;  // no device: only the engine's column is filled
    std::string failure;                     // the device failed (its own error): likewise
    std::vector<AccumulationOnDeviceRow> rows;

    bool ran() const { return !unavailable && failure.empty(); }
};

// start, delta: finite; steps: 1..kMaxAccumulationSteps (checkSetup's rules).
AccumulationOnDevice accumulateOnDevice(const ExactValue& start, const ExactValue& delta, std::int64_t steps);

// The lesson's demo: 1 + 10^-3, a thousand times.
AccumulationOnDevice accumulateOnDevice();

}  // namespace floatscope::gpu
