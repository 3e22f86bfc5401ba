// Chart decimation against buckets computed the plain way from the whole series.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "core/lessons/ChartTrace.h"

namespace floatscope {
namespace {

// Bucket of step s out of L + 1 steps in B buckets: floor(s * B / (L + 1)).
std::vector<ChartBucket> plainBuckets(const std::vector<double>& series, int buckets)
{
    const auto n = static_cast<std::int64_t>(series.size());
    const std::int64_t b = std::min<std::int64_t>(buckets, n);
    std::vector<ChartBucket> out;
    for (std::int64_t s = 0; s < n; ++s) {
        const std::int64_t index = s * b / n;
        if (static_cast<std::int64_t>(out.size()) <= index)
            out.push_back({s, s, series[s], series[s], series[s], series[s]});
        ChartBucket& c = out.back();
        c.lastStep = s;
        c.last = series[s];
        c.min = std::min(c.min, series[s]);
        c.max = std::max(c.max, series[s]);
    }
    return out;
}

void expectSame(const std::vector<ChartBucket>& actual, const std::vector<ChartBucket>& expected)
{
    ASSERT_EQ(actual.size(), expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        EXPECT_EQ(actual[i].firstStep, expected[i].firstStep) << i;
        EXPECT_EQ(actual[i].lastStep, expected[i].lastStep) << i;
        EXPECT_EQ(actual[i].first, expected[i].first) << i;
        EXPECT_EQ(actual[i].last, expected[i].last) << i;
        EXPECT_EQ(actual[i].min, expected[i].min) << i;
        EXPECT_EQ(actual[i].max, expected[i].max) << i;
    }
}

TEST(ChartRecorder, BucketsAreMinMaxFirstLastOfTheirSteps)
{
    std::mt19937 rng(1);
    std::normal_distribution<double> noise;
    for (const std::int64_t last : {0, 1, 5, 99, 1000, 12345}) {
        for (const int buckets : {1, 3, 7, 640, 5000, 20000}) {
            std::vector<double> series(static_cast<std::size_t>(last + 1));
            for (double& v : series)
                v = noise(rng);
            ChartRecorder recorder(last, buckets);
            for (std::int64_t s = 0; s <= last; ++s)
                recorder.add(s, series[static_cast<std::size_t>(s)]);
            expectSame(recorder.buckets(), plainBuckets(series, buckets));
        }
    }
}

TEST(ChartRecorder, FillEqualsAddingTheSameValue)
{
    for (const std::int64_t from : {1, 2, 50, 333, 999, 1000, 1001}) {
        std::vector<double> series(1001);
        for (std::size_t s = 0; s < series.size(); ++s)
            series[s] = static_cast<std::int64_t>(s) < from ? static_cast<double>(s % 17) : 42.0;
        ChartRecorder recorder(1000, 64);
        for (std::int64_t s = 0; s < from && s <= 1000; ++s)
            recorder.add(s, series[static_cast<std::size_t>(s)]);
        recorder.fill(from, 42.0);
        expectSame(recorder.buckets(), plainBuckets(series, 64));
    }
}

TEST(ChartRecorder, DecimateMergesNeighbours)
{
    std::vector<double> series(10000);
    for (std::size_t s = 0; s < series.size(); ++s)
        series[s] = static_cast<double>((s * 7919) % 1000);
    ChartRecorder recorder(9999, 1000);
    for (std::int64_t s = 0; s < 10000; ++s)
        recorder.add(s, series[static_cast<std::size_t>(s)]);
    // 1000 equal buckets merged ten at a time are the 100-bucket chart.
    expectSame(decimate(recorder.buckets(), 100), plainBuckets(series, 100));
    EXPECT_EQ(decimate(recorder.buckets(), 5000).size(), 1000u);
}

// Log spacing, against the series itself: the buckets tile 0..L in order, each keeps the first,
// last, smallest and largest value of its own steps, and none spans more than one B-th of
// log(L + 2) unless it is a single step (the early steps each get a bucket).
TEST(ChartRecorder, LogSpacedBucketsTileTheStepsAndGrowByAConstantFactor)
{
    std::mt19937 rng(3);
    std::normal_distribution<double> noise;
    for (const std::int64_t last : {0, 1, 9, 1000, 123456}) {
        for (const int buckets : {1, 16, 2048}) {
            std::vector<double> series(static_cast<std::size_t>(last + 1));
            for (double& v : series)
                v = noise(rng);
            ChartRecorder recorder(last, buckets, ChartSpacing::Logarithmic);
            for (std::int64_t s = 0; s <= last; ++s)
                recorder.add(s, series[static_cast<std::size_t>(s)]);
            const std::vector<ChartBucket>& got = recorder.buckets();
            ASSERT_FALSE(got.empty());
            EXPECT_LE(got.size(), static_cast<std::size_t>(buckets));
            EXPECT_EQ(got.front().firstStep, 0);
            EXPECT_EQ(got.back().lastStep, last);
            // At most one bucket per step: B is min(buckets, L + 1), as for linear spacing.
            const double factor = std::pow(static_cast<double>(last) + 2, 1.0 / std::min<double>(buckets, static_cast<double>(last + 1)));
            for (std::size_t i = 0; i < got.size(); ++i) {
                const ChartBucket& b = got[i];
                if (i > 0) {
                    EXPECT_EQ(b.firstStep, got[i - 1].lastStep + 1);
                }
                const auto begin = series.begin() + b.firstStep;
                const auto end = series.begin() + b.lastStep + 1;
                EXPECT_EQ(b.first, *begin);
                EXPECT_EQ(b.last, *(end - 1));
                EXPECT_EQ(b.min, *std::min_element(begin, end));
                EXPECT_EQ(b.max, *std::max_element(begin, end));
                if (b.lastStep > b.firstStep) {
                    EXPECT_LE(static_cast<double>(b.lastStep + 1) / static_cast<double>(b.firstStep + 1),
                              factor * (1 + 1e-9) + 1.0 / static_cast<double>(b.firstStep + 1))
                        << "bucket " << i << " of " << last << " / " << buckets;
                }
            }
            // Filling from the middle equals adding the same value step by step.
            ChartRecorder filled(last, buckets, ChartSpacing::Logarithmic);
            ChartRecorder added(last, buckets, ChartSpacing::Logarithmic);
            const std::int64_t from = last / 3;
            for (std::int64_t s = 0; s < from; ++s) {
                filled.add(s, series[static_cast<std::size_t>(s)]);
                added.add(s, series[static_cast<std::size_t>(s)]);
            }
            filled.fill(from, 7.0);
            for (std::int64_t s = from; s <= last; ++s)
                added.add(s, 7.0);
            expectSame(filled.buckets(), added.buckets());
        }
    }
}

}  // namespace
}  // namespace floatscope
