#include "app/lessons/ExportView.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <variant>

#include "app/text/FormatText.h"
#include "app/text/LessonInput.h"
#include "app/text/OptionText.h"
#include "app/text/ParseErrorText.h"
#include "app/text/TensorErrorText.h"
#include "core/format/Registry.h"
#include "core/scaling/TensorSources.h"
#include "core/text/Parse.h"

namespace floatscope::gui {

std::vector<ArgParser::Option> parserOptions(const ExportView& view)
{
    std::vector<ArgParser::Option> options;
    for (const ViewOption& o : view.options)
        options.push_back({o.longName, o.shortName, o.takesValue});
    return options;
}

std::unique_ptr<Figure> makeViewFigure(const ExportView& view, const std::vector<std::string>& arguments,
                                       std::string& error)
{
    ArgParser args(parserOptions(view));
    if (auto problem = args.parse(arguments)) {
        error = *problem;
        return nullptr;
    }
    return view.make(ParsedArguments(args), error);
}

std::optional<OptionValues> readOptions(const ViewArguments& args, const std::vector<LessonOption>& options,
                                        std::string& error)
{
    const auto read = [&](const LessonOption& option) -> std::optional<OptionValue> {
        OptionRefusal refusal;
        const std::string text = option.type == OptionType::Flag ? (args.has(option.name) ? "1" : "")
                                                                 : args.value(option.name).value_or(option.fallback);
        auto value = checkOption(option, text, refusal);
        if (!value)
            error = OptionText::commandLine(option, refusal);
        return value;
    };
    // The preset first: the other options' fallbacks are its values.
    const LessonPreset* preset = nullptr;
    for (const LessonOption& option : options) {
        if (option.type != OptionType::Preset)
            continue;
        const auto id = read(option);
        if (!id)
            return std::nullopt;
        for (const LessonPreset& p : option.presets)
            if (p.id == id->text)
                preset = &p;
    }
    OptionValues values;
    for (const LessonOption& option : options) {
        const LessonOption& given = preset != nullptr ? withPreset(option, *preset) : option;
        const bool valued = given.type != OptionType::Flag && given.type != OptionType::Text;
        if (valued && given.fallback.empty() && !args.value(option.name))
            continue;  // absent: the lesson knows what that means
        const auto value = read(given);
        if (!value)
            return std::nullopt;
        values.set(option.name, *value);
    }
    return values;
}

ExportView declaredView(DeclaredView view)
{
    std::vector<ViewOption> options;
    for (const LessonOption& o : view.options)
        options.push_back({o.name, o.shortName, o.type != OptionType::Flag});
    auto make = [options = view.options, make = std::move(view.make)](const ViewArguments& args,
                                                                      std::string& error) -> std::unique_ptr<Figure> {
        const auto values = readOptions(args, options, error);
        if (!values)
            return nullptr;
        return make(*values, args, error);
    };
    return {std::move(view.name), std::move(view.summary), optionsUsage(view.options), std::move(options), std::move(make)};
}

std::optional<ExactValue> readNumber(const ViewArguments& args, const char* option, const char* fallback,
                                     std::string& error)
{
    const std::string text = args.value(option).value_or(fallback);
    const ParseOutcome parsed = parseValue(text);
    if (const auto* e = std::get_if<ParseError>(&parsed)) {
        error = std::string("--") + option + " " + text::parseErrorLine(*e, text).toStdString();
        return std::nullopt;
    }
    return std::get<ParsedValue>(parsed).value;
}

std::optional<std::int64_t> readWhole(const ViewArguments& args, const char* option, std::int64_t fallback,
                                      std::int64_t min, std::int64_t max, std::string& error)
{
    if (!args.value(option))
        return fallback;
    const auto v = readNumber(args, option, "", error);
    if (!v)
        return std::nullopt;
    if (!v->isFinite() || v->value().get_den() != 1 || v->value() < min || v->value() > max) {
        error = std::string("--") + option + " takes a whole number from " + std::to_string(min) + " to "
              + std::to_string(max) + ", got '" + *args.value(option) + "'";
        return std::nullopt;
    }
    return v->value().get_num().get_si();
}

std::optional<double> readPositive(const ViewArguments& args, const char* option, const char* fallback,
                                   std::string& error)
{
    const auto v = readNumber(args, option, fallback, error);
    if (!v)
        return std::nullopt;
    const double d = v->isFinite() ? nearestDouble(*v) : 0.0;
    if (!(d > 0) || std::isinf(d)) {
        error = std::string("--") + option + " takes a positive finite number, got '"
              + args.value(option).value_or(fallback) + "'";
        return std::nullopt;
    }
    return d;
}

bool readFormat(const ViewArguments& args, const char* option, Format& target, std::string& error)
{
    const auto text = args.value(option);
    if (!text)
        return true;
    const FormatLookup lookup = lookupFormat(*text);
    if (!lookup.format) {
        error = text::message(*lookup.error).toStdString();
        return false;
    }
    target = *lookup.format;
    return true;
}

std::optional<std::vector<Format>> readFormats(const ViewArguments& args, const char* fallback, std::string& error)
{
    return parseFormatList(args.value("formats").value_or(fallback), error);
}

std::optional<std::vector<double>> readValues(const ViewArguments& args, std::string& error)
{
    if (args.value("values") && args.value("file")) {
        error = "--values and --file contradict each other";
        return std::nullopt;
    }
    if (const auto text = args.value("values")) {
        QString why;
        const auto parsed = LessonInput::values(QString::fromStdString(*text), why);
        if (!parsed)
            error = "--values: " + why.toStdString();
        return parsed;
    }
    if (const auto path = args.value("file")) {
        const TensorLoad load = loadTensorFile(*path, namedFormat("fp64"));
        if (!load.tensor) {
            error = text::tensorErrorText(load.error).toStdString();
            return std::nullopt;
        }
        return load.tensor->values();
    }
    return std::nullopt;
}

std::optional<std::uint64_t> wholeNumberText(const std::string& text, bool positive)
{
    std::uint64_t n = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || ptr != text.data() + text.size() || (positive && n == 0))
        return std::nullopt;
    return n;
}

std::optional<double> finiteNumberText(const std::string& text)
{
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

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
        // A format named twice (fp16,fp16, or bf16,bfloat16) would print the same rows twice: refused,
        // as an option given twice is.
        const std::string& canonical = lookup.format->name();
        if (std::any_of(formats.begin(), formats.end(), [&](const Format& f) { return f.name() == canonical; })) {
            error = "format '" + name + "'" + (name == canonical ? "" : " (" + canonical + ")") + " is given twice in '"
                  + text + "'";
            return std::nullopt;
        }
        formats.push_back(*lookup.format);
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return formats;
}

}  // namespace floatscope::gui
