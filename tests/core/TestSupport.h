#pragma once

// Small helpers shared by the engine tests: parse text that is known to be valid, format codes.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <variant>

#include "core/exact/ExactValue.h"
#include "core/format/Registry.h"
#include "core/round/Rounding.h"
#include "core/text/Parse.h"

namespace floatscope::test {

inline ExactValue value(std::string_view text)
{
    const ParseOutcome outcome = parseValue(text);
    if (const auto* e = std::get_if<ParseError>(&outcome)) {
        ADD_FAILURE() << "test input does not parse: '" << text << "' (error kind " << static_cast<int>(e->kind)
                      << " at byte " << e->position << ")";
        return ExactValue{};
    }
    return std::get<ParsedValue>(outcome).value;
}

inline std::uint64_t roundText(std::string_view text, std::string_view format, RoundOptions options = {})
{
    return roundExact(value(text), namedFormat(format), options).code;
}

inline std::string hex(std::uint64_t code)
{
    std::ostringstream s;
    s << "0x" << std::hex << code;
    return s.str();
}

inline RoundOptions withMode(RoundingMode mode, std::optional<OverflowPolicy> overflow = std::nullopt)
{
    RoundOptions o;
    o.mode = mode;
    o.overflow = overflow;
    return o;
}

}  // namespace floatscope::test
