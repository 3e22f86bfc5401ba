// The CUDA device: skipped, with the reason, where there is none. Where there is one, its
// conversions agree with NVIDIA's host code and the engine, every fp32 input is compared inside the
// kernel for every format and mode it offers, and its own adds give the engine's accumulation.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>

#include "gpu/Backend.h"
#include "gpu/Device.h"
#include "gpu/backends/NvidiaTarget.h"
#include "gpu/lessons/AccumulationOnDevice.h"
#include "core/format/Registry.h"
#include "gpu/sweep/Sweep.h"

namespace floatscope::gpu {
namespace {

std::string unavailableText()
{
    const auto u = describeDevice().unavailable;
    return u ? "no usable CUDA device (kind " + std::to_string(static_cast<int>(u->kind)) + ") " + u->detail : "";
}

std::unique_ptr<Backend> deviceOrSkip()
{
    auto cuda = makeBackend("cuda");
    if (!cuda)
        return nullptr;
    return cuda->available() ? std::move(cuda) : nullptr;
}

#define SKIP_WITHOUT_DEVICE(backend)                                                                          \
    if (!(backend))                                                                                           \
    GTEST_SKIP() << unavailableText()

TEST(Cuda, DescribesTheDevice)
{
    const DeviceReport d = describeDevice();
    if (d.unavailable)
        GTEST_SKIP() << unavailableText();
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
    for (const NvidiaFormat& n : kNvidiaFormats) {
        const char* name = n.name;
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
                EXPECT_EQ(r.failure, "");
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
    const AccumulationOnDevice demo = accumulateOnDevice();
    ASSERT_TRUE(demo.ran()) << demo.failure;
    for (const AccumulationOnDeviceRow& row : demo.rows)
        EXPECT_EQ(row.device, row.engine) << row.format;
    // Ten thousand 10^-4 from 0 (lecture 10's demo 2(a)): the device stalls where the engine does.
    const AccumulationOnDevice stall =
        accumulateOnDevice(ExactValue::fromRational(0), ExactValue::fromRational(mpq_class(1, 10000)), 10000);
    ASSERT_TRUE(stall.ran()) << stall.failure;
    for (const AccumulationOnDeviceRow& row : stall.rows)
        EXPECT_EQ(row.device, row.engine) << row.format;
}

}  // namespace
}  // namespace floatscope::gpu
