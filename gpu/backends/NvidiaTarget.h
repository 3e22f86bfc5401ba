#pragma once

namespace floatscope::gpu {

// The formats NVIDIA's conversion functions produce. Plain C++17: nvcc includes it as well.
enum class NvidiaTarget : int { Fp16, Bf16, E4m3, E5m2, E2m3, E3m2, E2m1, E8m0, None };

// Rounding modes with the numbers the core's RoundingMode gives them (static_assert in NvidiaSupport.cpp).
enum NvidiaMode : int { kNvNearestEven = 0, kNvTowardZero = 2, kNvUp = 3, kNvDown = 4 };

}  // namespace floatscope::gpu
