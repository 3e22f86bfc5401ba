#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "core/dot/Accumulator.h"
#include "core/dot/DotTrace.h"
#include "core/dot/Operands.h"
#include "core/dot/RunControl.h"
#include "core/format/Dyadic.h"

namespace floatscope::dot {

// Inputs a fused adder can take: at most 11 significant bits less one (so that a product's 2M
// fraction bits fit the adder's 23), within fp32's range; its output format within fp32's.
bool fusedAcceptsInputs(const Format& inputs);
bool fusedAcceptsOutput(const Format& output);

// Sum of the products a[i] * b[i] through a fused adder (see Accumulator.h), blocks of
// `adder.blockTerms` products in order, c starting at `start` (a value of the output format) and
// each block's result becoming c for the next. Returns the result's code in the output format, or
// nothing when cancelled. With a trace, every block is recorded (up to `maxSteps`), and every
// block's result is rounded by roundToFormat (without one, fp32 results take a faster route to the
// same bits).
std::optional<std::uint64_t> fusedDot(const FusedAdder& adder, const OperandDecoder& inputs,
                                      std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                      const Dyadic& start, const RunControl& control, DotTrace* trace = nullptr,
                                      std::size_t maxSteps = 0);

}  // namespace floatscope::dot
