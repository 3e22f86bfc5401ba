#include "core/train/Optimizer.h"

#include <algorithm>
#include <cmath>

#include "core/train/Kernels.h"

namespace floatscope::train {

UpdateOutcome AdamW::step(std::span<float> grads, double lossScale, bool skipNonFinite, double learningRate,
                          std::span<float> owned, std::span<float> storage, bool hasMaster, const Precision& p,
                          std::uint64_t randomSeed)
{
    UpdateOutcome out;
    const std::size_t n = grads.size();
    // O1: unscale, check, clip (PyTorch's GradScaler.unscale_ and clip_grad_norm_).
    kernels::scale(grads.data(), static_cast<float>(1.0 / lossScale), grads.data(), n);
    if (!kernels::allFinite(grads.data(), n) && skipNonFinite) {
        out.skipped = true;
        return out;
    }
    double sum = 0;
    for (const float g : grads)
        sum += static_cast<double>(g) * g;
    out.gradientNorm = std::sqrt(sum);
    const float coefficient = std::min(1.0f, static_cast<float>(m_settings.clip) / (static_cast<float>(out.gradientNorm) + 1e-6f));
    if (coefficient < 1.0f)
        kernels::scale(grads.data(), coefficient, grads.data(), n);

    // O2: the moments, then each into its format.
    ++m_t;
    const auto beta1 = static_cast<float>(m_settings.beta1);
    const auto beta2 = static_cast<float>(m_settings.beta2);
    for (std::size_t i = 0; i < n; ++i) {
        const float g = grads[i];
        m_m[i] = beta1 * m_m[i] + (1.0f - beta1) * g;
        m_v[i] = beta2 * m_v[i] + (1.0f - beta2) * (g * g);
    }
    p.adamM.roundInPlace(m_m);
    p.adamV.roundInPlace(m_v);

    // O3: the new value in fp32 (decay first, as torch.optim.AdamW does).
    const auto lr = static_cast<float>(learningRate);
    const float decay = 1.0f - lr * static_cast<float>(m_settings.weightDecay);
    const auto stepSize = static_cast<float>(learningRate / (1.0 - std::pow(m_settings.beta1, m_t)));
    const auto correction2 = static_cast<float>(std::sqrt(1.0 - std::pow(m_settings.beta2, m_t)));
    const auto epsilon = static_cast<float>(m_settings.epsilon);
    m_next.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const float denominator = std::sqrt(m_v[i]) / correction2 + epsilon;
        m_next[i] = owned[i] * decay - stepSize * (m_m[i] / denominator);
    }
    // O4: into the owned copy's format (the master is fp32 already).
    if (!hasMaster)
        p.update.roundInPlace(m_next, randomSeed, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const bool moves = owned[i] * (lr * static_cast<float>(m_settings.weightDecay)) != 0.0f || m_m[i] != 0.0f;
        out.updates += moves ? 1 : 0;
        out.absorbed += moves && m_next[i] == owned[i] ? 1 : 0;
    }
    // O5: the storage copy.
    if (hasMaster) {
        std::copy(m_next.begin(), m_next.end(), owned.begin());
        p.params.round(m_next, m_next);
    }
    for (std::size_t i = 0; i < n; ++i)
        out.storageMoved += m_next[i] != storage[i] ? 1 : 0;
    std::copy(m_next.begin(), m_next.end(), storage.begin());
    return out;
}

LossScaler::LossScaler(const LossScale& setup) : m_setup(setup)
{
    m_scale = setup.kind == LossScaleKind::None ? 1.0 : setup.initial;
}

void LossScaler::update(bool overflow)
{
    if (m_setup.kind != LossScaleKind::Dynamic)
        return;
    if (overflow) {
        m_scale *= m_setup.backoff;
        m_good = 0;
        return;
    }
    if (++m_good >= m_setup.interval) {
        m_scale *= m_setup.growth;
        m_good = 0;
    }
}

}  // namespace floatscope::train
