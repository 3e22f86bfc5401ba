#include "app/cli/Commands.h"

#include <charconv>

namespace floatscope::cli {

std::optional<RoundingChoice> readRoundingChoice(const ArgParser& args, std::string& error)
{
    return gui::readRoundingChoice(gui::ParsedArguments(args), error);
}

bool readWhole(const ArgParser& args, const std::string& name, std::uint64_t min, std::uint64_t max,
               std::uint64_t& value, std::string& error)
{
    const auto text = args.value(name);
    if (!text)
        return true;
    std::uint64_t parsed = 0;
    const char* end = text->data() + text->size();
    const auto [ptr, ec] = std::from_chars(text->data(), end, parsed);
    if (ec != std::errc() || ptr != end || text->empty() || parsed < min || parsed > max) {
        error = "--" + name + " takes a whole number " + std::to_string(min) + ".." + std::to_string(max) + ", got '"
            + *text + "'";
        return false;
    }
    value = parsed;
    return true;
}

}  // namespace floatscope::cli
