#pragma once

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>

#include "core/arith/SumRounding.h"
#include "core/batch/Batch.h"
#include "core/batch/BatchKernel.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope {

// Adds two values of one format the way the format's own hardware add does (PyTorch's same-dtype
// add, CUDA's __hadd): the exact sum, rounded once to nearest-even, overflow by the format's rule;
// or, for the stochastic lesson, the exact sum rounded stochastically. Values travel as codes. The
// simulations run millions of these, so each add takes the fastest path that gives the same bits
// as roundToFormat(exactSum(a, b)). Path names how the add is computed (not to be confused with
// round/Route, the user's choice of how an input reaches a format):
//   NativeFp64, NativeFp32  the CPU's own IEEE add (correctly rounded; FLT_EVAL_METHOD 0).
//   Fp32SumKernel  formats of at most 16 bits whose values are all fp32s and whose precision p is
//            at most 11 bits: the fp32 add, then the engine's batch kernel to the format.
//   Fp32SumCarry  wider formats laid out as the top bits of fp32 (8 exponent bits, bias 127, IEEE,
//            p <= 11: tf32): the fp32 add, then nearest-even by adding half an ulp to its bits.
//            For both: rounding the exact sum first to q = 24 bits and then to p bits gives the same
//            result as rounding once when q >= 2p + 2 (Figueroa, "When is double rounding
//            innocuous?", SIGNUM Newsletter 30(3), 1995; proved with underflow by P. Roux,
//            J. Formalized Reasoning 7(1), 2014).
//   Exact    every other format: exactSum() and roundToFormat().
// Stochastic rounding (default overflow policy) has a fast path in every path but Exact, for
// formats with a zero and a sign: an error-free sum in binary64 and a SumRounder (AdderLanes.h,
// which also holds the adds that accumulation loops chain). Every other mode takes exactSum() and
// roundToFormat().
// Tests check the paths against GMP (every pair of every 8-bit format, random pairs of the others),
// against the exact path (every fp16 and bf16 code with a spread of partners; stochastic: random and
// adversarial pairs of every format, every path) and against _Float16.
class FormatAdder {
public:
    enum class Path : std::uint8_t { NativeFp64, NativeFp32, Fp32SumKernel, Fp32SumCarry, Exact };

    explicit FormatAdder(const Format& format);

    const Format& format() const { return m_format; }
    Path path() const { return m_path; }
    // Whether RoundedLane (and the stochastic fast path) serves this format: see AdderLanes.h.
    bool hasSumRounder() const { return m_rounder.has_value(); }

    // round(a + b), nearest-even.
    std::uint64_t add(std::uint64_t a, std::uint64_t b) const;
    // round(a + b) with any options (stochastic rounding draws its bits from options.random).
    std::uint64_t add(std::uint64_t a, std::uint64_t b, const RoundOptions& options) const;
    // The reference the fast paths are tested against: exactSum() and roundToFormat().
    std::uint64_t addExact(std::uint64_t a, std::uint64_t b, const RoundOptions& options) const;
    std::uint64_t subtract(std::uint64_t a, std::uint64_t b) const { return add(a, negate(b)); }
    // -x: the sign flipped; zero stays +0 where the format has no -0; NaN in an unsigned format.
    std::uint64_t negate(std::uint64_t code) const;
    // An fp32 (bits) cast to the format, nearest-even: the master copy's cast in mixed precision.
    std::uint64_t fromFp32(std::uint32_t bits) const;

    // Equal as values: the same code, both zeros (+0 == -0), or both NaN.
    bool sameValue(std::uint64_t a, std::uint64_t b) const;
    bool isFinite(std::uint64_t code) const;
    bool isZero(std::uint64_t code) const { return m_hasZero && (code & m_magnitudeMask) == 0 && isFinite(code); }
    // The value as a double, for charts (exact where it is one).
    double toDouble(std::uint64_t code) const;

private:
    std::uint64_t addStochastic(std::uint64_t a, std::uint64_t b, std::uint64_t random, int randomBits) const;
    std::uint64_t addNonFinite(std::uint64_t a, std::uint64_t b) const;
    std::uint64_t roundFp32(std::uint32_t bits) const;     // the fp32 paths: nearest-even
    float fp32Value(std::uint64_t code) const;              // the fp32 paths: the value, exactly
    double toDoubleExact(std::uint64_t code) const;

    Format m_format;
    Path m_path = Path::Exact;
    // Format::classify() reduced to the questions the loops ask per step (tests compare them on
    // every code): finite is a magnitude up to the largest finite one, except FNUZ's NaN at 1.0..0.
    std::uint64_t m_signMask;
    std::uint64_t m_magnitudeMask;
    std::uint64_t m_maxFiniteMagnitude;
    std::uint64_t m_fnuzNan;      // the FNUZ NaN code; otherwise all ones (no code, or a NaN of fp64)
    std::uint64_t m_infinity;     // the magnitude of inf; otherwise all ones
    std::uint64_t m_unsignedNan;  // what negate() gives in a format without a sign
    bool m_hasZero;
    bool m_hasNegativeZero;
    int m_carryShift = 0;  // Fp32SumCarry: 23 - M, the fp32 bits below the format's
    std::shared_ptr<const DecodeTable> m_table;  // Fp32SumKernel: every code as an fp32 (shared, built once)
    BatchPlan m_plan;                            // Fp32SumKernel: fp32 -> format, nearest-even
    std::optional<SumRounder> m_rounder;  // the non-Exact paths of formats with a zero and a sign

    friend class Fp64Lane;
    friend class RoundedLane;
};

static_assert(FLT_EVAL_METHOD == 0, "the native adds must round to their own precision, once");

