#include "app/cli/Commands.h"

#include <charconv>

#include "core/format/Registry.h"
#include "app/text/FormatText.h"

namespace floatscope::cli {

std::optional<std::vector<Format>> parseFormatList(const std::string& text, std::string& error)
{
    std::vector<Format> formats;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (name.empty()) {
            error = "empty format name in '" + text + "'";
            return std::nullopt;
        }
        FormatLookup lookup = lookupFormat(name);
        if (!lookup.format) {
            error = text::message(*lookup.error).toStdString();
            return std::nullopt;
        }
        formats.push_back(*lookup.format);
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return formats;
}

std::optional<RoundingChoice> readRoundingChoice(const ArgParser& args, std::string& error)
{
    RoundingChoice choice;
    if (const auto mode = args.value("rounding")) {
        const auto parsed = parseRoundingMode(*mode);
        if (!parsed) {
            error = "unknown rounding mode '" + *mode + "' (nearest-even, nearest-away, toward-zero, up, down, odd, stochastic)";
            return std::nullopt;
        }
        choice.options.mode = *parsed;
    }
    if (args.has("saturate") && args.has("no-saturate")) {
        error = "--saturate and --no-saturate contradict each other";
        return std::nullopt;
    }
    if (args.has("saturate"))
        choice.options.overflow = OverflowPolicy::Saturate;
    if (args.has("no-saturate"))
        choice.options.overflow = OverflowPolicy::NonSaturating;
    if (const auto via = args.value("via")) {
        const auto parsed = parseRoute(*via);
        if (!parsed) {
            error = "unknown route '" + *via + "' (direct, fp32, fp64)";
            return std::nullopt;
        }
        choice.route = *parsed;
    }
    return choice;
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
