#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/dot/Accumulator.h"
#include "core/dot/InnerProduct.h"
#include "core/dot/RunControl.h"
#include "core/exact/ExactValue.h"

namespace floatscope::dot {

// The operators lab's inner-product lessons as plain data: the error against K per accumulator, the
// sum of ones that stalls, and (through innerProduct with a DotTrace) one dot product opened up.

enum class Distribution : std::uint8_t {
    Normal,   // a_i, b_i standard normal: products of either sign, sums that cancel
    Uniform,  // uniform on (0, 1): positive products, a sum that only grows
    Heavy,    // Student's t with 3 degrees of freedom: a few products dominate
    Ones,     // every a_i = b_i = 1: the sum is K exactly, until the accumulator stalls
};
inline constexpr Distribution kDistributions[] = {Distribution::Normal, Distribution::Uniform, Distribution::Heavy,
                                                 Distribution::Ones};
const char* toString(Distribution d);  // "normal", "uniform", "heavy", "ones"
std::optional<Distribution> parseDistribution(std::string_view text);

// K values of each operand drawn from the distribution (SeededRandom: the same on every machine)
// and rounded to the format, nearest-even, saturating (so that every operand is finite).
// The first n of a longer draw are the n drawn alone. Cancelled part way, fewer than k are drawn.
DotInputs generateInputs(const Format& format, Distribution distribution, std::size_t k, std::uint64_t seed,
                         const RunControl& control = {});

struct ErrorPoint {
    std::size_t k = 0;
    ExactValue value;                     // the model's result
    ExactValue exact;                     // the exact inner product
    std::optional<double> relativeError;  // |value - exact| / |exact| (nearest double); empty if exact is 0 or not finite
};

struct ErrorCurve {
    Accumulator accumulator;
    std::vector<ErrorPoint> points;  // one per K = 2^minLog2K .. 2^maxLog2K
};

struct ErrorSweep {
    Format inputs;
    Distribution distribution = Distribution::Normal;
    std::uint64_t seed = 1;
    int minLog2K = 4;
    int maxLog2K = 20;
    std::vector<Accumulator> accumulators;
};

struct ErrorSweepResult {
    std::vector<ErrorCurve> curves;
    std::optional<DotError> error;  // an accumulator that cannot take the inputs: nothing was run
    bool cancelled = false;
};

inline constexpr int kMaxLog2K = 24;

// For each K, the first K operands of one generated pair of vectors (so the curves share their data)
// through every accumulator. Progress is reported over all of them.
ErrorSweepResult errorVersusK(const ErrorSweep& sweep, const RunControl& control = {});

// Where the sum of ones stops counting: the smallest K (up to maxK) whose sum of K products 1 * 1
// is not K, and that sum (a bf16 accumulator stops at 256, fp16 at 2048; promotion keeps counting).
struct OnesStall {
    std::size_t k = 0;
    ExactValue value;
};
std::optional<OnesStall> onesStall(const Format& inputs, const Accumulator& accumulator, std::size_t maxK,
                                   const RunControl& control = {});

}  // namespace floatscope::dot
