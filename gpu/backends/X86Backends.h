#pragma once

#include <memory>
#include <vector>

#include "gpu/Backend.h"

namespace floatscope::gpu {

// The CPU's own conversion instructions: F16C (fp16) and AVX512-BF16 (bf16). Empty on other CPUs'
// builds; on x86-64 both are listed, unavailable where the CPU lacks the instruction.
std::vector<std::unique_ptr<Backend>> makeX86Backends();

}  // namespace floatscope::gpu
