#include "app/lessons/LogitsEpsilonLesson.h"

#include <algorithm>

#include <QCoreApplication>

#include "app/figures/LogitsEpsilonFigure.h"
#include "app/lessons/LessonRegistry.h"
#include "app/text/OptionText.h"

namespace floatscope::gui {

namespace {

std::vector<LessonOption> declaration()
{
    using T = OptionType;
    return {
        // The BF16 lesson's logits: 1003 against 1001 is e^2 exactly, and not in bf16.
        {.name = "logits", .metavar = "LIST", .type = T::List, .fallback = "1000, 1001, 1002, 1003", .min = 2, .max = 16},
        // The pair p(i) / p(j), by position in the list: the panel picks them from the logits
        // themselves, a combo box each.
        {.name = "numerator", .metavar = "I", .type = T::Whole, .fallback = "3", .min = 0, .max = 15, .inPanel = false},
        {.name = "denominator", .metavar = "J", .type = T::Whole, .fallback = "1", .min = 0, .max = 15, .inPanel = false},
        // The constant RMSNorm adds under the square root.
        {.name = "eps", .metavar = "E", .type = T::Number, .fallback = "1e-6"},
        {.name = "formats", .metavar = "FMTS", .type = T::Formats, .fallback = "fp16,bf16", .shortName = 'f'},
    };
}

// --numerator or --denominator: a position among the logits given; the fallback moves to the last.
std::optional<std::size_t> position(const OptionValues& options, const ViewArguments& args, const char* name,
                                    std::size_t count, std::string& error)
{
    LessonOption within = optionNamed(logitsEpsilonOptions(), name);
    within.max = static_cast<double>(count - 1);
    if (!args.value(name))
        return std::min(static_cast<std::size_t>(options.whole(name)), count - 1);
    OptionRefusal refusal;
    const auto value = checkOption(within, options.text(name), refusal);
    if (!value) {
        error = OptionText::commandLine(within, refusal);
        return std::nullopt;
    }
    return static_cast<std::size_t>(value->whole);
}

std::unique_ptr<Figure> makeFigure(const OptionValues& options, const ViewArguments& args, std::string& error)
{
    const auto formats = parseFormatList(options.text("formats"), error);
    if (!formats)
        return nullptr;
    const std::vector<ExactValue>& logits = options.list("logits");
    const auto numerator = position(options, args, "numerator", logits.size(), error);
    const auto denominator = numerator ? position(options, args, "denominator", logits.size(), error) : std::nullopt;
    if (!denominator)
        return nullptr;
    return std::make_unique<LogitsEpsilonFigure>(
        LogitsEpsilonData::compute(*formats, logits, *numerator, *denominator, options["eps"].exact));
}

const LessonRegistration kRegistration({
    .place = 40,
    .title = [] { return QCoreApplication::translate("LogitsEpsilonPanel", "Logits and eps"); },
    .shortTitle = [] { return QCoreApplication::translate("LogitsEpsilonPanel", "Logits"); },
    .view = declaredView({"logits", "logits stored in 16 bits and softmax ratios; eps in each format",
                          logitsEpsilonOptions(), makeFigure}),
    // The BF16 lesson's logits 1000..1003 and RMSNorm's eps, in 16 bits and in fp8.
    .deck = {{}, {"-f", "fp16,bf16,e4m3fn,e5m2"}},
    .options = logitsEpsilonOptions(),
});

}  // namespace

// The logits-and-eps lesson, declared once: the panel (panels/LogitsEpsilonPanel.cpp) builds its
// fields from these options and `floatscope export logits` reads them.
const std::vector<LessonOption>& logitsEpsilonOptions()
{
    static const std::vector<LessonOption> options = declaration();
    return options;
}

}  // namespace floatscope::gui
