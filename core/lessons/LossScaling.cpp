#include "core/lessons/LossScaling.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/arith/ExactArithmetic.h"
#include "core/lessons/SeededRandom.h"

namespace floatscope {

namespace {

// P(log10|g| <= x) for the log-normal.
double belowLog10(const LogNormal& d, double log10Edge)
{
    if (d.sigmaDecades <= 0)
        return log10Edge >= std::log10(d.median) ? 1.0 : 0.0;
    const double z = (log10Edge - std::log10(d.median)) / d.sigmaDecades;
    return 0.5 * std::erfc(-z / std::numbers::sqrt2);
}

double log10Of(const Dyadic& value) { return log2Of(value) * std::numbers::ln2 / std::numbers::ln10; }

// v * 2^k, exactly.
Dyadic timesPowerOfTwo(Dyadic v, std::int64_t k)
{
    v.exponent += k;
    return v;
}

}  // namespace

std::vector<double> sampleLogNormal(const LogNormal& distribution, std::size_t count, std::uint64_t seed)
{
    SeededRandom random(seed);
    std::vector<double> out(count);
    for (double& g : out) {
        const double magnitude = distribution.median * std::pow(10.0, distribution.sigmaDecades * random.normal());
        g = (random.next() & 1) != 0 ? -magnitude : magnitude;
    }
    return out;
}

ZoneCounts scaledZones(const Format& format, std::span<const double> gradients, double scale)
{
    ZoneCounts counts;
    const Dyadic s = dyadicFromDouble(scale);
    for (const double g : gradients) {
        const StorageZone zone = std::isfinite(g) ? storageZone(format, exactProduct(dyadicFromDouble(g), s))
                                                  : storageZone(format, g * scale);
        ++counts.counts[static_cast<std::size_t>(zone)];
    }
    counts.total = static_cast<std::int64_t>(gradients.size());
    return counts;
}

ZoneShares logNormalZones(const Format& format, const LogNormal& distribution, double scale)
{
    // The edges of |g| * S, then of |g|: dividing by S moves them by log10(S).
    const double shift = std::log10(scale);
    const Dyadic minSub = format.minSubnormal();
    const double underflowEdge =
        format.hasZero() ? log10Of(timesPowerOfTwo(minSub, -1)) : log10Of(minSub);  // e8m0 clamps below its smallest
    double subnormalEdge = underflowEdge;
    if (format.hasSubnormals()) {
        // The midpoint between the largest subnormal and the smallest normal: min normal - min sub / 2.
        const Dyadic minNormal = format.minNormal();
        const int m = format.mantissaBits();
        subnormalEdge = log10Of(Dyadic{false, (minNormal.significand << (m + 1)) - 1, minNormal.exponent - m - 1});
    }
    const Dyadic max = format.maxFinite();
    const Dyadic maxNormalised = max.normalized();
    // max + ulp(max)/2 with ulp(max) = 2^(maxExponent - M): one more bit below max's last one.
    const std::int64_t halfUlpExponent = format.maxExponent() - format.mantissaBits() - 1;
    const std::uint64_t shifted = maxNormalised.significand << (maxNormalised.exponent - halfUlpExponent);
    const double overflowEdge = log10Of(Dyadic{false, shifted + 1, halfUlpExponent});

    ZoneShares shares;
    const double below0 = belowLog10(distribution, underflowEdge - shift);
    const double belowSub = belowLog10(distribution, subnormalEdge - shift);
    const double belowOver = belowLog10(distribution, overflowEdge - shift);
    shares.underflow = below0;
    shares.subnormal = belowSub - below0;
    shares.normal = belowOver - belowSub;
    shares.overflow = 1.0 - belowOver;
    return shares;
}

DynamicScalingRun simulateDynamicScaling(const Format& format, const DynamicScalingSetup& setup)
{
    DynamicScalingRun run;
    SeededRandom random(setup.seed);
    double scale = setup.initialScale;
    int goodSteps = 0;
    std::vector<double> gradients(setup.gradientsPerStep);
    for (std::int64_t step = 0; step < setup.steps; ++step) {
        // 1. This step's gradients: resampled from the pasted ones, or drawn from the distribution.
        if (!setup.values.empty()) {
            for (double& g : gradients)
                g = setup.values[random.below(setup.values.size())];
        } else {
            gradients = sampleLogNormal(setup.gradients, setup.gradientsPerStep, random.next());
        }
        // 2. Scaled and stored: did anything overflow?
        ScalingStep s;
        s.step = step;
        s.scale = scale;
        s.zones = scaledZones(format, gradients, scale);
        for (const double g : gradients)
            s.largestGradient = std::max(s.largestGradient, std::fabs(g));
        s.overflow = s.zones[StorageZone::Overflow] + s.zones[StorageZone::Invalid] > 0;
        // 3. GradScaler's update: back off and restart the count, or count and maybe grow. Like
        //    PyTorch's _amp_update_scale_, a growth that would make the scale infinite is not taken;
        //    likewise a back-off is not taken once it would reach zero (all-inf gradients).
        if (s.overflow) {
            ++run.skipped;
            const double backedOff = scale * setup.backoffFactor;
            scale = backedOff > 0 && std::isnormal(backedOff) ? backedOff : scale;
            goodSteps = 0;
        } else if (++goodSteps == setup.growthInterval) {
            const double grown = scale * setup.growthFactor;
            s.grew = std::isfinite(grown);
            scale = s.grew ? grown : scale;
            goodSteps = 0;
        }
        run.steps.push_back(s);
    }
    run.finalScale = scale;
    return run;
}

std::vector<int> lossScaleSweep()
{
    return {0, 4, 8, 12, 16, 20, 24};
}

ZoneShares LossScalingData::sharesOf(const ZoneCounts& counts)
{
    return {counts.share(StorageZone::Underflow), counts.share(StorageZone::Subnormal), counts.share(StorageZone::Normal),
            counts.share(StorageZone::Overflow) + counts.share(StorageZone::Invalid)};
}

LossScalingData LossScalingData::compute(const Format& format, const LogNormal& distribution,
                                         std::span<const double> values, int log2Scale, DynamicScalingSetup dynamic,
                                         const DynamicScalingRun* reuse)
{
    LossScalingData d{.format = format, .bar = rangeBar(format)};
    d.fromValues = !values.empty();
    d.distribution = distribution;
    d.log2Scale = log2Scale;
    const double scale = std::ldexp(1.0, log2Scale);
    const auto sharesAt = [&](double s) {
        return d.fromValues ? sharesOf(scaledZones(format, values, s)) : logNormalZones(format, distribution, s);
    };
    if (d.fromValues) {
        d.histogram = log2Histogram(values, kBinWidth);
        d.valueCount = static_cast<std::int64_t>(values.size());
    } else {
        d.histogram = log2Histogram(sampleLogNormal(distribution, kSamples, 1), kBinWidth);
        d.valueCount = kSamples;
    }
    d.shares = sharesAt(scale);
    for (const int k : lossScaleSweep())
        d.sweep.push_back({k, sharesAt(std::ldexp(1.0, k)), std::nullopt});
    if (d.fromValues)
        dynamic.values.assign(values.begin(), values.end());
    else
        dynamic.gradients = distribution;
    d.dynamic = dynamic;
    d.run = reuse != nullptr ? *reuse : simulateDynamicScaling(format, d.dynamic);
    return d;
}

}  // namespace floatscope
