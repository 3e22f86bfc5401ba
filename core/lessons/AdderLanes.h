#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "core/arith/ErrorFreeSum.h"
#include "core/arith/SumRounding.h"
#include "core/lessons/FormatAdder.h"

namespace floatscope {

// FormatAdder's adds for loops that feed each sum into the next add (an accumulation): the running
// values stay in floating-point registers and each code is derived beside its value, so that a step
// waits for one add and its rounding, not for a code to be decoded again. Every add gives the
// code FormatAdder::add gives (tests compare them); a non-finite operand takes FormatAdder's path
// on codes.
template <class T>
struct Running {
    std::uint64_t code = 0;
    T value = 0;
};

// NativeFp64 and NativeFp32, nearest-even: the CPU's add on the code's own bits.
template <class T>
class NativeLane {
public:
    using Value = T;
    using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
    explicit NativeLane(const FormatAdder& adder) : m_adder(adder) {}

    Running<T> of(std::uint64_t code) const { return {code, std::bit_cast<T>(static_cast<Bits>(code))}; }
    Running<T> negate(const Running<T>& a) const { return {m_adder.negate(a.code), -a.value}; }

    Running<T> add(const Running<T>& a, const Running<T>& b) const
    {
        if (!std::isfinite(a.value) || !std::isfinite(b.value))
            return of(m_adder.add(a.code, b.code));
        const T sum = a.value + b.value;
        return {std::bit_cast<Bits>(sum), sum};
    }

protected:
    const FormatAdder& m_adder;
};

using Fp32Lane = NativeLane<float>;

// NativeFp64, with stochastic rounding: Fast2Sum and SumRounder (value(s) + error).
class Fp64Lane : public NativeLane<double> {
public:
    using NativeLane::NativeLane;

    Running<double> addStochastic(const Running<double>& a, const Running<double>& b, std::uint64_t random,
                                  int randomBits) const
    {
        const SumAndError se = std::fabs(a.value) >= std::fabs(b.value) ? fastTwoSum(a.value, b.value)
                                                                        : fastTwoSum(b.value, a.value);
        if (!std::isfinite(se.sum))  // a non-finite operand, or an overflow that rounding may undo
            return of(m_adder.addExact(a.code, b.code, stochasticOptions(random, randomBits)));
        return of(m_adder.m_rounder->stochastic(std::bit_cast<std::uint64_t>(se.sum), se.error, random, randomBits));
    }
};

// The fp32 paths (values of at most 24 bits) in binary64: 2Sum gives the exact sum s + e, and
//   - e == 0: the sum is the double s, which SumRounder rounds;
//   - e != 0: the exact sum needs more than 53 bits. With |a| >= |b|, a and b of at most 24 bits
//     each: were b's last bit at or above a's, the sum would span at most 25 bits; so b's last bit
//     lies more than 51 bits below a's leading bit, b's leading bit at least 29 below it, and
//     |b| < 2^-28 * 2^top(a) < gap / 16 on either side of a (a gap is at least 2^(top(a) - 24); a
//     is normal in the format, for a subnormal a leaves b no bits that far down). Nearest-even
//     gives a; stochastic rounding decides between a and its neighbour toward b (SumRounder).
// Values lie below 2^129, where 2Sum cannot overflow.
class RoundedLane {
public:
    using Value = double;
    explicit RoundedLane(const FormatAdder& adder) : m_adder(adder) {}

    Running<double> of(std::uint64_t code) const { return {code, m_adder.toDouble(code)}; }
    Running<double> negate(const Running<double>& a) const
    {
        const std::uint64_t code = m_adder.negate(a.code);
        return {code, a.value != 0 ? -a.value : m_adder.toDouble(code)};  // FNUZ: -(+0) is +0
    }

