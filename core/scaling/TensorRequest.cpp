#include "core/scaling/TensorRequest.h"

#include <algorithm>
#include <bit>

#include "core/exact/DecimalText.h"
#include "core/round/Rounding.h"

namespace floatscope {

std::optional<std::size_t> TensorRequest::expectedElements() const
{
    switch (source) {
    case Source::Text: return std::min<std::size_t>(text.size(), kMaxGeneratedElements);
    case Source::Values: return values.size();
    case Source::Normal: return normal.rows * normal.cols;
    case Source::File: return std::nullopt;
    }
    return std::nullopt;
}

namespace {

// reshape() keeps the values, and here the storage they were rounded into too (`quantize --json`
// reports it).
TensorLoad reshaped(const TensorLoad& load, std::size_t rows, std::size_t cols, bool matrix)
{
    TensorLoad out = reshape(*load.tensor, rows, cols, matrix);
    if (out.tensor)
        out.storage = load.storage;
    return out;
}

}  // namespace

TensorLoad loadTensor(const TensorRequest& r)
{
    // 1. The tensor as requested, never more than the request allows.
    TensorLoad load;
    switch (r.source) {
    case TensorRequest::Source::Text:
        load = parseCsv(r.text, r.storage, r.maxElements);
        // One value per line is a column; what is meant is almost always a vector.
        if (load.tensor && load.tensor->isMatrix() && load.tensor->cols() == 1)
            load = reshaped(load, 1, load.tensor->size(), false);
        break;
    case TensorRequest::Source::Values:
        load = tensorFromTexts(r.values, r.storage, r.maxElements);
        break;
    case TensorRequest::Source::Normal:
        load = generateNormal(r.normal, r.storage, r.maxElements);
        break;
    case TensorRequest::Source::File:
        if (r.path.empty()) {
            load.error.kind = TensorErrorKind::FileNotChosen;
            return load;
        }
        load = loadTensorFile(r.path, r.storage, r.maxElements);
        break;
    }
    // 2. The optional reshape.
    if (!load.tensor || r.shape.empty())
        return load;
    const ShapeParse shape = parseShape(r.shape);
    if (!shape.rows) {
        TensorLoad out;
        out.error = shape.error;
        return out;
    }
    return reshaped(load, *shape.rows, shape.cols, shape.matrix);
}

std::string storedValueText(double value)
{
    const Format& fp32 = namedFormat("fp32");
    const RoundResult r = roundToFormat(unpackDouble(value), fp32);
    if ((r.flags & kInexact) == 0)
        return shortestText(fp32, r.code);
    return shortestText(namedFormat("fp64"), std::bit_cast<std::uint64_t>(value));
}

}  // namespace floatscope
