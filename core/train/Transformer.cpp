#include "core/train/Transformer.h"

#include <algorithm>
#include <cmath>

#include "core/train/Kernels.h"

namespace floatscope::train {

namespace {

using L = ParameterLayout;

// Rounds a gradient into the gradient format and then a product's input format (B2, B3), counting
// what the pair did to each element.
void roundGradient(const float* in, float* out, std::size_t n, const FloatRounder& gradient,
                   const FloatRounder& product, kernels::Zones& zones)
{
    gradient.round({in, n}, {out, n});
    product.roundInPlace({out, n});
    if (!gradient.identity() || !product.identity())
        zones.add(kernels::countZones(in, out, n));
}

// B4: a parameter gradient summed in fp32, into the gradient format in the flat array.
void storeGradient(const std::vector<float>& sum, float* target, const FloatRounder& gradient, kernels::Zones& zones)
{
    gradient.round(sum, {target, sum.size()});
    if (!gradient.identity())
        zones.add(kernels::countZones(sum.data(), target, sum.size()));
}

// The sizes both passes through attention work with: the width d split into `heads` heads of dh
// columns each, over a context of t tokens; the products take t and dh as ints.
struct AttentionSizes {
    std::size_t d, t, heads, dh;
    int ti, dhi;
    float scale;  // softmax's 1 / sqrt(dh)
};

AttentionSizes attentionSizes(const ModelShape& s)
{
    const auto d = static_cast<std::size_t>(s.width);
    const auto t = static_cast<std::size_t>(s.context);
    const auto heads = static_cast<std::size_t>(s.heads);
    const std::size_t dh = d / heads;
    return {d, t, heads, dh, static_cast<int>(t), static_cast<int>(dh), 1.0f / std::sqrt(static_cast<float>(dh))};
}

}  // namespace

Transformer::Transformer(const ParameterLayout& layout, int batch)
    : m_layout(layout), m_batch(batch),
      m_rows(static_cast<std::size_t>(batch) * static_cast<std::size_t>(layout.shape().context)),
      m_head(static_cast<std::size_t>(layout.shape().width), static_cast<std::size_t>(layout.shape().vocabulary), true)
{
    const auto d = static_cast<std::size_t>(layout.shape().width);
    const auto hidden = static_cast<std::size_t>(layout.shape().hidden);
    for (int l = 0; l < layout.shape().layers; ++l)
        m_layers.emplace_back(d, hidden);
}

void Transformer::setParameters(std::span<const float> params, const Precision& p,
                                std::vector<LinearHistories>* histories, StepTally& tally)
{
    m_params.assign(params.begin(), params.end());
    const auto history = [&](std::size_t i) { return histories ? &(*histories)[i] : nullptr; };
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        const int layer = static_cast<int>(l);
        Layer& y = m_layers[l];
        y.qkv.prepareWeight(tensor(m_layout.layerTensor(layer, L::kQkv)), p, history(4 * l), tally);
        y.out.prepareWeight(tensor(m_layout.layerTensor(layer, L::kOut)), p, history(4 * l + 1), tally);
        y.up.prepareWeight(tensor(m_layout.layerTensor(layer, L::kUp)), p, history(4 * l + 2), tally);
        y.down.prepareWeight(tensor(m_layout.layerTensor(layer, L::kDown)), p, history(4 * l + 3), tally);
    }
    m_head.prepareWeight(tensor(m_layout.head()), p, nullptr, tally);
}

