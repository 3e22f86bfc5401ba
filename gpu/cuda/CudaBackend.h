#pragma once

#include <memory>

#include "gpu/Backend.h"

namespace floatscope::gpu {

// The CUDA device: NVIDIA's device conversion functions run in a kernel. Built only with nvcc;
// present but unavailable (with the CUDA error) where there is no usable device.
std::unique_ptr<Backend> makeCudaBackend();

}  // namespace floatscope::gpu
