#include "core/round/Neighbours.h"

#include "core/common/Names.h"
#include "core/format/Codec.h"

namespace floatscope {

namespace {

std::uint64_t withSign(const Format& f, bool negative, std::uint64_t magnitude)
{
    if (magnitude == 0 && !f.hasNegativeZero())
        negative = false;
    return (negative ? f.signMask() : 0) | magnitude;
}

// Step one code away from zero (larger magnitude), within the finite range, then to inf.
std::optional<std::uint64_t> awayFromZero(const Format& f, bool negative, std::uint64_t magnitude)
{
    if (magnitude < f.maxFiniteMagnitude())
        return withSign(f, negative, magnitude + 1);
    if (f.hasInfinity() && magnitude == f.maxFiniteMagnitude())
        return withSign(f, negative, f.infinityMagnitude());
    return std::nullopt;
}

// Step one code toward zero; from +-0 to the other side's smallest value.
std::optional<std::uint64_t> towardZero(const Format& f, bool negative, std::uint64_t magnitude)
{
    if (magnitude > 0)
        return withSign(f, negative, magnitude - 1);
    return std::nullopt;
}

// A code as a step from it sees it: its class, sign and magnitude.
struct StepFrom {
    ValueClass c;
    bool negative;
    std::uint64_t magnitude;
};

StepFrom stepFrom(const Format& f, std::uint64_t code)
{
    code &= f.codeMask();
    return StepFrom{f.classify(code), f.isNegative(code), code & f.magnitudeMask()};
}

}  // namespace

std::optional<std::uint64_t> nextUp(const Format& f, std::uint64_t code)
{
    const auto [c, negative, magnitude] = stepFrom(f, code);
    if (c == ValueClass::NaN)
        return std::nullopt;
    if (c == ValueClass::Zero)
        return std::uint64_t{1};  // the smallest positive value, from +0 and -0 alike
    if (negative)
        return towardZero(f, true, magnitude);
    if (c == ValueClass::Infinite)
        return std::nullopt;
    return awayFromZero(f, false, magnitude);
}

std::optional<std::uint64_t> nextDown(const Format& f, std::uint64_t code)
{
    const auto [c, negative, magnitude] = stepFrom(f, code);
    if (c == ValueClass::NaN)
        return std::nullopt;
    if (c == ValueClass::Zero)
        return f.signBits() == 0 ? std::nullopt : std::optional<std::uint64_t>{f.signMask() | 1};
    if (!negative) {
        if (c == ValueClass::Infinite)
            return f.maxFiniteMagnitude();
        if (magnitude == 0)
            return std::nullopt;  // the smallest value of a format without zero (e8m0)
        return towardZero(f, false, magnitude);
    }
    if (c == ValueClass::Infinite)
        return std::nullopt;
    return awayFromZero(f, true, magnitude);
}

std::optional<Dyadic> ulpOf(const Format& f, std::uint64_t code)
{
    const Decoded d = decode(f, code);
    if (d.valueClass == ValueClass::NaN || d.valueClass == ValueClass::Infinite)
        return std::nullopt;
    const std::int64_t field = std::max<std::int64_t>(static_cast<std::int64_t>(d.exponentField), f.minNormalField());
    return Dyadic{false, 1, field - f.bias() - f.mantissaBits()};
}

constexpr Named<RoundingReason> kReasons[] = {
    {RoundingReason::Exact, "exact"}, {RoundingReason::Nearer, "nearer"},
    {RoundingReason::TieToEven, "tie-to-even"}, {RoundingReason::TieAway, "tie-away"},
    {RoundingReason::TowardZero, "toward-zero"}, {RoundingReason::Up, "up"}, {RoundingReason::Down, "down"},
    {RoundingReason::ToOdd, "to-odd"}, {RoundingReason::Stochastic, "stochastic"},
    {RoundingReason::OverflowSaturated, "overflow-saturated"},
    {RoundingReason::OverflowToInfinity, "overflow-to-inf"}, {RoundingReason::OverflowToNan, "overflow-to-nan"},
    {RoundingReason::BelowSmallest, "below-smallest"}, {RoundingReason::NotANumber, "nan"},
    {RoundingReason::Infinity, "inf"}, {RoundingReason::NegativeIntoUnsigned, "negative-into-unsigned"}
};

const char* toString(RoundingReason reason) { return nameIn(kReasons, reason); }

namespace {
constexpr Named<PastRangeOutcome> kOutcomes[] = {
    {PastRangeOutcome::Infinity, "inf"}, {PastRangeOutcome::NaN, "nan"}, {PastRangeOutcome::Clamp, "clamp"}};
}  // namespace

const char* toString(PastRangeOutcome outcome) { return nameIn(kOutcomes, outcome); }

PastRange pastRange(const Format& f, bool negative, const RoundOptions& options)
{
    const std::uint64_t max = f.maxFiniteMagnitude();
    const mpq_class largest = ExactValue::fromCode(f, max).value();
    const mpq_class step = largest + ExactValue::fromDyadic(*ulpOf(f, max)).value();
    // pack()'s rule: a non-saturating policy goes to inf, else NaN, else (neither) clamps.
    const OverflowPolicy policy = options.overflow.value_or(f.defaultOverflow());
    PastRangeOutcome outcome = PastRangeOutcome::Clamp;
    if (policy == OverflowPolicy::NonSaturating && f.hasInfinity())
        outcome = PastRangeOutcome::Infinity;
    else if (policy == OverflowPolicy::NonSaturating && f.hasNan())
        outcome = PastRangeOutcome::NaN;
    return PastRange{negative ? mpq_class(-largest) : largest, negative ? mpq_class(-step) : step, outcome};
}

Placement explainRounding(const ExactValue& x, const Format& f, const RoundOptions& options)
{
    Placement p;
    p.result = roundExact(x, f, options);
    p.mode = options.mode;
    if (x.kind() == ExactValue::Kind::NaN) {
        p.reason = RoundingReason::NotANumber;
        return p;
    }
    if (f.signBits() == 0 && x.negative() && !x.isZero()) {
        p.reason = RoundingReason::NegativeIntoUnsigned;
        return p;
    }
    if (x.kind() == ExactValue::Kind::Infinite) {
        p.reason = RoundingReason::Infinity;
        return p;
    }
    // The bracketing codes: round down and up, clamped at the largest finite value below and
    // reaching inf above where the format has it.
    RoundOptions down = options;
    down.mode = RoundingMode::Down;
    down.overflow = OverflowPolicy::Saturate;
    RoundOptions up = options;
    up.mode = RoundingMode::Up;
    up.overflow = OverflowPolicy::Saturate;
    const std::uint64_t lo = roundExact(x, f, down).code;
    const std::uint64_t hi = roundExact(x, f, up).code;
    const ExactValue loValue = ExactValue::fromCode(f, lo);
    const ExactValue hiValue = ExactValue::fromCode(f, hi);
    const mpq_class v = x.value();
    p.below = loValue.value() <= v ? std::optional{lo} : std::nullopt;
    p.above = hiValue.value() >= v ? std::optional{hi} : std::nullopt;
    if (!p.above && f.hasInfinity() && v > 0)
        p.above = f.infinityMagnitude();
    if (!p.below && f.hasInfinity() && v < 0)
        p.below = f.signMask() | f.infinityMagnitude();
    p.exact = (p.result.flags & kInexact) == 0;
    p.tie = (p.result.flags & kTie) != 0;
    if (p.below && p.above && loValue.value() <= v && hiValue.value() >= v && loValue.value() != hiValue.value())
        p.fraction = mpq_class((v - loValue.value()) / (hiValue.value() - loValue.value()));
    if (!p.below && !f.hasZero() && p.above && v >= 0)  // below e8m0's smallest: from the zero it lacks
        p.fraction = mpq_class(v / hiValue.value());
    const bool negative = v < 0;
    const PastRange past = pastRange(f, negative, options);
    if (negative ? v <= past.largest : v >= past.largest) {
        // In value order, as above: from the lower of the two to the higher (past the step, outside [0, 1]).
        const mpq_class& low = negative ? past.step : past.largest;
        const mpq_class& high = negative ? past.largest : past.step;
        p.fraction = mpq_class((v - low) / (high - low));
        p.past = past;
    }
    if (p.exact)
        return p;
    const ExactValue resultValue = ExactValue::fromCode(f, p.result.code);
    p.wentUp = resultValue.kind() == ExactValue::Kind::Infinite
        ? !resultValue.negative()
        : resultValue.kind() == ExactValue::Kind::Finite && resultValue.value() > v;

    if ((p.result.flags & kOverflow) != 0) {
        const ValueClass c = f.classify(p.result.code);
        p.reason = c == ValueClass::Infinite ? RoundingReason::OverflowToInfinity
            : c == ValueClass::NaN           ? RoundingReason::OverflowToNan
                                             : RoundingReason::OverflowSaturated;
        return p;
    }
    if (!f.hasZero() && !p.below) {
        p.reason = RoundingReason::BelowSmallest;
        return p;
    }
    switch (options.mode) {
    case RoundingMode::NearestEven: p.reason = p.tie ? RoundingReason::TieToEven : RoundingReason::Nearer; break;
    case RoundingMode::NearestAway: p.reason = p.tie ? RoundingReason::TieAway : RoundingReason::Nearer; break;
    case RoundingMode::TowardZero: p.reason = RoundingReason::TowardZero; break;
    case RoundingMode::Up: p.reason = RoundingReason::Up; break;
    case RoundingMode::Down: p.reason = RoundingReason::Down; break;
    case RoundingMode::ToOdd: p.reason = RoundingReason::ToOdd; break;
    case RoundingMode::Stochastic: p.reason = RoundingReason::Stochastic; break;
    }
    return p;
}

}  // namespace floatscope
