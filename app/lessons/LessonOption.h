#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/exact/ExactValue.h"
#include "core/format/Registry.h"
#include "core/text/Parse.h"

namespace floatscope::gui {

// What an option of a lesson takes.
enum class OptionType {
    Whole,     // a whole number in [min, max] ("1e6" is one); a spin box in the panel
    Number,    // any finite number in [min, max], kept exactly; a field with a red hint
    Positive,  // a finite number above zero and at most max, as a double; a field with a red hint
    Choice,    // one of `choices`; a combo box
    Format,    // one format by name or alias, its canonical name among `choices`; a combo box
    Formats,   // formats by name or alias, comma-separated, each once (and among `choices` where the
               // lesson names them); a format checklist
    Flag,      // no value: given or not
    List,      // finite numbers separated by blanks, commas or semicolons, kept exactly; min and max
               // bound how many; a field with a red hint
    Text,      // read by the lesson itself (a format list, values, a file)
    Preset,    // one of `presets` by id, its choices: the other options' fallbacks come from it; a combo
               // box with the user's own settings first
};

// One of a lesson's presets (the lecture notes' examples): the text of the options it sets, by name;
// an option it leaves out keeps its own fallback.
struct LessonPreset {
    std::string id;  // --preset ID on the command line
    std::map<std::string, std::string, std::less<>> values = {};
};

// What the number counts, where the reason for a refusal names it ("at most 20 decades").
enum class OptionUnit { None, Decades };

// One option of a lesson, declared once: the panel builds its field from it (the range into a spin
// box, the choices into a combo box, the check behind the red hint), and `floatscope export` reads
// --NAME through it, names it in its --help and refuses what the panel refuses, with the same reason
// (app/text/OptionText.h words it).
struct LessonOption {
    std::string name;         // --NAME on the command line
    std::string metavar;      // what --help shows after --NAME ("DECADES")
    OptionType type = OptionType::Whole;
    // What an absent option means, as text; empty for a number or a choice: absent (the lesson says
    // what it means: the accumulation's step to show, its last).
    std::string fallback;
    double min = -std::numeric_limits<double>::infinity();  // inclusive; Positive: above zero
    double max = std::numeric_limits<double>::infinity();   // inclusive
    OptionUnit unit = OptionUnit::None;
    std::vector<std::string> choices = {};
    char shortName = 0;
    // False for an option the command line alone takes: the panel reads the same thing otherwise (the
    // step the training lab's model trains to, which the panel takes further, with a progress bar).
    bool inPanel = true;
    bool nonZero = false;  // Number: zero refused too (an update that changes nothing)
    // Another option whose value bounds this one from above, checked by the lesson after both (the
    // router's top k within its experts); `max` is the bound whatever the other says.
    std::string atMost = {};
    std::vector<LessonPreset> presets = {};  // a Preset option's, the first its fallback
    // A Choice's other spellings: the choice a text names where it is none of `choices` as written
    // (core's aliases: rtz for toward-zero, via-fp32 for fp32; aliasesOf below); empty: none.
    std::function<std::optional<std::string>(std::string_view)> alias = {};
};

// A Choice's aliases as one of core's name parsers reads them (parseRoundingMode takes rne, rtz, sr):
// the canonical name (toString) of what `parse` reads.
template <class Parse>
std::function<std::optional<std::string>(std::string_view)> aliasesOf(Parse parse)
{
    return [parse](std::string_view text) -> std::optional<std::string> {
        const auto parsed = parse(text);
        if (!parsed)
            return std::nullopt;
        return std::string(toString(*parsed));
    };
}

// A lesson's Preset option (named "preset") over its presets: their ids its choices, the first its
// fallback. Each preset's values must pass their options' checks (a test walks them).
LessonOption presetOption(std::vector<LessonPreset> presets);

// `option` with the fallback `preset` gives it, where it gives one.
LessonOption withPreset(LessonOption option, const LessonPreset& preset);

// Why a text was refused; the bound and the text come from the option and the input.
enum class OptionProblem {
    NotANumber,    // the parser's reason in `parse`
    NotFinite,
    NotWhole,
    NotPositive,
    OutOfRange,    // below min or above max (a List: fewer or more values)
    UnknownChoice,
    UnknownFormat, // a Formats list's name that names none (in `text`)
    Repeated,      // a Formats list's format given twice (in `text`)
    EmptyName,     // a Formats list with an empty name between its commas (the list in `text`)
    NoFormat,      // an empty Formats list
    Zero,          // zero where the option is nonZero
    FormatNotTaken,// a format not among a Format or Formats option's choices (its canonical name in `text`)
};

struct OptionRefusal {
    OptionProblem problem = OptionProblem::NotANumber;
    std::string text;                   // the refused text, trimmed (a List: the refused value's)
    std::optional<ParseError> parse = {};
    std::optional<FormatError> format = {};  // UnknownFormat: core's reason, where the text is an eXmY it refuses
    std::size_t count = 0;              // a List's values
};

// A checked value: `exact` for numbers (Whole, Number, Positive), `whole` and `number` its readings,
// `text` as given (every type).
struct OptionValue {
    std::string text;
    ExactValue exact = ExactValue::fromDouble(0.0);
    std::int64_t whole = 0;
    double number = 0;
    std::vector<ExactValue> list = {};  // a List's values
};

// The option's check: the value of `text`, or why not in `refusal`. Choice compares the text as given;
// Text accepts anything (the lesson reads it).
std::optional<OptionValue> checkOption(const LessonOption& option, std::string_view text, OptionRefusal& refusal);

// The declaration's option named `name`; every lesson's own names, so a missing one is a programming
// error (it aborts).
const LessonOption& optionNamed(const std::vector<LessonOption>& options, std::string_view name);

// The canonical names of the formats `accepts` takes, in the registry's order: a Format option's
// choices.
template <class Accepts>
std::vector<std::string> formatChoices(Accepts accepts);

// Every option of a declaration checked: by name, from the command line's arguments or a panel's
// fields.
class OptionValues {
public:
    void set(const std::string& name, OptionValue value) { m_values[name] = std::move(value); }
    bool has(std::string_view name) const { return m_values.find(name) != m_values.end(); }
    const OptionValue& operator[](std::string_view name) const;
    std::int64_t whole(std::string_view name) const { return (*this)[name].whole; }
    double number(std::string_view name) const { return (*this)[name].number; }
    const std::string& text(std::string_view name) const { return (*this)[name].text; }
    const std::vector<ExactValue>& list(std::string_view name) const { return (*this)[name].list; }

private:
    std::map<std::string, OptionValue, std::less<>> m_values;
};

// A bound as --help and the reasons write it: 20, -4, 0.5, 1000000000.
std::string optionBoundText(double bound);

// --help's words for the options, in order: "[--spread DECADES (at most 20)] [--seed S (0..1000000000)]".
std::string optionsUsage(const std::vector<LessonOption>& options);

template <class Accepts>
std::vector<std::string> formatChoices(Accepts accepts)
{
    std::vector<std::string> names;
    for (const Format& f : namedFormats())
        if (accepts(f))
            names.push_back(f.name());
    return names;
}

}  // namespace floatscope::gui
