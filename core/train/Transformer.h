#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/train/Model.h"
#include "core/train/Precision.h"

namespace floatscope::train {

// The forward and backward passes, written out with every rounding point named (the lesson is where
// a recipe rounds). Besides the linear layers' L1-L4 (Precision.h):
//   F1  q, k, v (the qkv product's output) into the attention format, for QK^T and PV
//   F2  the attention probabilities P into the attention format, for PV
//   B1  the loss gradient (softmax - onehot) * S / N, S the loss scale, computed in fp32 and
//       entering the head's backward products through L3
//   B2  dO (the gradient at the attention's output) into the gradient format, then the attention
//       format, for dP = dO V^T and dV = P^T dO
//   B3  dS (the scores' gradient) likewise, for dQ = dS K and dK = dS^T Q
//   B4  the gains' and embeddings' gradients (sums in fp32) into the gradient format
// Everything else (embedding sums, RMSNorm, softmax, GELU, the residual stream, the loss) is fp32.
// Rounding into a format is not differentiated: its gradient is taken as 1, as autograd treats a cast.
class Transformer {
public:
    Transformer(const ParameterLayout& layout, int batch);

    // Sets the parameters the passes read (values of the storage format) for one step: casts the
    // weights for the products (L1).
    void setParameters(std::span<const float> params, const Precision& p, std::vector<LinearHistories>* histories,
                       StepTally& tally);
    // Mean cross-entropy in nats over the batch's rows; inputs and targets have batch * context ids.
    double forward(std::span<const std::uint8_t> inputs, std::span<const std::uint8_t> targets, const Precision& p,
                   std::vector<LinearHistories>* histories, StepTally& tally);
    // The gradient of lossScale * mean loss, into `grads` (the layout's flat array), each value in
    // the gradient format. Needs the forward pass of the same batch just before.
    void backward(float lossScale, std::span<float> grads, const Precision& p, std::vector<LinearHistories>* histories,
                  StepTally& tally);

    const ParameterLayout& layout() const { return m_layout; }
    int batch() const { return m_batch; }

private:
    struct Layer {
        Layer(std::size_t d, std::size_t hidden)
            : qkv(d, 3 * d, false), out(d, d, false), up(d, hidden, false), down(hidden, d, false)
        {
        }
        Linear qkv, out, up, down;
        std::vector<float> input;    // the residual stream entering the layer
        std::vector<float> norm1, r1;
        std::vector<float> qkvOut;   // q | k | v as rounded (F1)
        std::vector<float> probs;    // P, fp32
        std::vector<float> probsRounded;  // P as rounded (F2)
        std::vector<float> attended; // per head P V, concatenated
        std::vector<float> middle;   // the residual stream after attention
        std::vector<float> norm2, r2;
        std::vector<float> upOut;    // before GELU
        std::vector<float> gelu;
    };

    void attentionForward(Layer& layer, const Precision& p, StepTally& tally);
    void attentionBackward(Layer& layer, const float* dAttended, float* dQkv, const Precision& p, StepTally& tally);
    const float* tensor(std::size_t index) const { return m_params.data() + m_layout.slot(index).offset; }

    ParameterLayout m_layout;
    int m_batch;
    std::size_t m_rows;
    std::vector<float> m_params;
    std::vector<Layer> m_layers;
    Linear m_head;
    std::vector<std::uint8_t> m_inputs;
    std::vector<std::uint8_t> m_targets;
    std::vector<float> m_final;       // the residual stream after the last layer
    std::vector<float> m_finalNorm, m_rf;
    std::vector<float> m_logits;
    // Backward scratch.
    std::vector<float> m_dStream, m_dA, m_dB, m_dC, m_dHead;
    std::vector<float> m_dScores, m_dRounded, m_headScratch;
};

}  // namespace floatscope::train
