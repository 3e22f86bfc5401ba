#include "core/dot/FusedSum.h"

#include <algorithm>
#include <bit>
#include <vector>

#include "core/common/Int128.h"
#include "core/dot/RoundToOdd.h"
#include "core/arith/ExactArithmetic.h"
#include "core/exact/ExactValue.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"

namespace floatscope::dot {

namespace {

// Products are aligned with 23 fraction bits below their exponent before the adder's own W
// (MATLAB-tensor-core, models/tools/Generic_BFMA_TC.m, AlignSignficand: "x .* 8388608").
constexpr int kProductFractionBits = 23;
// c's exponent is read as an fp32's: subnormal c aligns at -126 (Generic_BFMA_TC.m, "expC == -127").
constexpr int kFp32MinExponent = -126;

struct Term {
    std::uint64_t significand = 0;  // |term| * 2^(23 - exponent): 23 fraction bits
    std::int32_t exponent = 0;
    bool negative = false;
    std::size_t index = 0;
};

int topBit(std::uint64_t x) { return 63 - std::countl_zero(x); }

// c as the adder reads it: 23 fraction bits at max(floor(log2 |c|), -126).
Term initialTerm(const Dyadic& c)
{
    const std::int64_t top = c.exponent + topBit(c.significand);
    const auto exponent = static_cast<std::int32_t>(std::max<std::int64_t>(top, kFp32MinExponent));
    const std::int64_t shift = c.exponent + kProductFractionBits - exponent;  // >= 0 for fp32 values
    return Term{c.significand << shift, exponent, c.negative, kNoIndex};
}

// floor(significand * 2^shift) for shift of either sign.
std::uint64_t shifted(std::uint64_t significand, int shift)
{
    if (shift >= 0)
        return significand << shift;
    return shift <= -64 ? 0 : significand >> -shift;
}

// A finite float as a Dyadic, from its fields (not normalised: its significand keeps its zeros).
Dyadic dyadicFromFloat(float f)
{
    const auto bits = std::bit_cast<std::uint32_t>(f);
    const std::uint32_t field = (bits >> 23) & 0xFF;
    const std::uint32_t fraction = bits & 0x7FFFFF;
    return field == 0 ? Dyadic{(bits >> 31) != 0, fraction, -149}
                      : Dyadic{(bits >> 31) != 0, fraction | 0x800000u, static_cast<std::int64_t>(field) - 150};
}

Dyadic termValue(const Term& t)
{
    return Dyadic{t.negative, t.significand, std::int64_t{t.exponent} - kProductFractionBits};
}

// value - kept, both of one sign, kept a truncation of value: exact in 128 bits (when anything is
// kept, the two scales are less than 64 bits apart).
Dyadic droppedPart(const Dyadic& value, const Dyadic& kept)
{
    if (kept.significand == 0)
        return value;
    const std::int64_t low = std::min(value.exponent, kept.exponent);
    const Uint128 v = Uint128{value.significand} << (value.exponent - low);
    const Uint128 k = Uint128{kept.significand} << (kept.exponent - low);
    Dyadic d{value.negative, 0, low};
    Uint128 rest = v - k;
    while (rest >> 64 != 0) {  // never taken for the adder's widths; keeps the Dyadic exact if it were
        rest >>= 1;
        ++d.exponent;
    }
    d.significand = static_cast<std::uint64_t>(rest);
    return d;
}

class BlockAdder {
public:
    BlockAdder(const FusedAdder& adder, const OperandDecoder& inputs, bool exactRoute)
        : m_adder(adder)
        , m_inputs(inputs)
        , m_mantissaBits(inputs.format().mantissaBits())
        , m_result(*makeCustomFormat(adder.output.exponentBits(), adder.resultFractionBits, Convention::Ieee,
                                     adder.output.bias())
                        .format)
    {
        m_terms.reserve(static_cast<std::size_t>(adder.blockTerms) + 1);
        if (const std::vector<Operand>* table = inputs.table()) {
            m_table = table->data();
            m_mask = static_cast<std::uint32_t>(table->size() - 1);
        }
        m_fp32Result = !exactRoute && adder.output == namedFormat("fp32") && adder.resultFractionBits == 23;
    }

