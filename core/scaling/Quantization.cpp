#include "core/scaling/Quantization.h"

#include <algorithm>
#include <cmath>

#include "core/exact/ExactValue.h"
#include "core/format/Codec.h"

namespace floatscope {

namespace {


mpq_class exactOf(double v)
{
    return ExactValue::fromDouble(v).value();
}

}  // namespace

Quantization::Quantization(std::shared_ptr<const Tensor> tensor, const QuantizeOptions& options)
    : m_tensor(std::move(tensor)), m_options(options)
{
}

std::size_t Quantization::blockOf(std::size_t element) const
{
    const std::size_t cols = m_tensor->cols();
    const std::size_t row = element / cols;
    const std::size_t col = element % cols;
    return (row / m_blockRows) * m_gridCols + col / m_blockCols;
}

ScaleFactor Quantization::scaleOf(std::size_t block) const
{
    return ScaleFactor{m_blockFactor[block], m_scaleFactor2, m_scaleDivisor};
}

BlockResult Quantization::block(std::size_t index) const
{
    BlockResult b;
    b.index = index;
    b.row = (index / m_gridCols) * m_blockRows;
    b.col = (index % m_gridCols) * m_blockCols;
    b.rows = std::min(m_blockRows, m_tensor->rows() - b.row);
    b.cols = std::min(m_blockCols, m_tensor->cols() - b.col);
    b.partial = b.rows < m_blockRows || b.cols < m_blockCols;
    const std::uint8_t flags = m_blockFlags[index];
    b.allZero = (flags & kFlagAllZero) != 0;
    b.scaleClamped = (flags & kFlagClamped) != 0;
    b.scaleIsZero = (flags & kFlagScaleZero) != 0;
    b.amax = m_amax[index];
    b.scale = scaleOf(index);
    if (m_scaleFormat)
        b.scaleCode = m_scaleCodes[index];
    // The counts, from the codes: an element flushed if its code is zero and its input is not;
    // saturated only if its code is the largest value (or inf/NaN), checked exactly.
    const mpq_class max = ExactValue::fromDyadic(m_options.element.maxFinite()).value();
    const std::uint64_t maxMagnitude = m_options.element.maxFiniteMagnitude();
    const std::uint64_t magnitudeMask = m_options.element.magnitudeMask();
    const mpq_class scale = b.scaleIsZero ? mpq_class(0) : b.scale.exact();
    for (std::size_t r = b.row; r < b.row + b.rows; ++r) {
        for (std::size_t c = b.col; c < b.col + b.cols; ++c) {
            const std::size_t i = r * m_tensor->cols() + c;
            const double x = (*m_tensor)[i];
            const double value = elementValue(m_codes[i]);
            b.flushed += x != 0 && (value == 0 || b.scaleIsZero) ? 1 : 0;
            if (!b.scaleIsZero && ((m_codes[i] & magnitudeMask) >= maxMagnitude || !std::isfinite(value)))
                b.saturated += abs(exactOf(x)) > max * scale ? 1 : 0;
        }
    }
    return b;
}

double Quantization::elementValue(std::uint64_t code) const
{
    if (m_decodeTable)
        return (*m_decodeTable)[static_cast<std::uint16_t>(code)];
    const Decoded d = decode(m_options.element, code);
    switch (d.valueClass) {
    case ValueClass::NaN: return std::nan("");
    case ValueClass::Infinite: return d.negative ? -HUGE_VAL : HUGE_VAL;
    default: break;
    }
    const double m = std::ldexp(static_cast<double>(d.value.significand), static_cast<int>(d.value.exponent));
    return d.negative ? -m : m;
}

double Quantization::dequantizedApprox(std::size_t element) const
{
    return elementValue(m_codes[element]) * scaleOf(blockOf(element)).approx();
}

ElementResult Quantization::element(std::size_t index) const
{
    ElementResult e;
    const std::size_t cols = m_tensor->cols();
    e.index = index;
    e.row = index / cols;
    e.col = index % cols;
    e.block = blockOf(index);
    e.input = (*m_tensor)[index];
    e.code = m_codes[index];
    const Decoded d = decode(m_options.element, e.code);
    e.valueClass = d.valueClass;
    const mpq_class x = exactOf(e.input);
    const bool zeroScale = (m_blockFlags[e.block] & kFlagScaleZero) != 0;
    const mpq_class scale = zeroScale ? mpq_class(0) : scaleOf(e.block).exact();
    if (!zeroScale) {
        e.scaled = x / scale;
        e.saturated = abs(e.scaled) > ExactValue::fromDyadic(m_options.element.maxFinite()).value();
    }
    if (d.valueClass == ValueClass::Infinite || d.valueClass == ValueClass::NaN)
        return e;
    e.elementValue = d.value;
    e.dequantized = ExactValue::fromDyadic(d.value).value() * scale;
    e.absError = abs(e.dequantized - x);
    if (x != 0)
        e.relError = mpq_class(e.absError / abs(x));
    e.flushed = x != 0 && e.dequantized == 0;
    return e;
}

ErrorGrid Quantization::errorGrid(ErrorMeasure measure, std::size_t maxRows, std::size_t maxCols) const
{
    ErrorGrid g;
    const std::size_t rows = m_tensor->rows();
    const std::size_t cols = m_tensor->cols();
    maxRows = std::max<std::size_t>(maxRows, 1);
    maxCols = std::max<std::size_t>(maxCols, 1);
    g.rowsPerCell = (rows + maxRows - 1) / maxRows;
    g.colsPerCell = (cols + maxCols - 1) / maxCols;
    g.rows = (rows + g.rowsPerCell - 1) / g.rowsPerCell;
    g.cols = (cols + g.colsPerCell - 1) / g.colsPerCell;
    g.values.assign(g.rows * g.cols, 0.0);
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t c = 0; c < cols; ++c) {
            const std::size_t i = r * cols + c;
            const double x = (*m_tensor)[i];
            const double deq = dequantizedApprox(i);
            double err = std::isfinite(deq) ? std::fabs(deq - x) : HUGE_VAL;
            if (measure == ErrorMeasure::Relative)
                err = x == 0 ? 0.0 : err / std::fabs(x);
            double& cell = g.values[(r / g.rowsPerCell) * g.cols + c / g.colsPerCell];
            cell = std::max(cell, err);
            g.maxValue = std::max(g.maxValue, err);
        }
    }
    return g;
}

}  // namespace floatscope