inline RoundOptions stochasticOptions(std::uint64_t random, int randomBits)
{
    return RoundOptions{RoundingMode::Stochastic, std::nullopt, randomBits, random};
}

inline std::uint64_t FormatAdder::roundFp32(std::uint32_t bits) const
{
    using namespace batch_detail;
    if (m_path == Path::Fp32SumCarry) {
        // Nearest-even by the carry: half an ulp minus one, plus the kept last bit, carries into the
        // kept bits exactly when the discarded ones are above half, or at half with an odd last
        // bit; a carry out of the mantissa moves to the next binade, and out of the largest
        // binade to inf (the fields are fp32's). Finite inputs only.
        const std::uint32_t magnitude = bits & 0x7FFFFFFFu;
        const std::uint32_t half = (std::uint32_t{1} << (m_carryShift - 1)) - 1;
        const std::uint32_t rounded = (magnitude + half + ((magnitude >> m_carryShift) & 1u)) >> m_carryShift;
        return ((bits >> 31) != 0 ? m_signMask : 0) | rounded;
    }
    if (m_plan.nearestEvenFastPath)
        return convertFp32BitsNearestEven(bits, m_plan);
    if (m_plan.normaliseSubnormals)
        return convertFp32Bits<kNearestEven, true>(bits, m_plan);
    return convertFp32Bits<kNearestEven, false>(bits, m_plan);
}

inline float FormatAdder::fp32Value(std::uint64_t code) const
{
    switch (m_path) {
    case Path::NativeFp32: return std::bit_cast<float>(static_cast<std::uint32_t>(code));
    case Path::Fp32SumCarry: return std::bit_cast<float>(static_cast<std::uint32_t>(code << m_carryShift));
    default: break;
    }
    return (*m_table)[static_cast<std::uint16_t>(code)];
}

inline std::uint64_t FormatAdder::add(std::uint64_t a, std::uint64_t b) const
{
    switch (m_path) {
    case Path::NativeFp64: {
        const double x = std::bit_cast<double>(a);
        const double y = std::bit_cast<double>(b);
        if (!std::isfinite(x) || !std::isfinite(y))
            return addNonFinite(a, b);
        return std::bit_cast<std::uint64_t>(x + y);
    }
    case Path::NativeFp32: {
        const float x = std::bit_cast<float>(static_cast<std::uint32_t>(a));
        const float y = std::bit_cast<float>(static_cast<std::uint32_t>(b));
        if (!std::isfinite(x) || !std::isfinite(y))
            return addNonFinite(a, b);
        return std::bit_cast<std::uint32_t>(x + y);
    }
    case Path::Fp32SumKernel:
    case Path::Fp32SumCarry: {
        const float x = fp32Value(a);
        const float y = fp32Value(b);
        if (!std::isfinite(x) || !std::isfinite(y))
            return addNonFinite(a, b);
        return roundFp32(std::bit_cast<std::uint32_t>(x + y));
    }
    case Path::Exact: break;
    }
    return addExact(a, b, RoundOptions{});
}

inline std::uint64_t FormatAdder::add(std::uint64_t a, std::uint64_t b, const RoundOptions& options) const
{
    if (!options.overflow) {
        if (options.mode == RoundingMode::NearestEven)
            return add(a, b);
        if (options.mode == RoundingMode::Stochastic && m_rounder)
            return addStochastic(a, b, options.random, options.randomBits);
    }
    return addExact(a, b, options);
}

inline bool FormatAdder::isFinite(std::uint64_t code) const
{
    return (code & m_magnitudeMask) <= m_maxFiniteMagnitude && code != m_fnuzNan;
}

inline bool FormatAdder::sameValue(std::uint64_t a, std::uint64_t b) const
{
    if (a == b)
        return true;
    // Two codes hold one value only as +0 and -0, or as two NaNs.
    if (isZero(a) && isZero(b))
        return true;
    return !isFinite(a) && !isFinite(b) && (a & m_magnitudeMask) != m_infinity && (b & m_magnitudeMask) != m_infinity;
}

inline std::uint64_t FormatAdder::negate(std::uint64_t code) const
{
    if (!isFinite(code) && (code & m_magnitudeMask) != m_infinity)
        return code;  // NaN
    if (isZero(code))
        return m_hasNegativeZero ? code ^ m_signMask : 0;
    if (m_signMask == 0)
        return m_unsignedNan;  // an unsigned format holds no negative value
    return code ^ m_signMask;
}

inline double FormatAdder::toDouble(std::uint64_t code) const
{
    switch (m_path) {
    case Path::NativeFp64: return std::bit_cast<double>(code);
    case Path::NativeFp32:
    case Path::Fp32SumKernel:
    case Path::Fp32SumCarry: return fp32Value(code);
    case Path::Exact: break;
    }
    return toDoubleExact(code);
}

inline std::uint64_t FormatAdder::fromFp32(std::uint32_t bits) const
{
    const bool finite = std::isfinite(std::bit_cast<float>(bits));
    switch (m_path) {
    case Path::NativeFp32:
        if (finite)
            return bits;
        break;  // a signalling NaN comes out quiet
    case Path::Fp32SumKernel: return roundFp32(bits);
    case Path::Fp32SumCarry:
        if (finite)
            return roundFp32(bits);
        break;
    case Path::NativeFp64:
        if (finite)
            return std::bit_cast<std::uint64_t>(static_cast<double>(std::bit_cast<float>(bits)));  // exact
        break;  // NaN payloads as the engine keeps them
    case Path::Exact: break;
    }
    return roundToFormat(unpackFloat(std::bit_cast<float>(bits)), m_format).code;
}

}  // namespace floatscope
