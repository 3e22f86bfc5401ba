#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/format/Format.h"
#include "core/format/Registry.h"

namespace floatscope {

// The delayed-scaling lesson (the FP8 blog's "delayed scaling" and its check "every 100 steps, an
// amax histogram, to make sure nothing saturates"): one tensor per training step cast to fp8 with a
// per-tensor scale, the scale chosen two ways, as Transformer Engine offers them:
//   - current: from this step's own amax, scale = max / amax (every value fits);
//   - delayed: from the largest amax of the previous `history` steps (the step's own amax is only
//     recorded; scale 1 before there is any history), so that the cast needs no pass over the
//     tensor first.
// The tensor's elements are seeded normals times a size that drifts by 2^drift per step and jumps
// by `spikeFactor` for `spikeLength` steps from `spikeStep`: the step where delayed scaling still
// trusts the old amax and clips, and the `history` steps after it where its scale stays too small.
struct DelayedScalingSetup {
    Format element = namedFormat("e4m3fn");
    int steps = 64;
    int history = 16;               // Transformer Engine's amax_history_len (its default is 1024)
    std::size_t elements = 4096;    // per step
    double drift = 0;               // log2 of the size's growth per step
    int spikeStep = 40;             // 1-based; 0: no spike
    int spikeLength = 1;
    double spikeFactor = 16;
    std::uint64_t seed = 1;
};

// What one step's cast did. Rounding points as Transformer Engine's: x * scale rounded to fp32
// (nearest-even), then to the element format (nearest-even, saturating).
struct ScaledCast {
    double amax = 0;          // the step's own largest |x|
    double assumedAmax = 0;   // the amax the scale was made for (delayed: the history's largest)
    double scale = 1;         // fp32, max / assumedAmax
    double clippedShare = 0;  // elements whose x * scale rounds past the largest value without saturation
    double flushedShare = 0;  // nonzero elements stored as zero
    double sqnrDb = 0;        // 10 log10(sum x^2 / sum (x - stored / scale)^2); +inf when exact
};

struct DelayedScalingRun {
    DelayedScalingSetup setup;
    std::vector<ScaledCast> current;  // per step, steps 1 .. setup.steps
    std::vector<ScaledCast> delayed;
};

// Step `step`'s tensor (1-based): the same seeded values whichever way it is then scaled.
std::vector<float> delayedScalingTensor(const DelayedScalingSetup& setup, int step);

// The step's size: 2^(drift * step), times spikeFactor within the spike.
double delayedScalingSize(const DelayedScalingSetup& setup, int step);

// Every step cast both ways. The element format must be an fp8 format (with a NaN or an inf for what
// rounds past its largest value, so that clipping can be seen).
DelayedScalingRun simulateDelayedScaling(const DelayedScalingSetup& setup);

}  // namespace floatscope
