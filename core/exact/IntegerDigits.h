#pragma once

#include <string>

#include <gmpxx.h>

namespace floatscope {

// The decimal digits of n >= 0: the same text as mpz_class::get_str(), at a cost that does not repeat
// for the numbers one value's text is made of.
//
// Text such as 9...9e100000 (10^5 digits) makes every exact text about it huge: its error in each
// format, |x - s|, and the relative error's numerator and denominator, (x - s) / g and x / g. GMP's
// conversion costs ~3 ms at that size, and `show -f all --json` asked for a dozen. Each of those
// numbers n is, however, a small step from one converted before: n * g = M + r for a remembered M,
// with r and g small. Its digits then come from M's in linear time (add r, multiply by 5^t, divide by
// the odd part of g, drop t zeros; g = 2^t * h). The last few large conversions of the thread are
// remembered, so a value's texts cost one conversion, not one each.
//
// Numbers 2^a 5^b (the powers of ten that decimal input leaves in denominators) are written without
// converting their power of ten.
std::string integerDigits(const mpz_class& n);

}  // namespace floatscope
