#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/train/Precision.h"
#include "core/train/Recipe.h"

namespace floatscope::train {

struct AdamSettings {
    double weightDecay = 0.1;
    double beta1 = 0.9;
    double beta2 = 0.95;
    double epsilon = 1e-8;
    double clip = 1.0;  // on the global gradient norm
};

// What one optimizer step did.
struct UpdateOutcome {
    bool skipped = false;        // a gradient was inf or NaN and loss scaling skips such steps
    double gradientNorm = 0;     // of the unscaled gradients, before clipping
    std::uint64_t updates = 0;   // parameters whose update was not zero
    std::uint64_t absorbed = 0;  // ... and whose updated copy (master, or storage without one) did not move
    std::uint64_t storageMoved = 0;  // parameters whose stored value changed
};

// AdamW as PyTorch's torch.optim.AdamW computes it, with the recipe's rounding points:
//   O1  the gradients divided by the loss scale (fp32), checked for inf/NaN, clipped to norm 1
//   O2  m = beta1 m + (1 - beta1) g and v = beta2 v + (1 - beta2) g^2 in fp32, each rounded into
//       its format (m and v are stored between steps)
//   O3  w' = w (1 - lr wd) - (lr / (1 - beta1^t)) m / (sqrt(v) / sqrt(1 - beta2^t) + eps) in fp32
//   O4  w' into the copy the optimizer owns: the fp32 master (no rounding left), or, without one,
//       the storage format with the update's rounding (nearest-even, or stochastic keyed by the
//       step and the parameter's index)
//   O5  with a master: the storage copy is the master rounded to nearest-even
class AdamW {
public:
    AdamW(std::size_t size, const AdamSettings& settings) : m_settings(settings), m_m(size, 0.0f), m_v(size, 0.0f) {}

    // `grads` hold the gradient times the loss scale; `owned` is the master copy or, without one,
    // the storage (updated in place); `storage` is updated from the master when there is one.
    UpdateOutcome step(std::span<float> grads, double lossScale, bool skipNonFinite, double learningRate,
                       std::span<float> owned, std::span<float> storage, bool hasMaster, const Precision& p,
                       std::uint64_t randomSeed);

    std::span<const float> firstMoment() const { return m_m; }
    std::span<const float> secondMoment() const { return m_v; }
    int appliedSteps() const { return m_t; }

private:
    AdamSettings m_settings;
    std::vector<float> m_m;
    std::vector<float> m_v;
    std::vector<float> m_next;
    int m_t = 0;
};

// The loss scale of each step (Recipe.h, LossScale).
class LossScaler {
public:
    explicit LossScaler(const LossScale& setup);
    double scale() const { return m_scale; }
    // After a step: an overflow backs off (dynamic), and enough good steps grow the scale.
    void update(bool overflow);

private:
    LossScale m_setup;
    double m_scale = 1.0;
    int m_good = 0;
};

}  // namespace floatscope::train
