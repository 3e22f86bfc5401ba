// The lesson panels, driven as a user drives them (offscreen): the lecture notes' outcomes in the
// readouts, stepping and the slider, the background job with progress and cancel, red hints that
// keep the last result, and the export views' options (what every lesson owes, its tab, its view's
// bytes, its completion, is checked for each registered lesson in LessonRegistryTest.cpp).
#include <gtest/gtest.h>

#include <algorithm>

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSignalSpy>
#include <QSlider>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "FigureSupport.h"
#include "app/charts/ChartView.h"
#include "app/figures/AccumulationFigure.h"
#include "app/figures/RangeBarsFigure.h"
#include "core/format/Registry.h"
#include "app/panels/AbsorbedUpdatesPanel.h"
#include "app/panels/AccumulationPanel.h"
#include "app/panels/FigureWidget.h"
#include "app/panels/FormatChecklist.h"
#include "app/panels/HintedField.h"
#include "app/panels/LogitsEpsilonPanel.h"
#include "app/panels/LessonPanel.h"
#include "app/panels/LossScalingPanel.h"
#include "app/panels/RangeBarsPanel.h"
#include "app/window/MainWindow.h"

namespace floatscope::gui {
namespace {

using test::exportViewFigure;
using test::svgOf;

QString cell(QTableWidget* t, const QString& format, const QString& column)
{
    for (int r = 0; r < t->rowCount(); ++r) {
        if (t->item(r, 0)->text() != format)
            continue;
        for (int c = 0; c < t->columnCount(); ++c)
            if (t->horizontalHeaderItem(c)->text() == column)
                return t->item(r, c)->text();
    }
    return QStringLiteral("<none>");
}

// Types into a field as a user does (textEdited), then lets the panel act on it at once.
void type(HintedField* field, const QString& text)
{
    field->edit()->clear();
    QTest::keyClicks(field->edit(), text);
}

// --- Absorption and accumulation ---------------------------------------------------------------

TEST(AccumulationPanel, OnePlusOneThousandthShowsTheLessonsOutcome)
{
    AccumulationPanel panel;  // opens on the BF16 lesson's preset: 1 + 10^-3, a thousand times
    QTableWidget* t = panel.readoutTable();
    ASSERT_EQ(t->rowCount(), 3);
    EXPECT_EQ(cell(t, "fp16", "bits"), "0x3fe8");
    EXPECT_EQ(cell(t, "fp16", "value (exact)"), "1.9765625");
    EXPECT_EQ(cell(t, "bf16", "bits"), "0x3f80");
    EXPECT_EQ(cell(t, "bf16", "value (exact)"), "1");
    EXPECT_EQ(cell(t, "bf16", "steps that moved the sum"), "0");
    EXPECT_EQ(cell(t, "bf16", "first stall"), "step 1");
    EXPECT_TRUE(cell(t, "fp32", "value (exact)").startsWith("2.0000")) << cell(t, "fp32", "value (exact)").toStdString();
    EXPECT_EQ(cell(t, "fp16", "steps that moved the sum"), "1,000");
    // Why bf16 stalled: the increment against half the gap at 1.
    EXPECT_TRUE(panel.notes().contains("below half the gap")) << panel.notes().toStdString();
    EXPECT_TRUE(panel.notes().contains("threshold 0.00390625")) << panel.notes().toStdString();
}

TEST(AccumulationPanel, TenThousandTimesFromZeroStallsWhereTheLessonSays)
{
    AccumulationPanel panel;
    panel.applyPreset("1e-4-from-zero");
    QTableWidget* t = panel.readoutTable();
    EXPECT_EQ(cell(t, "fp16", "value (exact)"), "0.25");
    EXPECT_EQ(cell(t, "bf16", "value (exact)"), "0.03125");
    EXPECT_NE(cell(t, "fp16", "first stall"), "—");
    EXPECT_NE(cell(t, "bf16", "first stall"), "—");
    EXPECT_TRUE(panel.notes().contains("fp16: from step")) << panel.notes().toStdString();
}

TEST(AccumulationPanel, MasterWeightCopyMovesAtStepFourAndSaysTheLessonTruncates)
{
    AccumulationPanel panel;
    panel.applyPreset("master-weight");
    QTableWidget* t = panel.readoutTable();
    panel.setPosition(3);
    EXPECT_EQ(cell(t, "bf16", "value (exact)"), "1");
    panel.setPosition(4);
    EXPECT_EQ(cell(t, "bf16", "value (exact)"), "1.0078125");
    EXPECT_TRUE(cell(t, "bf16", "fp32 master").startsWith("1.00400")) << cell(t, "bf16", "fp32 master").toStdString();
    EXPECT_TRUE(panel.notes().contains("truncating")) << panel.notes().toStdString();
    EXPECT_TRUE(panel.notes().contains("step 4")) << panel.notes().toStdString();
}

// The trap: on the log step axis, bf16 stuck at 1 from the start kept only its points at step 0
// (which a log axis cannot show) and at the end, so the headline stall was not drawn at all.
TEST(AccumulationFigure, ASumFlatFromTheStartIsALineOnTheLogStepAxis)
{
    AccumulationSetup setup;
    setup.start = ExactValue::fromRational(1);
    setup.delta = ExactValue::fromRational(mpq_class(1, 1000));
    setup.steps = 1'000'000;
    AccumulationRun run({namedFormat("fp16"), namedFormat("bf16")}, setup);
    ASSERT_TRUE(run.compute(nullptr, {}));
    const ChartSpec spec = AccumulationFigure::chart(run, {}, AccumulationFigure::kFigureColumns, true);
    ASSERT_GE(spec.series.size(), 2u);
    const ChartSeries& bf16 = spec.series[1];
    ASSERT_EQ(bf16.name, QStringLiteral("bf16"));
    std::vector<QPointF> drawn;
    for (const QPointF& p : bf16.points)
        if (p.x() >= 1)
            drawn.push_back(p);
    ASSERT_GE(drawn.size(), 2u);
    EXPECT_EQ(drawn.front().x(), 1.0);
    EXPECT_EQ(drawn.back().x(), 1e6);
    for (const QPointF& p : drawn)
        EXPECT_EQ(p.y(), 1.0);
    // The value axis starts below 2^0, so the line is not drawn on the axis.
    ASSERT_TRUE(spec.y.log2);
    EXPECT_LT(*spec.y.min, 1.0);
}

// The trap: the Kahan page said bf16 "stayed at 1" while its row ends at 2. A compensated or
// stochastic run whose sum still moves says how often and where it ends.
TEST(AccumulationFigure, ACompensatedSumThatStillMovesSaysSo)
{
    std::string error;
    const auto figure = test::exportViewFigure("accumulation", {"--mode", "kahan"}, error);
    ASSERT_NE(figure, nullptr) << error;
    QString all;
    for (const test::SvgItem& t : test::textsOf(test::svgOf(*figure)))
        all += t.text + QLatin1Char(' ');
    all = all.simplified();
    EXPECT_TRUE(all.contains(QStringLiteral("so bf16 still moved on 128 of 1,000 steps and ends at 2."))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("128 of 1,000, the first at step 4"))) << all.toStdString();
}

TEST(AccumulationPanel, StepBackSliderAndPlayMoveThroughTheRun)
{
    AccumulationPanel panel;
    QTableWidget* t = panel.readoutTable();
    EXPECT_EQ(panel.position(), 1000);  // a new run shows its end
    panel.setPosition(0);
    EXPECT_EQ(cell(t, "fp16", "value (exact)"), "1");
    panel.stepForward();
    EXPECT_EQ(panel.position(), 1);
    EXPECT_EQ(cell(t, "fp16", "value (exact)"), "1.0009765625");
    panel.slider()->setValue(500);
    EXPECT_EQ(panel.position(), 500);
    panel.stepBack();
    EXPECT_EQ(panel.position(), 499);
    // The chart ends where the slider is; its x axis still spans the whole run.
    const ChartSpec& spec = panel.chartView()->spec();
    ASSERT_EQ(spec.series.size(), 4u);  // three formats and the exact line
    EXPECT_EQ(spec.series[1].name, "fp16");
    EXPECT_EQ(spec.series[1].points.back().x(), 499);
    EXPECT_EQ(spec.x.max, 1000);
    // Keyboard: the slider takes arrows.
    panel.slider()->setFocus();
    QTest::keyClick(panel.slider(), Qt::Key_Right);
    EXPECT_EQ(panel.position(), 500);
    // Play moves on by itself and stops at the end; pause stops it.
    panel.play();
    EXPECT_TRUE(panel.playing());
    QTest::qWait(300);
    EXPECT_GT(panel.position(), 500);
    panel.pause();
    const std::int64_t paused = panel.position();
    QTest::qWait(150);
    EXPECT_EQ(panel.position(), paused);
}

TEST(AccumulationPanel, BadInputShowsAHintAndKeepsTheLastRun)
{
    AccumulationPanel panel;
    QTableWidget* t = panel.readoutTable();
    const std::vector<std::pair<HintedField*, QString>> bad = {
        {panel.startField(), "1.2.3"}, {panel.deltaField(), "nan"}, {panel.stepsField(), "0"},
        {panel.stepsField(), "2e7"},   {panel.stepsField(), "1.5"}, {panel.startField(), "inf"}};
    for (const auto& [field, text] : bad) {
        const QString good = field->text();
        type(field, text);
        panel.recompute();
        EXPECT_FALSE(field->hint().isEmpty()) << text.toStdString();
        EXPECT_EQ(cell(t, "fp16", "bits"), "0x3fe8") << text.toStdString();
        type(field, good);
        panel.recompute();
        EXPECT_TRUE(field->hint().isEmpty()) << text.toStdString();
    }
    // No format at all: a hint by the list, the run stays.
    panel.formatList()->setChecked({});
    panel.recompute();
    EXPECT_EQ(t->rowCount(), 3);
}

TEST(AccumulationPanel, LongRunsGoToAWorkerWithProgressAndCancel)
{
    AccumulationPanel panel;
    QSignalSpy finished(&panel, &AccumulationPanel::runFinished);
    type(panel.stepsField(), "1e6");
    panel.modeBox()->setCurrentIndex(2);  // Kahan
    panel.recompute();
    EXPECT_TRUE(panel.running());
    ASSERT_TRUE(finished.wait(120000));
    EXPECT_FALSE(panel.running());
    ASSERT_NE(panel.run(), nullptr);
    EXPECT_EQ(panel.run()->steps(), 1000000);
    EXPECT_EQ(panel.position(), 1000000);
    EXPECT_EQ(panel.progressBar()->isVisible(), false);

    // Ten million stochastic adds, cancelled: the million-step run stays.
    type(panel.stepsField(), "1e7");
    panel.modeBox()->setCurrentIndex(3);
    panel.recompute();
    ASSERT_TRUE(panel.running());
    panel.cancelRun();
    ASSERT_TRUE(finished.wait(60000));
    EXPECT_FALSE(panel.running());
    EXPECT_EQ(panel.run()->steps(), 1000000);
}

// --- Range bars --------------------------------------------------------------------------------

TEST(RangeBarsPanel, BarsMarksAndSharesOfPastedValues)
{
    RangeBarsPanel panel;
    const RangeBarsData& d = panel.data();
    ASSERT_EQ(d.formats.size(), 5u);
    ASSERT_EQ(d.bars[1].format, "fp16");
    EXPECT_EQ(d.bars[1].log2MinSubnormal, -24);
    EXPECT_EQ(d.bars[1].log2MinNormal, -14);
    // The BF16 lesson's marks: 1e-8 is lost in fp16 and a normal number in bf16; 1e-6 is an fp16 subnormal.
    ASSERT_EQ(d.marks.size(), 2u);
    EXPECT_EQ(d.marks[0].label, "gradient");
    EXPECT_EQ(d.marks[0].zones[1], StorageZone::Underflow);
    EXPECT_EQ(d.marks[0].zones[2], StorageZone::Normal);
    EXPECT_EQ(d.marks[1].zones[1], StorageZone::Subnormal);
    // Pasted values: one of each fate in fp16.
    panel.valuesEdit()->setPlainText("1e-9, 1e-6; 1\n1e5");
    panel.recompute();
    ASSERT_EQ(panel.data().zones.size(), 5u);
    const ZoneCounts& fp16 = panel.data().zones[1];
    EXPECT_EQ(fp16.share(StorageZone::Underflow), 0.25);
    EXPECT_EQ(fp16.share(StorageZone::Subnormal), 0.25);
    EXPECT_EQ(fp16.share(StorageZone::Normal), 0.25);
    EXPECT_EQ(fp16.share(StorageZone::Overflow), 0.25);
    EXPECT_EQ(panel.data().valueCount, 4);
}

TEST(RangeBarsPanel, HoverGivesExactNumbers)
{
    RangeBarsPanel panel;
    panel.resize(900, 1200);
    panel.show();
    FigureWidget* w = panel.figureWidget();
    QTest::qWait(20);
    // Somewhere over the fp16 bar's end the tooltip names the largest finite value exactly; over its
    // pale part, the smallest subnormal with every digit.
    bool largest = false;
    bool smallest = false;
    for (int y = 0; y < w->height() && !(largest && smallest); y += 3)
        for (int x = 0; x < w->width(); x += 2) {
            const QString tip = w->toolTipAt(QPointF(x, y));
            largest = largest || (tip.startsWith("fp16: the largest finite value") && tip.contains("65504"));
            smallest = smallest || (tip.startsWith("fp16: subnormal") && tip.contains("0.000000059604644775390625"));
        }
    EXPECT_TRUE(largest);
    EXPECT_TRUE(smallest);
}

TEST(RangeBarsPanel, BadMarksOrValuesShowAHintAndKeepTheFigure)
{
    RangeBarsPanel panel;
    const std::size_t marks = panel.data().marks.size();
    type(panel.marksField(), "gradient = 1e-8; eps = oops");
    panel.recompute();
    EXPECT_FALSE(panel.marksField()->hint().isEmpty());
    EXPECT_EQ(panel.data().marks.size(), marks);
    type(panel.marksField(), "eps = 1e-6");
    panel.valuesEdit()->setPlainText("1 2 three");
    panel.recompute();
    EXPECT_FALSE(panel.valuesHint().isEmpty());
    EXPECT_EQ(panel.data().marks.size(), marks);  // nothing recomputed with bad values
    EXPECT_EQ(panel.loadFile("/nonexistent/weights.npy").isEmpty(), false);
}

TEST(RangeBarsPanel, LoadsValuesFromACsvFile)
{
    QTemporaryDir dir;
    const QString path = test::writeFile(dir, "grads.csv", "# gradients\n1e-9, 1e-6, 1, 1e5\n");
    ASSERT_FALSE(path.isEmpty());
    RangeBarsPanel panel;
    EXPECT_EQ(panel.loadFile(path), QString());
    EXPECT_EQ(panel.data().valueCount, 4);
    EXPECT_EQ(panel.data().zones[1].share(StorageZone::Overflow), 0.25);
}

// --- Loss scaling ------------------------------------------------------------------------------

TEST(LossScalingPanel, ScaleMovesTheGradientsIntoTheWindow)
{
    LossScalingPanel panel;
    ASSERT_TRUE(panel.data());
    const ZoneShares atOne = panel.data()->shares;
    EXPECT_GT(atOne.underflow, 0.001);
    EXPECT_GT(atOne.subnormal, 0.5);  // median 1e-5 is below fp16's smallest normal
    panel.setLog2Scale(12);
    panel.recompute();
    EXPECT_LT(panel.data()->shares.underflow, atOne.underflow);
    EXPECT_GT(panel.data()->shares.normal, 0.99);
    // Lecture 10's dynamic demo: from 2^24, the first steps overflow and halve the scale.
    const DynamicScalingRun& run = panel.data()->run;
    ASSERT_EQ(run.steps.size(), 40u);
    EXPECT_TRUE(run.steps.front().overflow);
    EXPECT_EQ(run.steps[1].scale, run.steps[0].scale / 2);
    EXPECT_GT(run.skipped, 0);
    EXPECT_TRUE(panel.summary().contains(QStringLiteral("2²⁴"))) << panel.summary().toStdString();
    const ChartSpec& timeline = panel.timelineView()->spec();
    ASSERT_EQ(timeline.series.size(), 3u);
    EXPECT_EQ(timeline.series[0].points.front().y(), 24);  // log2 S
}

// The trap: the panel refused a spread above 20 decades while `export loss-scale --spread 40` drew
// a 670 KB figure. One declaration (lessons/LossScalingLesson.cpp) for both: the same values refused,
// for the same reason in the same words. (Every option of every declared lesson:
// LessonDeclarationTest.cpp.)
TEST(LossScalingPanel, PanelAndExportRefuseTheSameSpread)
{
    LossScalingPanel panel;
    HintedField* spread = panel.spreadField();
    for (const char* value : {"20", "20.5", "40"}) {
        spread->edit()->clear();
        QTest::keyClicks(spread->edit(), QString::fromLatin1(value));
        panel.recompute();
        std::string error;
        const bool exported = exportViewFigure("loss-scale", {"--spread", value}, error) != nullptr;
        EXPECT_EQ(spread->hint().isEmpty(), exported) << value << ": panel '" << spread->hint().toStdString()
                                                      << "', export '" << error << "'";
        if (!exported) {
            EXPECT_EQ(spread->hint(), QStringLiteral("At most 20 decades, got “%1”").arg(QLatin1String(value)));
            EXPECT_EQ(error, "--spread: " + spread->hint().toStdString());
        }
    }
}

// The trap: started in Chinese from remembered settings with a spike factor of 70000, delayed
// scaling's hints were Chinese and its figure English: the figure made before the language was set
// stayed, since the refused field stopped the recompute before anything was drawn.
TEST(DelayedScalingPanel, ALanguageChangeRewordsTheKeptFigureUnderARefusal)
{
    MainWindow window;
    window.setLanguage(QStringLiteral("en"));
    auto* panel = window.findChild<LessonPanel*>(QStringLiteral("delayedScalingDock"));
    ASSERT_NE(panel, nullptr);
    const FigureWidget* widget = panel->findChild<FigureWidget*>();
    ASSERT_NE(widget, nullptr);
    ASSERT_NE(widget->figure(), nullptr);
    const QString english = widget->figure()->title();
    for (HintedField* field : panel->findChildren<HintedField*>())
        if (field->text() == QLatin1String("16")) {
            field->edit()->clear();
            QTest::keyClicks(field->edit(), QStringLiteral("70000"));
            panel->recompute();
            EXPECT_FALSE(field->hint().isEmpty());
        }
    window.setLanguage(QStringLiteral("zh_CN"));
    QCoreApplication::processEvents();  // the LanguageChange events
    ASSERT_NE(widget->figure(), nullptr) << "the last figure is kept";
    EXPECT_NE(widget->figure()->title(), english) << english.toStdString();
    window.setLanguage(QStringLiteral("en"));
    QCoreApplication::processEvents();
    EXPECT_EQ(widget->figure()->title(), english);
}

// The trap: the dynamic run's event log ("step 1: overflow, S halves ...") was worded once, so it
// stayed English after the window switched to Chinese.
TEST(LossScalingPanel, EventLogFollowsALanguageSwitch)
{
    MainWindow window;
    window.setLanguage(QStringLiteral("en"));
    auto* panel = window.findChild<LossScalingPanel*>(QStringLiteral("lossScalingDock"));
    ASSERT_NE(panel, nullptr);
    const QString english = panel->eventsText();
    ASSERT_FALSE(english.isEmpty());
    window.setLanguage(QStringLiteral("zh_CN"));
    QApplication::processEvents();  // LanguageChange reaches the panels through the event loop
    const QString chinese = panel->eventsText();
    EXPECT_NE(chinese, english);
    EXPECT_TRUE(std::any_of(chinese.begin(), chinese.end(), [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; }))
        << chinese.toStdString();
    window.setLanguage(QStringLiteral("en"));
    QApplication::processEvents();
    EXPECT_EQ(panel->eventsText(), english);
}

TEST(LossScalingPanel, PastedGradientsAndBadInput)
{
    LossScalingPanel panel;
    type(panel.medianField(), "-1");
    panel.recompute();
    EXPECT_FALSE(panel.medianField()->hint().isEmpty());
    EXPECT_FALSE(panel.data()->fromValues);
    type(panel.medianField(), "1e-5");
    panel.sourceBox()->setCurrentIndex(1);
    panel.valuesEdit()->setPlainText("1e-9 1e-6 0.01 100000");
    panel.recompute();
    ASSERT_TRUE(panel.data()->fromValues);
    EXPECT_EQ(panel.data()->valueCount, 4);
    EXPECT_EQ(panel.data()->shares.underflow, 0.25);
    EXPECT_EQ(panel.data()->shares.overflow, 0.25);
}

// --- Logits and epsilon ------------------------------------------------------------------------

TEST(LogitsEpsilonPanel, LectureNotesNumbers)
{
    LogitsEpsilonPanel panel;  // 1000..1003 in fp16 and bf16, p(1003) / p(1001), eps = 1e-6
    const auto& d = panel.data();
    ASSERT_TRUE(d);
    ASSERT_EQ(d->formats.size(), 2u);
    ASSERT_EQ(d->formats[1].name(), "bf16");
    EXPECT_EQ(d->stored[1].distinctStored, 2);        // 1000, 1001, 1002 are one bf16 value
    EXPECT_EQ(d->stored[1].stored[3], 1004);
    EXPECT_NEAR(d->ratios[1].trueRatio, 7.389, 1e-3);  // e^2
    EXPECT_NEAR(d->ratios[1].storedRatio, 54.598, 1e-3);  // e^4
    EXPECT_NEAR(d->ratios[0].factor, 1.0, 1e-12);       // fp16 tells them apart
    EXPECT_EQ(d->constants[0].valueClass, ValueClass::Subnormal);
    EXPECT_EQ(d->constants[0].significantBits, 5);
    EXPECT_NEAR(d->constants[0].relativeErrorApprox, 0.0133, 5e-4);
    EXPECT_EQ(d->constants[1].valueClass, ValueClass::Normal);
}

TEST(LogitsEpsilonPanel, BadInputKeepsTheLastResult)
{
    LogitsEpsilonPanel panel;
    type(panel.logitsField(), "1000, 1001, oops");
    panel.recompute();
    EXPECT_FALSE(panel.logitsField()->hint().isEmpty());
    EXPECT_EQ(panel.data()->logits.size(), 4u);
    type(panel.logitsField(), "1e10, 2");
    panel.recompute();
    EXPECT_TRUE(panel.logitsField()->hint().isEmpty());
    EXPECT_FALSE(panel.data()->stored[0].allFinite);  // 1e10 overflows fp16: no softmax there
    type(panel.epsField(), "");
    panel.recompute();
    EXPECT_FALSE(panel.epsField()->hint().isEmpty());
}

// --- Absorbed updates --------------------------------------------------------------------------

TEST(AbsorbedUpdatesPanel, LectureTableAndTheMasterCopy)
{
    AbsorbedUpdatesPanel panel;
    const auto& d = panel.data();
    ASSERT_TRUE(d);
    ASSERT_EQ(d->sizes.size(), 3u);  // 3e-3, 3e-4 (the chosen one), 3e-5
    ASSERT_EQ(d->formats[1].name(), "bf16");
    EXPECT_LT(d->rows[0][1].share, d->rows[1][1].share);
    EXPECT_LT(d->rows[1][1].share, d->rows[2][1].share);
    EXPECT_GT(d->rows[2][1].share, 0.8);  // bf16 at 3e-5: most updates lost, as lecture 10 finds
    EXPECT_LT(d->rows[2][0].share, d->rows[2][1].share);  // fp16 keeps more
    for (const auto& row : d->rows)
        for (const AbsorptionRow& r : row)
            EXPECT_EQ(r.masterShare, 0.0);
    ASSERT_TRUE(d->rows[1][1].threshold);
    EXPECT_EQ(ExactValue::fromDyadic(*d->rows[1][1].threshold), ExactValue::fromRational(mpq_class(129, 1024)));
}

TEST(AbsorbedUpdatesPanel, PastedWeightsAndBadInput)
{
    AbsorbedUpdatesPanel panel;
    panel.sourceBox()->setCurrentIndex(1);
    panel.weightsEdit()->setPlainText("1 1 1 0.001");
    type(panel.updateField(), "1e-3");
    panel.recompute();
    ASSERT_EQ(panel.data()->weightCount, 4);
    EXPECT_EQ(panel.data()->rows[panel.data()->chosenRow()][1].share, 0.75);  // bf16: 1 + 0.001 is 1
    type(panel.updateField(), "0");
    panel.recompute();
    EXPECT_FALSE(panel.updateField()->hint().isEmpty());
    EXPECT_EQ(panel.data()->weightCount, 4);
    panel.sourceBox()->setCurrentIndex(0);
    type(panel.countField(), "-5");
    panel.recompute();
    EXPECT_FALSE(panel.countField()->hint().isEmpty());
}

TEST(AbsorbedUpdatesPanel, LoadsWeightsFromACsvFile)
{
    QTemporaryDir dir;
    const QString path = test::writeFile(dir, "w.csv", "1\n1\n0.5\n0.001\n");
    ASSERT_FALSE(path.isEmpty());
    AbsorbedUpdatesPanel panel;
    EXPECT_EQ(panel.loadFile(path), QString());
    EXPECT_EQ(panel.sourceBox()->currentIndex(), 2);
    ASSERT_EQ(panel.data()->weightCount, 4);
    EXPECT_TRUE(panel.data()->source.contains(QStringLiteral("w.csv")));
    EXPECT_FALSE(panel.loadFile(dir.filePath(QStringLiteral("missing.npy"))).isEmpty());
    EXPECT_EQ(panel.data()->weightCount, 4);
}

// --- Export views and the window ---------------------------------------------------------------

// The registry's tests compare every panel with its view as it opens; here a step of another preset.
TEST(LessonExportViews, AccumulationAtAStepIsTheSameAsThePanelThere)
{
    std::string error;
    AccumulationPanel accumulation;
    accumulation.applyPreset("master-weight");
    accumulation.setPosition(10);
    EXPECT_EQ(svgOf(*accumulation.makeFigure()),
              svgOf(*exportViewFigure("accumulation", {"--preset", "master-weight", "-f", "fp32,fp16,bf16", "--at", "10"}, error)));
}

TEST(LessonExportViews, BadOptionsAreRefusedWithAReason)
{
    const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
        {"accumulation", {"--steps", "0"}},        {"accumulation", {"--mode", "sideways"}},
        {"accumulation", {"--delta", "nan"}},      {"accumulation", {"--preset", "nope"}},
        {"accumulation", {"-f", "fp17"}},          {"accumulation", {"--at", "5000"}},
        {"range", {"--marks", "eps = oops"}},      {"range", {"--values", "1 two"}},
        {"loss-scale", {"-f", "fp16,bf16"}},       {"loss-scale", {"--median", "-3"}},
        {"logits", {"--logits", "1000"}},          {"logits", {"--numerator", "9"}},
        {"absorbed", {"--update", "0"}},           {"absorbed", {"--ones", "2"}},
        {"absorbed", {"--file", "/nonexistent.npy"}}};
    for (const auto& [view, arguments] : cases) {
        std::string error;
        EXPECT_EQ(exportViewFigure(view, arguments, error), nullptr) << view << " " << arguments.front();
        EXPECT_FALSE(error.empty()) << view << " " << arguments.front();
    }
}

}  // namespace
}  // namespace floatscope::gui
