#include "app/lessons/LessonOption.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <variant>

namespace floatscope::gui {

namespace {

std::string_view trimmed(std::string_view text)
{
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && blank(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && blank(text.back()))
        text.remove_suffix(1);
    return text;
}

std::string rangeText(const LessonOption& option)
{
    if (option.type == OptionType::List)
        return optionBoundText(option.min) + ".." + optionBoundText(option.max) + " values";
    const bool low = std::isfinite(option.min) && option.type != OptionType::Positive;
    const bool high = std::isfinite(option.max);
    if (low && high)
        return optionBoundText(option.min) + ".." + optionBoundText(option.max);
    if (high)
        return "at most " + optionBoundText(option.max);
    if (low)
        return "at least " + optionBoundText(option.min);
    return {};
}

// Blanks, commas and semicolons between a List's values.
bool separator(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ';';
}

std::optional<OptionValue> checkList(const LessonOption& option, std::string_view text, OptionRefusal& refusal)
{
    OptionValue value;
    value.text = std::string(text);
    LessonOption element;
    element.type = OptionType::Number;
    std::size_t at = 0;
    while (at < text.size()) {
        if (separator(text[at])) {
            ++at;
            continue;
        }
        std::size_t end = at;
        while (end < text.size() && !separator(text[end]))
            ++end;
        const auto v = checkOption(element, text.substr(at, end - at), refusal);
        if (!v)
            return std::nullopt;
        value.list.push_back(v->exact);
        at = end;
    }
    refusal.count = value.list.size();
    if (static_cast<double>(value.list.size()) < option.min || static_cast<double>(value.list.size()) > option.max) {
        refusal.problem = OptionProblem::OutOfRange;
        refusal.text = std::string(text);
        return std::nullopt;
    }
    return value;
}

std::optional<OptionValue> checkFormats(const LessonOption& option, std::string_view text, OptionRefusal& refusal)
{
    OptionValue value;
    std::vector<std::string> names;
    std::size_t start = 0;
    while (start <= text.size() && !text.empty()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view name = trimmed(text.substr(start, comma - start));
        if (name.empty()) {  // "fp32,", ",bf16"
            refusal.problem = OptionProblem::EmptyName;
            refusal.text = std::string(trimmed(text));
            return std::nullopt;
        }
        const FormatLookup lookup = lookupFormat(name);
        refusal.text = std::string(name);
        if (!lookup.format) {
            refusal.problem = OptionProblem::UnknownFormat;
            refusal.format = lookup.error;
            return std::nullopt;
        }
        if (std::find(names.begin(), names.end(), lookup.format->name()) != names.end()) {
            refusal.problem = OptionProblem::Repeated;
            if (name != lookup.format->name())  // "bfloat16 (bf16)": the alias of one given before
                refusal.text += " (" + lookup.format->name() + ")";
            return std::nullopt;
        }
        if (!option.choices.empty()
            && std::find(option.choices.begin(), option.choices.end(), lookup.format->name()) == option.choices.end()) {
            refusal.problem = OptionProblem::FormatNotTaken;
            refusal.text = lookup.format->name();
            return std::nullopt;
        }
        names.push_back(lookup.format->name());
        start = comma + 1;
    }
    if (names.empty()) {
        refusal.problem = OptionProblem::NoFormat;
        return std::nullopt;
    }
    for (const std::string& name : names)
        value.text += (value.text.empty() ? "" : ",") + name;  // canonical: bfloat16 is bf16
    return value;
}

}  // namespace

std::optional<OptionValue> checkOption(const LessonOption& option, std::string_view given, OptionRefusal& refusal)
{
    const std::string_view text = trimmed(given);
    refusal = {};
    refusal.text = std::string(text);
    OptionValue value;
    value.text = std::string(text);
    if (option.type == OptionType::Text || option.type == OptionType::Flag)
        return value;
    if (option.type == OptionType::Formats)
        return checkFormats(option, text, refusal);
    if (option.type == OptionType::List)
        return checkList(option, text, refusal);
    if (option.type == OptionType::Format) {
        const FormatLookup lookup = lookupFormat(text);
        if (!lookup.format) {
            refusal.problem = OptionProblem::UnknownFormat;
            refusal.format = lookup.error;
            return std::nullopt;
        }
        if (std::find(option.choices.begin(), option.choices.end(), lookup.format->name()) == option.choices.end()) {
            refusal.problem = OptionProblem::FormatNotTaken;
            refusal.text = lookup.format->name();
            return std::nullopt;
        }
        value.text = lookup.format->name();  // the canonical name: bfloat16 is bf16
        return value;
    }
    if (option.type == OptionType::Choice || option.type == OptionType::Preset) {
        // In any case ("gib" is GiB), read as the choice is spelled.
        const auto same = [&](const std::string& choice) {
            return std::equal(choice.begin(), choice.end(), text.begin(), text.end(), [](char a, char b) {
                return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
            });
        };
        const auto choice = std::find_if(option.choices.begin(), option.choices.end(), same);
        if (choice != option.choices.end()) {
            value.text = *choice;
            return value;
        }
        // Another spelling core reads (rtz for toward-zero), in any case too, where it names one of
        // the choices.
        std::string lower(text);
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (const auto named = option.alias ? option.alias(lower) : std::nullopt;
            named && std::find(option.choices.begin(), option.choices.end(), *named) != option.choices.end()) {
            value.text = *named;
            return value;
        }
        refusal.problem = OptionProblem::UnknownChoice;
        return std::nullopt;
    }
    const ParseOutcome parsed = parseValue(std::string(text));
    if (const auto* e = std::get_if<ParseError>(&parsed)) {
        refusal.problem = OptionProblem::NotANumber;
        refusal.parse = *e;
        return std::nullopt;
    }
    value.exact = std::get<ParsedValue>(parsed).value;
    if (!value.exact.isFinite()) {
        refusal.problem = OptionProblem::NotFinite;
        return std::nullopt;
    }
    const mpq_class exact = value.exact.value();
    if (option.type == OptionType::Whole && exact.get_den() != 1) {
        refusal.problem = OptionProblem::NotWhole;
        return std::nullopt;
    }
    value.number = nearestDouble(value.exact);
    if (option.type == OptionType::Positive && (exact <= 0 || !(value.number > 0) || std::isinf(value.number))) {
        refusal.problem = OptionProblem::NotPositive;
        return std::nullopt;
    }
    if (option.nonZero && exact == 0) {
        refusal.problem = OptionProblem::Zero;
        return std::nullopt;
    }
    // Exactly against the bounds: 20.000000000000000001 is above 20 though it rounds to it.
    const bool below = std::isfinite(option.min) && exact < mpq_class(option.min);
    const bool above = std::isfinite(option.max) && exact > mpq_class(option.max);
    if (below || above) {
        refusal.problem = OptionProblem::OutOfRange;
        return std::nullopt;
    }
    if (option.type == OptionType::Whole)
        value.whole = exact.get_num().get_si();
    return value;
}

std::string optionBoundText(double bound)
{
    if (bound == std::floor(bound) && std::fabs(bound) < 1e15)
        return std::to_string(static_cast<std::int64_t>(bound));
    // The shortest text that reads back as the bound: 0.5, 1e-07, 1e+30.
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, bound).ptr;
    return std::string(text, end);
}

