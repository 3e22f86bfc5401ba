#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/exact/ExactValue.h"
#include "core/format/Dyadic.h"
#include "core/format/Format.h"

namespace floatscope {

// The absorbed-updates lesson (lecture 10, demo 5): weights stored in a 16-bit format without an
// fp32 master copy, and the share of updates of a given size that rounding throws away.
// Convention, as lecture 10 computes it: the update u is rounded into the storage format (nearest-
// even, once from its exact value), added to each stored weight w with one rounding, and it was
// absorbed when the sum equals w (`(wd + u.to(dt)) == wd`). Every weight gets +u.
struct AbsorptionRow {
    std::string format;
    ExactValue update;
    std::uint64_t updateCode = 0;   // u in the storage format
    std::int64_t weights = 0;       // finite weights counted (NaN and inf are left out)
    std::int64_t absorbed = 0;
    double share = 0;               // absorbed / weights
    // Every stored weight with |w| >= threshold absorbs +u, whatever its sign (0 when u itself is 0
    // in the format; empty when even the largest finite weight keeps the update).
    std::optional<Dyadic> threshold;
    // The same update added to an fp32 master copy of each weight (rounded to fp32 once).
    std::int64_t masterAbsorbed = 0;
    double masterShare = 0;
};

AbsorptionRow absorbedUpdates(const Format& storage, std::span<const double> weights, const ExactValue& update);

// The smallest magnitude T of the format such that w + u == w for every stored w with |w| >= T
// (both signs), u a code of the format; see AbsorptionRow::threshold.
std::optional<Dyadic> absorptionThreshold(const Format& format, std::uint64_t update);

// Seeded weights: normal with mean 0 and the given standard deviation, with a share set to exactly
// 1.0 (the gains of LayerNorm and RMSNorm start there, which lecture 10 points out).
std::vector<double> generateWeights(std::size_t count, double standardDeviation, double shareOfOnes,
                                    std::uint64_t seed);

// Lecture 10's demo 5: update sizes 3e-3, 3e-4 and 3e-5.
std::vector<ExactValue> lectureUpdateSizes();

}  // namespace floatscope
