#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "core/dot/Accumulator.h"

namespace floatscope::dot {

// Why a text names no accumulator. `part` is the offending piece of the text.
enum class SpecErrorKind : std::uint8_t {
    Empty,             // nothing given
    UnknownFormat,     // "bf17", "fp32x"
    UnknownRounding,   // "fp32:rnx"
    UnknownOrder,      // "fp32:rne:zigzag"
    BadNumber,         // a block size or bit count that is not a whole number in range
    TooManyParts,      // "fp32:rne:blocked:64:9"
    FormatTooWide,     // an IEEE accumulator of more than 53 significant bits
    FixedModel,        // "avx512bf16:toward-zero": a hardware model takes no rounding or order (part: the model)
    TooMany,           // more than kMaxAccumulators in one list (part: how many)
};

// Accumulators compared in one run: a chart tells this many curves apart, and a list of 1001 is a
// mistake rather than a question.
inline constexpr std::size_t kMaxAccumulators = 16;

struct SpecError {
    SpecErrorKind kind = SpecErrorKind::Empty;
    std::string part;
};

using SpecOutcome = std::variant<Accumulator, SpecError>;

// The accumulator a text names:
//   FORMAT[:ROUNDING[:ORDER[:BLOCK]]]  an IEEE accumulator: fp32, bf16:rtz, fp16:rne:pairwise,
//                                      fp32:rne:blocked:64 (ROUNDING as round/Rounding.h reads it)
//   fixed:W[:N]                         a fused adder keeping W fraction bits (1..40), normalising
//                                      every N products (default 1), truncating, fp32 range
//   PRESET                              a tensor core (see TensorCorePresets.h): h100-fp8, a100-bf16
//   avx512bf16 (or vdpbf16ps)           the CPU's VDPBF16PS
// Promotion is not part of the text (the command line's --promote sets it).
SpecOutcome parseAccumulator(std::string_view text);

// A text that parses back to the same model (the preset's id for a preset): "fp32",
// "bf16:toward-zero:pairwise", "fixed:13:32", "h100-fp8", with ",promote:128" when promoted.
std::string specText(const Accumulator& accumulator);

}  // namespace floatscope::dot
