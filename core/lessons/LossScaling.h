#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/format/Format.h"
#include "core/lessons/RangeBars.h"

namespace floatscope {

// The loss-scaling lesson (lecture 10, demos 3 and 4): gradients multiplied by a scale S before they
// are stored in fp16, what S does to the shares that underflow or overflow, and dynamic loss
// scaling (overflow: skip the step and halve S; N good steps: double it).

// |g| log-normal: log10|g| is normal with mean log10(median) and standard deviation sigmaDecades;
// the sign is + or - with equal odds.
struct LogNormal {
    double median = 1e-6;
    double sigmaDecades = 1.0;
};

// `count` seeded samples.
std::vector<double> sampleLogNormal(const LogNormal& distribution, std::size_t count, std::uint64_t seed);

// Where g * S lands in the format, for each gradient: the product is exact (no rounding before the
// one into the format), as multiplying by a power of two is in hardware.
ZoneCounts scaledZones(const Format& format, std::span<const double> gradients, double scale);

// The same shares for the distribution itself (no sampling): the normal CDF at the zone edges,
// which are the format's rounding boundaries (half the smallest subnormal, the midpoint below the
// smallest normal, the largest finite value plus half its ulp).
struct ZoneShares {
    double underflow = 0;
    double subnormal = 0;
    double normal = 0;
    double overflow = 0;
};
ZoneShares logNormalZones(const Format& format, const LogNormal& distribution, double scale);

// Dynamic loss scaling as PyTorch's GradScaler does it (torch.amp, _amp_update_scale_) and lecture 10
// demo 4 spells out: a step whose scaled gradients overflow is skipped and the scale multiplied by
// backoffFactor; after growthInterval good steps in a row it is multiplied by growthFactor.
struct DynamicScalingSetup {
    // With 4096 gradients a step, the largest is near median * 10^(3.5 sigma): about 0.03 here, so
    // 2^24 overflows and the scale settles near 2^21.
    LogNormal gradients{1e-5, 1.0};
    // Pasted gradients to use instead: each step resamples gradientsPerStep of them (seeded).
    std::vector<double> values;
    std::size_t gradientsPerStep = 4096;
    std::int64_t steps = 40;
    double initialScale = 16777216.0;  // 2^24: lecture 10 starts "deliberately too large"
    int growthInterval = 10;
    double growthFactor = 2.0;
    double backoffFactor = 0.5;
    std::uint64_t seed = 0;
};

struct ScalingStep {
    std::int64_t step = 0;      // 0-based, as the training loop counts
    double scale = 0;           // the scale this step used
    bool overflow = false;      // some g * S overflowed: the step was skipped
    bool grew = false;          // the scale grows after this step
    double largestGradient = 0; // max |g| this step
    ZoneCounts zones;           // where the scaled gradients landed
};

struct DynamicScalingRun {
    std::vector<ScalingStep> steps;
    std::int64_t skipped = 0;
    double finalScale = 0;      // the scale the next step would use
};

DynamicScalingRun simulateDynamicScaling(const Format& format, const DynamicScalingSetup& setup);

// Lecture 10's table of scales: 2^0, 2^4, ..., 2^24 (lecture 10, demo 3).
std::vector<int> lossScaleSweep();

// A real backward pass in the format at one scale, against the fp32 gradients of the same batch
// (lecture 10's demo 3 on the training lab's model, core/train/ModelProbes.h): the shares of the
// gradients that became 0 (fp32's was not) and inf or NaN, and ||g - g32|| / ||g32||, empty when a
// gradient is not finite.
struct BackwardAtScale {
    double flushedShare = 0;
    double overflowShare = 0;
    std::optional<double> relativeError;
};

// Everything the loss-scaling lesson draws (its panel, figure and export view): the gradients (a
// log-normal, or pasted values) against the format's window at a scale S, the shares lost at S and
// at lecture 10's scales 2^0 .. 2^24, and the dynamic loss-scaling run.
struct LossScalingData {
    static constexpr int kSamples = 20000;    // drawn for the log-normal's histogram (its shares are exact)
    static constexpr double kBinWidth = 0.5;  // binades per histogram bin
    Format format;
    RangeBar bar;
    bool fromValues = false;
    std::optional<int> modelStep{};  // the values are the training lab's model's gradients at this step
    LogNormal distribution{};
    std::int64_t valueCount = 0;
    int log2Scale = 0;               // S = 2^log2Scale
    Log2Histogram histogram{};       // of |g| before scaling: samples of the log-normal, or the values
    ZoneShares shares{};             // of g * S
    struct SweepRow {
        int log2Scale = 0;
        ZoneShares shares;
        std::optional<BackwardAtScale> backward;  // with the training lab's model as the source
    };
    std::vector<SweepRow> sweep{};
    DynamicScalingSetup dynamic{};
    DynamicScalingRun run{};

    // `values` empty: the log-normal. The dynamic setup's gradients are set from the same source;
    // `reuse` is a run of the same setup kept from before (moving S alone does not change it).
    static LossScalingData compute(const Format& format, const LogNormal& distribution, std::span<const double> values,
                                   int log2Scale, DynamicScalingSetup dynamic, const DynamicScalingRun* reuse = nullptr);
    static ZoneShares sharesOf(const ZoneCounts& counts);
};

}  // namespace floatscope
