#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace floatscope {

// An enum's names as the command line, JSON and sessions spell them, in one table for both
// directions, so that each name is written once: the first entry of a value is its name; a later
// entry of the same value is an alias, read but never written. (A table, unlike a switch, is not
// checked for a forgotten value by the compiler: nameIn gives "?" for one.)
template <class Enum>
struct Named {
    Enum value;
    const char* name;
};

template <class Enum, std::size_t N>
constexpr const char* nameIn(const Named<Enum> (&names)[N], Enum value)
{
    for (const Named<Enum>& n : names)
        if (n.value == value)
            return n.name;
    return "?";
}

template <class Enum, std::size_t N>
constexpr std::optional<Enum> valueIn(const Named<Enum> (&names)[N], std::string_view text)
{
    for (const Named<Enum>& n : names)
        if (text == n.name)
            return n.value;
    return std::nullopt;
}

}  // namespace floatscope
