#include "core/train/Precision.h"

#include <cassert>
#include <cmath>

#include "core/format/Codec.h"

namespace floatscope::train {

namespace {

FloatRounder rounder(const Format& format, RoundingMode mode = RoundingMode::NearestEven,
                     std::optional<OverflowPolicy> overflow = std::nullopt)
{
    // parseRecipe refuses a format the batch rounder cannot take, so every format here has one.
    std::optional<FloatRounder> r = FloatRounder::make(format, mode, overflow);
    assert(r && "a recipe's format without a rounder");
    return r.value();
}

float largestValue(const Format& f)
{
    const Dyadic max = f.maxFinite();
    return std::ldexp(static_cast<float>(max.significand), static_cast<int>(max.exponent));
}

// Rounds `in` into `out`, adding to `zones` unless the rounding is the identity.
void roundCounted(const FloatRounder& r, const float* in, float* out, std::size_t n, kernels::Zones& zones)
{
    r.round({in, n}, {out, n});
    if (!r.identity())
        zones.add(kernels::countZones(in, out, n));
}

constexpr std::size_t kTile = 128;  // DeepSeek-V3's 1 x 128 tiles and 128 x 128 blocks

std::optional<float> delayedScale(const Precision& p, const AmaxHistory* history, float max)
{
    if (p.recipe.scaling != Fp8Scaling::Delayed || history == nullptr)
        return std::nullopt;
    const std::optional<float> amax = history->largest();
    return amax && *amax > 0 ? max / *amax : 1.0f;
}

// One fp8 cast, tallied, and recorded in its history when scaling is delayed.
ScaledMatrix cast(const float* x, std::size_t rows, std::size_t cols, std::size_t blockRows, std::size_t blockCols,
                  bool forward, const Precision& p, AmaxHistory* history, StepTally& tally)
{
    const FloatRounder& element = forward ? p.fp8Forward : p.fp8Backward;
    const float max = forward ? p.fp8ForwardMax : p.fp8BackwardMax;
    Fp8Operand stats;
    ScaledMatrix m = quantize(x, rows, cols, blockRows, blockCols, element, max, delayedScale(p, history, max), stats);
    if (history != nullptr && p.recipe.scaling == Fp8Scaling::Delayed)
        history->record(static_cast<float>(stats.amax));
    tally.fp8.push_back(stats);
    tally.fp8IsForward.push_back(forward);
    return m;
}

}  // namespace

Precision::Precision(const Recipe& r)
    : recipe(r), params(rounder(r.params)),
      update(rounder(r.params, r.stochasticUpdate ? RoundingMode::Stochastic : RoundingMode::NearestEven)),
      matmul(rounder(r.matmul)), attention(rounder(r.attention)), gradients(rounder(r.gradients)),
      adamM(rounder(r.adamM)), adamV(rounder(r.adamV)),
      fp8Forward(rounder(r.fp8Forward, RoundingMode::NearestEven, OverflowPolicy::Saturate)),
      fp8Backward(rounder(r.fp8Backward, RoundingMode::NearestEven, OverflowPolicy::Saturate)),
      fp8ForwardMax(largestValue(r.fp8Forward)), fp8BackwardMax(largestValue(r.fp8Backward))
{
}

void Linear::prepareWeight(const float* w, const Precision& p, LinearHistories* histories, StepTally& tally)
{
    const std::size_t n = m_in * m_out;
    if (fp8(p)) {  // L1, fp8: 128 x 128 blocks or the whole tensor
        const std::size_t block = p.recipe.scaling == Fp8Scaling::Block ? kTile : 0;
        m_wq = cast(w, m_in, m_out, block, block, true, p, histories ? &histories->weight : nullptr, tally);
        return;
    }
    m_w.resize(n);  // L1
    (m_head ? p.attention : p.matmul).round({w, n}, m_w);
}

void Linear::forward(const float* x, std::size_t rows, float* y, const Precision& p, LinearHistories* histories,
                     StepTally& tally)
{
    m_rows = rows;
    const std::size_t n = rows * m_in;
    if (fp8(p)) {  // L2, fp8: 1 x 128 tiles along the features (this product's K), or the tensor
        const bool block = p.recipe.scaling == Fp8Scaling::Block;
        m_xq = cast(x, rows, m_in, block ? 1 : 0, block ? kTile : 0, true, p, histories ? &histories->input : nullptr,
                    tally);
        if (block)
            m_x.assign(x, x + n);  // re-cast along the tokens for dW
        scaledProduct(*p.products, m_xq, false, m_wq, false, block ? kTile : m_in, y);
        return;
    }
    m_x.resize(n);  // L2
    const FloatRounder& product = m_head ? p.attention : p.matmul;
    roundCounted(product, x, m_x.data(), n, tally.activationZones);
    const Format& grid = product.format();
    multiply(*p.products, false, false, static_cast<int>(rows), static_cast<int>(m_out), static_cast<int>(m_in),
             m_x.data(), static_cast<int>(m_in), grid, m_w.data(), static_cast<int>(m_out), grid, y,
             static_cast<int>(m_out));
}

void Linear::backward(const float* dy, float* dx, float* dw, const Precision& p, LinearHistories* histories,
                      StepTally& tally)
{
    const std::size_t rows = m_rows;
    const std::size_t n = rows * m_out;
    m_scratch.resize(n);
    p.gradients.round({dy, n}, m_scratch);  // L3: into the gradient format ...
    if (fp8(p)) {
        // ... then e5m2 with its scales: along this product's K for dX (the outputs), along the
        // tokens for dW.
        const bool block = p.recipe.scaling == Fp8Scaling::Block;
        AmaxHistory* history = histories ? &histories->gradient : nullptr;
        const ScaledMatrix dyq =
            cast(m_scratch.data(), rows, m_out, block ? 1 : 0, block ? kTile : 0, false, p, history, tally);
        tally.gradientZones.add(kernels::countZones(dy, dyq.values.data(), n));
        scaledProduct(*p.products, dyq, false, m_wq, true, block ? kTile : m_out, dx);
        if (block) {
            const ScaledMatrix xt = cast(m_x.data(), rows, m_in, kTile, 1, true, p, nullptr, tally);
            const ScaledMatrix dyt = cast(m_scratch.data(), rows, m_out, kTile, 1, false, p, nullptr, tally);
            scaledProduct(*p.products, xt, true, dyt, false, kTile, dw);
        } else {
            scaledProduct(*p.products, m_xq, true, dyq, false, rows, dw);
        }
    } else {
        m_dy.resize(n);  // ... then the product format
        const FloatRounder& product = m_head ? p.attention : p.matmul;
        product.round(m_scratch, m_dy);
        if (!p.gradients.identity() || !product.identity())
            tally.gradientZones.add(kernels::countZones(dy, m_dy.data(), n));
        const Format& grid = product.format();
        multiply(*p.products, false, true, static_cast<int>(rows), static_cast<int>(m_in), static_cast<int>(m_out),
                 m_dy.data(), static_cast<int>(m_out), grid, m_w.data(), static_cast<int>(m_out), grid, dx,
                 static_cast<int>(m_in));
        multiply(*p.products, true, false, static_cast<int>(m_in), static_cast<int>(m_out), static_cast<int>(rows),
                 m_x.data(), static_cast<int>(m_in), grid, m_dy.data(), static_cast<int>(m_out), grid, dw,
                 static_cast<int>(m_out));
    }
    m_scratch.resize(m_in * m_out);  // L4
    roundCounted(p.gradients, dw, m_scratch.data(), m_in * m_out, tally.gradientZones);
    std::copy(m_scratch.begin(), m_scratch.end(), dw);
}

}  // namespace floatscope::train