double Transformer::forward(std::span<const std::uint8_t> inputs, std::span<const std::uint8_t> targets,
                            const Precision& p, std::vector<LinearHistories>* histories, StepTally& tally)
{
    const ModelShape& s = m_layout.shape();
    const auto d = static_cast<std::size_t>(s.width);
    const auto t = static_cast<std::size_t>(s.context);
    const std::size_t n = m_rows;
    m_inputs.assign(inputs.begin(), inputs.end());
    m_targets.assign(targets.begin(), targets.end());
    const auto history = [&](std::size_t i) { return histories ? &(*histories)[i] : nullptr; };

    // Embeddings: token row plus position row, in fp32.
    std::vector<float>& stream = m_final;
    stream.resize(n * d);
    const float* embedding = tensor(L::kEmbedding);
    const float* position = tensor(L::kPosition);
    for (std::size_t row = 0; row < n; ++row)
        for (std::size_t j = 0; j < d; ++j)
            stream[row * d + j] = embedding[m_inputs[row] * d + j] + position[(row % t) * d + j];

    std::vector<float>& branch = m_dA;
    branch.resize(n * d);
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        const int layer = static_cast<int>(l);
        Layer& y = m_layers[l];
        y.input = stream;
        y.norm1.resize(n * d);
        y.r1.resize(n);
        kernels::rmsNorm(stream.data(), tensor(m_layout.layerTensor(layer, L::kNorm1)), n, d, s.normEpsilon,
                         y.norm1.data(), y.r1.data());
        y.qkvOut.resize(n * 3 * d);
        y.qkv.forward(y.norm1.data(), n, y.qkvOut.data(), p, history(4 * l), tally);
        if (!p.attention.identity()) {  // F1
            const std::vector<float> raw = y.qkvOut;
            p.attention.roundInPlace(y.qkvOut);
            tally.activationZones.add(kernels::countZones(raw.data(), y.qkvOut.data(), raw.size()));
        }
        attentionForward(y, p, tally);
        y.out.forward(y.attended.data(), n, branch.data(), p, history(4 * l + 1), tally);
        kernels::add(branch.data(), stream.data(), n * d);
        y.middle = stream;
        y.norm2.resize(n * d);
        y.r2.resize(n);
        kernels::rmsNorm(stream.data(), tensor(m_layout.layerTensor(layer, L::kNorm2)), n, d, s.normEpsilon,
                         y.norm2.data(), y.r2.data());
        const auto hidden = static_cast<std::size_t>(s.hidden);
        y.upOut.resize(n * hidden);
        y.gelu.resize(n * hidden);
        y.up.forward(y.norm2.data(), n, y.upOut.data(), p, history(4 * l + 2), tally);
        kernels::gelu(y.upOut.data(), y.gelu.data(), n * hidden);
        y.down.forward(y.gelu.data(), n, branch.data(), p, history(4 * l + 3), tally);
        kernels::add(branch.data(), stream.data(), n * d);
    }
    m_finalNorm.resize(n * d);
    m_rf.resize(n);
    kernels::rmsNorm(m_final.data(), tensor(m_layout.finalNorm()), n, d, s.normEpsilon, m_finalNorm.data(),
                     m_rf.data());
    const auto v = static_cast<std::size_t>(s.vocabulary);
    m_logits.resize(n * v);
    m_head.forward(m_finalNorm.data(), n, m_logits.data(), p, nullptr, tally);
    return kernels::crossEntropy(m_logits.data(), m_targets.data(), n, v, 0.0f, nullptr) / static_cast<double>(n);
}

void Transformer::attentionForward(Layer& y, const Precision& p, StepTally& tally)
{
    const auto [d, t, heads, dh, ti, dhi, scale] = attentionSizes(m_layout.shape());
    const Format& grid = p.attention.format();  // F1, F2: every operand of attention's products
    y.probs.resize(static_cast<std::size_t>(m_batch) * heads * t * t);
    for (std::size_t b = 0; b < static_cast<std::size_t>(m_batch); ++b)
        for (std::size_t h = 0; h < heads; ++h) {
            const float* q = y.qkvOut.data() + b * t * 3 * d + h * dh;
            float* scores = y.probs.data() + (b * heads + h) * t * t;
            multiply(*p.products, false, true, ti, ti, dhi, q, static_cast<int>(3 * d), grid, q + d,
                     static_cast<int>(3 * d), grid, scores, ti);
            kernels::causalSoftmax(scores, t, scale);
        }
    y.probsRounded.resize(y.probs.size());  // F2
    p.attention.round(y.probs, y.probsRounded);
    if (!p.attention.identity())
        tally.activationZones.add(kernels::countZones(y.probs.data(), y.probsRounded.data(), y.probs.size()));
    y.attended.resize(m_rows * d);
    for (std::size_t b = 0; b < static_cast<std::size_t>(m_batch); ++b)
        for (std::size_t h = 0; h < heads; ++h) {
            const float* v = y.qkvOut.data() + b * t * 3 * d + 2 * d + h * dh;
            const float* probs = y.probsRounded.data() + (b * heads + h) * t * t;
            multiply(*p.products, false, false, ti, dhi, ti, probs, ti, grid, v, static_cast<int>(3 * d), grid,
                     y.attended.data() + b * t * d + h * dh, static_cast<int>(d));
        }
}

void Transformer::attentionBackward(Layer& y, const float* dAttended, float* dQkv, const Precision& p,
                                    StepTally& tally)
{
    const auto [d, t, heads, dh, ti, dhi, scale] = attentionSizes(m_layout.shape());
    const auto ld = static_cast<int>(3 * d);
    const Format& grid = p.attention.format();  // F1, B2, B3
    m_dRounded.resize(m_rows * d);  // B2
    roundGradient(dAttended, m_dRounded.data(), m_rows * d, p.gradients, p.attention, tally.gradientZones);
    m_dScores.resize(y.probs.size());
    for (std::size_t b = 0; b < static_cast<std::size_t>(m_batch); ++b)
        for (std::size_t h = 0; h < heads; ++h) {
            const float* dO = m_dRounded.data() + b * t * d + h * dh;
            const float* v = y.qkvOut.data() + b * t * 3 * d + 2 * d + h * dh;
            const std::size_t block = (b * heads + h) * t * t;
            float* dP = m_dScores.data() + block;
            multiply(*p.products, false, true, ti, ti, dhi, dO, static_cast<int>(d), grid, v, ld, grid, dP, ti);
            multiply(*p.products, true, false, ti, dhi, ti, y.probsRounded.data() + block, ti, grid, dO,
                     static_cast<int>(d), grid, dQkv + b * t * 3 * d + 2 * d + h * dh, ld);
            kernels::causalSoftmaxBackward(y.probs.data() + block, dP, t, scale);
        }
    std::vector<float>& dS = y.probsRounded;  // P as rounded is no longer needed: B3 reuses its room
    roundGradient(m_dScores.data(), dS.data(), dS.size(), p.gradients, p.attention, tally.gradientZones);
    for (std::size_t b = 0; b < static_cast<std::size_t>(m_batch); ++b)
        for (std::size_t h = 0; h < heads; ++h) {
            const float* q = y.qkvOut.data() + b * t * 3 * d + h * dh;
            const float* ds = dS.data() + (b * heads + h) * t * t;
            float* dq = dQkv + b * t * 3 * d + h * dh;
            multiply(*p.products, false, false, ti, dhi, ti, ds, ti, grid, q + d, ld, grid, dq, ld);
            multiply(*p.products, true, false, ti, dhi, ti, ds, ti, grid, q, ld, grid, dq + d, ld);
        }
}

