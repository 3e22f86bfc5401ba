#include "app/cli/Commands.h"

#include <charconv>
#include <cstdio>

namespace floatscope::cli {

std::optional<int> parseArguments(ArgParser& args, const std::vector<std::string>& arguments, const Io& io,
                                  const std::string& command, const std::string& help)
{
    if (auto error = args.parse(arguments))
        return usageError(io, *error + " (see 'floatscope " + command + " --help')");
    if (args.has("help")) {
        std::fputs(help.c_str(), io.out);
        return 0;
    }
    return std::nullopt;
}

std::vector<ArgParser::Option> declaredOptions(const std::vector<gui::LessonOption>& declared,
                                               std::initializer_list<ArgParser::Option> own)
{
    std::vector<ArgParser::Option> options;
    for (const gui::LessonOption& o : declared)
        options.push_back({o.name, o.shortName, o.type != gui::OptionType::Flag});
    options.insert(options.end(), own);
    return options;
}

Io outputIo(const Io& io, const ArgParser& args)
{
    Io out = io;
    out.colour = io.colour && !args.has("no-color") && !args.has("json") && !args.has("csv");
    return out;
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
