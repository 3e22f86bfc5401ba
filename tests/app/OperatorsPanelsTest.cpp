// The operators lab's panels driven as a user drives them (offscreen): the sums of ones that stall
// and promotion, the opened dot product stepping through its trace, the reductions; red hints that
// keep the last figure; long work on the background job with progress and cancel. What every lesson
// owes (its tab, its view's bytes, completion) is checked in LessonRegistryTest.cpp.
#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QMap>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

#include "FigureSupport.h"
#include "app/figures/ReductionsFigure.h"
#include "app/panels/DotTracePanel.h"
#include "app/panels/FormatChecklist.h"
#include "app/panels/HintedField.h"
#include "app/panels/InnerProductsPanel.h"
#include "app/panels/LessonJob.h"
#include "app/panels/PlaybackBar.h"
#include "app/panels/ReductionsPanel.h"
#include "core/dot/AccumulatorSpec.h"
#include "core/exact/ExactValue.h"
#include "core/format/Registry.h"

namespace floatscope::gui {
namespace {

using test::exportViewFigure;
using test::svgOf;

void type(HintedField* field, const QString& text)
{
    field->edit()->clear();
    QTest::keyClicks(field->edit(), text);
}

const InnerProductsCurve* curve(const InnerProductsData& d, const std::string& spec, bool promoted)
{
    for (const InnerProductsCurve& c : d.curves)
        if (dot::specText(dot::Accumulator{c.accumulator.model, std::nullopt, c.accumulator.preset}) == spec
            && c.accumulator.promoteEvery.has_value() == promoted)
            return &c;
    return nullptr;
}

ExactValue whole(unsigned long n) { return ExactValue::fromRational(mpq_class(n)); }

// --- Inner products -----------------------------------------------------------------------------

// The lesson's claim: a sum of ones stops at 256 in bf16 (257 is a tie that rounds to even) and at
// 2048 in fp16; promoted into fp32 every 128 they count on.
TEST(InnerProductsPanel, OpensOnTheStallsOfBf16AndFp16AndWhatPromotionDoes)
{
    InnerProductsPanel panel;
    ASSERT_TRUE(panel.data());
    const InnerProductsData& d = *panel.data();
    ASSERT_EQ(d.curves.size(), 5u);  // fp32, bf16 and bf16 promoted, fp16 and fp16 promoted
    const InnerProductsCurve* bf16 = curve(d, "bf16", false);
    const InnerProductsCurve* fp16 = curve(d, "fp16", false);
    ASSERT_TRUE(bf16 && fp16 && bf16->stall && fp16->stall);
    EXPECT_EQ(bf16->stall->k, 257u);
    EXPECT_EQ(bf16->stall->value, whole(256));
    EXPECT_EQ(fp16->stall->k, 2049u);
    EXPECT_EQ(fp16->stall->value, whole(2048));
    EXPECT_FALSE(curve(d, "bf16", true)->stall);
    EXPECT_FALSE(curve(d, "fp16", true)->stall);
    EXPECT_FALSE(curve(d, "fp32", false)->stall);
    EXPECT_EQ(curve(d, "fp32", true), nullptr) << "fp32 is what promotion adds into";
    // K = 2^4 ... 2^16, and the error at each K is the value's against the exact sum.
    ASSERT_EQ(bf16->points.size(), 13u);
    const dot::ErrorPoint& last = bf16->points.back();
    EXPECT_EQ(last.k, 65536u);
    const mpq_class rel = abs(last.value.value() - last.exact.value()) / abs(last.exact.value());
    EXPECT_DOUBLE_EQ(*last.relativeError, rel.get_d());
    const QStringList sentences = InnerProductsFigure::stallSentences(d);
    EXPECT_TRUE(sentences.join(QLatin1Char('\n')).contains(QStringLiteral("A sum of ones stops at 256")));
}

TEST(InnerProductsPanel, ABadAccumulatorGetsItsHintAndTheFigureStays)
{
    InnerProductsPanel panel;
    const QByteArray before = svgOf(*panel.makeFigure());
    type(panel.accumulatorField(), QStringLiteral("fp32,bf17"));
    panel.recompute();
    EXPECT_TRUE(panel.accumulatorField()->hint().contains(QStringLiteral("bf17"))) << panel.accumulatorField()->hint().toStdString();
    EXPECT_EQ(svgOf(*panel.makeFigure()), before);
    // A tensor core that does not multiply the inputs says which it does.
    type(panel.accumulatorField(), QStringLiteral("h100-fp8"));
    panel.recompute();
    EXPECT_TRUE(panel.accumulatorField()->hint().contains(QStringLiteral("e4m3fn"))) << panel.accumulatorField()->hint().toStdString();
    EXPECT_EQ(svgOf(*panel.makeFigure()), before);
}

// e8m0 holds scales: typed key by key as an accumulator it gets its reason in red, never a crash,
// and no window offers it as inputs or logits.
// The trap: 1001 accumulators were accepted in one run. A list longer than a chart can tell apart
// is refused by its bound, and the figure stays as it was.
TEST(InnerProductsPanel, MoreAccumulatorsThanTheBoundAreRefused)
{
    InnerProductsPanel panel;
    const QByteArray before = svgOf(*panel.makeFigure());
    QStringList many;
    for (int i = 0; i < 17; ++i)
        many << QStringLiteral("fp32");
    type(panel.accumulatorField(), many.join(QLatin1Char(',')));
    panel.recompute();
    EXPECT_EQ(panel.accumulatorField()->hint(), QStringLiteral("At most 16 accumulators at once, not 17"));
    EXPECT_EQ(svgOf(*panel.makeFigure()), before);
}

// The trap: RMSNorm over 65536 x 4096 values ran out of memory. The panel holds the bound the
// command line holds, with a hint, and keeps its last figure.
TEST(ReductionsPanel, WorkPastTheBoundIsRefusedWithAHint)
{
    ReductionsPanel panel;
    panel.reductionBox()->setCurrentIndex(2);  // RMSNorm
    panel.recompute();
    type(panel.field(QStringLiteral("hidden")), QStringLiteral("65536"));
    type(panel.field(QStringLiteral("rows")), QStringLiteral("4096"));
    panel.recompute();
    EXPECT_EQ(panel.field(QStringLiteral("rows"))->hint(), QStringLiteral("Hidden size × rows at most 16,777,216, got 268,435,456"));
}

TEST(InnerProductsPanel, TheScaleFormatIsRefusedWithItsReason)
{
    InnerProductsPanel panel;
    const QByteArray before = svgOf(*panel.makeFigure());
    panel.accumulatorField()->edit()->clear();
    for (const QChar c : QStringLiteral("e8m0")) {
        QTest::keyClicks(panel.accumulatorField()->edit(), QString(c));
        QTest::qWait(20);
    }
    panel.recompute();
    const QString hint = panel.accumulatorField()->hint();
    EXPECT_TRUE(hint.contains(QStringLiteral("e8m0")) && hint.contains(QStringLiteral("no sign"))) << hint.toStdString();
    EXPECT_EQ(svgOf(*panel.makeFigure()), before);
    EXPECT_EQ(panel.inputsBox()->findText(QStringLiteral("e8m0")), -1);
    EXPECT_NE(panel.inputsBox()->findText(QStringLiteral("e2m1")), -1);

    DotTracePanel trace;
    EXPECT_EQ(trace.inputsBox()->findText(QStringLiteral("e8m0")), -1);
    type(trace.accumulatorField(), QStringLiteral("e8m0"));
    trace.recompute();
    EXPECT_TRUE(trace.accumulatorField()->hint().contains(QStringLiteral("no sign"))) << trace.accumulatorField()->hint().toStdString();

    ReductionsPanel reductions;
    const auto* logits = reductions.findChild<QComboBox*>();
    ASSERT_NE(logits, nullptr);
    for (const auto* box : reductions.findChildren<QComboBox*>())
        EXPECT_EQ(box->findText(QStringLiteral("e8m0")), -1);
}

TEST(InnerProductsPanel, AddMenuOffersEachPresetWithItsSource)
{
    InnerProductsPanel panel;
    QMenu* cores = nullptr;
    for (QAction* a : panel.addButton()->menu()->actions())
        if (a->menu() != nullptr)
            cores = a->menu();
    ASSERT_NE(cores, nullptr);
    QAction* h100 = nullptr;
    for (QAction* a : cores->actions())
        if (a->text().startsWith(QStringLiteral("h100-fp8")))
            h100 = a;
    ASSERT_NE(h100, nullptr);
    EXPECT_TRUE(h100->toolTip().contains(QStringLiteral("Khattak and Mikaitis"))) << h100->toolTip().toStdString();
    panel.inputsBox()->setCurrentText(QStringLiteral("e4m3fn"));
    type(panel.accumulatorField(), QStringLiteral("fp32"));
    h100->trigger();
    EXPECT_EQ(panel.accumulatorField()->text(), QStringLiteral("fp32,h100-fp8"));
    ASSERT_TRUE(panel.data());
    EXPECT_NE(curve(*panel.data(), "h100-fp8", true), nullptr);
}

TEST(InnerProductsPanel, LongSweepsRunInTheBackgroundAndCancel)
{
    InnerProductsPanel panel;
    const int before = panel.data()->setup.maxLog2K;
    QSignalSpy finished(panel.job(), &LessonJob::finished);
    panel.maxKBox()->setCurrentIndex(panel.maxKBox()->findData(QStringLiteral("1048576")));
    ASSERT_TRUE(panel.job()->running());
    EXPECT_TRUE(panel.job()->isVisibleTo(&panel));
    panel.job()->cancel();
    ASSERT_TRUE(finished.wait(30000));
    EXPECT_FALSE(panel.job()->running());
    EXPECT_EQ(panel.data()->setup.maxLog2K, before) << "the last result stays";
    // A sweep that finishes replaces it.
    type(panel.accumulatorField(), QStringLiteral("fp32,bf16,fp16,tf32"));
    panel.maxKBox()->setCurrentIndex(panel.maxKBox()->findData(QStringLiteral("262144")));
    panel.recompute();
    ASSERT_TRUE(panel.job()->running());
    ASSERT_TRUE(finished.wait(60000));
    EXPECT_EQ(panel.data()->setup.maxLog2K, 18);
    EXPECT_EQ(panel.data()->curves.front().points.back().k, std::size_t{1} << 18);
}

// --- One dot product opened up ------------------------------------------------------------------

// V100's 4-product blocks: every digit a term loses in the alignment is accounted for (the exact
// block sum is the aligned sum plus what was cut off), and the stored value is the aligned sum
// rounded toward zero.
TEST(DotTracePanel, OpensOnV100BlocksWithEveryCutDigitAccountedFor)
{
    DotTracePanel panel;
    ASSERT_TRUE(panel.data());
    const DotTraceData& d = *panel.data();
    EXPECT_EQ(d.a.size(), 8u);
    ASSERT_EQ(d.steps(), 2u);
    EXPECT_EQ(d.step, 1u);
    EXPECT_EQ(panel.playback()->lastStep(), 2);
    for (const dot::TraceStep& s : d.trace.steps) {
        mpq_class dropped = 0;
        for (const dot::AlignedTerm& t : s.terms)
            dropped += ExactValue::fromDyadic(t.dropped).value();
        EXPECT_EQ(s.exact, ExactValue::fromDyadic(s.alignedSum).value() + dropped);
        RoundOptions towardZero;
        towardZero.mode = RoundingMode::TowardZero;
        EXPECT_EQ(ExactValue::fromDyadic(s.result),
                  ExactValue::fromCode(namedFormat("fp32"),
                                       roundExact(ExactValue::fromDyadic(s.alignedSum), namedFormat("fp32"), towardZero).code));
    }
    // The rows of step 1: its four products, the aligned sum, what is stored, the exact sum.
    const std::vector<BitRow> rows = DotTraceFigure::bitRows(d);
    ASSERT_EQ(rows.size(), 7u);
    EXPECT_TRUE(rows[0].cut.has_value());
}

TEST(DotTracePanel, PlaybackStepsThroughTheTrace)
{
    DotTracePanel panel;
    const QByteArray first = svgOf(*panel.makeFigure());
    emit panel.playback()->positionRequested(2);
    EXPECT_EQ(panel.data()->step, 2u);
    EXPECT_EQ(panel.playback()->position(), 2);
    EXPECT_NE(svgOf(*panel.makeFigure()), first);
    emit panel.playback()->positionRequested(0);  // the products alone
    EXPECT_EQ(DotTraceFigure::bitRows(*panel.data()).size(), 9u);  // eight products and their exact sum
    std::string error;
    const auto exported = exportViewFigure("dot-trace", {"--step", "0"}, error);
    ASSERT_NE(exported, nullptr) << error;
    EXPECT_EQ(svgOf(*exported), svgOf(*panel.makeFigure()));
}

// Typed values are rounded once to the inputs: 256 + 1 in a bf16 accumulator is a tie, kept at 256.
TEST(DotTracePanel, TypedValuesShowTheTieThatStallsBf16)
{
    DotTracePanel panel;
    panel.inputsBox()->setCurrentText(QStringLiteral("bf16"));
    panel.accumulatorField()->setText(QStringLiteral("bf16"));
    panel.sourceBox()->setCurrentIndex(1);
    type(panel.aField(), QStringLiteral("256, 1, 0.1"));
    type(panel.bField(), QStringLiteral("1, 1, 1"));
    panel.recompute();
    ASSERT_TRUE(panel.data());
    const DotTraceData& d = *panel.data();
    ASSERT_EQ(d.steps(), 3u);
    EXPECT_EQ(d.b[2], 0x3F80u);
    EXPECT_EQ(d.a[2], static_cast<std::uint32_t>(roundExact(ExactValue::fromRational(mpq_class(1, 10)), namedFormat("bf16")).code));
    EXPECT_EQ(ExactValue::fromDyadic(d.trace.steps[1].result), whole(256));
    EXPECT_EQ(d.trace.steps[1].exact, mpq_class(257));
    // Lists of other lengths get a red hint, and the figure stays.
    const QByteArray before = svgOf(*panel.makeFigure());
    type(panel.bField(), QStringLiteral("1, 1"));
    panel.recompute();
    EXPECT_FALSE(panel.bField()->hint().isEmpty());
    EXPECT_EQ(svgOf(*panel.makeFigure()), before);
}

// --- Reductions ---------------------------------------------------------------------------------

// Near a mean of 100 E[x²] − E[x]² cancels, worst in bf16; two passes in fp32 keep five digits.
TEST(ReductionsPanel, OpensOnMomentsWhereTheSumOfSquaresCancels)
{
    ReductionsPanel panel;
    ASSERT_TRUE(panel.data());
    const auto& rows = panel.data()->moments;
    ASSERT_EQ(rows.size(), 6u);
    const auto row = [&](const char* format, reduce::VarianceMethod m) {
        for (const reduce::MomentsRow& r : rows)
            if (r.format.name() == format && r.method == m)
                return r;
        return reduce::MomentsRow{namedFormat("fp64")};
    };
    EXPECT_LT(*row("fp32", reduce::VarianceMethod::TwoPass).varianceError, 1e-4);
    EXPECT_GT(*row("fp32", reduce::VarianceMethod::SumOfSquares).varianceError,
              100 * *row("fp32", reduce::VarianceMethod::TwoPass).varianceError);
    EXPECT_GT(*row("bf16", reduce::VarianceMethod::SumOfSquares).varianceError, 0.1);
}

// The figure says why, not only what: bf16's running sum of values near 100 ends at 32768, where
// its gap is 256, so the mean comes out as 8; fp32, whose mean is right, gets no such sentence.
TEST(ReductionsPanel, MomentsSayWhyTheBf16MeanIsEight)
{
    ReductionsPanel panel;
    ASSERT_TRUE(panel.data());
    const QStringList lines = ReductionsFigure::sentences(*panel.data());
    const QString all = lines.join(QLatin1Char('\n'));
    EXPECT_TRUE(all.contains(QStringLiteral("the running sum of the values ends at 32768, where bf16's gap is 256")))
        << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("so the mean comes out as 8 instead of 100.033"))) << all.toStdString();
    for (const QString& line : lines) {
        if (line.startsWith(QLatin1String("fp32"))) {
            EXPECT_FALSE(line.contains(QLatin1String("Why:"))) << line.toStdString();
        }
    }
}

