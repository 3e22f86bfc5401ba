#include "app/lessons/InspectorViews.h"

#include <variant>

#include "app/figures/BitsFigure.h"
#include "app/figures/NeighboursFigure.h"
#include "app/lessons/QuantizeChoices.h"
#include "app/text/ParseErrorText.h"
#include "core/inspect/Inspection.h"
#include "core/text/Parse.h"

namespace floatscope::gui {

namespace {

// The options of a value's figures, declared (lessons/LessonOption.h): --help, the completion and
// the reasons for a refusal come from here.
std::vector<LessonOption> valueOptions()
{
    using T = OptionType;
    std::vector<std::string> modes;
    for (const RoundingMode mode : quantize::kRoundings)  // every mode, in core's order
        modes.emplace_back(toString(mode));
    return {
        {.name = "formats", .metavar = "FMTS", .type = T::Formats, .fallback = "fp32,fp16,bf16,e4m3fn,e5m2", .shortName = 'f'},
        {.name = "rounding", .metavar = "MODE", .type = T::Choice, .fallback = toString(RoundingMode::NearestEven),
         .choices = modes, .alias = aliasesOf(parseRoundingMode)},
        {.name = "saturate", .metavar = "", .type = T::Flag, .fallback = ""},
        {.name = "no-saturate", .metavar = "", .type = T::Flag, .fallback = ""},
        {.name = "via", .metavar = "ROUTE", .type = T::Choice, .fallback = toString(Route::Direct),
         .choices = {toString(Route::Direct), toString(Route::ViaFp32), toString(Route::ViaFp64)},
         .alias = aliasesOf(parseRoute)},
    };
}

struct Inspected {
    QString input;
    std::vector<Format> formats;
    std::vector<Inspection> results;
};

// VALUE and the checked options, as `show` reads them.
std::optional<Inspected> inspectArgs(const OptionValues& values, const ViewArguments& args, std::string& error)
{
    if (args.positionals().size() != 1) {
        error = args.positionals().empty() ? "this view needs a VALUE" : "this view takes one VALUE";
        return std::nullopt;
    }
    const std::string& text = args.positionals().front();
    const ParseOutcome parsed = parseValue(text);
    if (const auto* e = std::get_if<ParseError>(&parsed)) {
        error = text::parseErrorLine(*e, text).toStdString();
        return std::nullopt;
    }
    const auto formats = parseFormatList(values.text("formats"), error);
    if (!formats)
        return std::nullopt;
    const auto choice = roundingChoiceOf(values, error);
    if (!choice)
        return std::nullopt;
    if (choice->options.mode == RoundingMode::Stochastic) {
        error = "a figure shows one rounding: choose a rounding mode other than stochastic";
        return std::nullopt;
    }
    Inspected out{QString::fromStdString(text), *formats, {}};
    for (const Format& f : *formats)
        out.results.push_back(inspect(std::get<ParsedValue>(parsed).value, f, choice->options, choice->route));
    return out;
}

// A view of the value's figure `Draw` makes from what inspectArgs read.
template <class Draw>
ExportView valueView(std::string name, std::string summary, Draw draw)
{
    ExportView view = declaredView({std::move(name), std::move(summary), valueOptions(),
                                    [draw](const OptionValues& values, const ViewArguments& args,
                                           std::string& error) -> std::unique_ptr<Figure> {
                                        auto in = inspectArgs(values, args, error);
                                        return in ? draw(*in) : nullptr;
                                    }});
    view.usage = "VALUE " + view.usage;
    return view;
}

}  // namespace

std::vector<LessonOption> showOptions()
{
    std::vector<LessonOption> options = valueOptions();
    options.push_back({.name = "seed", .metavar = "N", .type = OptionType::Whole, .fallback = "0", .min = 0,
                       .max = 1'000'000'000});
    options.push_back({.name = "random-bits", .metavar = "R", .type = OptionType::Whole, .fallback = "32", .min = 1,
                       .max = 64});
    return options;
}

std::optional<RoundingChoice> roundingChoiceOf(const OptionValues& values, std::string& error)
{
    const bool saturate = !values.text("saturate").empty();
    const bool noSaturate = !values.text("no-saturate").empty();
    if (saturate && noSaturate) {
        error = "--saturate and --no-saturate contradict each other";
        return std::nullopt;
    }
    RoundingChoice choice;
    choice.options.mode = *parseRoundingMode(values.text("rounding"));  // a declared choice: it parses
    if (saturate || noSaturate)
        choice.options.overflow = saturate ? OverflowPolicy::Saturate : OverflowPolicy::NonSaturating;
    choice.route = *parseRoute(values.text("via"));
    return choice;
}

std::vector<ExportView> inspectorViews()
{
    return {
        valueView("bits", "a value's bits in each format",
                  [](const Inspected& in) { return std::make_unique<BitsFigure>(in.input, in.formats, in.results); }),
        valueView("neighbours", "a value between its two neighbours in each format, and why it rounded so",
                  [](const Inspected& in) {
                      return std::make_unique<NeighboursFigure>(in.input, in.formats, in.results);
                  }),
    };
}

}  // namespace floatscope::gui
