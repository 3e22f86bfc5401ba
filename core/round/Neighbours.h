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

// What a format stores for a value that rounds past its largest finite value, under the overflow
// policy in force: inf (IEEE formats), NaN (no infinity: e4m3fn, the FNUZ pair, e8m0 when not
// saturating), or the largest finite value itself (saturating, or fp6/fp4, which have neither).
enum class PastRangeOutcome : std::uint8_t { Infinity, NaN, Clamp };
const char* toString(PastRangeOutcome outcome);  // "inf", "nan", "clamp"

// At or beyond the end of the finite range there is no neighbour on the far side. The first step
// past the largest finite value, max + ulp(max), stands in for it: 480 for e4m3fn (448 + 32), 8 for
// e2m1 (6 + 2), 65536 for fp16 (65504 + 32). Values from halfway there on overflow (ties to the even
// one of the two), and `outcome` is what the format then stores.
struct PastRange {
    mpq_class largest;  // the largest finite value, with the input's sign
    mpq_class step;     // the step past it, with the input's sign
    PastRangeOutcome outcome = PastRangeOutcome::Clamp;
};
// The step past the largest finite value on the side of `negative`, and what `options` (or the
// format's default) makes of a value that rounds there.
PastRange pastRange(const Format& format, bool negative, const RoundOptions& options = {});

// Where an input fell between its two neighbours, and which way it went.
struct Placement {
    RoundResult result;
    std::optional<std::uint64_t> below;  // largest code <= x (finite inputs; equal to result if exact)
    std::optional<std::uint64_t> above;  // smallest code >= x
    // (x - below) / (above - below) when both are finite; at or beyond the largest finite value,
    // the same between it and the step past it, in value order (outside [0, 1] beyond that step);
    // below the smallest value of a format without zero (e8m0), from 0 to that value.
    std::optional<mpq_class> fraction;
    // Set for a finite input whose magnitude is at least the largest finite value: there the
    // format has no finite neighbour on the far side and `past` names the step that stands in.
    std::optional<PastRange> past;
    bool exact = false;
    bool tie = false;
    bool wentUp = false;  // toward `above` (in value, not magnitude)
    RoundingReason reason = RoundingReason::Exact;
    RoundingMode mode = RoundingMode::NearestEven;  // the mode it was rounded in
};
Placement explainRounding(const ExactValue& value, const Format& format, const RoundOptions& options = {});

}  // namespace floatscope
