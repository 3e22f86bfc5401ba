#pragma once

namespace floatscope::gpu {

// The formats NVIDIA's conversion functions produce. Plain C++17: nvcc includes it as well.
enum class NvidiaTarget : int { Fp16, Bf16, E4m3, E5m2, E2m3, E3m2, E2m1, E8m0, None };

// The one list of them, with the engine's canonical names (cuda_fp16.h, cuda_bf16.h, cuda_fp8.h,
// cuda_fp6.h, cuda_fp4.h): what the references convert, in the order the tools list them.
struct NvidiaFormat {
    NvidiaTarget target;
    const char* name;
};
inline constexpr NvidiaFormat kNvidiaFormats[] = {
    {NvidiaTarget::Fp16, "fp16"}, {NvidiaTarget::Bf16, "bf16"}, {NvidiaTarget::E4m3, "e4m3fn"},
    {NvidiaTarget::E5m2, "e5m2"}, {NvidiaTarget::E2m3, "e2m3"}, {NvidiaTarget::E3m2, "e3m2"},
    {NvidiaTarget::E2m1, "e2m1"}, {NvidiaTarget::E8m0, "e8m0"},
};

// Rounding modes with the numbers the core's RoundingMode gives them (static_assert in NvidiaSupport.cpp).
enum NvidiaMode : int { kNvNearestEven = 0, kNvTowardZero = 2, kNvUp = 3, kNvDown = 4 };

}  // namespace floatscope::gpu
