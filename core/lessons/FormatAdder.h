#pragma once

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <memory>

#include "core/batch/Batch.h"
#include "core/batch/BatchKernel.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope {

// Adds two values of one format the way the format's own hardware add does (PyTorch's same-dtype
// add, CUDA's __hadd): the exact sum, rounded once to nearest-even, overflow by the format's rule.
// Values travel as codes. (Path names how the add is computed; round/Route is how an input reaches a
// format, a choice shown to the user.) The simulations run millions of these, so the nearest-even add takes the
// fastest path that gives the same bits as roundToFormat(exactSum(a, b)):
//   NativeFp64, NativeFp32  the CPU's own IEEE add (correctly rounded; FLT_EVAL_METHOD 0).
//   Fp32SumKernel  formats of at most 16 bits whose values are all fp32s and whose precision p is at most
//            11 bits: the fp32 add, then the engine's batch kernel to the format. Rounding the exact
//            sum first to q = 24 bits and then to p bits gives the same result as rounding once when
//            q >= 2p + 2 (Figueroa, "When is double rounding innocuous?", SIGNUM Newsletter 30(3),
//            1995; proved with underflow by P. Roux, J. Formalized Reasoning 7(1), 2014).
//   Exact    every other format and every other rounding mode: exactSum() and roundToFormat().
// Tests check the paths against GMP (every pair of every 8-bit format, random pairs of the others),
// against the exact path (every fp16 and bf16 code with a spread of partners) and against _Float16.
class FormatAdder {
public:
    enum class Path : std::uint8_t { NativeFp64, NativeFp32, Fp32SumKernel, Exact };

    explicit FormatAdder(const Format& format);

    const Format& format() const { return m_format; }
    Path path() const { return m_path; }

    // round(a + b), nearest-even.
    std::uint64_t add(std::uint64_t a, std::uint64_t b) const;
    // round(a + b) with any options (stochastic rounding draws its bits from options.random).
    std::uint64_t add(std::uint64_t a, std::uint64_t b, const RoundOptions& options) const;
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
    std::uint64_t addExact(std::uint64_t a, std::uint64_t b, const RoundOptions& options) const;
    std::uint64_t addNonFinite(std::uint64_t a, std::uint64_t b) const;
    std::uint64_t roundFp32(std::uint32_t bits) const;  // Fp32SumKernel: the batch kernel
    double toDoubleExact(std::uint64_t code) const;

    Format m_format;
    Path m_path = Path::Exact;
    // Format::classify() reduced to the two questions the loops ask per step (tests compare them on
    // every code): finite is a magnitude up to the largest finite one, except FNUZ's NaN at 1.0..0.
    std::uint64_t m_magnitudeMask;
    std::uint64_t m_maxFiniteMagnitude;
    std::uint64_t m_fnuzNan;  // the FNUZ NaN code; otherwise all ones (no code, or a NaN of fp64)
    bool m_hasZero;
    std::shared_ptr<const DecodeTable> m_table;  // Fp32SumKernel: every code as an fp32 (shared, built once)
    BatchPlan m_plan;                            // Fp32SumKernel: fp32 -> format, nearest-even
};

static_assert(FLT_EVAL_METHOD == 0, "the native adds must round to their own precision, once");

inline std::uint64_t FormatAdder::roundFp32(std::uint32_t bits) const
{
    using namespace batch_detail;
    if (m_plan.nearestEvenFastPath)
        return convertFp32BitsNearestEven(bits, m_plan);
    if (m_plan.normaliseSubnormals)
        return convertFp32Bits<kNearestEven, true>(bits, m_plan);
    return convertFp32Bits<kNearestEven, false>(bits, m_plan);
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
    case Path::Fp32SumKernel: {
        const float x = (*m_table)[static_cast<std::uint16_t>(a)];
        const float y = (*m_table)[static_cast<std::uint16_t>(b)];
        if (!std::isfinite(x) || !std::isfinite(y))
            return addNonFinite(a, b);
        return roundFp32(std::bit_cast<std::uint32_t>(x + y));
    }
    case Path::Exact: break;
    }
    return addExact(a, b, RoundOptions{});
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
    return !isFinite(a) && !isFinite(b) && m_format.classify(a) == ValueClass::NaN
        && m_format.classify(b) == ValueClass::NaN;
}

inline double FormatAdder::toDouble(std::uint64_t code) const
{
    switch (m_path) {
    case Path::NativeFp64: return std::bit_cast<double>(code);
    case Path::NativeFp32: return std::bit_cast<float>(static_cast<std::uint32_t>(code));
    case Path::Fp32SumKernel: return (*m_table)[static_cast<std::uint16_t>(code)];
    case Path::Exact: break;
    }
    return toDoubleExact(code);
}

inline std::uint64_t FormatAdder::fromFp32(std::uint32_t bits) const
{
    switch (m_path) {
    case Path::NativeFp32:
        if (std::isfinite(std::bit_cast<float>(bits)))
            return bits;
        break;  // a signalling NaN comes out quiet
    case Path::Fp32SumKernel: return roundFp32(bits);
    case Path::NativeFp64: {
        const float x = std::bit_cast<float>(bits);
        if (std::isfinite(x))
            return std::bit_cast<std::uint64_t>(static_cast<double>(x));  // exact
        break;  // NaN payloads as the engine keeps them
    }
    case Path::Exact: break;
    }
    return roundToFormat(unpackFloat(std::bit_cast<float>(bits)), m_format).code;
}

}  // namespace floatscope
