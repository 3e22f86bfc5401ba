#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <gmpxx.h>

#include "core/format/Dyadic.h"
#include "core/format/Format.h"

namespace floatscope {

// Every digit of a stored value: 0.1 in fp32 is "0.100000001490116119384765625".
std::string exactDecimal(const Dyadic& value);

// Every digit of a rational whose denominator is 2^a 5^b, if it has at most maxDigits digits;
// empty for 1/3 and the like.
std::optional<std::string> terminatingDecimal(const mpq_class& value, std::size_t maxDigits = 2000);

// A rational as GMP writes it ("-3/20", "448"), the same text as mpq_class::get_str(), sooner for
// the huge powers of ten that decimal input leaves in denominators: 10^100000 is "1" and zeros.
std::string rationalText(const mpq_class& value);

// A rational to `significantDigits` digits, correctly rounded (nearest): positional as C's %g would
// print it ("0.125", "0.000244141"), scientific below 1e-4 or from 10^digits ("2.44141e-5").
std::string approximateDecimal(const mpq_class& value, int significantDigits = 17);

// Exact where that is short ("448", "0.001953125"), otherwise 6 significant digits marked with a
// leading "~" ("~3.40282e+38"): for tables and axis labels that have no room for every digit.
std::string briefDecimal(const mpq_class& value, std::size_t maxLength = 12);

// Values printed side by side (a value and its two neighbours, the ends of a number line): each
// exact where that fits maxLength, the others "~" and one number of significant digits, the
// fewest (from minDigits on) at which no two distinct values of the list read the same. Equal
// values get equal texts; distinct values never do (1e-8 in fp32 and its neighbours are
// "~9.9999999e-9", "~9.9999991e-9" and "~1.0000001e-8", not "~1e-8" three times).
std::vector<std::string> distinctDecimals(const std::vector<mpq_class>& values, std::size_t maxLength = 12,
                                          int minDigits = 6);

// C99-style hex float, normalised to 1.x: 0.1 in fp32 is "0x1.99999ap-4"; zero is "0x0p+0".
std::string hexFloat(const Dyadic& value);

// The shortest decimal that reads back (rounding to nearest-even) to the same code; among equally
// short ones, the nearest. "inf", "-inf", "nan", "0", "-0" for the special codes.
std::string shortestText(const Format& format, std::uint64_t code);

// Digits "d1d2...dn" and decimal exponent k (value = d1.d2...dn * 10^k) as readable text:
// positional for -5 <= k < 17, scientific ("1e-8", "3.4028235e+38") otherwise.
std::string formatDecimalDigits(bool negative, const std::string& digits, long k);

}  // namespace floatscope
