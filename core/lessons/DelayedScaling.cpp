#include "core/lessons/DelayedScaling.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <utility>

#include "core/batch/FloatRounder.h"
#include "core/format/Codec.h"
#include "core/lessons/SeededRandom.h"
#include "core/train/Fp8.h"

namespace floatscope {

double delayedScalingSize(const DelayedScalingSetup& setup, int step)
{
    const bool spiking = setup.spikeStep > 0 && step >= setup.spikeStep && step < setup.spikeStep + setup.spikeLength;
    return std::exp2(setup.drift * step) * (spiking ? setup.spikeFactor : 1.0);
}

std::vector<float> delayedScalingTensor(const DelayedScalingSetup& setup, int step)
{
    // Each step's values from a generator of its own, so that a step does not depend on the others.
    SeededRandom random(setup.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(step));
    const double size = delayedScalingSize(setup, step);
    std::vector<float> x(setup.elements);
    for (float& v : x)
        v = static_cast<float>(size * random.normal());
    return x;
}

namespace {

// The element format twice: saturating (what is stored), and without saturation (where its result
// is not finite, saturation clipped the value: it rounded past the largest value).
struct ElementRounders {
    FloatRounder saturating;
    FloatRounder plain;

    static ElementRounders of(const Format& element)
    {
        auto saturating = FloatRounder::make(element, RoundingMode::NearestEven, OverflowPolicy::Saturate);
        auto plain = FloatRounder::make(element, RoundingMode::NearestEven, OverflowPolicy::NonSaturating);
        assert(saturating && plain);  // an fp8 format: FloatRounder serves formats of 16 bits or fewer
        return {std::move(*saturating), std::move(*plain)};
    }
};

// One cast of x with a given fp32 scale into the element format, measured.
ScaledCast castScaled(const std::vector<float>& x, float scale, double assumedAmax, const ElementRounders& element)
{
    // 1. x * scale in fp32, as Transformer Engine multiplies before the cast.
    static_assert(std::numeric_limits<float>::is_iec559);
    std::vector<float> scaled(x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
        scaled[i] = x[i] * scale;
    // 2. Into the element format, with and without saturation.
    std::vector<float> stored(x.size());
    std::vector<float> unclipped(x.size());
    element.saturating.round(scaled, stored);
    element.plain.round(scaled, unclipped);
    // 3. What it did: shares, and the error of stored / scale against x, in double (the products and
    //    differences of fp32 values below are exact in double but for their last rounding).
    ScaledCast c;
    c.assumedAmax = assumedAmax;
    c.scale = scale;
    std::size_t clipped = 0;
    std::size_t flushed = 0;
    double signal = 0;
    double noise = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        c.amax = std::max(c.amax, static_cast<double>(std::fabs(x[i])));
        clipped += std::isfinite(unclipped[i]) ? 0 : 1;
        flushed += x[i] != 0 && stored[i] == 0 ? 1 : 0;
        const double error = static_cast<double>(x[i]) - static_cast<double>(stored[i]) / static_cast<double>(scale);
        signal += static_cast<double>(x[i]) * static_cast<double>(x[i]);
        noise += error * error;
    }
    const double n = x.empty() ? 1.0 : static_cast<double>(x.size());
    c.clippedShare = static_cast<double>(clipped) / n;
    c.flushedShare = static_cast<double>(flushed) / n;
    c.sqnrDb = noise > 0 ? 10 * std::log10(signal / noise) : std::numeric_limits<double>::infinity();
    return c;
}

}  // namespace

DelayedScalingRun simulateDelayedScaling(const DelayedScalingSetup& setup)
{
    DelayedScalingRun run;
    run.setup = setup;
    const auto largest = static_cast<float>(codeToDouble(setup.element, setup.element.maxFiniteMagnitude()));
    // max / amax in fp32 (Transformer Engine's and DeepSeek-V3's convention), 1 for an all-zero amax.
    const auto scaleFor = [&](float amax) { return amax > 0 ? largest / amax : 1.0f; };
    const ElementRounders element = ElementRounders::of(setup.element);
    train::AmaxHistory history(setup.history);
    for (int step = 1; step <= setup.steps; ++step) {
        const std::vector<float> x = delayedScalingTensor(setup, step);
        float amax = 0;
        for (const float v : x)
            amax = std::max(amax, std::fabs(v));
        run.current.push_back(castScaled(x, scaleFor(amax), amax, element));
        const auto assumed = history.largest();
        run.delayed.push_back(castScaled(x, assumed ? scaleFor(*assumed) : 1.0f, assumed.value_or(largest), element));
        history.record(amax);
    }
    return run;
}

}  // namespace floatscope
