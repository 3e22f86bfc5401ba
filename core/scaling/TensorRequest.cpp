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

TensorLoad loadTensor(const TensorRequest& r)
{
    // 1. The tensor as requested.
    TensorLoad load;
    switch (r.source) {
    case TensorRequest::Source::Text:
        load = parseCsv(r.text, r.storage);
        // One value per line is a column; what is meant is almost always a vector.
        if (load.tensor && load.tensor->isMatrix() && load.tensor->cols() == 1)
            load = reshape(*load.tensor, 1, load.tensor->size(), false);
        break;
    case TensorRequest::Source::Values:
        load = tensorFromTexts(r.values, r.storage);
        break;
    case TensorRequest::Source::Normal: {
        std::size_t count = 0;
        if (__builtin_mul_overflow(r.normal.rows, r.normal.cols, &count) || count > r.maxGenerated) {
            load.error = "at most 2^24 generated values (a 4096 x 4096 matrix)";
            return load;
        }
        load = generateNormal(r.normal, r.storage);
        break;
    }
    case TensorRequest::Source::File:
        load = loadTensorFile(r.path, r.storage);
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
    return reshape(*load.tensor, *shape.rows, shape.cols, shape.matrix);
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
