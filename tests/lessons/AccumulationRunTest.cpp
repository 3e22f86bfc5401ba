// The accumulation lesson's kept runs (core/lessons/AccumulationRun): a step reached by seeking from
// a checkpoint holds the same bits as a run added one step at a time, with each add checked against
// IEEE 754's sum from the exact rational (GMP); the chart buckets hold that run's extremes; a
// cancelled run says so; progress rises to 1.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <random>

#include "LessonsTestSupport.h"
#include "core/format/Registry.h"
#include "core/lessons/AccumulationRun.h"

namespace floatscope {
namespace {

using test::value;
using test::gmpSum;

AccumulationSetup onePlusAThousandth(std::int64_t steps)
{
    AccumulationSetup s;
    s.start = value("1");
    s.delta = value("1e-3");
    s.steps = steps;
    return s;
}

// The stored sum after every step, each add rounded from the exact rational (shares no code with
// the adder or the run).
std::vector<std::uint64_t> referenceSums(const Format& f, const AccumulationSetup& setup)
{
    const std::uint64_t delta = roundExact(setup.delta, f).code;
    std::vector<std::uint64_t> sums = {roundExact(setup.start, f).code};
    for (std::int64_t i = 0; i < setup.steps; ++i)
        sums.push_back(gmpSum(f, sums.back(), delta));
    return sums;
}

// Each bucket holds the smallest and largest of the reference sums over its steps.
void expectExtremes(const std::vector<ChartBucket>& chart, const Format& f, const std::vector<std::uint64_t>& sums)
{
    for (const ChartBucket& b : chart) {
        double lo = INFINITY;
        double hi = -INFINITY;
        for (std::int64_t s = b.firstStep; s <= b.lastStep; ++s) {
            const double v = ExactValue::fromCode(f, sums[static_cast<std::size_t>(s)]).value().get_d();
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        EXPECT_EQ(b.min, lo) << b.firstStep;
        EXPECT_EQ(b.max, hi) << b.firstStep;
    }
}

TEST(AccumulationRun, SeekingFromACheckpointGivesTheBitsOfAStepByStepRun)
{
    const std::vector<Format> formats = {namedFormat("fp16"), namedFormat("bf16"), namedFormat("e4m3fn")};
    const AccumulationSetup setup = onePlusAThousandth(3000);  // 12 steps between checkpoints
    AccumulationRun run(formats, setup);
    ASSERT_TRUE(run.compute());
    EXPECT_TRUE(run.computed());
    std::vector<std::vector<std::uint64_t>> reference;
    for (const Format& f : formats)
        reference.push_back(referenceSums(f, setup));

    // Forward, backward, near and far, from a cursor kept between seeks as the panel keeps it.
    std::vector<Accumulator> cursor;
    std::mt19937 random(7);
    std::vector<std::int64_t> steps = {0, 1, 11, 12, 13, 3000, 2999, 5, 1500, 1501, 1512, 1513, 1400};
    for (int i = 0; i < 40; ++i)
        steps.push_back(std::uniform_int_distribution<std::int64_t>(0, 3000)(random));
    for (const std::int64_t step : steps) {
        run.seek(cursor, step);
        ASSERT_EQ(cursor.size(), formats.size());
        const std::vector<Accumulator> fresh = run.at(step);
        for (std::size_t f = 0; f < formats.size(); ++f) {
            EXPECT_EQ(cursor[f].stepsDone(), step);
            EXPECT_EQ(cursor[f].code(), reference[f][static_cast<std::size_t>(step)]) << formats[f].name() << " at " << step;
            EXPECT_EQ(fresh[f].code(), reference[f][static_cast<std::size_t>(step)]) << formats[f].name() << " at " << step;
        }
    }
    // Steps outside the run are clamped to it.
    run.seek(cursor, 5000);
    EXPECT_EQ(cursor.front().stepsDone(), 3000);
    run.seek(cursor, -4);
    EXPECT_EQ(cursor.front().stepsDone(), 0);
}

TEST(AccumulationRun, ChartBucketsHoldTheExtremesOfTheSteps)
{
    const Format fp16 = namedFormat("fp16");
    const AccumulationSetup setup = onePlusAThousandth(5000);
    AccumulationRun run({fp16}, setup);
    ASSERT_TRUE(run.compute());
    const std::vector<std::uint64_t> sums = referenceSums(fp16, setup);
    const std::vector<ChartBucket>& chart = run.chart(0);
    ASSERT_EQ(chart.size(), static_cast<std::size_t>(AccumulationRun::kChartBuckets));
    EXPECT_EQ(chart.front().firstStep, 0);
    EXPECT_EQ(chart.back().lastStep, 5000);
    expectExtremes(chart, fp16, sums);
    // The y range covers the exact line (1 .. 6) and fp16's sum, which stalls at 4.
    const auto [lo, hi] = run.valueRange();
    EXPECT_EQ(lo, 1.0);
    EXPECT_EQ(hi, 6.0);
}

// The trap: on a linear step axis the first 2,048 steps of a million are one bucket, and fp16's
// climb to 4 is a single stroke. The logarithmic chart keeps the early steps, each bucket the
// extremes of the reference run's sums over its steps, and still reaches the last step.
TEST(AccumulationRun, LogChartResolvesTheEarlyStepsWhereASumStalls)
{
    const Format fp16 = namedFormat("fp16");
    const AccumulationSetup setup = onePlusAThousandth(100'000);
    AccumulationRun run({fp16}, setup);
    ASSERT_TRUE(run.compute());
    const std::vector<std::uint64_t> sums = referenceSums(fp16, setup);
    const std::vector<ChartBucket>& chart = run.logChart(0);
    EXPECT_EQ(chart.front().firstStep, 0);
    EXPECT_EQ(chart.back().lastStep, 100'000);
    expectExtremes(chart, fp16, sums);
    std::size_t early = 0;
    for (std::size_t i = 0; i < chart.size(); ++i) {
        if (i > 0) {
            EXPECT_EQ(chart[i].firstStep, chart[i - 1].lastStep + 1);
        }
        early += chart[i].lastStep < 2049 ? 1 : 0;
    }
    EXPECT_GT(early, 500u) << "buckets before fp16 stalls at step 2,049 (the linear chart has 41)";
    EXPECT_EQ(chart.back().min, 4.0);
}

TEST(AccumulationRun, ARunStuckAtAFixedPointStillFillsItsChart)
{
    // bf16 never moves from 1: the run skips to the end, and the chart still reaches the last step.
    AccumulationRun run({namedFormat("bf16")}, onePlusAThousandth(1'000'000));
    ASSERT_TRUE(run.compute());
    EXPECT_EQ(run.chart(0).back().lastStep, 1'000'000);
    EXPECT_EQ(run.chart(0).back().max, 1.0);
    EXPECT_EQ(run.at(777'777).front().code(), 0x3f80u);
}

TEST(AccumulationRun, ProgressRisesToOneAndCancelStopsTheRun)
{
    const std::vector<Format> formats = {namedFormat("fp32"), namedFormat("fp16")};
    AccumulationRun run(formats, onePlusAThousandth(10'000));
    std::vector<double> shares;
    ASSERT_TRUE(run.compute(nullptr, [&](double share) { shares.push_back(share); }));
    ASSERT_FALSE(shares.empty());
    EXPECT_TRUE(std::is_sorted(shares.begin(), shares.end()));
    EXPECT_DOUBLE_EQ(shares.back(), 1.0);
    EXPECT_GT(shares.front(), 0.0);

    std::atomic<bool> cancel{true};
    AccumulationRun cancelled(formats, onePlusAThousandth(10'000));
    EXPECT_FALSE(cancelled.compute(&cancel));
    EXPECT_FALSE(cancelled.computed());
}

}  // namespace
}  // namespace floatscope
