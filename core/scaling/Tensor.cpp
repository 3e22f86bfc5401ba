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

std::string Tensor::elementName(std::size_t index) const
{
    if (!m_matrix || m_cols == 0)
        return "element " + std::to_string(index);
    return "element [" + std::to_string(index / m_cols) + ", " + std::to_string(index % m_cols) + "]";
}

std::optional<std::string> checkQuantizable(const Tensor& tensor)
{
    if (tensor.empty())
        return std::string("the tensor is empty: quantizing needs at least one value");
    for (std::size_t i = 0; i < tensor.size(); ++i) {
        const double v = tensor[i];
        if (std::isfinite(v))
            continue;
        const std::string what = std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
        return tensor.elementName(i) + " is " + what
            + ": quantizing needs finite values (one NaN or inf would set its block's scale)";
    }
    return std::nullopt;
}

}  // namespace floatscope