    // One block: products first .. first + count - 1 and c. Returns the block's result, or nothing
    // when it overflowed (the result is then inf with the returned sign in `overflowNegative`).
    std::optional<Dyadic> block(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b, std::size_t first,
                                std::size_t count, const Dyadic& c, bool& overflowNegative, DotTrace* trace)
    {
        // 1. The terms: nonzero exact products (zeros take no part in the alignment) and c.
        m_terms.clear();
        for (std::size_t i = first; i < first + count; ++i) {
            const Operand& x = readInput(a[i], m_x);
            const Operand& y = readInput(b[i], m_y);
            if (x.significand == 0 || y.significand == 0)
                continue;
            m_terms.push_back(Term{(std::uint64_t{x.significand} * y.significand) << (kProductFractionBits - 2 * m_mantissaBits),
                                   x.exponent + y.exponent, x.negative != y.negative, i});
        }
        if (!c.isZero())
            m_terms.push_back(initialTerm(c));
        if (m_terms.empty())
            return trace != nullptr ? record(trace, first, count, 0, 0, Dyadic{}) : Dyadic{};

        // 2. Align to the largest exponent (at least the floor), W bits below it, truncating.
        std::int32_t alignExponent = m_adder.minAlignExponent;
        for (const Term& t : m_terms)
            alignExponent = std::max(alignExponent, t.exponent);
        const int w = m_adder.alignedFractionBits;
        std::int64_t sum = 0;
        for (Term& t : m_terms) {
            const std::uint64_t kept = shifted(t.significand, w - kProductFractionBits - (alignExponent - t.exponent));
            sum += t.negative ? -static_cast<std::int64_t>(kept) : static_cast<std::int64_t>(kept);
            if (trace != nullptr)
                m_kept.push_back(kept);
        }

        // 3. The exact sum of the kept bits is normalised once and rounded to P bits (an exact zero
        //    is +0). A result at or past 2^(emax + 1) is inf, as the published models make it.
        const std::int64_t scale = std::int64_t{alignExponent} - w;
        Dyadic result{};
        if (sum != 0 && m_fp32Result) {
            // fp32 results at full width: the exact sum as a double, rounded by the CPU's conversion
            // and a step toward zero for truncation (the same bits as roundToFormat below: tests
            // compare the two on random blocks).
            // 2^scale built from its bits (scale lies within double's normal exponents: terms
            // reach down to 2^-298, W is at most 40): std::ldexp's call is a tenth of the block's time.
            const double exact =
                static_cast<double>(sum) * std::bit_cast<double>(static_cast<std::uint64_t>(scale + 1023) << 52);
            if (std::fabs(exact) >= 0x1p128) {
                overflowNegative = sum < 0;
                m_kept.clear();
                return std::nullopt;
            }
            const float f = roundToFloat(exact, static_cast<int>(m_adder.resultRounding));
            if (std::isinf(f)) {
                overflowNegative = sum < 0;
                m_kept.clear();
                return std::nullopt;
            }
            result = dyadicFromFloat(f);
            result.negative = sum < 0;
            if (!m_adder.outputSubnormals && compareMagnitude(result, m_adder.output.minNormal()) < 0)
                result = Dyadic{};
        } else if (sum != 0) {
            const bool negative = sum < 0;
            const auto magnitude = static_cast<std::uint64_t>(negative ? -sum : sum);
            RoundOptions options = roundingIn(m_adder.resultRounding);
            options.overflow = OverflowPolicy::NonSaturating;
            const RoundResult r = roundToFormat(Unpacked::finite(negative, magnitude, scale), m_result, options);
            if ((r.flags & kOverflow) != 0) {
                overflowNegative = negative;
                m_kept.clear();
                return std::nullopt;
            }
            result = decode(m_result, r.code).value;
            result.negative = negative;
            if (!m_adder.outputSubnormals && compareMagnitude(result, m_adder.output.minNormal()) < 0)
                result = Dyadic{};
        }
        if (trace == nullptr)
            return result;  // the common case: no call, nothing kept
        auto out = record(trace, first, count, alignExponent, sum, result);
        m_kept.clear();
        return out;
    }

