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

// Why a text is not a value: a kind and its arguments (the words are app/text/ParseErrorText's).
enum class ParseErrorKind : std::uint8_t {
    Empty,                 // nothing but blanks
    TooLong,               // more than kMaxTextLength bytes
    UnexpectedCharacter,   // the character at position, `length` bytes of UTF-8
    MissingDigits,         // "-", ".": a number without digits
    MissingExponentDigits, // "1e", "0x1p+"
    MissingHexDigits,      // "0x.p1": a hex float without digits
    ExponentOutOfRange,    // |exponent| above kMaxExponent: refused rather than computed for minutes
    MissingHexExponent,    // "0x3DCD": a hex value needs p (0x1.8p3), or a format prefix for bits
    UnknownFormat,         // "bf17:0x1": the name at position, `length` bytes
    MissingBitPrefix,      // "bf16:12": a bit pattern starts with 0x or 0b
    BadHexDigit,           // "bf16:0xG1": the digit at position
    BadBinaryDigit,        // "bf16:0b102"
    MissingBitDigits,      // "bf16:0x"
    PatternTooWide,        // "e4m3fn:0x1FF": wider than `format`'s `formatBits` bits
    SignedBitPattern,      // "-bf16:0x3DCD": the pattern has its own sign bit
    NanPayloadUnclosed,    // "nan(0x123": no closing ')'
    NanPayloadNoHexDigits, // "nan(0x)"
    NanPayloadNotWhole,    // "nan(abc)", "nan(-1)": nan(N) takes a whole number, as C's strtod
    NanPayloadTooWide,     // "nan(0x8000000000000)": at least 2^51, more than fp64's payload holds
};
inline constexpr ParseErrorKind kLastParseErrorKind = ParseErrorKind::NanPayloadTooWide;

struct ParseError {
    std::size_t position = 0;  // byte offset into the text where the problem starts
    ParseErrorKind kind = ParseErrorKind::Empty;
    std::size_t length = 0;    // bytes of the offending text at position, where it is a character or a name
    std::string format;        // PatternTooWide: the format's canonical name (data)
    int formatBits = 0;        // PatternTooWide: its width
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