const LessonOption& optionNamed(const std::vector<LessonOption>& options, std::string_view name)
{
    const auto it = std::find_if(options.begin(), options.end(), [&](const LessonOption& o) { return o.name == name; });
    if (it == options.end())
        std::abort();  // a lesson asked for an option it does not declare
    return *it;
}

const OptionValue& OptionValues::operator[](std::string_view name) const
{
    const auto it = m_values.find(name);
    if (it == m_values.end())
        std::abort();  // a lesson read an option it did not check
    return it->second;
}

LessonOption presetOption(std::vector<LessonPreset> presets)
{
    LessonOption option{.name = "preset", .metavar = "ID", .type = OptionType::Preset, .fallback = ""};
    for (const LessonPreset& p : presets)
        option.choices.push_back(p.id);
    option.fallback = option.choices.empty() ? std::string() : option.choices.front();
    option.presets = std::move(presets);
    return option;
}

LessonOption withPreset(LessonOption option, const LessonPreset& preset)
{
    if (const auto given = preset.values.find(option.name); given != preset.values.end())
        option.fallback = given->second;
    return option;
}

std::string optionsUsage(const std::vector<LessonOption>& options)
{
    std::string usage;
    for (const LessonOption& o : options) {
        if (!usage.empty())
            usage += ' ';
        usage += '[';
        usage += o.shortName != 0 ? std::string("-") + o.shortName : "--" + o.name;
        if (o.type == OptionType::Flag) {
            usage += ']';
            continue;
        }
        usage += ' ';
        // A few choices by name; many by their metavar (a Choice's first and last with it).
        const bool choices = o.type == OptionType::Choice || o.type == OptionType::Format || o.type == OptionType::Preset;
        if (choices && o.choices.size() <= 6) {
            for (std::size_t i = 0; i < o.choices.size(); ++i)
                usage += (i == 0 ? "" : "|") + o.choices[i];
        } else {
            usage += o.metavar;
            if (o.type == OptionType::Choice && !o.choices.empty())
                usage += " (" + o.choices.front() + ".." + o.choices.back() + ")";
        }
        std::string range = rangeText(o);
        if (!o.atMost.empty() && std::isfinite(o.min))  // bounded by another: "(0..--steps)"
            range = optionBoundText(o.min) + "..--" + optionNamed(options, o.atMost).name;
        if (!range.empty())
            usage += " (" + range + ")";
        usage += ']';
    }
    return usage;
}

}  // namespace floatscope::gui
