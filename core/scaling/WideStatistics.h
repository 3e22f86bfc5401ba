#pragma once

#include <cstddef>

namespace floatscope {

class Quantization;

// A quantization's error statistics in long double, the path taken when the fp64 sums cannot be
// trusted: the square of an error or input above about 2^500 overflows fp64 (1e300 squared), one
// below about 2^-500 underflows it (1e-300 squared is 0), and a relative error can pass fp64's
// range (an error near 1 on a subnormal input). The x87 extended format's 15-bit exponent holds
// the square of every double (2^-2148 .. 2^2048) with a 64-bit significand; each element's
// dequantized value, error and square are formed in it, then summed.
struct WideStatistics {
    long double sumSquaredError = 0;
    long double sumSquaredInput = 0;
    long double maxAbs = 0;
    std::size_t maxAbsIndex = 0;
    long double maxRel = 0;
    std::size_t maxRelIndex = 0;
};

WideStatistics wideStatistics(const Quantization& q);

// Whether fp64 sums of squares of values whose largest magnitude is `largest` are accurate to a few
// ulps over `count` terms: nothing overflows, and what underflows is below 2^-52 of the total.
bool fitsFp64Squares(double largest, std::size_t count);

}  // namespace floatscope
