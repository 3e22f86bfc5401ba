// Every lesson's declaration walked (app/lessons/LessonOption.h): each option fed its bounds, values
// just past them, a text of the wrong type and an empty text, through the panel's field and through
// `floatscope export`, and the same acceptance asserted from both, with the same reason where the
// panel gives one in words (a field with a red hint: the command line's error is the flag and the
// hint, word for word). The expected acceptance is the test's own, from the bounds it reads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>
#include <QValidator>

#include "FigureSupport.h"
#include "app/lessons/LessonRegistry.h"
#include "app/lessons/ReductionsLesson.h"
#include "app/panels/FormatChecklist.h"
#include "app/panels/HintedField.h"
#include "app/panels/LessonPanel.h"
#include "app/panels/ReductionsPanel.h"

namespace floatscope::gui {

void PrintTo(const Lesson& lesson, std::ostream* out);  // LessonRegistryTest.cpp: the view's name

namespace {

using test::exportViewFigure;

struct Probe {
    std::string text;
    bool accepted = false;
};

// A bound as the command line takes it.
std::string number(double value)
{
    if (value == std::floor(value) && std::fabs(value) < 1e15)
        return std::to_string(static_cast<long long>(value));
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    return buffer;
}

// "1, 2, ..., n".
std::string listOf(double n)
{
    std::string text;
    for (int i = 1; i <= static_cast<int>(n); ++i)
        text += (i == 1 ? "" : ", ") + std::to_string(i);
    return text;
}

// Each bound and a value just past it, a fraction, a word and nothing; for a list, the fewest and the
// most values and one fewer and one more, and a list with a word or an infinity in it.
std::vector<Probe> probes(LessonOption option, const std::vector<LessonOption>& options)
{
    if (!option.atMost.empty())  // bounded by another option, at its fallback
        option.max = std::stod(optionNamed(options, option.atMost).fallback);
    std::vector<Probe> out = {{"x1", false}, {"", false}};
    if (option.type == OptionType::List) {
        out.push_back({listOf(option.min), true});
        out.push_back({listOf(option.max), true});
        out.push_back({listOf(option.min - 1), false});
        out.push_back({listOf(option.max + 1), false});
        out.push_back({"1, 2, x", false});
        out.push_back({"1, inf", false});
        return out;
    }
    const bool whole = option.type == OptionType::Whole;
    if (option.type == OptionType::Positive) {
        out.push_back({"0", false});
        out.push_back({"-1", false});
        out.push_back({"1e-30", true});
    } else if (std::isfinite(option.min)) {
        out.push_back({number(option.min), true});
        out.push_back({number(option.min - (whole ? 1 : 0.001)), false});
    }
    if (std::isfinite(option.max)) {
        out.push_back({number(option.max), true});
        out.push_back({number(option.max + (whole ? 1 : 0.001)), false});
    }
    if (whole)
        out.push_back({"1.5", false});
    if (option.nonZero) {
        out.push_back({"0", false});
        out.push_back({"-1e-30", true});
    }
    return out;
}

// The panel's widget named after the option that the user sees: a lesson of several kinds (the
// reductions) has a page of fields per kind, and the page shown is the one of the kind the command
// line draws without one.
template <class Widget>
Widget* shownChild(const QWidget* panel, const std::string& name)
{
    for (Widget* w : panel->findChildren<Widget*>(QString::fromStdString(name)))
        if (w->isVisibleTo(panel))
            return w;
    return nullptr;
}

// A list of names, comma-separated, in order.
std::vector<std::string> sortedNames(const std::string& list)
{
    std::vector<std::string> names;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        names.push_back(list.substr(start, comma - start));
        start = comma + 1;
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::vector<Lesson> declaredLessons()
{
    std::vector<Lesson> out;
    for (const Lesson& lesson : lessons())
        if (!lesson.options.empty())
            out.push_back(lesson);
    return out;
}

class LessonDeclarationTest : public testing::TestWithParam<Lesson> {};

TEST(LessonDeclaration, TheLessonsNamedInTheRecipeAreDeclared)
{
    // The two whose bounds once disagreed between the panel and the command line.
    std::vector<std::string> names;
    for (const Lesson& lesson : declaredLessons())
        names.push_back(lesson.view.name);
    EXPECT_NE(std::find(names.begin(), names.end(), "loss-scale"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "delayed-scaling"), names.end());
}

// Whether the command line takes `arguments` (an option and its text), or why not in `error`.
using Accepts = std::function<bool(const std::vector<std::string>& arguments, std::string& error)>;

// The text a declared field holds, as the command line would give it (a checklist's names sorted).
std::string fieldText(const QWidget* panel, const LessonOption& option)
{
    if (auto* field = shownChild<HintedField>(panel, option.name))
        return field->text().toStdString();
    if (auto* box = shownChild<QSpinBox>(panel, option.name))
        return std::to_string(box->value());
    if (auto* box = shownChild<QComboBox>(panel, option.name))
        return box->currentData().toString().toStdString();
    if (auto* checklist = shownChild<FormatChecklist>(panel, option.name)) {
        std::string names;
        for (const Format& f : checklist->checkedFormats())
            names += (names.empty() ? "" : ",") + f.name();
        return names;
    }
    return "(no field named " + option.name + ")";
}

// The preset box: the user's own settings first, then each preset; choosing one sets every field to
// what the preset gives `--preset ID` on the command line (or the option's fallback), and the command
// line takes each id and refuses another, naming the presets.
void walkPresets(QWidget& panel, const LessonOption& option, const std::vector<LessonOption>& options,
                 const std::function<bool(const std::vector<std::string>&, std::string&)>& accepts)
{
    auto* box = shownChild<QComboBox>(&panel, option.name);
    ASSERT_NE(box, nullptr) << option.name;
    ASSERT_EQ(box->count(), static_cast<int>(option.presets.size()) + 1);
    EXPECT_TRUE(box->itemData(0).toString().isEmpty());
    EXPECT_EQ(box->currentData().toString().toStdString(), option.fallback);
    for (std::size_t i = 0; i < option.presets.size(); ++i) {
        const LessonPreset& preset = option.presets[i];
        const int index = static_cast<int>(i) + 1;
        EXPECT_EQ(box->itemData(index).toString().toStdString(), preset.id);
        std::string error;
        EXPECT_TRUE(accepts({"--" + option.name, preset.id}, error)) << preset.id << ": " << error;
        box->setCurrentIndex(index);
        emit box->activated(index);
        for (const LessonOption& other : options) {
            if (!other.inPanel || other.type == OptionType::Flag || other.type == OptionType::Text
                || other.type == OptionType::Preset)
                continue;
            const std::string expected = withPreset(other, preset).fallback;
            const std::string shown = fieldText(&panel, other);
            if (other.type == OptionType::Formats)
                EXPECT_EQ(sortedNames(shown), sortedNames(expected)) << preset.id << " " << other.name;
            else
                EXPECT_EQ(shown, expected) << preset.id << " " << other.name;
        }
    }
    box->setCurrentIndex(1);
    emit box->activated(1);
    std::string error;
    EXPECT_FALSE(accepts({"--" + option.name, "fp16x"}, error));
    EXPECT_EQ(error.rfind("--" + option.name + ": Needs one of " + option.presets.front().id, 0), 0u) << error;
}

// Each of `options` fed its probes through the panel's field (the one shown) and through `accepts`.
void walkOptions(LessonPanel& panel, const std::vector<LessonOption>& options, const Accepts& accepts)
{
    for (const LessonOption& option : options) {
        const std::string flag = "--" + option.name;
        // How the command line names the option in its reasons: by its short name where it has one.
        const std::string said = option.shortName != 0 ? std::string("-") + option.shortName : flag;
        if (option.type == OptionType::Text || option.type == OptionType::Flag)
            continue;  // read by the lesson itself (values, a file, labelled marks)
        if (!option.inPanel)
            continue;  // the command line's alone, or a choice the panel makes elsewhere (the heatmap's error)
        if (option.type == OptionType::Formats) {
            // A checklist with the fallback's formats checked; a name that names none, a format given
            // twice and none at all refused, each for its reason.
            auto* checklist = shownChild<FormatChecklist>(&panel, option.name);
            ASSERT_NE(checklist, nullptr) << option.name;
            std::string checked;
            for (const Format& f : checklist->checkedFormats())
                checked += (checked.empty() ? "" : ",") + f.name();
            EXPECT_EQ(sortedNames(checked), sortedNames(option.fallback)) << option.name;  // the checklist keeps its own order
            const std::pair<const char*, const char*> refused[] = {
                {"fp16,fp16x", "No format is named “fp16x”"}, {"bf16,bfloat16", "“bfloat16 (bf16)” is given twice"},
                {"fp32,", "A format name is missing in “fp32,”"},
                {"e12m3", "“e12m3” names no format: exponent bits must be 1..11"},
                {"", "Choose at least one format"}};
            for (const auto& [text, reason] : refused) {
                std::string error;
                EXPECT_EQ(accepts({flag, text}, error), false) << text;
                EXPECT_EQ(error, said + ": " + reason);
            }
            continue;
        }
        if (option.type == OptionType::Preset) {
            walkPresets(panel, option, options, accepts);
            continue;
        }
        if (option.type == OptionType::Choice || option.type == OptionType::Format) {
            auto* box = shownChild<QComboBox>(&panel, option.name);
            ASSERT_NE(box, nullptr) << option.name;
            ASSERT_EQ(box->count(), static_cast<int>(option.choices.size())) << option.name;
            for (int i = 0; i < box->count(); ++i) {
                EXPECT_EQ(box->itemData(i).toString().toStdString(), option.choices[static_cast<std::size_t>(i)]);
                // Every choice passes the option's own check; another option may still refuse it
                // (dot-trace's default accumulator, Volta's tensor core, takes fp16 inputs alone).
                std::string error;
                if (!accepts({flag, option.choices[static_cast<std::size_t>(i)]}, error)) {
                    EXPECT_NE(error.rfind(said + ":", 0), 0u) << error;
                    EXPECT_FALSE(error.empty());
                }
            }
            std::string error;
            EXPECT_FALSE(accepts({flag, "fp16x"}, error));
            EXPECT_NE(error.find("fp16x"), std::string::npos) << error;
            continue;
        }
        for (const Probe& probe : probes(option, options)) {
            std::string error;
            const bool exported = accepts({flag, probe.text}, error);
            // A value the option takes that another option's bound then refuses, in that option's
            // name (2 experts under the default top 8): the panel hints at the other field.
            const bool byAnother = !exported && error.rfind("--", 0) == 0 && error.rfind(said + ":", 0) != 0;
            EXPECT_EQ(exported || byAnother, probe.accepted) << flag << " '" << probe.text << "': " << error;
            if (auto* box = shownChild<QSpinBox>(&panel, option.name)) {
                // A spin box takes its range and nothing else; its value starts at the fallback.
                EXPECT_EQ(box->minimum(), static_cast<int>(option.min)) << option.name;
                EXPECT_EQ(box->maximum(), static_cast<int>(option.max)) << option.name;
                if (!option.fallback.empty()) {  // empty: absent on the command line, the panel's own start
                    EXPECT_EQ(QString::number(box->value()).toStdString(), option.fallback) << option.name;
                }
                // What the box lets the user type: its line edit's validator asks the box.
                const auto* edit = box->findChild<QLineEdit*>();
                ASSERT_TRUE(edit != nullptr && edit->validator() != nullptr) << option.name;
                QString text = box->prefix() + QString::fromStdString(probe.text);
                int position = 0;
                EXPECT_EQ(edit->validator()->validate(text, position) == QValidator::Acceptable, probe.accepted)
                    << option.name << " '" << probe.text << "'";
                continue;
            }
            auto* field = shownChild<HintedField>(&panel, option.name);
            ASSERT_NE(field, nullptr) << "no field named " << option.name;
            EXPECT_EQ(field->text().toStdString(), option.fallback) << option.name;
            field->edit()->clear();
            QTest::keyClicks(field->edit(), QString::fromStdString(probe.text));
            panel.recompute();
            EXPECT_EQ(field->hint().isEmpty(), probe.accepted) << option.name << " '" << probe.text << "'";
            if (!exported && !probe.accepted) {
                EXPECT_EQ(error, said + ": " + field->hint().toStdString());
            }
            field->edit()->clear();
            QTest::keyClicks(field->edit(), QString::fromStdString(option.fallback));
            panel.recompute();
            EXPECT_TRUE(field->hint().isEmpty()) << option.name;
        }
    }
}

// Whether `floatscope export VIEW ARGUMENTS...` takes its arguments: the view's check where it has
// one (the training lab's, which would train before drawing), else whether it draws.
bool viewTakes(const ExportView& view, const std::vector<std::string>& arguments, std::string& error)
{
    if (!view.check)
        return exportViewFigure(view.name, arguments, error) != nullptr;
    ArgParser args(parserOptions(view));
    if (const auto problem = args.parse(arguments)) {
        error = *problem;
        return false;
    }
    return view.check(ParsedArguments(args), error);
}

// Whether the lesson trains before it draws (the training lab): it declares --untrained.
bool trains(const Lesson& lesson)
{
    return std::any_of(lesson.options.begin(), lesson.options.end(),
                       [](const LessonOption& o) { return o.name == "untrained"; });
}

TEST_P(LessonDeclarationTest, PanelAndCommandLineTakeAndRefuseAlike)
{
    const Lesson& lesson = GetParam();
    ASSERT_TRUE(lesson.makePanel) << "no panel registered for " << lesson.view.name;
    std::unique_ptr<LessonPanel> panel(lesson.makePanel());
    // A lesson that trains is walked before training, as --untrained checks it: the bound on a
    // command's work (the training lab's recipe-steps) is the command line's alone, and
    // TheTrainingChecksRefuseWhatItsViewRefuses tries it.
    walkOptions(*panel, lesson.options, [&](std::vector<std::string> arguments, std::string& error) {
        if (trains(lesson))
            arguments.push_back("--untrained");
        return viewTakes(lesson.view, arguments, error);
    });
}

// A choice takes core's other spellings of it, in any case, as the commands always did (rtz for
// toward-zero, via-fp32 for fp32, round-up for rceil): the same figure as the choice's own name; a
// spelling core does not read is refused with the choices.
TEST(LessonDeclaration, ChoicesTakeCoresAliases)
{
    const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> same = {
        {{"quantize", "1", "3", "--rounding", "RTZ"}, {"quantize", "1", "3", "--rounding", "toward-zero"}},
        {{"quantize", "1", "3", "--scheme", "mx", "--scale-rule", "round-up"},
         {"quantize", "1", "3", "--scheme", "mx", "--scale-rule", "rceil"}},
        {{"bits", "0.1", "--via", "via-fp32"}, {"bits", "0.1", "--via", "fp32"}},
        {{"accumulation", "--via", "Via-FP64"}, {"accumulation", "--via", "fp64"}}};
    for (const auto& [alias, name] : same) {
        std::string error;
        const auto byAlias = exportViewFigure(alias.front(), {alias.begin() + 1, alias.end()}, error);
        ASSERT_NE(byAlias, nullptr) << alias.back() << ": " << error;
        const auto byName = exportViewFigure(name.front(), {name.begin() + 1, name.end()}, error);
        ASSERT_NE(byName, nullptr) << name.back() << ": " << error;
        EXPECT_EQ(test::svgOf(*byAlias), test::svgOf(*byName)) << alias.back();
    }
    std::string error;
    EXPECT_EQ(exportViewFigure("bits", {"0.1", "--rounding", "rtx"}, error), nullptr);
    EXPECT_EQ(error, "--rounding: Needs one of nearest-even, nearest-away, toward-zero, up, down, odd, stochastic, "
                     "got “rtx”");
}

// A view's check refuses what its drawing refuses: the training lab's, on arguments that fail late
// (the recipe-steps bound, the gap view's fp32) and one that passes.
TEST(LessonDeclaration, TheTrainingChecksRefuseWhatItsViewRefuses)
{
    const ExportView view = lessonNamed("training").view;
    ASSERT_TRUE(view.check);
    const std::vector<std::vector<std::string>> cases = {
        {"--steps", "3000"}, {"--recipe", "fp32", "--gap-lr", "1e-3"}, {"--lr", "2"}, {"--products", "emulated,cpu"},
        {"--recipe", "fp32", "--steps", "2", "--untrained"}};
    for (const auto& arguments : cases) {
        std::string checked;
        std::string drawn;
        const bool takes = viewTakes(view, arguments, checked);
        EXPECT_EQ(takes, exportViewFigure(view.name, arguments, drawn) != nullptr) << arguments[1];
        EXPECT_EQ(checked, drawn) << arguments[1];
    }
}

// A preset chosen in the panel draws the figure `floatscope export VIEW --preset ID` draws, byte for
// byte.
TEST_P(LessonDeclarationTest, EachPresetDrawsWhatItsCommandLineDraws)
{
    const Lesson& lesson = GetParam();
    for (const LessonOption& option : lesson.options) {
        if (option.type != OptionType::Preset)
            continue;
        std::unique_ptr<LessonPanel> panel(lesson.makePanel());
        auto* box = shownChild<QComboBox>(panel.get(), option.name);
        ASSERT_NE(box, nullptr);
        for (int index = 1; index < box->count(); ++index) {
            const std::string id = box->itemData(index).toString().toStdString();
            box->setCurrentIndex(index);
            emit box->activated(index);
            std::string error;
            // A lesson that trains shows a preset before training it, as --untrained draws it.
            std::vector<std::string> arguments = {"--" + option.name, id};
            if (trains(lesson))
                arguments.push_back("--untrained");
            const auto exported = exportViewFigure(lesson.view.name, arguments, error);
            ASSERT_NE(exported, nullptr) << id << ": " << error;
            const auto shown = panel->makeFigure();
            ASSERT_NE(shown, nullptr) << id;
            EXPECT_EQ(test::svgOf(*shown), test::svgOf(*exported)) << id;
        }
    }
}

// The reductions declare a set of options per reduction; the walk above takes the default's, this
// one every reduction's, on the reduction's page of the panel and after the reduction's name on the
// command line. The command line's side is its check alone (`floatscope export reduce` draws after
// it and refuses nothing more): the bounds include reductions of millions of values.
TEST(LessonDeclaration, EveryReductionsOptionsAlike)
{
    const ExportView view = lessonNamed("reduce").view;
    for (const Reduction reduction : kReductions) {
        SCOPED_TRACE(toString(reduction));
        ReductionsPanel panel;
        panel.setReduction(reduction);
        walkOptions(panel, reductionOptions(reduction), [&](const std::vector<std::string>& arguments, std::string& error) {
            ArgParser args(parserOptions(view));
            std::vector<std::string> given = {toString(reduction)};
            given.insert(given.end(), arguments.begin(), arguments.end());
            if (const auto problem = args.parse(given)) {
                error = *problem;
                return false;
            }
            return readReductions(ParsedArguments(args), error).has_value();
        });
    }
}

INSTANTIATE_TEST_SUITE_P(EveryDeclaredLesson, LessonDeclarationTest, testing::ValuesIn(declaredLessons()),
                         [](const testing::TestParamInfo<Lesson>& info) {
                             std::string name = info.param.view.name;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

}  // namespace

}  // namespace floatscope::gui
