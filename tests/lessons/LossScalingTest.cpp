// Loss scaling: exact products into fp16 at the rounding boundaries, the analytic shares against a
// large sample, and dynamic scaling against GradScaler's rule replayed here.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include <cmath>
#include <vector>

#include "core/format/Registry.h"
#include "core/lessons/LossScaling.h"

namespace floatscope {
namespace {

const Format& fp16() { return namedFormat("fp16"); }

StorageZone zoneOf(double g, double scale)
{
    const ZoneCounts c = scaledZones(fp16(), std::vector<double>{g}, scale);
    for (std::size_t z = 0; z < kStorageZones; ++z)
        if (c.counts[z] == 1)
            return static_cast<StorageZone>(z);
    ADD_FAILURE() << "no zone";
    return StorageZone::Zero;
}

TEST(LossScaling, ScalingMovesGradientsAcrossTheWindow)
{
    // lecture 10: small gradients are zero in fp16 until the loss scale lifts them.
    EXPECT_EQ(zoneOf(1e-8, 1), StorageZone::Underflow);
    EXPECT_EQ(zoneOf(1e-8, 1024), StorageZone::Subnormal);
    EXPECT_EQ(zoneOf(1e-8, 1 << 20), StorageZone::Normal);
    EXPECT_EQ(zoneOf(0.1, 1 << 20), StorageZone::Overflow);
    EXPECT_EQ(zoneOf(std::ldexp(1.0, -25), 1), StorageZone::Underflow);  // a tie to 0
    EXPECT_EQ(zoneOf(std::ldexp(1.0, -26), 2), StorageZone::Underflow);
    EXPECT_EQ(zoneOf(std::ldexp(1.0, -25), 2), StorageZone::Subnormal);
    // A scale that is no power of two: the product is still exact before its one rounding.
    EXPECT_EQ(zoneOf(21840.0, 3), StorageZone::Overflow);  // 65520, the tie that overflows
    EXPECT_EQ(zoneOf(std::nextafter(21840.0, 0.0), 3), StorageZone::Normal);
}

TEST(LossScaling, AnalyticSharesMatchALargeSample)
{
    for (const LogNormal d : {LogNormal{1e-5, 1.0}, LogNormal{1e-7, 0.7}, LogNormal{3e-3, 1.5}}) {
        const std::vector<double> sample = sampleLogNormal(d, 200000, 17);
        for (const double scale : {1.0, 256.0, 65536.0, 16777216.0}) {
            const ZoneShares analytic = logNormalZones(fp16(), d, scale);
            const ZoneCounts counted = scaledZones(fp16(), sample, scale);
            EXPECT_NEAR(analytic.underflow + analytic.subnormal + analytic.normal + analytic.overflow, 1.0, 1e-12);
            // Binomial standard error at 2e5 samples is at most 0.0011; allow 5 of them.
            EXPECT_NEAR(counted.share(StorageZone::Underflow), analytic.underflow, 0.0056) << scale;
            EXPECT_NEAR(counted.share(StorageZone::Subnormal), analytic.subnormal, 0.0056) << scale;
            EXPECT_NEAR(counted.share(StorageZone::Normal), analytic.normal, 0.0056) << scale;
            EXPECT_NEAR(counted.share(StorageZone::Overflow), analytic.overflow, 0.0056) << scale;
        }
    }
}

TEST(LossScaling, SamplesAreLogNormalAndReplayable)
{
    const std::vector<double> a = sampleLogNormal({1e-4, 0.5}, 100000, 5);
    EXPECT_EQ(a, sampleLogNormal({1e-4, 0.5}, 100000, 5));
    EXPECT_NE(a, sampleLogNormal({1e-4, 0.5}, 100000, 6));
    double sum = 0, sumSquares = 0;
    int negative = 0;
    for (const double g : a) {
        const double l = std::log10(std::fabs(g));
        sum += l;
        sumSquares += l * l;
        negative += g < 0 ? 1 : 0;
    }
    const double mean = sum / 1e5;
    EXPECT_NEAR(mean, -4.0, 0.01);
    EXPECT_NEAR(std::sqrt(sumSquares / 1e5 - mean * mean), 0.5, 0.01);
    EXPECT_NEAR(negative / 1e5, 0.5, 0.01);
}

TEST(DynamicScaling, ReplaysGradScalersRule)
{
    // Every gradient 0.01: the step overflows exactly when 0.01 * S >= 65520, i.e. S >= 2^23.
    DynamicScalingSetup setup;
    setup.values = {0.01, -0.01};
    setup.gradientsPerStep = 16;
    const DynamicScalingRun run = simulateDynamicScaling(fp16(), setup);
    ASSERT_EQ(run.steps.size(), 40u);
    double scale = setup.initialScale;
    int good = 0;
    std::int64_t skipped = 0;
    for (const ScalingStep& s : run.steps) {
        EXPECT_EQ(s.scale, scale) << s.step;
        const bool overflow = 0.01 * scale >= 65520;
        EXPECT_EQ(s.overflow, overflow) << s.step;
        if (overflow) {
            scale *= 0.5;
            good = 0;
            ++skipped;
        } else if (++good == 10) {
            EXPECT_TRUE(s.grew) << s.step;
            scale *= 2;
            good = 0;
        }
    }
    EXPECT_EQ(run.skipped, skipped);
    EXPECT_EQ(run.finalScale, scale);
    // By hand: overflows at 0, 1 (2^24, 2^23), then 10 good steps at 2^22, growth, overflow at 12, ...
    std::vector<std::int64_t> overflowSteps;
    for (const ScalingStep& s : run.steps)
        if (s.overflow)
            overflowSteps.push_back(s.step);
    EXPECT_EQ(overflowSteps, (std::vector<std::int64_t>{0, 1, 12, 23, 34}));
    EXPECT_EQ(run.finalScale, std::ldexp(1.0, 22));
}

// Zero gradients never overflow: the scale grows until the next growth would be infinite, and
// stays there (PyTorch's _amp_update_scale_ skips a non-finite growth); all-inf gradients back off
// until the next back-off would reach zero.
TEST(DynamicScaling, ScaleStaysFiniteAndNonzero)
{
    DynamicScalingSetup growing;
    growing.values = {0.0};
    growing.gradientsPerStep = 1;
    growing.growthInterval = 1;
    growing.steps = 2000;
    growing.initialScale = 64;
    const DynamicScalingRun up = simulateDynamicScaling(fp16(), growing);
    EXPECT_EQ(up.finalScale, std::ldexp(1.0, 1023));
    EXPECT_FALSE(up.steps.back().grew);

    DynamicScalingSetup shrinking;
    shrinking.values = {std::numeric_limits<double>::infinity()};
    shrinking.gradientsPerStep = 1;
    shrinking.steps = 2000;
    const DynamicScalingRun down = simulateDynamicScaling(fp16(), shrinking);
    EXPECT_GT(down.finalScale, 0.0);
    EXPECT_TRUE(std::isnormal(down.finalScale));
    EXPECT_EQ(down.skipped, 2000);
}

TEST(DynamicScaling, TooLargeAStartBacksOffThenProbes)
{
    // lecture 10's demo 4: "from a scale that is too large the first steps overflow one after another,
    // each halving it; then it settles, and every so often tries doubling".
    const DynamicScalingRun run = simulateDynamicScaling(fp16(), DynamicScalingSetup{});
    ASSERT_FALSE(run.steps.empty());
    EXPECT_TRUE(run.steps.front().overflow);
    std::size_t firstGood = 0;
    while (firstGood < run.steps.size() && run.steps[firstGood].overflow)
        ++firstGood;
    ASSERT_LT(firstGood, run.steps.size());
    for (std::size_t i = 1; i <= firstGood; ++i)
        EXPECT_EQ(run.steps[i].scale, run.steps[i - 1].scale / 2);
    bool grew = false;
    for (const ScalingStep& s : run.steps)
        grew = grew || s.grew;
    EXPECT_TRUE(grew);
}

// What the lesson draws, put together: pasted gradients with one of each fate in fp16 (2^-25 and
// below is lost, subnormals below 2^-14, overflow above 65504 + 16), at S and at lecture 10's scales.
TEST(LossScalingLesson, PastedGradientsLandWhereFp16SaysAtEachScale)
{
    const std::vector<double> values = {1e-9, 1e-6, 0.01, 1e5};
    DynamicScalingSetup dynamic;
    dynamic.steps = 3;
    const LossScalingData d = LossScalingData::compute(fp16(), LogNormal{}, values, 0, dynamic);
    EXPECT_TRUE(d.fromValues);
    EXPECT_EQ(d.valueCount, 4);
    EXPECT_EQ(d.shares.underflow, 0.25);
    EXPECT_EQ(d.shares.subnormal, 0.25);
    EXPECT_EQ(d.shares.normal, 0.25);
    EXPECT_EQ(d.shares.overflow, 0.25);
    EXPECT_EQ(d.bar.log2MinSubnormal, -24);
    // Lecture 10's table: S = 2^0, 2^4, ..., 2^24. At 2^12, 1e-9 x 4096 = 4.1e-6 is a subnormal and
    // 1e-6 x 4096 = 0.004 a normal number; at 2^24 even 1e-9 is normal (0.0168) and 0.01 overflows.
    ASSERT_EQ(d.sweep.size(), 7u);
    EXPECT_EQ(d.sweep[3].log2Scale, 12);
    EXPECT_EQ(d.sweep[3].shares.underflow, 0.0);
    EXPECT_EQ(d.sweep[3].shares.subnormal, 0.25);
    EXPECT_EQ(d.sweep[3].shares.normal, 0.5);
    EXPECT_EQ(d.sweep[6].log2Scale, 24);
    EXPECT_EQ(d.sweep[6].shares.normal, 0.5);
    EXPECT_EQ(d.sweep[6].shares.overflow, 0.5);
    // The histogram is of |g| before scaling, a bin per half binade; the dynamic run draws from
    // the same values.
    std::int64_t counted = 0;
    for (const std::int64_t c : d.histogram.counts)
        counted += c;
    EXPECT_EQ(counted, 4);
    EXPECT_EQ(d.histogram.binWidth, 0.5);
    EXPECT_EQ(d.dynamic.values, values);
    EXPECT_EQ(d.run.steps.size(), 3u);
}

TEST(LossScalingLesson, ALogNormalUsesItsExactSharesAndKeepsARunWhenOnlySMoves)
{
    const LogNormal gradients{1e-5, 1.0};
    DynamicScalingSetup dynamic;
    dynamic.steps = 5;
    const LossScalingData first = LossScalingData::compute(fp16(), gradients, {}, 0, dynamic);
    EXPECT_FALSE(first.fromValues);
    EXPECT_EQ(first.valueCount, LossScalingData::kSamples);
    // The shares are the distribution's own, not the sample's: below 2^-25 (half fp16's smallest
    // subnormal) lies Phi(log10(2^-25) - log10(1e-5)) = Phi(-2.526) = 0.577% of |g|.
    const double z = std::log10(std::ldexp(1.0, -25)) + 5;
    EXPECT_NEAR(first.shares.underflow, 0.5 * std::erfc(-z / std::sqrt(2.0)), 1e-12);
    EXPECT_NEAR(first.shares.underflow, 0.00577, 5e-5);
    EXPECT_EQ(first.dynamic.gradients.median, 1e-5);
    // Moving S alone keeps the dynamic run it is given.
    DynamicScalingRun kept = first.run;
    kept.skipped = 12345;
    const LossScalingData moved = LossScalingData::compute(fp16(), gradients, {}, 12, dynamic, &kept);
    EXPECT_EQ(moved.run.skipped, 12345);
    EXPECT_LT(moved.shares.underflow, first.shares.underflow);
}

}  // namespace
}  // namespace floatscope
