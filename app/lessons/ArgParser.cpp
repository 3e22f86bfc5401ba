#include "app/lessons/ArgParser.h"

#include <cctype>

namespace floatscope::gui {

const ArgParser::Option* ArgParser::findLong(std::string_view name) const
{
    for (const Option& o : m_options)
        if (o.longName == name)
            return &o;
    return nullptr;
}

const ArgParser::Option* ArgParser::findShort(char name) const
{
    for (const Option& o : m_options)
        if (o.shortName != 0 && o.shortName == name)
            return &o;
    return nullptr;
}

std::optional<std::string> ArgParser::value(std::string_view longName) const
{
    const auto it = m_values.find(std::string(longName));
    if (it == m_values.end() || it->second.empty())
        return std::nullopt;
    return it->second.back();
}

std::optional<std::string> ArgParser::parse(const std::vector<std::string>& arguments)
{
    bool optionsEnded = false;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const std::string& a = arguments[i];
        if (optionsEnded) {
            m_positionals.push_back(a);
            continue;
        }
        if (a == "--") {
            optionsEnded = true;
            continue;
        }
        const Option* option = nullptr;
        std::optional<std::string> inlineValue;
        std::string shown = a;
        if (a.size() > 2 && a[0] == '-' && a[1] == '-') {
            const std::size_t eq = a.find('=');
            const std::string name = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
            shown = "--" + name;
            option = findLong(name);
            if (option == nullptr)
                return "unknown option '" + shown + "'";
            if (eq != std::string::npos)
                inlineValue = a.substr(eq + 1);
        } else if (a.size() == 2 && a[0] == '-' && std::isalpha(static_cast<unsigned char>(a[1])) != 0) {
            option = findShort(a[1]);
            if (option == nullptr)
                return "unknown option '" + a + "'";
        } else {
            m_positionals.push_back(a);  // values, including -0.5 and -inf
            continue;
        }
        if (!option->takesValue) {
            if (inlineValue)
                return "option '" + shown + "' takes no value";
            m_values[option->longName];
            continue;
        }
        if (!inlineValue) {
            if (i + 1 >= arguments.size())
                return "option '" + shown + "' needs a value";
            inlineValue = arguments[++i];
        }
        // A value given twice (-f bf16 -f fp16, or -f and --format) is a contradiction, not a choice.
        if (m_values.count(option->longName) != 0)
            return "option '" + shown + "' is given twice ('" + m_values[option->longName].back() + "' and '"
                + *inlineValue + "')";
        m_values[option->longName].push_back(*inlineValue);
    }
    return std::nullopt;
}

}  // namespace floatscope::gui
