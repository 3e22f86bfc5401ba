#include "core/scaling/ScalingKernels.h"

#include <algorithm>

// Compiled for x86-64-v4 and -v3 (both with FMA, so std::fma is one instruction) and the baseline
// (where it is a library call), picked at load time, as batch/Batch.cpp does.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(FLOATSCOPE_NO_CLONES)
#define FLOATSCOPE_KERNEL_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define FLOATSCOPE_KERNEL_CLONES
#endif

namespace floatscope::kernels {

namespace {

// |deq - x|, and an infinite error where the code was inf or NaN (an unsaturated overflow).
inline double errorOf(double deq, double x)
{
    const double difference = std::fabs(deq - x);
    return difference == difference ? difference : HUGE_VAL;
}

}  // namespace

FLOATSCOPE_KERNEL_CLONES
std::size_t roundToOddFp32(const double* x, std::size_t n, double p, const double* q, std::uint32_t maxBits,
                           std::uint32_t* bits, std::uint8_t* slow, std::size_t& slowCount)
{
    std::size_t saturated = 0;
    std::size_t slowElements = 0;
    for (std::size_t i = 0; i < n; ++i) {
        std::uint32_t magnitude = 0;
        std::uint8_t isSlow = 0;
        bits[i] = toOddFp32(x[i], p, q[i], magnitude, isSlow);
        slow[i] = isSlow;
        saturated += (magnitude > maxBits ? 1u : 0u) & (isSlow ^ 1u);
        slowElements += isSlow;
    }
    slowCount = slowElements;
    return saturated;
}

// On the bits: non-negative doubles order as their bit patterns do, and an integer max reduction
// vectorises where a floating one (without -ffast-math) does not.
FLOATSCOPE_KERNEL_CLONES
bool blockMaxima(const double* x, std::size_t n, std::size_t length, double* amax)
{
    std::uint64_t all = 0;
    for (std::size_t start = 0, j = 0; start < n; start += length, ++j) {
        const std::size_t end = std::min(n, start + length);
        std::uint64_t largest = std::bit_cast<std::uint64_t>(amax[j]);
        for (std::size_t i = start; i < end; ++i)
            largest = std::max<std::uint64_t>(largest, std::bit_cast<std::uint64_t>(x[i]) & 0x7FFFFFFFFFFFFFFFull);
        amax[j] = std::bit_cast<double>(largest);
        all = std::max(all, largest);
    }
    return all < 0x7FF0000000000000ull;  // the bits of +inf; NaNs lie above
}

FLOATSCOPE_KERNEL_CLONES
void decodeCodes(const std::uint16_t* codes, std::size_t n, const DecodeTable& table, double* values)
{
    for (std::size_t i = 0; i < n; ++i)
        values[i] = table[codes[i]];
}

// Eight independent lanes, each adding in element order: the compiler keeps them in vector
// registers without reordering any lane's sums (which IEEE arithmetic forbids), so the result is
// the same whichever clone runs.
FLOATSCOPE_KERNEL_CLONES
RunStatistics runStatistics(const double* x, const double* values, const double* scales, std::size_t n)
{
    constexpr std::size_t kLanes = 8;
    double sumError[kLanes] = {};
    double sumInput[kLanes] = {};
    double maxAbs[kLanes] = {};
    double maxRel[kLanes] = {};
    std::uint64_t flushed[kLanes] = {};
    auto lane = [&](std::size_t l, std::size_t i) {
        const double deq = values[i] * scales[i];
        const double err = errorOf(deq, x[i]);
        const double ax = std::fabs(x[i]);
        const double quotient = err / ax;
        const double rel = ax != 0 ? quotient : 0.0;
        sumError[l] += err * err;
        sumInput[l] += x[i] * x[i];
        maxAbs[l] = err > maxAbs[l] ? err : maxAbs[l];
        maxRel[l] = rel > maxRel[l] ? rel : maxRel[l];
        flushed[l] += (ax != 0 ? 1u : 0u) & (deq == 0 ? 1u : 0u);
    };
    std::size_t i = 0;
    for (; i + kLanes <= n; i += kLanes)
        for (std::size_t l = 0; l < kLanes; ++l)
            lane(l, i + l);
    for (std::size_t l = 0; i < n; ++i, ++l)
        lane(l, i);
    RunStatistics s;
    for (std::size_t l = 0; l < kLanes; ++l) {
        s.sumSquaredError += sumError[l];
        s.sumSquaredInput += sumInput[l];
        s.maxAbs = std::max(s.maxAbs, maxAbs[l]);
        s.maxRel = std::max(s.maxRel, maxRel[l]);
        s.flushed += flushed[l];
    }
    return s;
}

void locateLargest(const double* x, const double* values, const double* scales, std::size_t n, std::size_t firstIndex,
                   double& maxAbs, std::size_t& maxAbsIndex, double& maxRel, std::size_t& maxRelIndex)
{
    for (std::size_t i = 0; i < n; ++i) {
        const double err = errorOf(values[i] * scales[i], x[i]);
        const double ax = std::fabs(x[i]);
        if (err > maxAbs) {
            maxAbs = err;
            maxAbsIndex = firstIndex + i;
        }
        if (ax != 0 && err / ax > maxRel) {
            maxRel = err / ax;
            maxRelIndex = firstIndex + i;
        }
    }
}

}  // namespace floatscope::kernels
