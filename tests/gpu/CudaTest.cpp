// The CUDA device: skipped, with the reason, where there is none. Where there is one, its
// conversions agree with NVIDIA's host code and the engine, every fp32 input is compared inside the
// kernel for every format and mode it offers, and its own adds give the engine's accumulation.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>

#include "gpu/Backend.h"
#include "gpu/Device.h"
#include "core/format/Registry.h"
#include "gpu/sweep/Sweep.h"

namespace floatscope::gpu {
namespace {

std::unique_ptr<Backend> deviceOrSkip()
{
    auto cuda = makeBackend("cuda");
    if (!cuda)
        return nullptr;
    return cuda->available() ? std::move(cuda) : nullptr;
}

#define SKIP_WITHOUT_DEVICE(backend)                                                                          \
    if (!(backend))                                                                                           \
    GTEST_SKIP() << describeDevice().unavailableReason

TEST(Cuda, DescribesTheDevice)
{
    const DeviceReport d = describeDevice();
    if (!d.unavailableReason.empty())
        GTEST_SKIP() << d.unavailableReason;
    EXPECT_FALSE(d.name.empty());
    EXPECT_GE(d.computeMajor, 7);
    std::printf("[ device   ] %s, compute capability %d.%d, driver %s, runtime %s; fp8 %s, fp6/fp4 %s\n",
                d.name.c_str(), d.computeMajor, d.computeMinor, d.driverVersion.c_str(), d.runtimeVersion.c_str(),
                d.nativeFp8 ? "native" : "emulated", d.nativeFp6Fp4 ? "native" : "emulated");
}

TEST(Cuda, EveryInputAgreesWithTheEngineInsideTheKernel)
{
    const auto cuda = deviceOrSkip();
    SKIP_WITHOUT_DEVICE(cuda);
    for (const char* name : {"fp16", "bf16", "e4m3fn", "e5m2", "e2m3", "e3m2", "e2m1", "e8m0"}) {
        const Format& f = namedFormat(name);
        for (const RoundingMode mode : {RoundingMode::NearestEven, RoundingMode::TowardZero, RoundingMode::Up,
                                        RoundingMode::Down}) {
            for (const OverflowPolicy overflow : {OverflowPolicy::Saturate, OverflowPolicy::NonSaturating}) {
                if (!cuda->supports(f, mode, overflow))
                    continue;
                const SweepReport r = sweep(*cuda, f, mode, overflow);
                std::printf("[ device   ] %-7s %-12s %-11s: %.1f ms, nan-encoding %" PRIu64 ", |x| into e8m0 %" PRIu64
                            ", unexplained %" PRIu64 "\n",
                            name, toString(mode), toString(overflow), r.seconds * 1000, r.count(MismatchKind::NanEncoding),
                            r.count(MismatchKind::UnsignedTakesMagnitude), r.unexplained());
                EXPECT_EQ(r.error, "");
                EXPECT_EQ(r.inputs, std::uint64_t{1} << 32);
                EXPECT_EQ(r.unexplained(), 0u) << name << " " << toString(mode);
                // The device's NaN and sign conventions are NVIDIA's, as the host code's are.
                const auto host = makeBackend("nvidia-host");
                if (host) {
                    const SweepReport h = sweep(*host, f, mode, overflow, {0x7F800000u, 0x80000000u});
                    const SweepReport d = sweep(*cuda, f, mode, overflow, {0x7F800000u, 0x80000000u});
                    EXPECT_EQ(d.mismatches, h.mismatches) << name;
                }
            }
        }
    }
}

TEST(Cuda, DeviceAddsGiveTheEnginesAccumulation)
{
    const auto cuda = deviceOrSkip();
    SKIP_WITHOUT_DEVICE(cuda);
    const DeviceDemo demo = runAccumulationDemo("1", "1e-3", 1000);
    ASSERT_EQ(demo.error, "");
    for (const DeviceDemoRow& row : demo.rows)
        EXPECT_EQ(row.device, row.engine) << row.format;
}

}  // namespace
}  // namespace floatscope::gpu