// The trap: e2m1's row said its running sum "ends at 4096, where e2m1's gap is 2", a sum it never
// held (mean x count). The sentence now reads the sum the format left (6, saturated), and says why
// only where the values were absorbed, which for e2m1 they were not.
TEST(ReductionsFigure, WhyIsSaidOnlyWhereTheSumAbsorbedTheValues)
{
    ReductionsSetup setup;
    setup.reduction = Reduction::Moments;
    setup.setFormats({namedFormat("bf16"), namedFormat("e2m1")});
    const auto data = ReductionsData::compute(setup);
    ASSERT_TRUE(data);
    for (const QString& line : ReductionsFigure::sentences(*data)) {
        if (line.startsWith(QLatin1String("e2m1"))) {
            EXPECT_FALSE(line.contains(QLatin1String("Why:"))) << line.toStdString();
        }
    }
    EXPECT_TRUE(ReductionsFigure::sentences(*data).join(QLatin1Char(' ')).contains(QStringLiteral("ends at 32768")));
}

// Every curve of the inner products is in the legend under the axis, dashed where promoted.
TEST(InnerProductsPanel, EveryCurveIsInTheLegend)
{
    InnerProductsPanel panel;
    const auto figure = panel.makeFigure();
    ASSERT_NE(figure, nullptr);
    QMap<QString, int> seen;
    for (const test::SvgItem& t : test::textsOf(test::svgOf(*figure)))
        ++seen[t.text];
    for (const char* name : {"fp32", "bf16", "fp16", "bf16 → fp32 every 128", "fp16 → fp32 every 128"})
        EXPECT_GE(seen.value(QString::fromUtf8(name)), 2) << name << ": in the legend and the table";
}

