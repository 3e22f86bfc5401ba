#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/scaling/TensorError.h"

namespace floatscope {

// A tensor to quantize: a vector (1-D) or a matrix (2-D, row-major as NumPy's C order). A vector
// is laid out as one row, so that "1x128 tiles" and "blocks of 32" run along it. The values are
// doubles and are taken as exact: they are what was loaded (fp16/fp32/fp64 .npy) or what text
// became after one rounding into the storage format (see TensorSources.h).
class Tensor {
public:
    Tensor() = default;
    static Tensor vector(std::vector<double> values);
    // values.size() must be rows * cols (asserted).
    static Tensor matrix(std::size_t rows, std::size_t cols, std::vector<double> values);

    std::size_t rows() const { return m_rows; }
    std::size_t cols() const { return m_cols; }
    std::size_t size() const { return m_values.size(); }
    bool empty() const { return m_values.empty(); }
    bool isMatrix() const { return m_matrix; }

    double operator[](std::size_t index) const { return m_values[index]; }
    double at(std::size_t row, std::size_t col) const { return m_values[row * m_cols + col]; }
    const std::vector<double>& values() const { return m_values; }

    // "4" for a vector, "2x128" for a matrix.
    std::string shapeText() const;

private:
    std::size_t m_rows = 1;
    std::size_t m_cols = 0;
    bool m_matrix = false;
    std::vector<double> m_values;
};

// Why a tensor cannot be quantized (TensorErrorKind::Empty or NonFinite), or nothing. The policy: an
// empty tensor is refused (there is no amax to scale by); so is any NaN or infinity, named by its
// position, because one non-finite element would make its block's amax, and so every scale derived
// from it, meaningless.
std::optional<TensorError> checkQuantizable(const Tensor& tensor);

}  // namespace floatscope
