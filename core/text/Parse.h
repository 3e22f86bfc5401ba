#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/exact/ExactValue.h"
#include "core/format/Format.h"

namespace floatscope {

enum class ParseErrorKind : std::uint8_t {
    Empty,              // nothing but blanks
    TooLong,            // more than kMaxTextLength bytes
    UnexpectedCharacter,
    MissingDigits,      // "1e", ".", "-", "0x.p1"
    ExponentOutOfRange, // |exponent| above kMaxExponent: refused rather than computed for minutes
    MissingHexExponent, // "0x3DCD": a hex value needs p (0x1.8p3), or a format prefix for bits
    UnknownFormat,      // "bf17:0x1"
    BadBitPattern,      // "bf16:0x", "bf16:12"
    PatternTooWide,     // "e4m3fn:0x1FF"
    SignedBitPattern,   // "-bf16:0x3DCD": the pattern has its own sign bit
    BadNanPayload,      // "nan(abc)", "nan(0x8000000000000)": nan(N) takes a number below 2^51, as C's strtod
};

struct ParseError {
    std::size_t position = 0;  // byte offset into the text where the problem starts
    ParseErrorKind kind = ParseErrorKind::Empty;
    std::string message;       // one line, naming the offending text and why
};

struct BitPattern {
    Format format;
    std::uint64_t code;
};

struct ParsedValue {
    ExactValue value;
    std::optional<BitPattern> bits;  // set when the text was a bit pattern such as bf16:0x3DCD
};

using ParseOutcome = std::variant<ParsedValue, ParseError>;

inline constexpr std::size_t kMaxTextLength = 10000;
inline constexpr long kMaxExponent = 100000;  // decimal (10^e) and binary (2^p) alike

// Text to an exact value. Accepts surrounding blanks; a sign (+, -, or U+2212 minus); decimal and
// scientific (1e-8, .5, 5.); hex floats (0x1.8p3); inf, infinity, nan (any case); and bit patterns
// tied to a format (bf16:0x3DCD, e4m3fn:0b0111_1110). Never throws.
ParseOutcome parseValue(std::string_view text);

}  // namespace floatscope
