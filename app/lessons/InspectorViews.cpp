#include "app/lessons/InspectorViews.h"

#include <variant>

#include "app/figures/BitsFigure.h"
#include "app/figures/NeighboursFigure.h"
#include "app/text/ParseErrorText.h"
#include "core/inspect/Inspection.h"
#include "core/text/Parse.h"

namespace floatscope::gui {

namespace {

struct Inspected {
    QString input;
    std::vector<Format> formats;
    std::vector<Inspection> results;
};

// VALUE [-f FMTS] [--rounding MODE] [--saturate|--no-saturate] [--via ROUTE], as `show` reads them.
std::optional<Inspected> inspectArgs(const ViewArguments& args, std::string& error)
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
    const auto formats = parseFormatList(args.value("formats").value_or("fp32,fp16,bf16,e4m3fn,e5m2"), error);
    if (!formats)
        return std::nullopt;
    const auto choice = readRoundingChoice(args, error);
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

const std::vector<ViewOption> kValueOptions = {
    {"formats", 'f'}, {"rounding"}, {"saturate", 0, false}, {"no-saturate", 0, false}, {"via"}};
const char* const kValueUsage = "VALUE [-f FMTS] [--rounding MODE] [--saturate|--no-saturate] [--via ROUTE]";

}  // namespace

std::vector<ExportView> inspectorViews()
{
    return {
        {"bits", "a value's bits in each format", kValueUsage, kValueOptions,
         [](const ViewArguments& args, std::string& error) -> std::unique_ptr<Figure> {
             auto in = inspectArgs(args, error);
             if (!in)
                 return nullptr;
             return std::make_unique<BitsFigure>(in->input, in->formats, in->results);
         }},
        {"neighbours", "a value between its two neighbours in each format, and why it rounded so", kValueUsage,
         kValueOptions,
         [](const ViewArguments& args, std::string& error) -> std::unique_ptr<Figure> {
             auto in = inspectArgs(args, error);
             if (!in)
                 return nullptr;
             return std::make_unique<NeighboursFigure>(in->input, in->formats, in->results);
         }},
    };
}

}  // namespace floatscope::gui
