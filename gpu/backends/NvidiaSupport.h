#pragma once

#include "gpu/Backend.h"
#include "gpu/backends/NvidiaTarget.h"

namespace floatscope::gpu {

// What NVIDIA's conversion functions cover, shared by the host reference and the device backend.
NvidiaTarget nvidiaTargetOf(const Format& format);
bool nvidiaSupports(const Format& format, RoundingMode mode, OverflowPolicy overflow);
KnownProperties nvidiaKnownProperties(const Format& format);

}  // namespace floatscope::gpu
