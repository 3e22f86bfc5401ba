#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/format/Format.h"
#include "core/format/Registry.h"
#include "core/round/Rounding.h"

namespace floatscope::dot {

// How an inner product adds its products. Products are always exact; the models differ only in
// where they round.

// In which order an IEEE accumulator adds (Higham, "Accuracy and Stability of Numerical
// Algorithms", 2nd ed., sections 4.1-4.2; blocked summation as in Blanchard, Higham, Lopez, Mary,
// Pranesh, SIAM J. Sci. Comput. 42(3), 2020).
enum class SumOrder : std::uint8_t {
    Sequential,  // s = round(s + p_i), i = 1..K
    Pairwise,    // a balanced tree: each node rounds the sum of its two halves
    Blocked,     // each block of b products summed sequentially, then the block sums sequentially
};
const char* toString(SumOrder order);  // "sequential", "pairwise", "blocked"
std::optional<SumOrder> parseSumOrder(std::string_view text);

// An IEEE-style accumulator: every addition rounds the exact sum once to `format` in `rounding`
// (a fused multiply-add: the product is not rounded on its own).
struct IeeeAccumulator {
    Format format;
    RoundingMode rounding = RoundingMode::NearestEven;
    SumOrder order = SumOrder::Sequential;
    int blockSize = 32;         // Blocked only
    std::uint64_t seed = 0;     // Stochastic only: StochasticSource's seed
    int randomBits = 32;        // Stochastic only
};

// A fused multi-term adder as NVIDIA's tensor cores build it (Fasi, Higham, Mikaitis, Pranesh,
// "Numerical behavior of NVIDIA tensor cores", PeerJ Comput. Sci. 7:e330, 2021; Khattak, Mikaitis,
// "Accurate models of NVIDIA tensor cores", arXiv 2512.07004, 2025): per block of `blockTerms`
// products and the running value c,
//   1. every product is exact; its exponent is that of the two inputs' significands multiplied
//      (so a product's significand lies in [1, 4) and is not normalised);
//   2. all terms are aligned to the largest exponent (at least `minAlignExponent`), keeping
//      `alignedFractionBits` bits below it; bits shifted out are truncated (no sticky bit);
//   3. the aligned integers are added exactly (the carry-out bits the papers found suffice);
//   4. the block's sum is normalised once and rounded to `resultFractionBits` fraction bits of
//      `output` by `resultRounding`, becoming c for the next block.
// A result at or beyond 2^(emax + 1) becomes infinity whatever the rounding, as the published
// models do.
struct FusedAdder {
    int blockTerms = 4;                 // n: products per fused add, normalised after each block
    int alignedFractionBits = 23;       // W: bits kept below the largest exponent's leading bit
    int resultFractionBits = 23;        // P: fraction bits of each block's result
    Format output = namedFormat("fp32");  // format of c and of the result (fp32 or fp16)
    RoundingMode resultRounding = RoundingMode::TowardZero;  // TowardZero or NearestEven
    int minAlignExponent = -1024;       // the alignment exponent is never below this
    bool inputSubnormals = true;        // false: subnormal inputs read as zero
    bool outputSubnormals = true;       // false: subnormal results flushed to zero
};

// The CPU's VDPBF16PS (Intel SDM vol. 2, "VDPBF16PS"; AVX512_BF16): bf16 inputs taken in pairs;
// per pair the odd element's product and then the even one's are added to an fp32 accumulator,
// each an fp32 fused multiply-add rounded to nearest even; input denormals read as zero and output
// denormals written as zero; MXCSR neither consulted nor updated.
struct Vdpbf16ps {};

using AccumulatorModel = std::variant<IeeeAccumulator, FusedAdder, Vdpbf16ps>;

// A model, optionally with promotion: partial sums of `promoteEvery` products in the model, each
// added into an fp32 accumulator with round-to-nearest-even (DeepSeek-V3 technical report,
// arXiv 2412.19437, section 3.3.2: FP8 GEMMs on Hopper keep about 14 bits, so the partial results
// are promoted to fp32 CUDA cores every N_C = 128 elements).
struct Accumulator {
    AccumulatorModel model;
    std::optional<int> promoteEvery;
    std::string preset;  // the tensor-core preset's id, when the model is one; otherwise empty
};

// The format the result is held in: the IEEE accumulator's, the fused adder's output, fp32 for
// VDPBF16PS and for every promoted accumulator.
const Format& resultFormat(const Accumulator& accumulator);

// Limits a model's parameters must keep.
inline constexpr int kMaxBlockSize = 1 << 20;
inline constexpr int kMaxFusedBlockTerms = 1024;
inline constexpr int kMaxPromoteEvery = 1 << 20;

}  // namespace floatscope::dot
