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

// Sum of the products a[i] * b[i] in an IEEE accumulator, starting from `start` (a value of the
// accumulator's format). Returns the result's code in the accumulator's format, or nothing when
// cancelled. With a trace, every addition is recorded (up to `maxSteps`).
//
// Every addition is roundToFormat(exactSum(x, y)) in the accumulator's format and mode. For
// nearest-even in fp64 and the deterministic modes in fp32 and in formats of at most 16 bits the
// same bits come from a faster route (tests compare the routes on random and adversarial sums):
// the two exact values are added in double with round-to-odd (Knuth's TwoSum, then the odd
// neighbour when inexact; Boldo, Melquiond, IEEE Trans. Comput. 57(4), 2008), which keeps enough
// of the sum (53 >= p + 2 bits) for one correct rounding to the target after it.
std::optional<std::uint64_t> ieeeDot(const IeeeAccumulator& accumulator, const OperandDecoder& inputs,
                                     std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                     const Dyadic& start, const RunControl& control, DotTrace* trace = nullptr,
                                     std::size_t maxSteps = 0);

// Which route ieeeDot takes for finite inputs (for tests and the benchmark).
enum class IeeeRoute : std::uint8_t { NativeFp64, NativeFp32, ViaOddFloat, Exact };
IeeeRoute ieeeRoute(const IeeeAccumulator& accumulator, const Format& inputs);

}  // namespace floatscope::dot
