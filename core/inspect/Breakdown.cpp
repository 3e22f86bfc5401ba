#include "core/inspect/Breakdown.h"

#include <algorithm>

#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"

namespace floatscope {

namespace {

std::string dyadicText(std::uint64_t significand, std::int64_t exponent)
{
    return exactDecimal(Dyadic{false, significand, exponent});
}

// 2^exponent as a rational.
mpq_class powerOfTwo(std::int64_t exponent)
{
    mpq_class out = 1;
    if (exponent >= 0)
        mpq_mul_2exp(out.get_mpq_t(), out.get_mpq_t(), static_cast<mp_bitcnt_t>(exponent));
    else
        mpq_div_2exp(out.get_mpq_t(), out.get_mpq_t(), static_cast<mp_bitcnt_t>(-exponent));
    return out;
}

// floor(log2 x) for x > 0: from the bit lengths of numerator and denominator, then one correction.
std::int64_t floorLog2(const mpq_class& x)
{
    auto k = static_cast<std::int64_t>(mpz_sizeinbase(x.get_num_mpz_t(), 2))
        - static_cast<std::int64_t>(mpz_sizeinbase(x.get_den_mpz_t(), 2));
    // x < 2^k, by shifts: a rational comparison multiplies, and 2^k of an input of 10^5 digits is as long.
    const bool below = k >= 0 ? x.get_num() < mpz_class(x.get_den() << static_cast<mp_bitcnt_t>(k))
                              : mpz_class(x.get_num() << static_cast<mp_bitcnt_t>(-k)) < x.get_den();
    return below ? k - 1 : k;
}

mpq_class magnitudeOf(const Dyadic& d)
{
    return ExactValue::fromDyadic(Dyadic{false, d.significand, d.exponent}).value();
}

GuardDecision ruleFor(const RoundOptions& options, bool negative, const DiscardedBits& d)
{
    switch (options.mode) {
    case RoundingMode::NearestEven:
        if (!d.guard)
            return GuardDecision::BelowHalf;
        if (d.sticky)
            return GuardDecision::AboveHalf;
        return d.keptOdd ? GuardDecision::TieToEven : GuardDecision::TieKeepsEven;
    case RoundingMode::NearestAway:
        if (!d.guard)
            return GuardDecision::BelowHalf;
        return d.sticky ? GuardDecision::AboveHalf : GuardDecision::TieAway;
    case RoundingMode::TowardZero: return GuardDecision::Truncate;
    case RoundingMode::Up: return negative ? GuardDecision::Truncate : GuardDecision::DirectedAway;
    case RoundingMode::Down: return negative ? GuardDecision::DirectedAway : GuardDecision::Truncate;
    case RoundingMode::ToOdd: return d.keptOdd ? GuardDecision::OddKept : GuardDecision::OddSet;
    case RoundingMode::Stochastic: return GuardDecision::Stochastic;
    }
    return GuardDecision::BelowHalf;
}

bool goesAway(GuardDecision decision)
{
    switch (decision) {
    case GuardDecision::AboveHalf:
    case GuardDecision::TieToEven:
    case GuardDecision::TieAway:
    case GuardDecision::DirectedAway:
    case GuardDecision::OddSet: return true;
    default: return false;
    }
}

}  // namespace

FormulaTerms formulaTerms(const Format& f, std::uint64_t code)
{
    const Decoded d = decode(f, code);
    FormulaTerms t;
    t.hasSign = f.signBits() == 1;
    t.sign = d.negative ? 1 : 0;
    t.exponentField = d.exponentField;
    t.bias = f.bias();
    t.mantissaBits = f.mantissaBits();
    t.mantissaField = d.mantissaField;
    switch (d.valueClass) {
    case ValueClass::NaN:
    case ValueClass::Infinite: t.shape = FormulaShape::NotFinite; return t;
    case ValueClass::Zero:
    case ValueClass::Subnormal: t.shape = FormulaShape::Subnormal; break;
    case ValueClass::Normal: t.shape = FormulaShape::Normal; break;
    }
    // A zero exponent field means the smallest normal exponent with no hidden bit (IEEE 754 §3.4 d);
    // e8m0's field 0 is a normal value of its own (2^-127), so its minimum normal field is 0.
    const bool normal = t.shape == FormulaShape::Normal;
    t.power = normal ? static_cast<std::int64_t>(t.exponentField) - t.bias : f.minExponent();
    const int m = t.mantissaBits;
    const std::uint64_t significand = (normal ? std::uint64_t{1} << m : 0) + t.mantissaField;
    t.powerValue = dyadicText(1, t.power);
    t.fractionValue = dyadicText(t.mantissaField, -m);
    t.significandValue = dyadicText(significand, -m);
    t.value = (d.negative ? "-" : "") + dyadicText(significand, t.power - m);
    return t;
}

std::optional<DiscardedBits> discardedBits(const ExactValue& value, const Format& f, const RoundOptions& options,
                                           const RoundResult& stored)
{
    // 1. Only a finite, nonzero value that the format's sign can hold discards bits.
    if (!value.isFinite() || value.isZero() || (value.negative() && f.signBits() == 0))
        return std::nullopt;
    const mpq_class& x = value.magnitude();

    // 2. The binade of x and the ulp there, 2^(max(k, emin) - M): below the smallest normal the
    //    spacing stays that of the smallest binade (the subnormals).
    const std::int64_t k = floorLog2(x);
    if (k > f.maxExponent())
        return std::nullopt;
    const int m = f.mantissaBits();
    const std::int64_t ulpExponent = std::max<std::int64_t>(k, f.minExponent()) - m;
    // x / ulp = kept + rest / den, 0 <= rest < den, in integers: for an input of 10^5 digits each
    //    rational step below would cost a product of such numbers, and there are 30 of them.
    const mpq_class scaled = x / powerOfTwo(ulpExponent);
    const mpz_class& den = scaled.get_den();
    mpz_class kept;
    mpz_class rest;
    mpz_fdiv_qr(kept.get_mpz_t(), rest.get_mpz_t(), scaled.get_num_mpz_t(), den.get_mpz_t());
    if (rest == 0)
        return std::nullopt;

    // 3. The truncation must be a value of the format: e8m0 has no zero below its smallest value,
    //    and e4m3fn's top binade ends at 448, before the codes given to NaN.
    const mpq_class truncation = kept * powerOfTwo(ulpExponent);
    if ((kept == 0 && !f.hasZero()) || truncation > magnitudeOf(f.maxFinite()))
        return std::nullopt;

    DiscardedBits d;
    d.mantissaBits = m;
    d.keptNormal = k >= f.minExponent();
    const mpz_class mantissa = d.keptNormal ? mpz_class(kept - (mpz_class(1) << m)) : kept;
    d.keptMantissa = mantissa.get_ui();
    // "Even" is the last bit of the code (IEEE 754 §4.3.1): the mantissa's, or with no mantissa bits
    // (e8m0) the exponent field's, so that e8m0 takes 3 to 2 (field 128) and 6 to 8 (field 130).
    const std::uint64_t lastField = m > 0 ? d.keptMantissa : static_cast<std::uint64_t>(k + f.bias());
    d.keptOdd = (lastField & 1) != 0;

    // 4. The discarded fraction of an ulp, bit by bit: the first is the guard bit, the OR of all
    //    later ones (to the end, not just those shown) the sticky bit.
    const int half = cmp(rest << 1, den);  // the discarded fraction rest / den against 1/2
    d.guard = half >= 0;
    d.sticky = d.guard ? half > 0 : true;  // rest > 0 here
    for (int i = 0; i < DiscardedBits::kShownBits && rest != 0; ++i) {
        rest <<= 1;
        const bool bit = rest >= den;
        if (bit)
            rest -= den;
        d.discarded += bit ? '1' : '0';
    }
    d.moreDiscarded = rest != 0;

    // 5. The rule of the mode, and where it leaves the value. A stochastic draw is read off the
    //    stored result: away from the truncation, or past the top (overflow).
    d.decision = ruleFor(options, value.negative(), d);
    if (d.decision == GuardDecision::Stochastic) {
        const Decoded s = decode(f, stored.code);
        const bool finite = s.valueClass != ValueClass::NaN && s.valueClass != ValueClass::Infinite;
        d.awayFromZero = !finite || (stored.flags & kOverflow) != 0 || magnitudeOf(s.value) > truncation;
    } else {
        d.awayFromZero = goesAway(d.decision);
    }
    d.overflows = d.awayFromZero && truncation == magnitudeOf(f.maxFinite());
    return d;
}

}  // namespace floatscope
