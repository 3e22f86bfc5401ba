#include "app/lessons/RangeBarsLesson.h"

#include <QCoreApplication>

#include "app/figures/RangeBarsFigure.h"
#include "app/lessons/LessonRegistry.h"
#include "app/text/LessonInput.h"

namespace floatscope::gui {

namespace {

std::vector<LessonOption> declaration()
{
    using T = OptionType;
    return {
        {.name = "formats", .metavar = "FMTS", .type = T::Formats, .fallback = RangeBarsData::kDefaultFormats, .shortName = 'f'},
        // "gradient = 1e-8; eps = 1e-6": labelled values, read by the lesson (their default is worded in the
        // interface's language).
        {.name = "marks", .metavar = "MARKS", .type = T::Text, .fallback = "", .inPanel = false},
        {.name = "values", .metavar = "LIST", .type = T::Text, .fallback = "", .inPanel = false},
        {.name = "file", .metavar = "F.npy|F.csv", .type = T::Text, .fallback = "", .inPanel = false},
        // No histogram: the formats and marks alone (the panel's Clear).
        {.name = "no-values", .metavar = "", .type = T::Flag, .fallback = "", .inPanel = false},
    };
}

std::unique_ptr<Figure> makeFigure(const OptionValues& options, const ViewArguments& args, std::string& error)
{
    const auto formats = parseFormatList(options.text("formats"), error);
    if (!formats)
        return nullptr;
    QString why;
    const auto marks = LessonInput::marks(
        QString::fromStdString(args.value("marks").value_or(RangeBarsData::defaultMarks().toStdString())), why);
    if (!marks) {
        error = "--marks: " + why.toStdString();
        return nullptr;
    }
    std::vector<double> list;
    if (const auto given = readValues(args, error))
        list = *given;
    else if (!error.empty())
        return nullptr;
    else if (!args.has("no-values"))
        list = RangeBarsData::exampleValues();
    return std::make_unique<RangeBarsFigure>(RangeBarsData::compute(*formats, *marks, list));
}

const LessonRegistration kRegistration({
    .place = 20,
    .title = [] { return QCoreApplication::translate("RangeBarsPanel", "Range bars"); },
    .shortTitle = [] { return QCoreApplication::translate("RangeBarsPanel", "Ranges"); },
    .view = declaredView({"range", "the formats on one log2 axis, marked values, and where a list of values lands",
                          rangeBarsOptions(), makeFigure}),
    // The BF16 lesson's range chart with a gradient and RMSNorm's eps, then every format of
    // lesson 14's table on one axis.
    .deck = {{}, {"--no-values", "-f", "fp32,fp16,bf16,e4m3fn,e5m2,e2m3,e3m2,e2m1,e8m0"}},
    .options = rangeBarsOptions(),
});

}  // namespace

// The range-bars lesson, declared once: the panel (panels/RangeBarsPanel.cpp) builds its format
// checklist from these options and `floatscope export range` reads them.
const std::vector<LessonOption>& rangeBarsOptions()
{
    static const std::vector<LessonOption> options = declaration();
    return options;
}

}  // namespace floatscope::gui
