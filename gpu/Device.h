#pragma once

#include <optional>
#include <string>

#include "gpu/Availability.h"

namespace floatscope::gpu {

// The CUDA device as the hardware panel shows it, or why there is none.
struct DeviceReport {
    std::optional<Unavailable> unavailable;  // nothing when a device is usable
    std::string name;
    int computeMajor = 0;
    int computeMinor = 0;
    std::string driverVersion;   // "13.0", or empty
    std::string runtimeVersion;
    // Conversions the device does in one instruction, not by emulation: fp8 from compute
    // capability 8.9 (cvt.rn.satfinite.e4m3x2.f32), fp6/fp4 from 10.0.
    bool nativeFp8 = false;
    bool nativeFp6Fp4 = false;
};

DeviceReport describeDevice();

}  // namespace floatscope::gpu
