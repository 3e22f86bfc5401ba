#pragma once

// The quantizer's per-element loops, kept apart so that they can be compiled to vectorise
// (-O3, and x86-64-v4 / v3 clones picked at load time, as batch/Batch.cpp is): amax, the quotient
// x / scale rounded to odd into fp32 for the batch path, decoding codes, and error statistics.
// Every loop is written so that its result does not depend on the vector width; the file is
// compiled with -ffp-contract=off, so no clone fuses a multiply and an add that another does not.

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "core/batch/Batch.h"

namespace floatscope::kernels {

// |x| * p / q rounded to odd into fp32 bits, with x's sign, for one element; `slow` is set where the
// element needs the exact path instead. Branch-free (selects and arithmetic on 0/1 values), so that
// the loop around it vectorises.
//   t = |x| * p is exact when fma(|x|, p, -t) == 0; y = t / q is then the exact quotient.
//   yd = fl64(t / q) and r = t - yd * q (exact: the remainder of a rounded division is a double
//   when nothing underflows), so y > yd, y == yd or y < yd as r > 0, r == 0 or r < 0.
//   Truncating yd to fp32 gives bits u. If yd has bits below fp32's, y lies strictly between u and
//   u + 1 (it cannot cross an fp32 value that yd did not reach), so round-to-odd gives u | 1. If yd
//   is exactly u, round-to-odd is u itself, u | 1 above it, or the odd one of u - 1 and u below it,
//   which is (u - 1) | 1: all of it arithmetic on the ordered magnitude bits.
inline std::uint32_t toOddFp32(double v, double p, double q, std::uint32_t& magnitude, std::uint8_t& slow)
{
    const std::uint32_t sign = static_cast<std::uint32_t>(std::bit_cast<std::uint64_t>(v) >> 32) & 0x80000000u;
    const double a = std::fabs(v);
    const double t = a * p;
    const double e1 = std::fma(a, p, -t);
    const double yd = t / q;
    const double r = std::fma(-yd, q, t);
    const std::uint64_t db = std::bit_cast<std::uint64_t>(yd);
    const std::uint64_t field = db >> 52;
    const std::uint64_t mantissa = db & 0x000FFFFFFFFFFFFFull;
    const std::uint32_t u = static_cast<std::uint32_t>(((field - 896) << 23) | (mantissa >> 29));
    const std::uint32_t belowIsZero = (mantissa & 0x1FFFFFFFull) == 0 ? 1u : 0u;
    const std::uint32_t rNonzero = r != 0 ? 1u : 0u;
    const std::uint32_t rNegative = r < 0 ? 1u : 0u;
    const std::uint32_t ro = (u - (belowIsZero & rNegative)) | ((belowIsZero ^ 1u) | rNonzero);
    // fp32's normal range [2^-126, 2^128) in fp64 fields, and t far from fp64's subnormals.
    const std::uint32_t inRange = (field >= 897 ? 1u : 0u) & (field <= 1150 ? 1u : 0u) & (t >= 0x1p-900 ? 1u : 0u);
    const std::uint32_t zero = a == 0 ? 1u : 0u;
    const std::uint32_t exactProduct = e1 == 0 ? 1u : 0u;
    slow = static_cast<std::uint8_t>((zero | (inRange & exactProduct)) ^ 1u);
    magnitude = ro & (0u - (zero ^ 1u));
    return magnitude | sign;
}

// toOddFp32 over n elements, element i divided by q[i]; returns how many of the fast ones exceed
// maxBits (the element format's largest value as fp32 bits: round-to-odd never lands on it unless
// exact), and counts the slow ones. A NaN q marks an element for the exact path.
std::size_t roundToOddFp32(const double* x, std::size_t n, double p, const double* q, std::uint32_t maxBits,
                           std::uint32_t* bits, std::uint8_t* slow, std::size_t& slowCount);

// amax of consecutive blocks of `length` elements along x[0..n): amax[j] = max(amax[j], largest
// magnitude in x[j * length ..]); the last block may be shorter. Returns false if any element is
// NaN or infinite (their bits are the largest), leaving amax undefined.
bool blockMaxima(const double* x, std::size_t n, std::size_t length, double* amax);

// values[i] = table[codes[i]].
void decodeCodes(const std::uint16_t* codes, std::size_t n, const DecodeTable& table, double* values);

// Errors of a run of elements: element i dequantizes to values[i] (its decoded code) times
// scales[i]; an infinite or NaN dequantized value is an infinite error; relative errors over
// nonzero inputs.
struct RunStatistics {
    double sumSquaredError = 0;
    double sumSquaredInput = 0;
    double maxAbs = 0;
    double maxRel = 0;
    std::size_t flushed = 0;  // nonzero inputs dequantized to 0
};
RunStatistics runStatistics(const double* x, const double* values, const double* scales, std::size_t n);

// Raises the records (largest absolute and relative error, and their element indices, counting
// from firstIndex) with the run's elements, with the same arithmetic as runStatistics.
void locateLargest(const double* x, const double* values, const double* scales, std::size_t n, std::size_t firstIndex,
                   double& maxAbs, std::size_t& maxAbsIndex, double& maxRel, std::size_t& maxRelIndex);

}  // namespace floatscope::kernels
