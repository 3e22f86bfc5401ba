#pragma once

#include <cstddef>
#include <cstdint>

namespace floatscope {

// The x86 instructions that convert exactly as the engine does, where the exhaustive sweeps
// (tests/exhaustive) prove it on all 2^32 fp32 inputs: the batch path and FloatRounder dispatch to
// them at run time on a CPU that has them, and keep their own arithmetic as the fallback.
//   F16c:       fp16, nearest-even, overflow to infinity. VCVTPS2PH rounds every input as the engine
//               does, NaNs included (sign and top payload bits kept, quiet bit set); VCVTPH2PS
//               decodes every code exactly.
//   Avx512Bf16: bf16, nearest-even, overflow to infinity. VCVTNEPS2BF16 reads fp32 subnormals as
//               zero whatever MXCSR says (Intel SDM), where the engine rounds them to bf16's
//               subnormals; the lanes holding one take the engine's rounding in the bits instead.
enum class HardwarePath : std::uint8_t { None, F16c, Avx512Bf16 };

const char* toString(HardwarePath path);  // the instruction, as the Intel SDM names it

// Whether this CPU can run the path (CPUID, read once); None always can.
bool cpuHas(HardwarePath path);

// fp32 bits to the format's codes, n elements.
void hardwareCodes(HardwarePath path, const std::uint32_t* in, std::uint16_t* out, std::size_t n);
// fp32 bits to the format's value as fp32 bits. `in` and `out` are the same array or apart.
void hardwareRound(HardwarePath path, const std::uint32_t* in, std::uint32_t* out, std::size_t n);

}  // namespace floatscope
