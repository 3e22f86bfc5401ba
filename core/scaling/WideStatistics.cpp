#include "core/scaling/WideStatistics.h"

#include <bit>
#include <cmath>
#include <limits>

#include "core/format/Codec.h"
#include "core/scaling/Quantization.h"

namespace floatscope {

static_assert(std::numeric_limits<long double>::max_exponent >= 4096 && std::numeric_limits<long double>::digits >= 64,
              "the wide statistics need long double's range to hold squared doubles (x87 extended or binary128)");

namespace {

long double elementValue(const Format& format, std::uint64_t code)
{
    const Decoded d = decode(format, code);
    switch (d.valueClass) {
    case ValueClass::NaN: return std::numeric_limits<long double>::quiet_NaN();
    case ValueClass::Infinite: return d.negative ? -HUGE_VALL : HUGE_VALL;
    default: break;
    }
    const long double m = std::ldexp(static_cast<long double>(d.value.significand), static_cast<int>(d.value.exponent));
    return d.negative ? -m : m;
}

}  // namespace

bool fitsFp64Squares(double largest, std::size_t count)
{
    // 1. Overflow: count * largest^2 < 2^1023, with largest < 2^e, needs 2e + log2(count) < 1023.
    // 2. Underflow: a square below 2^-1074 is lost, count of them at most count * 2^-1075, which is
    //    below 2^-52 * largest^2 when 2e > -1023 + log2(count).
    if (largest == 0 || std::isinf(largest))
        return true;  // no error at all, or an overflowed element: the sums are exact or honestly inf
    const int e = std::ilogb(largest) + 1;
    const int countBits = std::bit_width(count);
    return 2 * e + countBits < 1023 && 2 * e > -1023 + countBits;
}

WideStatistics wideStatistics(const Quantization& q)
{
    WideStatistics w;
    const Tensor& t = q.tensor();
    const Format& element = q.elementFormat();
    for (std::size_t i = 0; i < t.size(); ++i) {
        const ScaleFactor s = q.scaleOf(q.blockOf(i));
        const long double x = t[i];
        // A zero scale (an NVFP4 block scale that rounded to 0) flushes the block, whatever the code.
        const long double deq = s.factor == 0 ? 0.0L
                                              : elementValue(element, q.code(i)) * static_cast<long double>(s.factor)
                * s.factor2 / s.divisor;
        long double err = std::fabs(deq - x);
        if (std::isnan(err))
            err = HUGE_VALL;  // an inf or NaN code: an unsaturated overflow
        const long double ax = std::fabs(x);
        w.sumSquaredError += err * err;
        w.sumSquaredInput += x * x;
        if (err > w.maxAbs) {
            w.maxAbs = err;
            w.maxAbsIndex = i;
        }
        if (ax != 0 && err / ax > w.maxRel) {
            w.maxRel = err / ax;
            w.maxRelIndex = i;
        }
    }
    return w;
}

}  // namespace floatscope
