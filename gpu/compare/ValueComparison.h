#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpu/Backend.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope::gpu {

// One fp32 input through the engine and through every backend that converts the format: the GPU
// panel's table for the current value and the lesson presets.
struct BackendCode {
    std::string backend;
    std::optional<std::uint16_t> code;  // empty: the backend does not convert this (see note)
    std::optional<MismatchKind> difference;  // set when the code differs from the engine's
    std::string note;  // why there is no code (unavailable, mode not offered, device error)
};

struct ValueComparison {
    Format format;
    std::uint32_t input = 0;  // the value as fp32 bits: the backends all take fp32
    std::uint16_t engine = 0;
    std::vector<BackendCode> backends;
};

// Formats wider than 16 bits are left out: the references convert to 16 bits or fewer.
std::vector<ValueComparison> compareValue(std::uint32_t fp32Bits, const std::vector<Format>& formats,
                                          RoundingMode mode, std::optional<OverflowPolicy> overflow,
                                          const std::vector<std::unique_ptr<Backend>>& backends);

}  // namespace floatscope::gpu
