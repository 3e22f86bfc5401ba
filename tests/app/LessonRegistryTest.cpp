// What every registered lesson owes, checked for each one the registry holds (a new lesson is tested
// here by registering): a tab of the window under its title, translated; its figure in File > Export
// figure; its export view drawing what a new panel shows, byte for byte, as valid SVG and PNG; a bad
// file refused with a reason while the figure stays; and the bash completion offering its view and
// every option of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <ostream>

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QTemporaryDir>

#include "FigureSupport.h"
#include "app/figures/FigureExport.h"
#include "app/panels/LessonPanel.h"
#include "app/lessons/AccumulationLesson.h"
#include "app/lessons/InnerProductsLesson.h"
#include "app/lessons/InspectorViews.h"
#include "app/lessons/LessonRegistry.h"
#include "app/lessons/QuantizeLesson.h"
#include "app/lessons/TrainingLesson.h"
#include "app/window/MainWindow.h"

namespace floatscope::gui {

// A lesson by its view's name in test output.
void PrintTo(const Lesson& lesson, std::ostream* out)
{
    *out << lesson.view.name;
}

namespace {

using test::exportViewFigure;
using test::svgOf;

class LessonRegistryTest : public testing::TestWithParam<Lesson> {};

TEST(LessonRegistry, HoldsTheLessonsInTheOrderOfTheirTabs)
{
    // Each lesson has a place of its own, and the window's tabs follow the places.
    std::vector<int> places;
    MainWindow window;
    for (const Lesson& lesson : lessons()) {
        EXPECT_EQ(std::count(places.begin(), places.end(), lesson.place), 0) << lesson.view.name;
        places.push_back(lesson.place);
        const auto* panel = window.findChild<LessonPanel*>(QString::fromLatin1(lesson.objectName));
        ASSERT_NE(panel, nullptr) << lesson.view.name;
        EXPECT_EQ(window.tabs()->indexOf(panel), static_cast<int>(places.size())) << lesson.view.name;
    }
    // The lessons of the lecture notes, in the order they are taught (others may come between).
    std::vector<std::string> names;
    for (const Lesson& lesson : lessons())
        names.push_back(lesson.view.name);
    std::size_t next = 0;
    for (const char* taught : {"accumulation", "range", "loss-scale", "logits", "absorbed", "quantize", "ledger"}) {
        const auto at = std::find(names.begin() + static_cast<std::ptrdiff_t>(next), names.end(), taught);
        ASSERT_NE(at, names.end()) << taught;
        next = static_cast<std::size_t>(at - names.begin()) + 1;
    }
}

TEST_P(LessonRegistryTest, IsATabOfTheWindowWithItsTranslatedTitleAndFigure)
{
    const Lesson& lesson = GetParam();
    MainWindow window;
    window.setLanguage(QStringLiteral("en"));
    auto* panel = window.findChild<LessonPanel*>(QString::fromLatin1(lesson.objectName));
    ASSERT_NE(panel, nullptr);
    const int tab = window.tabs()->indexOf(panel);
    ASSERT_GE(tab, 1);
    // Its title, or on a bar too narrow for the full titles its short one, the full one in the tooltip.
    const QString english = window.tabs()->tabText(tab);
    EXPECT_TRUE(english == lesson.title() || (lesson.shortTitle && english == lesson.shortTitle())) << english.toStdString();
    EXPECT_EQ(window.tabs()->tabToolTip(tab), lesson.title());
    const QString figureName = lesson.figureTitle ? lesson.figureTitle() : lesson.title();
    int found = 0;
    for (const FigureSource& source : window.figureSources())
        if (source.name() == figureName) {
            ++found;
            EXPECT_NE(source.make(), nullptr);
        }
    EXPECT_EQ(found, 1) << figureName.toStdString();

    // The language switches at run time, both ways: the panel retranslates (and recomputes) and its
    // title has its Chinese.
    window.setLanguage(QStringLiteral("zh_CN"));
    EXPECT_NE(window.tabs()->tabText(tab), english);
    EXPECT_NE(panel->makeFigure(), nullptr);
    window.setLanguage(QStringLiteral("en"));
    EXPECT_EQ(window.tabs()->tabText(tab), english);
}

TEST_P(LessonRegistryTest, PanelDrawsWhatItsExportViewDraws)
{
    const Lesson& lesson = GetParam();
    const std::unique_ptr<LessonPanel> panel(lesson.makePanel());
    const auto shown = panel->makeFigure();
    ASSERT_NE(shown, nullptr);
    std::string error;
    const auto exported = exportViewFigure(lesson.view.name, lesson.viewExample, error);
    ASSERT_NE(exported, nullptr) << error;
    const QByteArray svg = svgOf(*exported);
    EXPECT_TRUE(QSvgRenderer(svg).isValid());
    EXPECT_EQ(svg, svgOf(*shown)) << "the panel and 'floatscope export " << lesson.view.name << "' draw the same";
    EXPECT_EQ(svg, svgOf(*exportViewFigure(lesson.view.name, lesson.viewExample, error))) << "the same every time";

    QTemporaryDir dir;
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        const QString png = dir.filePath(QStringLiteral("view.png"));
        const FigureStyle style = FigureStyle::forSlides(theme, false);
        ASSERT_EQ(exportFigure(*exported, png, {QSize(), 2.0}, style), QString());
        EXPECT_EQ(QImage(png).size(), exportPixels(*exported, {}, style) * 2);
    }
}

TEST_P(LessonRegistryTest, RefusesAMissingFileAndKeepsItsFigure)
{
    const std::unique_ptr<LessonPanel> panel(GetParam().makePanel());
    const QByteArray before = svgOf(*panel->makeFigure());
    EXPECT_FALSE(panel->loadFile(QStringLiteral("/nonexistent/values.npy")).isEmpty());
    ASSERT_NE(panel->makeFigure(), nullptr);
    EXPECT_EQ(svgOf(*panel->makeFigure()), before);
}

// What resources/floatscope.bash offers after `floatscope WORDS...` with the cursor on the last one.
QStringList completions(const QStringList& words)
{
    QStringList quoted = {QStringLiteral("'" FLOATSCOPE_EXECUTABLE "'")};
    for (const QString& w : words)
        quoted << QLatin1Char('\'') + w + QLatin1Char('\'');
    const QString script = QStringLiteral("source '%1' && COMP_WORDS=(%2) && COMP_CWORD=%3 && _floatscope; "
                                          "printf '%s\\n' \"${COMPREPLY[@]}\"")
                               .arg(QStringLiteral(FLOATSCOPE_BASH_COMPLETION), quoted.join(QLatin1Char(' ')))
                               .arg(words.size());
    QProcess bash;
    bash.start(QStringLiteral("bash"), {QStringLiteral("-c"), script});
    if (!bash.waitForFinished(20000))
        return {};
    return QString::fromUtf8(bash.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

// The completion reads the views and their options from `floatscope export --help`, which the
// registry writes: it offers the view by name, and after it exactly the export's own options and
// the view's, each as its usage spells it (-f FMTS, --marks ...).
TEST_P(LessonRegistryTest, BashCompletionOffersItsViewAndExactlyItsOptions)
{
    const ExportView& view = GetParam().view;
    const QString name = QString::fromStdString(view.name);
    EXPECT_TRUE(completions({QStringLiteral("export"), name.left(2)}).contains(name));
    const QStringList offered = completions({QStringLiteral("export"), name, QStringLiteral("-")});
    QStringList expected = {QStringLiteral("-o"),          QStringLiteral("--output"), QStringLiteral("--scale"),
                            QStringLiteral("--lang"),      QStringLiteral("--theme"),  QStringLiteral("--transparent"),
                            QStringLiteral("--screen"),    QStringLiteral("--size"),   QStringLiteral("-h"),
                            QStringLiteral("--help")};
    for (const ViewOption& option : view.options) {
        const QString longName = QStringLiteral("--") + QString::fromStdString(option.longName);
        const QString shortName = QStringLiteral("-") + QLatin1Char(option.shortName);
        const bool shown = offered.contains(longName) || (option.shortName != 0 && offered.contains(shortName));
        EXPECT_TRUE(shown) << option.longName;
        expected << longName;
        if (option.shortName != 0)
            expected << shortName;
    }
    for (const QString& option : offered)
        EXPECT_TRUE(expected.contains(option)) << option.toStdString() << " is no option of " << view.name;
}

// After an option of the view with a few declared choices, the completion offers exactly those,
// read from the usage line the declaration writes.
TEST_P(LessonRegistryTest, BashCompletionOffersEachOptionsDeclaredChoices)
{
    const Lesson& lesson = GetParam();
    for (const LessonOption& option : lesson.options) {
        const bool choices = option.type == OptionType::Choice || option.type == OptionType::Format
                          || option.type == OptionType::Preset;
        if (!choices || option.choices.size() > 6)
            continue;  // many choices: the usage names them by their metavar
        const QString flag = option.shortName != 0 ? QStringLiteral("-") + QLatin1Char(option.shortName)
                                                   : QStringLiteral("--") + QString::fromStdString(option.name);
        QStringList expected;
        for (const std::string& choice : option.choices)
            expected << QString::fromStdString(choice);
        EXPECT_EQ(completions({QStringLiteral("export"), QString::fromStdString(lesson.view.name), flag, QString()}), expected)
            << option.name;
    }
}

// The command's JSON schema (tests/cli/COMMAND.schema.json) echoes the lesson's declared options
// where its document names them (the key is the option's name, '-' as '_'): an option's choices are
// the schema's enum, its bounds the schema's minimum and maximum, so that a choice or a limit changed
// in the declaration fails here until the schema says so too. (train's and reduce's documents name
// none of their lessons' options at their top: a run's "products" is where it ran, a row's "method"
// one reduction's.)
TEST_P(LessonRegistryTest, ItsCommandsJsonSchemaEchoesItsDeclaration)
{
    const Lesson& lesson = GetParam();
    const std::map<std::string, std::string> commands = {
        {"accumulation", "accumulate"}, {"ledger", "ledger"}, {"quantize", "quantize"}, {"dot", "dot"}};
    const auto command = commands.find(lesson.view.name);
    if (command == commands.end())
        GTEST_SKIP() << lesson.view.name << " has no command of its own with --json";
    // The options as the command takes them: `quantize`'s --scale is its export's --scale-precision.
    const std::vector<LessonOption> options = lesson.view.name == "quantize" ? quantizeCommandOptions() : lesson.options;
    QFile file(QStringLiteral(FLOATSCOPE_CLI_SCHEMA_DIR "/%1.schema.json").arg(QString::fromStdString(command->second)));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << file.fileName().toStdString();
    const QJsonObject properties = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("properties")).toObject();
    int echoed = 0;
    for (const LessonOption& option : options) {
        QString key = QString::fromStdString(option.name);
        key.replace(QLatin1Char('-'), QLatin1Char('_'));
        const QJsonObject property = properties.value(key).toObject();
        if (option.type == OptionType::Choice && property.contains(QStringLiteral("enum"))) {
            std::vector<std::string> listed;
            for (const QJsonValue& v : property.value(QStringLiteral("enum")).toArray())
                if (!v.isNull())
                    listed.push_back(v.isDouble() ? std::to_string(v.toInt()) : v.toString().toStdString());
            EXPECT_EQ(listed, option.choices) << command->second << " " << option.name;
            ++echoed;
        }
        if (option.type == OptionType::Whole && property.contains(QStringLiteral("minimum"))) {
            EXPECT_EQ(property.value(QStringLiteral("minimum")).toDouble(), option.min) << option.name;
            ++echoed;
        }
        if (option.type == OptionType::Whole && property.contains(QStringLiteral("maximum"))) {
            EXPECT_EQ(property.value(QStringLiteral("maximum")).toDouble(), option.max) << option.name;
            ++echoed;
        }
    }
    EXPECT_GT(echoed, 0) << command->second << ".schema.json names none of the lesson's options";
}

// `floatscope show --json` names the rounding and the route the inspector's figures declare: its
// schema's enums are their choices.
TEST(ShowCommand, ItsJsonSchemaEchoesTheFiguresDeclaration)
{
    QFile file(QStringLiteral(FLOATSCOPE_CLI_SCHEMA_DIR "/show.schema.json"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonObject properties = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("properties")).toObject();
    const auto listed = [&](const char* key) {
        std::vector<std::string> out;
        for (const QJsonValue& v : properties.value(QLatin1String(key)).toObject().value(QStringLiteral("enum")).toArray())
            out.push_back(v.toString().toStdString());
        return out;
    };
    const std::vector<LessonOption> options = showOptions();
    EXPECT_EQ(listed("rounding"), optionNamed(options, "rounding").choices);
    EXPECT_EQ(listed("route"), optionNamed(options, "via").choices);
}

// After a command's option with a few declared choices, the completion offers its lesson's choices
// (show's are the inspector figures', train's presets those the command takes).
TEST(BashCompletion, ACommandsChoicesAreItsLessonsDeclaration)
{
    const auto names = [](const std::vector<std::string>& choices) {
        QStringList out;
        for (const std::string& c : choices)
            out << QString::fromStdString(c);
        return out;
    };
    const auto q = [](const char* word) { return QString::fromLatin1(word); };
    EXPECT_EQ(completions({q("show"), q("0.1"), q("--via"), QString()}), names(optionNamed(showOptions(), "via").choices));
    EXPECT_EQ(completions({q("accumulate"), q("--mode"), QString()}),
              names(optionNamed(accumulateCommandOptions(), "mode").choices));
    EXPECT_EQ(completions({q("quantize"), q("--storage"), QString()}),
              names(optionNamed(quantizeCommandOptions(), "storage").choices));
    EXPECT_EQ(completions({q("dot"), q("--distribution"), QString()}),
              names(optionNamed(dotCommandOptions(), "distribution").choices));
    EXPECT_EQ(completions({q("train"), q("--preset"), QString()}), names(trainPresetIds()));
    EXPECT_FALSE(trainPresetIds().empty());
}

INSTANTIATE_TEST_SUITE_P(Lessons, LessonRegistryTest, testing::ValuesIn(lessons()),
                         [](const testing::TestParamInfo<Lesson>& info) {
                             std::string name = info.param.view.name;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

}  // namespace
}  // namespace floatscope::gui
