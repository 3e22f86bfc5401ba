#include "core/train/Fp8.h"

#include <algorithm>
#include <cmath>

#include "core/train/Kernels.h"

namespace floatscope::train {

std::optional<float> AmaxHistory::largest() const
{
    if (m_amax.empty())
        return std::nullopt;
    return *std::max_element(m_amax.begin(), m_amax.end());
}

void AmaxHistory::record(float amax)
{
    m_amax.push_back(amax);
    if (m_amax.size() > m_length)
        m_amax.pop_front();
}

ScaledMatrix quantize(const float* x, std::size_t rows, std::size_t cols, std::size_t blockRows,
                      std::size_t blockCols, const FloatRounder& element, float maxValue,
                      std::optional<float> fixedScale, Fp8Operand& stats)
{
    ScaledMatrix m;
    m.grid = &element.format();
    m.rows = rows;
    m.cols = cols;
    m.blockRows = blockRows == 0 ? rows : blockRows;
    m.blockCols = blockCols == 0 ? cols : blockCols;
    m.gridCols = (cols + m.blockCols - 1) / m.blockCols;
    const std::size_t gridRows = (rows + m.blockRows - 1) / m.blockRows;

    // 1. amax per block, a row's run of blockCols columns at a time.
    std::vector<float> amax(gridRows * m.gridCols, 0.0f);
    for (std::size_t r = 0; r < rows; ++r) {
        float* blockAmax = amax.data() + (r / m.blockRows) * m.gridCols;
        for (std::size_t gc = 0; gc < m.gridCols; ++gc) {
            const float* run = x + r * cols + gc * m.blockCols;
            blockAmax[gc] = std::max(blockAmax[gc], kernels::absMax(run, std::min(m.blockCols, cols - gc * m.blockCols)));
        }
    }
    // 2. Scales: max / amax in fp32, and the factors back.
    std::vector<float> scale(amax.size());
    m.scaleInv.resize(amax.size());
    stats.amax = 0;
    stats.scale = 0;
    for (std::size_t b = 0; b < amax.size(); ++b) {
        scale[b] = fixedScale ? *fixedScale : (amax[b] > 0 ? maxValue / amax[b] : 1.0f);
        m.scaleInv[b] = 1.0f / scale[b];
        stats.amax = std::max(stats.amax, static_cast<double>(amax[b]));
        stats.scale = std::max(stats.scale, static_cast<double>(scale[b]));
    }
    // 3. x * scale in fp32, then into the element format.
    thread_local std::vector<float> scaled;
    scaled.resize(rows * cols);
    m.values.resize(rows * cols);
    for (std::size_t r = 0; r < rows; ++r) {
        const float* blockScale = scale.data() + (r / m.blockRows) * m.gridCols;
        for (std::size_t gc = 0; gc < m.gridCols; ++gc) {
            const std::size_t first = r * cols + gc * m.blockCols;
            kernels::scale(x + first, blockScale[gc], scaled.data() + first,
                           std::min(m.blockCols, cols - gc * m.blockCols));
        }
    }
    element.round({scaled.data(), rows * cols}, m.values);
    // 4. Counts: |x * scale| above the largest value saturated; nonzero x with a zero code flushed.
    stats.elements += rows * cols;
    const kernels::Zones zones = kernels::countZones(x, m.values.data(), rows * cols);
    stats.flushed += zones.flushed;
    stats.saturated += kernels::countAbove(scaled.data(), rows * cols, maxValue);
    return m;
}

void scaledProduct(ProductEngine& engine, const ScaledMatrix& a, bool transA, const ScaledMatrix& b, bool transB,
                   std::size_t kBlock, float* c)
{
    const std::size_t m = transA ? a.cols : a.rows;
    const std::size_t k = transA ? a.rows : a.cols;
    const std::size_t n = transB ? b.rows : b.cols;
    thread_local std::vector<float> partial;
    thread_local std::vector<float> rowFactor;
    thread_local std::vector<float> colFactor;
    partial.resize(m * n);
    rowFactor.resize(m);
    colFactor.resize(n);
    for (std::size_t k0 = 0; k0 < k; k0 += kBlock) {
        const std::size_t kn = std::min(kBlock, k - k0);
        // op(A)[:, k0 .. k0 + kn) and op(B)[k0 .. k0 + kn, :], where they lie in the stored matrices.
        const float* aPart = a.values.data() + (transA ? k0 * a.cols : k0);
        const float* bPart = b.values.data() + (transB ? k0 : k0 * b.cols);
        multiply(engine, transA, transB, static_cast<int>(m), static_cast<int>(n), static_cast<int>(kn), aPart,
                 static_cast<int>(a.cols), *a.grid, bPart, static_cast<int>(b.cols), *b.grid, partial.data(),
                 static_cast<int>(n));
        for (std::size_t i = 0; i < m; ++i)
            rowFactor[i] = transA ? a.scaleInvAt(k0, i) : a.scaleInvAt(i, k0);
        for (std::size_t j = 0; j < n; ++j)
            colFactor[j] = transB ? b.scaleInvAt(j, k0) : b.scaleInvAt(k0, j);
        for (std::size_t i = 0; i < m; ++i) {
            const float* p = partial.data() + i * n;
            float* out = c + i * n;
            const float ri = rowFactor[i];
            if (k0 == 0)
                for (std::size_t j = 0; j < n; ++j)
                    out[j] = p[j] * (ri * colFactor[j]);
            else
                for (std::size_t j = 0; j < n; ++j)
                    out[j] += p[j] * (ri * colFactor[j]);
        }
    }
}

}  // namespace floatscope::train
