#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace floatscope::gui {

// A small declarative parser for one subcommand's arguments, and for the view arguments of an
// export view (ExportView.h), which the command line and the window's decks both read. Options are --long, --long=value,
// --long value and -s value. A token such as -0.5 or -inf is a value, not an option: only the
// declared short options count as options, and "--" ends them. An option that takes a value may
// be given once; a flag given twice is the same flag.
class ArgParser {
public:
    struct Option {
        std::string longName;   // without the dashes
        char shortName = 0;
        bool takesValue = false;
    };

    explicit ArgParser(std::vector<Option> options) : m_options(std::move(options)) {}

    // Parses; on failure returns the one-line reason ("unknown option '--frob'").
    std::optional<std::string> parse(const std::vector<std::string>& arguments);

    bool has(std::string_view longName) const { return m_values.count(std::string(longName)) != 0; }
    std::optional<std::string> value(std::string_view longName) const;
    const std::vector<std::string>& positionals() const { return m_positionals; }

private:
    const Option* findLong(std::string_view name) const;
    const Option* findShort(char name) const;

    std::vector<Option> m_options;
    std::map<std::string, std::vector<std::string>> m_values;
    std::vector<std::string> m_positionals;
};

}  // namespace floatscope::gui
