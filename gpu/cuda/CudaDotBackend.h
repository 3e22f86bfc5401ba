#pragma once

#include <memory>
#include <optional>

#include "gpu/cuda/TensorCoreGemm.h"
#include "gpu/dot/DotBackend.h"

namespace floatscope::gpu {

// The GPU's tensor cores: cuBLASLt GEMMs (every input type the device has) and WMMA inner products
// from a starting value c (fp16, bf16, tf32), compared with the preset of the GPU's family.
std::unique_ptr<DotBackend> makeCudaDotBackend();

// The device type of a format's values (fp32 as the CUDA cores' Fp32), or nothing for a format
// cuBLASLt does not multiply.
std::optional<TensorCoreInput> tensorCoreInput(const Format& format);

// The family a device belongs to, as the presets name GPUs ("V100", "A100", "H100", "H200", "B200"),
// from its compute capability and name; empty for a GPU no preset models.
std::string presetFamily(int computeMajor, int computeMinor, const std::string& deviceName);

}  // namespace floatscope::gpu
