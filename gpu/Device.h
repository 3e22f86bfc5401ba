#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace floatscope::gpu {

// The CUDA device as the GPU panel shows it, or why there is none.
struct DeviceReport {
    std::string unavailableReason;  // empty when a device is usable
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

// The accumulation demo on the device: start + delta added `steps` times with the device's own
// adds, the operands given as bits of each format. Empty `error` on success.
struct DeviceSums {
    std::string error;
    std::uint16_t fp16 = 0;
    std::uint16_t bf16 = 0;
    std::uint32_t fp32 = 0;
};
DeviceSums deviceAccumulate(std::uint16_t startFp16, std::uint16_t deltaFp16, std::uint16_t startBf16,
                            std::uint16_t deltaBf16, std::uint32_t startFp32, std::uint32_t deltaFp32, int steps);

// The accumulation demo run on the device and by the engine (core's accumulate(), stored mode),
// for fp16, bf16 and fp32: start + delta added `steps` times.
struct DeviceDemoRow {
    std::string format;
    std::uint64_t engine = 0;
    std::uint64_t device = 0;
};
struct DeviceDemo {
    std::string error;  // no device, or a device error: then only the engine's column is filled
    std::vector<DeviceDemoRow> rows;
};
DeviceDemo runAccumulationDemo(const std::string& start = "1", const std::string& delta = "1e-3", int steps = 1000);

}  // namespace floatscope::gpu
