#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <gmpxx.h>

#include "core/exact/ExactValue.h"
#include "core/format/Format.h"

namespace floatscope {

// The logits lesson (the BF16 lesson, "a logit drifting to a thousand: can bf16 still tell them apart?"):
// logits stored in a 16-bit format, and what that does to softmax.
struct StoredLogits {
    std::string format;
    std::vector<ExactValue> inputs;
    std::vector<std::uint64_t> codes;
    std::vector<mpq_class> stored;          // exact stored values (when all are finite)
    bool allFinite = true;                  // no logit overflowed
    int distinctInputs = 0;
    int distinctStored = 0;                 // 1000, 1001, 1002 are one bf16 value
    std::vector<double> probabilities;      // softmax of the inputs
    std::vector<double> storedProbabilities;  // softmax of the stored values (empty unless allFinite)
};

// The inputs must be finite.
StoredLogits storeLogits(const Format& format, std::span<const ExactValue> logits);

// p_i / p_j = e^(z_i - z_j), before and after storing. The differences are exact; the ratios are
// e to those powers in double.
struct ProbabilityRatio {
    mpq_class trueDifference;
    mpq_class storedDifference;
    double trueRatio = 0;
    double storedRatio = 0;
    double factor = 0;  // storedRatio / trueRatio: e^2 = 7.39 for 1003 vs 1001 in bf16
};
ProbabilityRatio probabilityRatio(const StoredLogits& logits, std::size_t i, std::size_t j);

}  // namespace floatscope
