#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "core/dot/Accumulator.h"
#include "core/dot/DotTrace.h"
#include "core/dot/RunControl.h"
#include "core/exact/ExactValue.h"
#include "core/format/Format.h"

namespace floatscope::dot {

// The operands of one inner product: codes of one input format, and the accumulator's starting
// value c (a value of the result format; 0 for a plain dot product).
struct DotInputs {
    Format format;
    std::vector<std::uint32_t> a;
    std::vector<std::uint32_t> b;
    double start = 0;
};

// Why a model cannot take these inputs; `detail` is the offending name (a format, a preset).
enum class DotErrorKind : std::uint8_t {
    LengthsDiffer,           // a and b differ in length
    InputsTooWide,           // products of this format are not exact here (fp64, or a range beyond fp32's)
    PresetInputs,            // the tensor core does not multiply this format (detail: the preset; inputs)
    FusedInputs,             // a fused adder multiplies formats of at most 12 significant bits
    FusedOutput,             // a fused adder's output is an IEEE format within fp32's range
    Vdpbf16psInputs,         // VDPBF16PS multiplies bf16
    BadParameter,            // a block size, width or promotion interval out of range
    StartNotRepresentable,   // the starting value is not a value of the result format
    InputsUnsigned,          // the inputs have no sign and no zero (e8m0): products of them cannot be summed
    ResultUnsigned,          // the result format has no sign and no zero (e8m0): a sum cannot start at 0
};

struct DotError {
    DotErrorKind kind = DotErrorKind::LengthsDiffer;
    std::string detail;
    std::string inputs;  // PresetInputs: the inputs' format the tensor core does not take
};

struct DotResult {
    Format format;          // the result's format (resultFormat of the accumulator)
    std::uint64_t code = 0; // the result, as the model computes it
    ExactValue exact;       // start + the sum of the products, exactly
    ExactValue value() const { return ExactValue::fromCode(format, code); }
};

using DotOutcome = std::variant<DotResult, DotError>;

// Whether the model can take inputs of this format (before generating or reading any).
std::optional<DotError> checkDot(const Format& inputs, const Accumulator& accumulator);

// Whether some accumulator takes inputs of this format: signed, with exact products (the formats a
// window offers as inputs).
bool acceptsInputs(const Format& inputs);

// The inner product through the model, and the exact one beside it. Empty when cancelled. With a
// trace, up to `maxTraceSteps` steps are recorded (the exact route is then taken: the same bits,
// slower).
std::optional<DotOutcome> innerProduct(const DotInputs& inputs, const Accumulator& accumulator, const RunControl& control = {},
                              DotTrace* trace = nullptr, std::size_t maxTraceSteps = 256);

// The model's result alone (no exact sum beside it): for many inner products, as a matrix product
// makes. The inputs must pass checkDot() and `start` must be a value of the result format. Empty
// when cancelled.
std::optional<std::uint64_t> modelDot(const Format& inputs, const Accumulator& accumulator,
                                      std::span<const std::uint32_t> a, std::span<const std::uint32_t> b, double start,
                                      const RunControl& control = {});

// C = A * B through the model, every output an inner product of k products from 0: A is m x k (row i
// contiguous), B is k x n (column j contiguous), C is m x n (row i contiguous), codes of the result
// format. Spread over `threads` threads (0: one per hardware thread). Empty when cancelled.
std::optional<std::vector<std::uint64_t>> matmul(const Format& inputs, const Accumulator& accumulator, std::size_t m,
                                                 std::size_t n, std::size_t k, std::span<const std::uint32_t> a,
                                                 std::span<const std::uint32_t> b, unsigned threads = 0,
                                                 const RunControl& control = {});

}  // namespace floatscope::dot
