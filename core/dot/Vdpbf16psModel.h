#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "core/dot/DotTrace.h"
#include "core/dot/RunControl.h"

namespace floatscope::dot {

// One lane of VDPBF16PS as Intel documents it (SDM vol. 2, "VDPBF16PS"):
//   srcdest.fp32 += make_fp32(src1.bf16[2j+1]) * make_fp32(src2.bf16[2j+1])
//   srcdest.fp32 += make_fp32(src1.bf16[2j+0]) * make_fp32(src2.bf16[2j+0])
// each an fp32 fused multiply-add, "with daz in, ftz out and RNE rounding" (input denormals read as
// zero, output denormals written as zero, MXCSR neither consulted nor updated). Codes are bits:
// fp32 for the accumulator, bf16 for the inputs; a pair's element 0 is its low half.
// A NaN result is x86's default NaN (0xFFC00000) for invalid operations, or the first NaN operand
// made quiet; the manual's NaN priorities are not modelled, so NaN results are compared as NaNs.
std::uint32_t vdpbf16psLane(std::uint32_t accumulator, std::uint32_t pairA, std::uint32_t pairB);

// One fp32 fused multiply-add with DAZ and FTZ, rounding to nearest even: the step above.
std::uint32_t fmaDazFtz(std::uint32_t accumulator, std::uint16_t a, std::uint16_t b);

// A dot product of bf16 codes through one lane, pairs in order (an odd last element is paired with
// +0), from an fp32 starting value. Returns fp32 bits, or nothing when cancelled. With a trace, each
// multiply-add is recorded (up to `maxSteps`).
std::optional<std::uint32_t> vdpbf16psDot(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                          std::uint32_t start, const RunControl& control, DotTrace* trace = nullptr,
                                          std::size_t maxSteps = 0);

}  // namespace floatscope::dot
