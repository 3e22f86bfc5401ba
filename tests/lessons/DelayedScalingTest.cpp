// Delayed against current scaling into fp8: the spike step clips exactly the elements that the OCP
// spec's e4m3fn cannot hold, the history's window forgets the spike after `history` steps, and the
// error of every cast agrees with one recomputed in exact rationals from the engine's GMP rounding.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include <gmpxx.h>

#include "core/exact/ExactValue.h"
#include "core/format/Registry.h"
#include "core/lessons/DelayedScaling.h"
#include "core/round/Rounding.h"

namespace floatscope {
namespace {

float amaxOf(const std::vector<float>& x)
{
    float amax = 0;
    for (const float v : x)
        amax = std::max(amax, std::fabs(v));
    return amax;
}

// The lesson's default: e4m3fn, a 16x spike at step 40 of 64, a 16-step history.
const DelayedScalingSetup kSpike{};

TEST(DelayedScaling, TheTensorIsSeededNormalsOfTheStepsSize)
{
    EXPECT_EQ(delayedScalingSize(kSpike, 39), 1.0);
    EXPECT_EQ(delayedScalingSize(kSpike, 40), 16.0);
    EXPECT_EQ(delayedScalingSize(kSpike, 41), 1.0);
    DelayedScalingSetup drifting = kSpike;
    drifting.drift = 0.25;
    EXPECT_EQ(delayedScalingSize(drifting, 8), 4.0);
    const std::vector<float> x = delayedScalingTensor(kSpike, 7);
    ASSERT_EQ(x.size(), 4096u);
    EXPECT_EQ(x, delayedScalingTensor(kSpike, 7));  // replayable
    EXPECT_NE(x, delayedScalingTensor(kSpike, 8));
    double sum = 0;
    double squares = 0;
    for (const float v : x) {
        sum += v;
        squares += static_cast<double>(v) * v;
    }
    const double n = static_cast<double>(x.size());
    EXPECT_NEAR(sum / n, 0, 0.06);  // a standard normal's mean within 4 standard errors
    EXPECT_NEAR(squares / n, 1, 0.09);
}

TEST(DelayedScaling, CurrentScalingNeverClipsAndMapsTheAmaxToTheLargestValue)
{
    const DelayedScalingRun run = simulateDelayedScaling(kSpike);
    ASSERT_EQ(run.current.size(), 64u);
    for (std::size_t s = 0; s < run.current.size(); ++s) {
        const ScaledCast& c = run.current[s];
        EXPECT_EQ(c.clippedShare, 0) << "step " << s + 1;
        EXPECT_EQ(c.amax, amaxOf(delayedScalingTensor(kSpike, static_cast<int>(s) + 1)));
        EXPECT_EQ(c.scale, static_cast<double>(448.0f / static_cast<float>(c.amax)));  // OCP e4m3fn's max, 448
        EXPECT_GT(c.sqnrDb, 25) << "step " << s + 1;  // 3 mantissa bits: about 30 dB on normals
    }
}

TEST(DelayedScaling, TheSpikeClipsWhatE4m3fnCannotHoldAndTheWindowForgetsItAfterTheHistory)
{
    const DelayedScalingRun run = simulateDelayedScaling(kSpike);
    // Step 1 has no history: scale 1.
    EXPECT_EQ(run.delayed[0].scale, 1.0);
    // Step 40: the scale of the largest amax of steps 24..39.
    float assumed = 0;
    for (int step = 24; step <= 39; ++step)
        assumed = std::max(assumed, amaxOf(delayedScalingTensor(kSpike, step)));
    const ScaledCast& spike = run.delayed[39];
    EXPECT_EQ(spike.assumedAmax, assumed);
    const float scale = 448.0f / assumed;
    EXPECT_EQ(spike.scale, scale);
    // Clipped: x * scale (in fp32) beyond 464, the midpoint above 448 that nearest-even rounds to
    // 480, which e4m3fn lacks (OCP 8-bit formats v1.0, section 5.3: 464 itself ties to 448).
    const std::vector<float> x = delayedScalingTensor(kSpike, 40);
    std::size_t beyond = 0;
    for (const float v : x)
        beyond += std::fabs(v * scale) > 464.0f ? 1 : 0;
    EXPECT_GT(beyond, 400u);  // a 16x jump: every |x| above amax / 16 (about 1 sigma of the old size)
    EXPECT_EQ(spike.clippedShare, static_cast<double>(beyond) / static_cast<double>(x.size()));
    EXPECT_LT(spike.sqnrDb, run.current[39].sqnrDb - 15);
    // Steps 41..56 still see the spike in their history: the scale is 16 times too small, which a
    // floating-point element format barely notices (the values move 4 binades down, still normal:
    // the same 3 mantissa bits), and nothing clips; step 57's window (41..56) has forgotten it.
    for (int step = 41; step <= 56; ++step) {
        EXPECT_EQ(run.delayed[step - 1].assumedAmax, spike.amax) << "step " << step;
        EXPECT_EQ(run.delayed[step - 1].clippedShare, 0) << "step " << step;
        EXPECT_NEAR(run.delayed[step - 1].sqnrDb, run.current[step - 1].sqnrDb, 1.5) << "step " << step;
    }
    EXPECT_LT(run.delayed[56].assumedAmax, spike.amax / 4);
    EXPECT_EQ(run.delayed[56].clippedShare, 0);
}

// SQNR and the shares against exact rationals: each stored value by the engine's GMP rounding of
// the exact x * scale (rounded to fp32 first, as the cast does), the sums of squares exact.
TEST(DelayedScaling, EveryCastAgreesWithExactRationals)
{
    DelayedScalingSetup small = kSpike;
    small.elements = 96;
    small.steps = 12;
    small.spikeStep = 9;
    small.history = 4;
    small.drift = -3;  // shrinking 8x a step: the delayed scale lags 8^4 behind and values flush to zero
    for (const Format& element : {namedFormat("e4m3fn"), namedFormat("e5m2"), namedFormat("e5m2fnuz")}) {
        small.element = element;
        const DelayedScalingRun run = simulateDelayedScaling(small);
        for (int step = 1; step <= small.steps; ++step) {
            const std::vector<float> x = delayedScalingTensor(small, step);
            for (const ScaledCast* c : {&run.current[step - 1], &run.delayed[step - 1]}) {
                const auto scale = static_cast<float>(c->scale);
                mpq_class signal = 0;
                mpq_class noise = 0;
                std::size_t flushed = 0;
                std::size_t clipped = 0;
                for (const float v : x) {
                    const ExactValue scaled = ExactValue::fromDouble(static_cast<double>(v * scale));
                    const auto stored = roundExact(scaled, element, {RoundingMode::NearestEven, OverflowPolicy::Saturate});
                    const auto plain = roundExact(scaled, element, {RoundingMode::NearestEven, OverflowPolicy::NonSaturating});
                    const ValueClass kind = element.classify(plain.code);
                    clipped += kind == ValueClass::NaN || kind == ValueClass::Infinite ? 1 : 0;
                    const mpq_class q = ExactValue::fromCode(element, stored.code).value() / mpq_class(scale);
                    flushed += v != 0 && q == 0 ? 1 : 0;
                    const mpq_class xv(v);
                    signal += xv * xv;
                    noise += (xv - q) * (xv - q);
                }
                const double n = static_cast<double>(x.size());
                EXPECT_EQ(c->clippedShare, static_cast<double>(clipped) / n) << element.name() << " step " << step;
                EXPECT_EQ(c->flushedShare, static_cast<double>(flushed) / n) << element.name() << " step " << step;
                if (noise == 0) {
                    EXPECT_TRUE(std::isinf(c->sqnrDb));
                    continue;
                }
                const double exact = 10 * std::log10(mpq_class(signal / noise).get_d());
                EXPECT_NEAR(c->sqnrDb, exact, 1e-9 * std::max(1.0, std::fabs(exact)))
                    << element.name() << " step " << step;
            }
        }
        // Shrinking 8x a step with a 4-step history, the delayed scale is 4096x too small: e4m3fn,
        // whose values end 17 binades below its largest (e5m2: 32), flushes what the current scale keeps.
        double currentFlushed = 0;
        double delayedFlushed = 0;
        for (int step = 5; step <= 8; ++step) {
            currentFlushed += run.current[step - 1].flushedShare;
            delayedFlushed += run.delayed[step - 1].flushedShare;
        }
        EXPECT_GE(delayedFlushed, currentFlushed) << element.name();
        if (element.name() == "e4m3fn") {
            EXPECT_GT(delayedFlushed, currentFlushed + 0.05);
        }
    }
}

}  // namespace
}  // namespace floatscope
