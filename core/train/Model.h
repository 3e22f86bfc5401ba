#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace floatscope::train {

// The tiny decoder-only character transformer of lecture 10's demo 5: token and position
// embeddings, `layers` pre-norm blocks (RMSNorm, causal multi-head attention, RMSNorm, GELU MLP),
// a final RMSNorm and an output head. No biases; the norms' gains start at 1.0, as the lecture's do.
// The default is the size of an independent PyTorch model of this network: about 30k parameters with the built-in
// corpus's 38 characters (30,240); two heads of 16 halve the attention's T x T work that four heads
// of 8 would cost.
struct ModelShape {
    int vocabulary = 38;
    int context = 96;
    int width = 32;
    int layers = 2;
    int heads = 2;
    int hidden = 128;          // the MLP's width
    double initStd = 0.02;     // matrices and embeddings: normal(0, initStd), seeded
    float normEpsilon = 1e-5f;
};

enum class TensorKind : std::uint8_t { Embedding, Matrix, Gain };

// One parameter tensor inside the flat parameter array.
struct TensorSlot {
    std::string name;          // "embedding", "layer0.qkv", "layer1.norm2", "head", ...
    TensorKind kind = TensorKind::Matrix;
    std::size_t offset = 0;
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::size_t size() const { return rows * cols; }
};

// Where each tensor lives in the flat array (the optimizer sees one array; the passes see tensors).
class ParameterLayout {
public:
    explicit ParameterLayout(const ModelShape& shape);

    const ModelShape& shape() const { return m_shape; }
    std::size_t size() const { return m_size; }
    const std::vector<TensorSlot>& tensors() const { return m_tensors; }

    // Indices into tensors(): the embeddings, then per layer six, then the final norm and the head.
    static constexpr std::size_t kEmbedding = 0;
    static constexpr std::size_t kPosition = 1;
    enum LayerTensor : std::size_t { kNorm1, kQkv, kOut, kNorm2, kUp, kDown, kPerLayer };
    std::size_t layerTensor(int layer, LayerTensor which) const { return 2 + layer * kPerLayer + which; }
    std::size_t finalNorm() const { return 2 + m_shape.layers * kPerLayer; }
    std::size_t head() const { return finalNorm() + 1; }

    const TensorSlot& slot(std::size_t index) const { return m_tensors[index]; }

private:
    ModelShape m_shape;
    std::vector<TensorSlot> m_tensors;
    std::size_t m_size = 0;
};

// Initial parameters in fp32: normal(0, initStd) from SeededRandom(seed) for matrices and
// embeddings in layout order, 1.0 for gains.
std::vector<float> initialParameters(const ParameterLayout& layout, std::uint64_t seed);

}  // namespace floatscope::train