    Running<double> add(const Running<double>& a, const Running<double>& b) const
    {
        if (!std::isfinite(a.value) || !std::isfinite(b.value))
            return of(m_adder.add(a.code, b.code));
        const SumAndError se = twoSum(a.value, b.value);
        if (se.error != 0)
            return std::fabs(a.value) >= std::fabs(b.value) ? a : b;
        if (se.sum == 0)
            return zero(std::signbit(se.sum));  // IEEE 754 6.3, as exactSum()
        const double rounded = m_adder.m_rounder->nearestValue(se.sum);
        if (std::fabs(rounded) > m_adder.m_rounder->maxValue()) [[unlikely]]
            return from(m_adder.m_rounder->pastMax(std::signbit(rounded)));
        return {codeOf(rounded), rounded};
    }

    // Kahan's compensation c = (t - s) - y, each subtraction rounded in the format, for t = s + y
    // rounded. Where |s| >= |y| and t did not overflow, both subtractions are exact in the format
    // (Dekker's Fast2Sum theorem, which holds in any binary format with rounding to nearest,
    // subnormals included: T. J. Dekker, Numer. Math. 18, 1971; J.-M. Muller et al., Handbook of
    // Floating-Point Arithmetic, 2nd ed., 2018, 4.3.1), so the doubles' differences are the
    // results, and only their codes need working out.
    Running<double> kahanCompensation(const Running<double>& t, const Running<double>& s,
                                      const Running<double>& y) const
    {
        if (std::fabs(s.value) >= std::fabs(y.value) && std::fabs(t.value) < m_adder.m_rounder->maxValue()) {
            const double z = t.value - s.value;
            const double c = z - y.value;
            return {codeOf(c), c};
        }
        return add(add(t, negate(s)), negate(y));
    }

    Running<double> addStochastic(const Running<double>& a, const Running<double>& b, std::uint64_t random,
                                  int randomBits) const
    {
        if (!std::isfinite(a.value) || !std::isfinite(b.value))
            return of(m_adder.addExact(a.code, b.code, stochasticOptions(random, randomBits)));
        const SumAndError se = twoSum(a.value, b.value);
        if (se.error != 0) {
            const bool aLarger = std::fabs(a.value) >= std::fabs(b.value);
            const Running<double>& larger = aLarger ? a : b;
            const std::uint64_t code =
                m_adder.m_rounder->stochastic(larger.code, aLarger ? b.value : a.value, random, randomBits);
            return code == larger.code ? larger : of(code);
        }
        if (se.sum == 0)
            return zero(std::signbit(se.sum));
        return from(m_adder.m_rounder->stochastic(se.sum, random, randomBits, m_binade));
    }

private:
    static Running<double> from(const CodeValue& r) { return {r.code, r.value}; }
    Running<double> zero(bool negative) const { return from(m_adder.m_rounder->zero(negative)); }
    std::uint64_t codeOf(double value) const { return m_adder.m_rounder->codeOfValue(value); }

    const FormatAdder& m_adder;
    mutable SumRounder::Binade m_binade;  // a cache: the binade of the last stochastic sum
};

// Kahan's compensation c = (t - s) - y with each subtraction rounded in the format, as any lane
// does it; RoundedLane has a shortcut.
template <class Lane>
auto kahanCompensation(const Lane& lane, const Running<typename Lane::Value>& t, const Running<typename Lane::Value>& s,
                       const Running<typename Lane::Value>& y)
{
    return lane.add(lane.add(t, lane.negate(s)), lane.negate(y));
}

inline Running<double> kahanCompensation(const RoundedLane& lane, const Running<double>& t, const Running<double>& s,
                                         const Running<double>& y)
{
    return lane.kahanCompensation(t, s, y);
}

// Every format: FormatAdder's adds on codes (no value is carried).
class CodeLane {
public:
    using Value = int;
    explicit CodeLane(const FormatAdder& adder) : m_adder(adder) {}

    Running<int> of(std::uint64_t code) const { return {code, 0}; }
    Running<int> negate(const Running<int>& a) const { return of(m_adder.negate(a.code)); }
    Running<int> add(const Running<int>& a, const Running<int>& b) const { return of(m_adder.add(a.code, b.code)); }
    Running<int> addStochastic(const Running<int>& a, const Running<int>& b, std::uint64_t random, int randomBits) const
    {
        return of(m_adder.add(a.code, b.code, stochasticOptions(random, randomBits)));
    }

private:
    const FormatAdder& m_adder;
};

}  // namespace floatscope
