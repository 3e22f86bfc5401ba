#pragma once

#include <cstdint>
#include <optional>

#include <gmpxx.h>

#include "core/exact/ExactValue.h"
#include "core/format/Dyadic.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope {

// IEEE 754 nextUp / nextDown in value order: across zero (nextUp(-min subnormal) is -0 where the
// format has it, +0 otherwise), across the subnormal/normal boundary, and from the largest finite
// value to inf (or nothing, where the format has no inf). Empty for NaN and at the ends.
std::optional<std::uint64_t> nextUp(const Format& format, std::uint64_t code);
std::optional<std::uint64_t> nextDown(const Format& format, std::uint64_t code);

// The spacing of the binade the (finite) code lies in: 2^(e - M), with e clamped at min normal.
std::optional<Dyadic> ulpOf(const Format& format, std::uint64_t code);

// Why a rounding went the way it did.
enum class RoundingReason : std::uint8_t {
    Exact,            // representable: nothing to decide
    Nearer,           // nearest mode, one neighbour closer
    TieToEven,        // exactly halfway: ties go to the even mantissa
    TieAway,          // exactly halfway: ties go away from zero
    TowardZero,
    Up,
    Down,
    ToOdd,            // the neighbour with an odd last bit
    Stochastic,       // chosen at random with probability equal to the fraction
    OverflowSaturated,   // beyond the largest finite value: clamped
    OverflowToInfinity,
    OverflowToNan,       // formats without inf (e4m3fn) overflow to NaN unless saturating
    BelowSmallest,       // formats without zero (e8m0) clamp to their smallest value
    NotANumber,
    Infinity,
    NegativeIntoUnsigned,
};
const char* toString(RoundingReason reason);

// Where an input fell between its two neighbours, and which way it went.
struct Placement {
    RoundResult result;
    std::optional<std::uint64_t> below;  // largest code <= x (finite inputs; equal to result if exact)
    std::optional<std::uint64_t> above;  // smallest code >= x
    std::optional<mpq_class> fraction;   // (x - below) / (above - below) when both are finite
    bool exact = false;
    bool tie = false;
    bool wentUp = false;  // toward `above` (in value, not magnitude)
    RoundingReason reason = RoundingReason::Exact;
};
Placement explainRounding(const ExactValue& value, const Format& format, const RoundOptions& options = {});

}  // namespace floatscope
