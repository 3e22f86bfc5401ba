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
// Why a backend gave no code for a value.
enum class NoCode : std::uint8_t {
    Unavailable,  // the backend does not work here (its unavailable() says why)
    NotOffered,   // it has no conversion to this format with this rounding and overflow
    Failed,       // it failed (failure: the device's own error)
};

struct BackendCode {
    std::string backend;
    std::optional<std::uint16_t> code;       // empty: see missing
    std::optional<MismatchKind> difference;  // set when the code differs from the engine's
    std::optional<NoCode> missing;
    std::string failure;
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
