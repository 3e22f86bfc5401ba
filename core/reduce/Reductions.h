#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/dot/RunControl.h"
#include "core/format/Format.h"
#include "core/format/Registry.h"

namespace floatscope::reduce {

// The reductions of the operators lab (the "FP32 accumulation" pillar of every lecture note: "the
// softmax denominator, LayerNorm's mean and variance ... must be promoted to FP32"), each computed
// with every operation rounded in a chosen format (FormatArithmetic) beside a reference computed
// exactly or with MPFR at 256 bits. Data are generated with SeededRandom: the same seed gives the
// same numbers on every machine. Each returns nothing when cancelled.

// 1. A softmax denominator: sum of e^(x_i), or of e^(x_i - max), over a vocabulary of logits.
struct SoftmaxSetup {
    Format logits = namedFormat("bf16");  // the logits' own format
    std::size_t vocabulary = 151936;       // Qwen2's vocabulary (about 152k)
    double mean = 0;
    double deviation = 3;                  // normal logits; the largest of 152k lies near 4.4 deviations
    std::uint64_t seed = 1;
    std::vector<Format> formats = {namedFormat("bf16"), namedFormat("fp16"), namedFormat("fp32")};
};

struct SoftmaxRow {
    Format format;
    bool subtractMax = false;
    double denominator = 0;        // as the format computed it (inf when it overflowed)
    double reference = 0;          // the exact sum of e^(x_i) or e^(x_i - max), nearest double
    std::optional<double> relativeError = std::nullopt;  // empty when the result is not finite
    std::size_t absorbed = 0;      // nonzero terms whose addition left the sum unchanged
    std::size_t overflowed = 0;    // terms e^x that were inf in the format
    double topProbability = 0;     // the largest logit's probability, e_top / sum, in the format
    double topReference = 0;       // and exactly (nearest double)
};

std::optional<std::vector<SoftmaxRow>> softmaxDenominators(const SoftmaxSetup& setup, const dot::RunControl& control = {},
                                                           std::vector<SoftmaxRow>* finished = nullptr);

// 2. Mean and variance three ways, every operation in the format.
enum class VarianceMethod : std::uint8_t {
    TwoPass,       // the mean first, then the mean of (x - mean)^2
    SumOfSquares,  // E[x^2] - E[x]^2 in one pass: cancels catastrophically when the mean is large
    Welford,       // the running update of mean and M2 (Welford 1962; Knuth TAOCP vol. 2, 4.2.2)
};
const char* toString(VarianceMethod method);  // "two-pass", "sum-of-squares", "welford"

struct MomentsSetup {
    std::size_t count = 4096;
    double mean = 100;
    double deviation = 1;
    std::uint64_t seed = 1;
    std::vector<Format> formats = {namedFormat("bf16"), namedFormat("fp32")};
};

struct MomentsRow {
    Format format;
    VarianceMethod method = VarianceMethod::TwoPass;
    double mean = 0;
    double variance = 0;       // population variance (divided by n)
    double exactMean = 0;      // of the inputs as given (values of the first format), nearest double
    double exactVariance = 0;
    std::optional<double> meanError = std::nullopt;  // relative; empty when not finite
    std::optional<double> varianceError = std::nullopt;
    // Why, where the mean is off: the running sum of the values as the format left it, and the gap
    // there (two passes and E[x^2] - E[x]^2; Welford keeps no sum).
    std::optional<double> sum = std::nullopt;
    double sumGap = 0;
};

std::optional<std::vector<MomentsRow>> moments(const MomentsSetup& setup, const dot::RunControl& control = {},
                                               std::vector<MomentsRow>* finished = nullptr);

// 3. RMSNorm: y_i = x_i / sqrt(mean(x^2) + eps) * g_i over rows of a hidden size, every operation in
// the format, the output rounded to bf16 (as a bf16 model stores it).
// The largest runs, within a minute and 1 GB on a 2-core machine (one Zen 4 core: 2^22 RMSNorm
// values in 3.5 s and 121 MB, 2^21 router logits in 12 s and 286 MB). 65536 x 4096 RMSNorm values
// ended in bad_alloc; 65536 tokens x 1024 experts ran past two minutes at 1.5 GB.
inline constexpr std::size_t kMaxRmsNormValues = std::size_t{1} << 24;  // hidden x rows
inline constexpr std::size_t kMaxRouterLogits = std::size_t{1} << 22;   // tokens x experts

struct RmsNormSetup {
    std::size_t hidden = 4096;
    std::size_t rows = 16;
    double deviation = 1;     // of the activations x (small values show eps at work)
    double eps = 1e-6;        // rms_norm_eps, rounded to the format as a tensor of it would be
    std::uint64_t seed = 1;
    std::vector<Format> formats = {namedFormat("bf16"), namedFormat("fp32")};
};

struct RmsNormRow {
    Format format;
    double maxRelativeError = 0;   // of the bf16 outputs against the exact y
    double meanRelativeError = 0;
    double correctlyRounded = 0;   // share of outputs equal to the exact y rounded once to bf16
    // Why, in the first row: the mean of the squares as the format computed it, and exactly
    // (nearest double).
    double meanSquare = 0;
    double exactMeanSquare = 0;
    double sumOfSquares = 0;     // the running sum of the first row's squares, and the gap there
    double sumOfSquaresGap = 0;
};

std::optional<std::vector<RmsNormRow>> rmsNorm(const RmsNormSetup& setup, const dot::RunControl& control = {},
                                               std::vector<RmsNormRow>* finished = nullptr);

// 4. A mixture-of-experts router: softmax over the experts and the top k, per token, with the
// logits and the softmax in the format, against the exact order of the logits.
struct RouterSetup {
    std::size_t tokens = 4096;
    std::size_t experts = 64;
    std::size_t topK = 8;
    double deviation = 1;      // router logits
    std::uint64_t seed = 1;
    std::vector<Format> formats = {namedFormat("bf16"), namedFormat("fp32")};
};

struct RouterRow {
    Format format;
    std::size_t tokensChanged = 0;   // tokens whose set of k experts differs from the exact one
    std::size_t topOneChanged = 0;   // tokens whose first expert differs
    std::size_t tiedWeights = 0;     // tokens where two chosen experts got the same weight
    double maxGateError = 0;         // largest |weight - exact weight| of a chosen expert
};

std::optional<std::vector<RouterRow>> routerTopK(const RouterSetup& setup, const dot::RunControl& control = {},
                                                 std::vector<RouterRow>* finished = nullptr);

}  // namespace floatscope::reduce
