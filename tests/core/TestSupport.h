#pragma once

// Small helpers shared by the engine tests: parse text that is known to be valid, format codes,
// inputs for the batch paths.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

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

// fp32 bit patterns for every sign and exponent, with mantissas that put every bit position at
// the rounding boundary, with and without sticky bits, plus random ones: the batch paths' inputs
// against the scalar path. (All 2^32 inputs: tests/exhaustive.)
inline std::vector<std::uint32_t> boundaryFp32Bits()
{
    std::vector<std::uint32_t> mantissas = {0, 1, 2, 3, 0x7FFFFF, 0x7FFFFE, 0x400000, 0x400001, 0x3FFFFF, 0x555555};
    for (int k = 0; k < 23; ++k) {
        const std::uint32_t bit = 1u << k;
        for (const std::uint32_t m : {bit, bit - 1, bit + 1, ~bit & 0x7FFFFF, (bit << 1) - 1, 0x7FFFFF & ~(bit - 1)})
            mantissas.push_back(m & 0x7FFFFF);
    }
    std::mt19937 rng(1);
    for (int i = 0; i < 16; ++i)
        mantissas.push_back(rng() & 0x7FFFFF);
    std::vector<std::uint32_t> inputs;
    for (std::uint32_t sign = 0; sign < 2; ++sign)
        for (std::uint32_t exponent = 0; exponent < 256; ++exponent)
            for (const std::uint32_t m : mantissas)
                inputs.push_back(sign << 31 | exponent << 23 | m);
    return inputs;
}

// A batch path's test parameter: a format by name, a mode and an overflow policy, named in the
// test's name as bf16_nearest_even_saturate.
struct ModeCase {
    std::string format;
    RoundingMode mode;
    OverflowPolicy overflow;
};

inline std::string modeCaseName(const testing::TestParamInfo<ModeCase>& info)
{
    std::string name = info.param.format + "_" + toString(info.param.mode) + "_" + toString(info.param.overflow);
    for (char& ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    return name;
}

inline RoundOptions withMode(RoundingMode mode, std::optional<OverflowPolicy> overflow = std::nullopt)
{
    RoundOptions o;
    o.mode = mode;
    o.overflow = overflow;
    return o;
}

}  // namespace floatscope::test
