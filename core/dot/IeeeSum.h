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
// Every addition is roundToFormat(exactSum(x, y)) in the accumulator's format and mode. Where the
// values are doubles (every deterministic mode in formats of at most 32 bits and 51 fraction bits,
// nearest-even in fp64, stochastic rounding where M + 1 + randomBits <= 52) the same bits come from
// faster routes (tests compare the routes on random and adversarial sums): the nearest double sum
// rounded straight to the accumulator where that cannot differ (see FastAdder in IeeeSum.cpp), and
// otherwise the two exact values added in double with round-to-odd (Knuth's TwoSum, then the odd
// neighbour when inexact; Boldo, Melquiond, IEEE Trans. Comput. 57(4), 2008), which keeps enough of
// the sum (53 >= p + 2 bits) for one correct rounding to the target after it.
std::optional<std::uint64_t> ieeeDot(const IeeeAccumulator& accumulator, const OperandDecoder& inputs,
                                     std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                     const Dyadic& start, const RunControl& control, DotTrace* trace = nullptr,
                                     std::size_t maxSteps = 0);

// Which route ieeeDot takes for finite inputs (for tests and the benchmark).
enum class IeeeRoute : std::uint8_t { NativeFp64, NativeFp32, ViaOddFloat, ViaOddDouble, StochasticViaOdd, Exact };
IeeeRoute ieeeRoute(const IeeeAccumulator& accumulator, const Format& inputs);

}  // namespace floatscope::dot