TEST(ReductionsPanel, TheFullSoftmaxRunsInTheBackgroundAndCancels)
{
    ReductionsPanel panel;
    QSignalSpy finished(panel.job(), &LessonJob::finished);
    panel.setReduction(Reduction::Softmax);  // 151,936 logits
    ASSERT_TRUE(panel.job()->running());
    panel.job()->cancel();
    ASSERT_TRUE(finished.wait(30000));
    EXPECT_EQ(panel.data()->setup.reduction, Reduction::Moments) << "the last result stays";
    // A small vocabulary runs at once; fp16 without the max overflows past e^11.09.
    type(panel.field(QStringLiteral("vocab")), QStringLiteral("5000"));
    type(panel.field(QStringLiteral("std")), QStringLiteral("4"));
    panel.recompute();
    ASSERT_EQ(panel.data()->setup.reduction, Reduction::Softmax);
    bool overflowed = false;
    for (const reduce::SoftmaxRow& r : panel.data()->softmax)
        if (r.format.name() == "fp16" && !r.subtractMax)
            overflowed = r.overflowed > 0 && !r.relativeError;
    EXPECT_TRUE(overflowed);
}

TEST(ReductionsPanel, BadFieldsGetTheirHintsAndTheFigureStays)
{
    ReductionsPanel panel;
    panel.setReduction(Reduction::RmsNorm);
    const QByteArray before = svgOf(*panel.makeFigure());
    type(panel.field(QStringLiteral("eps")), QStringLiteral("two"));
    panel.recompute();
    EXPECT_FALSE(panel.field(QStringLiteral("eps"))->hint().isEmpty());
    EXPECT_EQ(svgOf(*panel.makeFigure()), before);
    panel.field(QStringLiteral("eps"))->setText(QStringLiteral("1e-6"));
    panel.formatList()->setChecked({"fp32", "fp64"});
    panel.recompute();
    EXPECT_EQ(svgOf(*panel.makeFigure()), before) << "fp64 is refused";
}

}  // namespace
}  // namespace floatscope::gui
