#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/format/Format.h"

namespace floatscope {

// The named formats, in the order the tools list them.
const std::vector<Format>& namedFormats();

// A named format by its canonical name; the name must be one of namedFormats() (asserted).
const Format& namedFormat(std::string_view canonicalName);

// Why a text or a set of parameters names no format. The words are app/text/FormatText's.
enum class FormatErrorKind : std::uint8_t {
    UnknownName,             // neither a name, an alias nor eXmY ("bf17")
    BadBias,                 // a bias suffix without a whole number ("e4m3b", "e4m3bx")
    ExponentBitsOutOfRange,  // outside 1..Format::kMaxExponentBits
    MantissaBitsOutOfRange,  // outside 0..Format::kMaxMantissaBits
    IeeeNeedsInfAndNan,      // IEEE-style with fewer than 2 exponent bits or no mantissa bit
    ConventionTooNarrow,     // FN or unsigned with fewer than 2 exponent and mantissa bits together
    BiasOutOfRange,          // beyond +-kMaxCustomBias
};

struct FormatError {
    FormatErrorKind kind = FormatErrorKind::UnknownName;
    std::string text;  // the name as given; empty when the format came as parameters
};

// The largest bias a user-defined format may have, either sign.
inline constexpr int kMaxCustomBias = 4096;

// A format by canonical name or alias (case-insensitive: "bf16", "bfloat16", "torch.bfloat16",
// "__nv_fp8_e4m3", ...), or a user-defined "eXmY" with an optional convention suffix:
// e5m4 (IEEE), e5m4fn, e5m4fnuz, e5m4fnu (unsigned, e8m0-like), e5m4finite.
struct FormatLookup {
    std::optional<Format> format;
    std::optional<FormatError> error;  // why the text names no format, when format is empty
};
FormatLookup lookupFormat(std::string_view text);

// A user-defined format; the error says what is wrong with the parameters.
FormatLookup makeCustomFormat(int exponentBits, int mantissaBits, Convention convention,
                              std::optional<int> bias = std::nullopt);

}  // namespace floatscope
