#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/exact/ExactValue.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope {

// The bit lab of the BF16 lesson, as numbers: a code's value written as the formula students
// evaluate, and a rounding written as the bits it threw away. Kinds and numbers only; app/text
// says them in words.

// Which formula a code's value follows (IEEE 754-2019 §3.4; OCP MX v1.0 §5.3 for e8m0):
//   Normal:     (-1)^s × 2^(e - bias)   × (1 + m / 2^M)
//   Subnormal:  (-1)^s × 2^(emin)        × (0 + m / 2^M), emin = 1 - bias (zero is m = 0 here)
//   NotFinite:  inf and NaN, which the formula does not describe
enum class FormulaShape : std::uint8_t { Normal, Subnormal, NotFinite };

struct FormulaTerms {
    FormulaShape shape = FormulaShape::NotFinite;
    bool hasSign = true;            // false for unsigned formats (e8m0): no (-1)^s term
    unsigned sign = 0;
    std::uint64_t exponentField = 0;
    int bias = 0;
    int mantissaBits = 0;           // M; 0 (e8m0): no significand term
    std::uint64_t mantissaField = 0;
    std::int64_t power = 0;         // e - bias, or the smallest normal exponent for subnormals
    // Each term evaluated, every digit (2^-1074 has 1074 decimals: the app shortens for the eye).
    std::string powerValue;         // 2^power
    std::string fractionValue;      // m / 2^M
    std::string significandValue;   // 1 + m / 2^M, or 0 + m / 2^M
    std::string value;              // the product, equal to the code's exact value
};

FormulaTerms formulaTerms(const Format& format, std::uint64_t code);

// What the rounding rule looked at and what it decided (magnitudes; the sign only matters to the
// directed modes). Nearest modes (IEEE 754 §4.3.1): guard 0 keeps the truncation; guard 1 with
// sticky 1 is more than half an ulp and goes up; guard 1 with sticky 0 is a tie, settled by the
// kept last bit (ties to even) or away from zero.
enum class GuardDecision : std::uint8_t {
    BelowHalf,          // nearest: guard 0, keep the truncation
    AboveHalf,          // nearest: guard 1, sticky 1, one ulp up
    TieKeepsEven,       // ties to even: the kept last bit is already 0
    TieToEven,          // ties to even: the kept last bit is 1, one ulp up to make it 0
    TieAway,            // ties away: one ulp up
    Truncate,           // toward zero, or a directed mode pointing toward zero for this sign
    DirectedAway,       // up for a positive value, down for a negative one: one ulp up in magnitude
    OddKept,            // to odd: the kept last bit is 1 already
    OddSet,             // to odd: the kept last bit is 0, set to 1 (one ulp up)
    Stochastic,         // a random draw against the discarded fraction
};

struct DiscardedBits {
    // The truncation: the kept significand (hidden bit first: 1 for a normal binade, 0 below it)
    // and its mantissa field, M bits.
    bool keptNormal = true;
    std::uint64_t keptMantissa = 0;
    int mantissaBits = 0;
    std::string discarded;          // the first discarded bits, guard first (at most kShownBits)
    bool moreDiscarded = false;     // nonzero bits follow the ones shown
    bool guard = false;             // the first discarded bit: at least half an ulp
    bool sticky = false;            // any later discarded bit is 1
    bool keptOdd = false;           // the last bit of the truncation's code
    GuardDecision decision = GuardDecision::BelowHalf;
    bool awayFromZero = false;      // the result is the truncation plus one ulp (in magnitude)
    bool overflows = false;         // ... and that is past the largest finite value

    static constexpr int kShownBits = 24;
};

// The discarded bits of a finite value rounded into a format with these options, given the result
// it had (a stochastic draw is read off it: away from the truncation, or overflowed). Empty where nothing was discarded (exact values) or the rule is not about bits:
// NaN and inf, values beyond the format's top binade, below a format without zero, negative into
// an unsigned format.
std::optional<DiscardedBits> discardedBits(const ExactValue& value, const Format& format,
                                           const RoundOptions& options, const RoundResult& stored);

}  // namespace floatscope
