#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <gmpxx.h>

#include "core/batch/Batch.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope {

// A positive scale, exactly: (factor * factor2) / divisor, three doubles. Every scale a scheme
// makes has this form without rational arithmetic per block: fp32 scales and MX powers of two
// are one double; an exact per-block scale is amax / max(element); an NVFP4 block scale is
// E4M3 * (tensor amax / 2688) or E4M3 * fp32 tensor scale.
struct ScaleFactor {
    double factor = 1.0;
    double factor2 = 1.0;
    double divisor = 1.0;

    mpq_class exact() const;
    double approx() const { return factor * factor2 / divisor; }
};

// An allocator that leaves new elements uninitialised (default-initialised), so that a code array
// of 2^24 elements is not cleared only to be overwritten: every code is written by the quantizer.
template <class T>
struct UninitialisedAllocator : std::allocator<T> {
    template <class U>
    struct rebind {
        using other = UninitialisedAllocator<U>;
    };
    UninitialisedAllocator() = default;
    template <class U>
    UninitialisedAllocator(const UninitialisedAllocator<U>&) noexcept {}
    template <class U>
    void construct(U* p) noexcept
    {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args)
    {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};

// Codes of any format: 16-bit storage where the format fits (the batch path writes it directly),
// 64-bit otherwise. Codes start undefined; the owner writes every one.
class CodeArray {
public:
    CodeArray() = default;
    CodeArray(const Format& format, std::size_t size);
    std::size_t size() const { return m_narrow ? m_codes16.size() : m_codes64.size(); }
    bool narrow() const { return m_narrow; }
    std::uint64_t operator[](std::size_t i) const { return m_narrow ? m_codes16[i] : m_codes64[i]; }
    void set(std::size_t i, std::uint64_t code);
    std::uint16_t* narrowData() { return m_codes16.data(); }
    const std::uint16_t* narrowData() const { return m_codes16.data(); }

private:
    bool m_narrow = true;
    std::vector<std::uint16_t, UninitialisedAllocator<std::uint16_t>> m_codes16;
    std::vector<std::uint64_t, UninitialisedAllocator<std::uint64_t>> m_codes64;
};

// x / s rounded once, from its exact value, into an element format: the quantizer's one rounding.
//
// The reference path (roundOne) forms x * divisor / (factor * factor2) exactly with 128-bit integer
// division (or GMP when the denominator is not a double) and calls roundToFormat. The fast path
// (roundRun) is for formats the batch path covers: it computes the quotient in fp64, recovers the
// exact remainder with an FMA, and from the two builds the quotient rounded to fp32 *to odd*. A
// value rounded to odd with at least two more bits than the target rounds to the same code as the
// exact value in every mode (Boldo and Melquiond, "When double rounding is odd", 2005): the odd
// fp32 is never a code or a midpoint of a format of <= 16 bits, and lies on the same side of all of
// them. convertFromFp32Bits then rounds those fp32 values bit-identically to roundToFormat.
// Elements the fast path cannot vouch for (quotient outside fp32's normal range, an inexact
// product) take the reference path.
class ScaledRounder {
public:
    ScaledRounder(const Format& element, RoundingMode mode, OverflowPolicy overflow, std::uint64_t seed = 0,
                  int randomBits = 32);

    struct Scaled {
        std::uint64_t code = 0;
        bool saturated = false;  // |x / s| exceeded the format's largest finite value
    };
    // One element exactly. `index` keys the stochastic draw, so a result does not depend on the
    // order elements are visited in.
    Scaled roundOne(double x, const ScaleFactor& scale, std::size_t index) const;

    // The denominator the fast path divides by for a scale: factor * factor2 when that product is
    // exact and it and the divisor lie well inside fp64's range; NaN otherwise, which sends an
    // element to the exact path.
    static double fastDenominator(const ScaleFactor& scale);

    // n consecutive tensor elements x[0..n), indices firstIndex.., into codes[firstIndex..]: element
    // i is x[i] * p / q[i] (p the scales' common divisor, q[i] = fastDenominator of its scale).
    // Elements the fast path cannot vouch for go to roundOne with scaleOf(index). Returns how many
    // saturated.
    std::size_t roundRun(const double* x, std::size_t n, double p, const double* q, std::size_t firstIndex,
                         CodeArray& codes, const std::function<ScaleFactor(std::size_t)>& scaleOf) const;

    const Format& format() const { return m_format; }
    bool hasFastPath() const { return m_plan.has_value(); }

private:
    Format m_format;
    RoundOptions m_options;
    std::uint64_t m_seed;
    std::optional<BatchPlan> m_plan;
    Dyadic m_maxDyadic;            // the largest finite value, ...
    mpq_class m_max;               // ... as a rational,
    double m_maxDouble = 0;        // ... as a double (inf where it does not fit),
    std::uint32_t m_maxBits = 0;   // ... and as fp32 bits (fast path only)
};

}  // namespace floatscope