    std::optional<Dyadic> record(DotTrace* trace, std::size_t first, std::size_t count, std::int32_t alignExponent,
                                 std::int64_t sum, const Dyadic& result)
    {
        if (trace == nullptr || trace->truncated)
            return result;
        TraceStep step;
        step.kind = TraceStep::Kind::Block;
        step.first = first;
        step.count = count;
        step.alignExponent = alignExponent;
        step.result = result;
        const std::int64_t scale = std::int64_t{alignExponent} - m_adder.alignedFractionBits;
        step.alignedSum = Dyadic{sum < 0, static_cast<std::uint64_t>(sum < 0 ? -sum : sum), scale};
        for (std::size_t k = 0; k < m_terms.size(); ++k) {
            const Term& t = m_terms[k];
            AlignedTerm term;
            term.index = t.index;
            term.value = termValue(t);
            term.exponent = t.exponent;
            term.kept = Dyadic{t.negative, m_kept.empty() ? 0 : m_kept[k], scale};
            term.dropped = droppedPart(term.value, term.kept);
            step.exact += ExactValue::fromDyadic(term.value).value();
            step.terms.push_back(term);
        }
        trace->steps.push_back(std::move(step));
        return result;
    }

private:
    // The operand as the adder reads it (a zero, or a flushed subnormal, with significand 0): the
    // table's entry in place, or decoded into `scratch`.
    const Operand& readInput(std::uint32_t code, Operand& scratch) const
    {
        const Operand* o = m_table != nullptr ? &m_table[code & m_mask] : &(scratch = m_inputs(code));
        if (o->valueClass == ValueClass::Zero || (!m_adder.inputSubnormals && o->valueClass == ValueClass::Subnormal)) {
            scratch = *o;
            scratch.significand = 0;
            return scratch;
        }
        return *o;
    }

    const FusedAdder& m_adder;
    const OperandDecoder& m_inputs;
    int m_mantissaBits;
    Format m_result;  // the output's exponent range with P fraction bits
    bool m_fp32Result = false;
    std::vector<Term> m_terms;
    std::vector<std::uint64_t> m_kept;  // with a trace: each term's kept bits
    const Operand* m_table = nullptr;   // the inputs' decoded codes, where there is a table
    std::uint32_t m_mask = 0;
    Operand m_x, m_y;
};

// A NaN or inf among the products: the result by IEEE 754's rules (MATLAB-tensor-core GEMM.m
// checks the products and c the same way before any block is added).
std::optional<std::uint64_t> specialResult(const OperandDecoder& inputs, std::span<const std::uint32_t> a,
                                           std::span<const std::uint32_t> b, const Format& output)
{
    bool positive = false, negative = false, nan = false;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        const Product p = multiply(inputs(a[i]), inputs(b[i]), inputs.format().mantissaBits());
        nan = nan || p.kind == Product::Kind::NaN;
        if (p.kind == Product::Kind::Infinite)
            (p.value.negative ? negative : positive) = true;
    }
    if (nan || (positive && negative))
        return roundToFormat(Unpacked::nan(false, 0), output).code;
    if (positive || negative)
        return roundToFormat(Unpacked::infinity(negative), output).code;
    return std::nullopt;
}

}  // namespace

bool fusedAcceptsInputs(const Format& f)
{
    return 2 * f.mantissaBits() <= kProductFractionBits && productsFit(f);
}

bool fusedAcceptsOutput(const Format& f)
{
    return f.convention() == Convention::Ieee && f.exponentBits() <= 8 && f.mantissaBits() <= 23
        && f.minExponent() >= kFp32MinExponent;
}

std::optional<std::uint64_t> fusedDot(const FusedAdder& adder, const OperandDecoder& inputs,
                                      std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                      const Dyadic& start, const RunControl& control, DotTrace* trace,
                                      std::size_t maxSteps)
{
    if (!(inputs.allFinite(a) && inputs.allFinite(b)))
        if (const auto special = specialResult(inputs, a, b, adder.output))
        return special;
    const std::size_t n = std::min(a.size(), b.size());
    const auto block = static_cast<std::size_t>(adder.blockTerms);
    BlockAdder blocks(adder, inputs, trace != nullptr);
    Dyadic c = start;
    std::size_t sinceReport = 0;
    for (std::size_t first = 0; first < n; first += block) {
        DotTrace* t = trace != nullptr && trace->steps.size() < maxSteps ? trace : nullptr;
        if (trace != nullptr && t == nullptr)
            trace->truncated = true;
        bool overflowNegative = false;
        const auto d = blocks.block(a, b, first, std::min(block, n - first), c, overflowNegative, t);
        if (!d)
            return roundToFormat(Unpacked::infinity(overflowNegative), adder.output).code;
        c = *d;
        if ((sinceReport += block) >= 0x10000) {
            sinceReport = 0;
            control.report(static_cast<double>(first) / static_cast<double>(n));
            if (control.cancelled())
                return std::nullopt;
        }
    }
    return roundToFormat(unpackDyadic(c), adder.output).code;
}

}  // namespace floatscope::dot
