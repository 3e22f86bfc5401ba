#include "core/scaling/Tensor.h"

#include <cassert>
#include <cmath>

namespace floatscope {

Tensor Tensor::vector(std::vector<double> values)
{
    Tensor t;
    t.m_rows = 1;
    t.m_cols = values.size();
    t.m_matrix = false;
    t.m_values = std::move(values);
    return t;
}

Tensor Tensor::matrix(std::size_t rows, std::size_t cols, std::vector<double> values)
{
    assert(values.size() == rows * cols);
    Tensor t;
    t.m_rows = rows;
    t.m_cols = cols;
    t.m_matrix = true;
    t.m_values = std::move(values);
    return t;
}

std::string Tensor::shapeText() const
{
    if (!m_matrix)
        return std::to_string(m_values.size());
    return std::to_string(m_rows) + "x" + std::to_string(m_cols);
}

std::optional<TensorError> checkQuantizable(const Tensor& tensor)
{
    TensorError error;
    if (tensor.empty()) {
        error.kind = TensorErrorKind::Empty;
        return error;
    }
    for (std::size_t i = 0; i < tensor.size(); ++i) {
        const double v = tensor[i];
        if (std::isfinite(v))
            continue;
        error.kind = TensorErrorKind::NonFinite;
        error.text = std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
        error.count = i;
        error.matrix = tensor.isMatrix() && tensor.cols() != 0;
        if (error.matrix) {
            error.line = i / tensor.cols();
            error.column = i % tensor.cols();
        }
        return error;
    }
    return std::nullopt;
}

}  // namespace floatscope
