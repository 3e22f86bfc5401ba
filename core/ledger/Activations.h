#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace floatscope {

// What is kept of the forward pass for the backward pass.
enum class Recomputation : std::uint8_t {
    None,       // every activation is stored
    Selective,  // the attention scores (s x s per head) are recomputed: what FlashAttention does anyway
    Full,       // only each layer's input is stored; the layer is recomputed in the backward pass
};

const char* toString(Recomputation r);  // "none", "selective", "full"
std::optional<Recomputation> parseRecomputation(std::string_view text);

// Activation memory of a transformer's layers, per Korthikanti et al. 2022, "Reducing Activation
// Recomputation in Large Transformer Models" (MLSys 2023), §4 and Table 2. Per layer, in bytes,
// with 16-bit activations and the paper's standard block (dropout masks, GELU MLP of 4h):
//   no recomputation        sbh(34 + 5as/h)                   (t = 1)
//                           sbh(10 + 24/t + 5as/(ht))          tensor parallel t
//                           sbh/t (34 + 5as/h)                 tensor + sequence parallel
//   selective recomputation sbh(10 + 24/t), or 34sbh/t with sequence parallelism
//   full recomputation      2sbh                               (the layer's input only)
// s sequence length, b micro-batch, h hidden size, a attention heads, t tensor-parallel degree (t
// divides a and h). The total is L times the per-layer figure: what the first pipeline stage holds
// under 1F1B (L/p layers for p micro-batches in flight), or the whole model without pipelining.
// Left out, as in the paper's Table 2: embeddings, the final layer norm, the output layer and the loss.
struct ActivationConfig {
    std::uint64_t sequence = 0;   // s
    std::uint64_t microBatch = 1; // b
    std::uint64_t hidden = 0;     // h
    std::uint64_t heads = 0;      // a
    std::uint64_t layers = 0;     // L
    std::uint64_t tensorParallel = 1;  // t
    bool sequenceParallel = false;
    Recomputation recomputation = Recomputation::None;
};

struct ActivationResult {
    double bytesPerLayer = 0;
    double totalBytes = 0;
    std::string formula;  // the Table 2 expression used, e.g. "sbh(34 + 5as/h)"
};

// Why a configuration has no activation figure. The words are app/text/LedgerText's.
enum class ActivationErrorKind : std::uint8_t {
    ZeroDimension,        // a zero sequence, micro-batch, hidden size, head count, layer count or t
    TensorParallelSplit,  // t does not divide the heads and the hidden size
};
struct ActivationError {
    ActivationErrorKind kind = ActivationErrorKind::ZeroDimension;
    std::uint64_t tensorParallel = 0;
    std::uint64_t heads = 0;
    std::uint64_t hidden = 0;
};

struct ActivationOutcome {
    std::optional<ActivationResult> result;
    std::optional<ActivationError> error;
};

// Refused with a reason: a zero sequence, micro-batch, hidden size, head count, layer count or
// tensor-parallel degree, or a t that does not divide the heads and the hidden size.
ActivationOutcome activationMemory(const ActivationConfig& config);

// Whether a GPU holds a configuration: its static memory plus activations against its capacity.
struct FitCheck {
    double usedBytes = 0;
    double capacityBytes = 0;
    double freeBytes = 0;  // negative when it does not fit
    bool fits = false;
};
FitCheck checkFit(double staticBytesPerGpu, double activationBytesPerGpu, double capacityBytes);

}  // namespace floatscope
