#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "core/batch/FloatRounder.h"
#include "core/train/Products.h"

namespace floatscope::train {

// What one fp8 operand did in a step: its amax, the scale it was multiplied by (the largest block
// scale for block scaling: the scale of the block with the smallest amax is not the interesting one),
// and how many of its elements saturated at the format's largest value or flushed to zero.
struct Fp8Operand {
    double amax = 0;
    double scale = 1;
    std::uint64_t elements = 0;
    std::uint64_t saturated = 0;
    std::uint64_t flushed = 0;  // nonzero inputs whose code is zero
};

// An operand on its fp8 format's grid: the elements' values (unscaled, exact in fp32), and per
// block the factor that multiplies them back (1 / scale). Blocks tile the row-major matrix.
struct ScaledMatrix {
    std::vector<float> values;
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::size_t blockRows = 0;
    std::size_t blockCols = 0;
    std::size_t gridCols = 0;
    std::vector<float> scaleInv;
    const Format* grid = nullptr;  // the element format (the rounder's that cast it, which must outlive it)

    float scaleInvAt(std::size_t row, std::size_t col) const
    {
        return scaleInv[(row / blockRows) * gridCols + col / blockCols];
    }
};

// Transformer Engine's delayed scaling: the scale of a step comes from the largest amax of the
// previous `length` steps (the current one is only recorded); 1 before any history.
class AmaxHistory {
public:
    explicit AmaxHistory(int length = 16) : m_length(static_cast<std::size_t>(length)) {}
    std::optional<float> largest() const;
    void record(float amax);

private:
    std::size_t m_length;
    std::deque<float> m_amax;
};

// Quantizes x[rows, cols] block by block. Each block's scale is max / amax in fp32 (Transformer
// Engine's and DeepSeek-V3's convention; 1 for an all-zero block), or `fixedScale` for delayed
// scaling. The rounding points are TE's: x * scale rounded to fp32 (nearest-even), then to the
// element format (nearest-even, saturating); the factor back is 1 / scale, rounded to fp32.
// Block extents of 0 mean the whole dimension.
ScaledMatrix quantize(const float* x, std::size_t rows, std::size_t cols, std::size_t blockRows,
                      std::size_t blockCols, const FloatRounder& element, float maxValue,
                      std::optional<float> fixedScale, Fp8Operand& stats);

// C[M,N] = op(A) op(B) of two scaled operands (op(A) is M x K). The product runs over blocks of
// kBlock along K (K itself for per-tensor scales): each block's product of element values is
// multiplied through `engine` (the BLAS in fp32, or the tensor cores in fp8), multiplied by the two
// blocks' factors (their product rounded to fp32 first), and added to C in fp32, as DeepSeek-V3
// §3.3.2 promotes partial sums every 128 elements.
void scaledProduct(ProductEngine& engine, const ScaledMatrix& a, bool transA, const ScaledMatrix& b, bool transB,
                   std::size_t kBlock, float* c);

}  // namespace floatscope::train
