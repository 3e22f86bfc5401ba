#pragma once

#include <cstddef>
#include <cstdint>

namespace floatscope::gpu {

// The CPU's VDPBF16PS (AVX512_BF16), compiled in X86Dot.cpp with -mavx512bf16: call only after
// cpuHasAvx512Bf16() said yes (the file's code may use AVX-512 anywhere).
bool cpuHasAvx512Bf16();

// out[l] = VDPBF16PS(acc[l], a[l], b[l]) for n lanes: fp32 accumulators, pairs of bf16 (element 0
// in the low half).
void vdpbf16psLanes(const std::uint32_t* acc, const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* out,
                    std::size_t n);

// `count` inner products of `pairs` bf16 pairs each, through one lane each from +0: product t reads
// its pairs at a[t * pairs + p] and b[t * pairs + p], p = 0 .. pairs - 1, in order.
void vdpbf16psDots(std::size_t count, std::size_t pairs, const std::uint32_t* a, const std::uint32_t* b,
                   std::uint32_t* out);

}  // namespace floatscope::gpu
