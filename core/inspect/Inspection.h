#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/exact/ExactValue.h"
#include "core/format/Format.h"
#include "core/inspect/Breakdown.h"
#include "core/round/Neighbours.h"
#include "core/round/Route.h"
#include "core/round/Rounding.h"

namespace floatscope {

// Everything the inspector and `floatscope show` say about one value in one format, computed once
// here so that the window and the command line cannot disagree.
struct NeighbourText {
    std::uint64_t code = 0;
    std::string hex;
    std::string value;     // exact decimal, or inf / -inf
    std::string shortest;
};

struct Inspection {
    std::string format;            // canonical name
    std::uint64_t code = 0;
    std::string hex;               // 0x3dcd, zero-padded to the format's width
    std::string binary;            // "0 01111011 1001101": sign, exponent, mantissa fields
    unsigned sign = 0;
    std::uint64_t exponentField = 0;
    std::uint64_t mantissaField = 0;
    ValueClass valueClass = ValueClass::Zero;
    std::string value;             // every digit of the stored value; inf, -inf, nan
    std::string shortest;          // shortest text that reads back to the same bits
    std::string hexFloat;          // empty for inf and NaN
    // |stored - input| and |stored - input| / |input|, exactly: a terminating decimal, otherwise a
    // fraction p/q. "inf" when the stored value is infinite, "nan" for NaN, empty when undefined
    // (the relative error of an input of zero, or of an infinite input).
    std::string absError;
    std::string relError;
    std::string absErrorApprox;    // the same to 6 significant digits, for tables
    std::string relErrorApprox;
    Flags flags = 0;
    std::optional<NeighbourText> previous;
    std::optional<NeighbourText> next;
    std::string ulp;               // exact decimal; empty for inf and NaN
    // Where the value rounded into the format fell and why it went where it did. Through fp32 or
    // fp64 (a route other than direct) that value is the intermediate one, given here exactly;
    // the errors are still against the input.
    Placement placement;
    std::string routedThrough;     // "fp32" or "fp64" on a route other than direct, else empty
    std::string routedValue;       // the intermediate value there, exactly
    RoundResult viaFp32;           // the fp32 route, and whether it differs from the direct rounding
    bool viaFp32Differs = false;
    RoundResult viaFp64;
    bool viaFp64Differs = false;
    // The bit lab's view: the stored value as its formula, and the bits the rounding discarded
    // from the value it rounded (the intermediate one on a route); empty where nothing was.
    FormulaTerms formula;
    std::optional<DiscardedBits> discarded;
};

// The input rounded into the format along the route (direct by default) and described.
Inspection inspect(const ExactValue& input, const Format& format, const RoundOptions& options = {},
                   Route route = Route::Direct);

// Pieces used on their own by the tables and the bit strip.
std::string hexCode(const Format& format, std::uint64_t code);
std::string binaryFields(const Format& format, std::uint64_t code);
std::string exactText(const mpq_class& value);  // terminating decimal, else p/q
std::string codeValueText(const Format& format, std::uint64_t code);  // every digit; inf, -inf, nan
std::string flagNames(Flags flags);             // "inexact,tie"
// |stored - input| / |input|, exactly, for input != 0 and a stored value whose denominator is a power
// of two (a value of a format): reduced with no gcd of two numbers as long as the input.
mpq_class relativeError(const mpq_class& stored, const mpq_class& input);

}  // namespace floatscope