void Transformer::backward(float lossScale, std::span<float> grads, const Precision& p,
                           std::vector<LinearHistories>* histories, StepTally& tally)
{
    const ModelShape& s = m_layout.shape();
    const auto d = static_cast<std::size_t>(s.width);
    const auto t = static_cast<std::size_t>(s.context);
    const auto v = static_cast<std::size_t>(s.vocabulary);
    const auto hidden = static_cast<std::size_t>(s.hidden);
    const std::size_t n = m_rows;
    const auto history = [&](std::size_t i) { return histories ? &(*histories)[i] : nullptr; };
    const auto grad = [&](std::size_t index) { return grads.data() + m_layout.slot(index).offset; };
    kernels::Zones& zones = tally.gradientZones;

    // B1: (softmax - onehot) * S / N in fp32.
    m_dHead.resize(n * v);
    kernels::crossEntropy(m_logits.data(), m_targets.data(), n, v, lossScale / static_cast<float>(n), m_dHead.data());
    m_dA.resize(n * d);
    m_head.backward(m_dHead.data(), m_dA.data(), grad(m_layout.head()), p, nullptr, tally);
    m_dStream.assign(n * d, 0.0f);
    std::vector<float> gain(d, 0.0f);
    kernels::rmsNormBackward(m_dA.data(), m_final.data(), tensor(m_layout.finalNorm()), m_rf.data(), n, d,
                             m_dStream.data(), gain.data());
    storeGradient(gain, grad(m_layout.finalNorm()), p.gradients, zones);

    m_dB.resize(n * hidden);
    m_dC.resize(n * 3 * d);
    for (std::size_t l = m_layers.size(); l-- > 0;) {
        const int layer = static_cast<int>(l);
        Layer& y = m_layers[l];
        // The MLP branch: stream = middle + down(GELU(up(norm2(middle)))).
        y.down.backward(m_dStream.data(), m_dB.data(), grad(m_layout.layerTensor(layer, L::kDown)), p,
                        history(4 * l + 3), tally);
        kernels::geluBackward(m_dB.data(), y.upOut.data(), m_dB.data(), n * hidden);
        y.up.backward(m_dB.data(), m_dA.data(), grad(m_layout.layerTensor(layer, L::kUp)), p, history(4 * l + 2),
                      tally);
        std::fill(gain.begin(), gain.end(), 0.0f);
        kernels::rmsNormBackward(m_dA.data(), y.middle.data(), tensor(m_layout.layerTensor(layer, L::kNorm2)),
                                 y.r2.data(), n, d, m_dStream.data(), gain.data());
        storeGradient(gain, grad(m_layout.layerTensor(layer, L::kNorm2)), p.gradients, zones);
        // The attention branch: middle = input + out(attention(qkv(norm1(input)))).
        y.out.backward(m_dStream.data(), m_dA.data(), grad(m_layout.layerTensor(layer, L::kOut)), p,
                       history(4 * l + 1), tally);
        attentionBackward(y, m_dA.data(), m_dC.data(), p, tally);
        y.qkv.backward(m_dC.data(), m_dA.data(), grad(m_layout.layerTensor(layer, L::kQkv)), p, history(4 * l),
                       tally);
        std::fill(gain.begin(), gain.end(), 0.0f);
        kernels::rmsNormBackward(m_dA.data(), y.input.data(), tensor(m_layout.layerTensor(layer, L::kNorm1)),
                                 y.r1.data(), n, d, m_dStream.data(), gain.data());
        storeGradient(gain, grad(m_layout.layerTensor(layer, L::kNorm1)), p.gradients, zones);
    }

    // B4: the embeddings' gradients, summed row by row in fp32.
    std::vector<float> embedding(v * d, 0.0f);
    std::vector<float> position(t * d, 0.0f);
    for (std::size_t row = 0; row < n; ++row)
        for (std::size_t j = 0; j < d; ++j) {
            embedding[m_inputs[row] * d + j] += m_dStream[row * d + j];
            position[(row % t) * d + j] += m_dStream[row * d + j];
        }
    storeGradient(embedding, grad(L::kEmbedding), p.gradients, zones);
    storeGradient(position, grad(L::kPosition), p.gradients, zones);
}

}  // namespace floatscope::train
