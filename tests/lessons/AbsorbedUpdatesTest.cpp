// Absorbed updates: the shares against a loop that adds with GMP, and the threshold against every
// code of each small format.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "core/arith/ExactArithmetic.h"
#include "core/exact/ExactValue.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/lessons/AbsorbedUpdates.h"
#include "LessonsTestSupport.h"

namespace floatscope {
namespace {

using test::finiteCode;
using test::gmpSum;
using test::value;

bool sameStoredValue(const Format& f, std::uint64_t a, std::uint64_t b)
{
    if (finiteCode(f, a) && finiteCode(f, b))
        return ExactValue::fromCode(f, a).value() == ExactValue::fromCode(f, b).value();
    return ExactValue::fromCode(f, a) == ExactValue::fromCode(f, b);
}

// The threshold by brute force: the largest magnitude of a finite code w (either sign) with
// w + u != w; the threshold is the next value above it. The sums are rounded from exactSum (checked
// against GMP in ExactArithmeticTest), which is not the route FormatAdder takes for these formats.
std::optional<Dyadic> bruteForceThreshold(const Format& f, std::uint64_t u)
{
    if (f.classify(u) == ValueClass::Zero)
        return Dyadic{false, 0, 0};
    const Dyadic update = decode(f, u).value;
    std::optional<std::uint64_t> largest;
    for (std::uint64_t w = 0; w < (std::uint64_t{1} << f.totalBits()); ++w) {
        if (!finiteCode(f, w))
            continue;
        const std::uint64_t sum = roundToFormat(exactSum(decode(f, w).value, update), f).code;
        if (!sameStoredValue(f, sum, w))
            largest = std::max(largest.value_or(0), w & f.magnitudeMask());
    }
    if (!largest)
        return f.minSubnormal();
    if (*largest >= f.maxFiniteMagnitude())
        return std::nullopt;
    return decode(f, *largest + 1).value;
}

TEST(AbsorptionThreshold, AgreesWithEveryCode)
{
    for (const char* name : {"fp16", "bf16", "e4m3fn", "e4m3", "e5m2", "e4m3fnuz", "e2m3", "e2m1", "e8m0"}) {
        const Format& f = namedFormat(name);
        std::vector<std::uint64_t> updates;
        for (const char* u : {"3e-3", "3e-4", "3e-5", "1e-3", "0.0625", "1", "2", "100", "1e-8"})
            updates.push_back(roundExact(value(u), f).code);
        // Exact ties: half the ulp at 1 and at 2.
        updates.push_back(roundExact(ExactValue::fromDyadic({false, 1, -f.mantissaBits() - 1}), f).code);
        updates.push_back(roundExact(ExactValue::fromDyadic({false, 1, -f.mantissaBits()}), f).code);
        for (const std::uint64_t u : updates) {
            if (!finiteCode(f, u))
                continue;
            const std::optional<Dyadic> expected = bruteForceThreshold(f, u);
            const std::optional<Dyadic> actual = absorptionThreshold(f, u);
            ASSERT_EQ(actual.has_value(), expected.has_value()) << name << " u " << u;
            if (expected) {
                EXPECT_EQ(*actual, *expected) << name << " u " << u;
            }
        }
    }
}

TEST(AbsorbedUpdates, SharesAgreeWithAGmpLoop)
{
    const std::vector<double> weights = generateWeights(3000, 0.05, 0.1, 9);
    for (const char* name : {"bf16", "fp16", "e4m3fn"}) {
        const Format& f = namedFormat(name);
        const Format& fp32 = namedFormat("fp32");
        for (const ExactValue& u : lectureUpdateSizes()) {
            const AbsorptionRow row = absorbedUpdates(f, weights, u);
            const std::uint64_t uf = roundExact(u, f).code;
            const std::uint64_t u32 = roundExact(u, fp32).code;
            std::int64_t absorbed = 0;
            std::int64_t master = 0;
            for (const double w : weights) {
                const std::uint64_t wf = roundExact(ExactValue::fromDouble(w), f).code;
                if (!finiteCode(f, wf) || sameStoredValue(f, gmpSum(f, wf, uf), wf))
                    ++absorbed;
                const std::uint64_t w32 = roundExact(ExactValue::fromDouble(w), fp32).code;
                master += sameStoredValue(fp32, gmpSum(fp32, w32, u32), w32) ? 1 : 0;
            }
            EXPECT_EQ(row.weights, 3000);
            EXPECT_EQ(row.absorbed, absorbed) << name << " " << u.rationalText();
            EXPECT_EQ(row.masterAbsorbed, master) << name << " " << u.rationalText();
            EXPECT_DOUBLE_EQ(row.share, absorbed / 3000.0);
        }
    }
}

TEST(AbsorbedUpdates, TheLectureNotesPoints)
{
    // A weight of 1 (a norm gain) in bf16 absorbs 1e-3 (lesson 14, the BF16 lesson) but not in fp16; with an
    // fp32 master copy, weights of this size keep every update down to 3e-5 (lecture 10).
    const std::vector<double> ones(10, 1.0);
    EXPECT_EQ(absorbedUpdates(namedFormat("bf16"), ones, value("1e-3")).share, 1.0);
    EXPECT_EQ(absorbedUpdates(namedFormat("fp16"), ones, value("1e-3")).share, 0.0);
    const std::vector<double> weights = generateWeights(20000, 0.02, 0.05, 1);
    for (const ExactValue& u : lectureUpdateSizes())
        EXPECT_EQ(absorbedUpdates(namedFormat("bf16"), weights, u).masterAbsorbed, 0) << u.rationalText();
    // The smaller the update, the more bf16 throws away.
    const std::vector<ExactValue> sizes = lectureUpdateSizes();
    EXPECT_LT(absorbedUpdates(namedFormat("bf16"), weights, sizes[0]).share,
              absorbedUpdates(namedFormat("bf16"), weights, sizes[2]).share);
    // Every |w| >= 1.0078125 absorbs bf16(3e-3) = 197 * 2^-16; -1 does not: the gap below 1 is 2^-8,
    // and 3e-3 is more than half of it.
    EXPECT_EQ(*absorbedUpdates(namedFormat("bf16"), ones, value("3e-3")).threshold, (Dyadic{false, 129, -7}));
    EXPECT_EQ(*absorptionThreshold(namedFormat("fp16"), 0), (Dyadic{false, 0, 0}));
}

TEST(AbsorbedUpdates, GeneratedWeightsAreReplayable)
{
    const std::vector<double> w = generateWeights(1000, 0.02, 0.25, 4);
    EXPECT_EQ(w, generateWeights(1000, 0.02, 0.25, 4));
    EXPECT_EQ(std::count(w.begin(), w.end(), 1.0), 250);
}

}  // namespace
}  // namespace floatscope
