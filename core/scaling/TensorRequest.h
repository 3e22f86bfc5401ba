#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/format/Registry.h"
#include "core/scaling/TensorSources.h"

namespace floatscope {

// The largest tensor the quantization panel and its export view make (2^24 elements, the
// benchmark's size); `floatscope quantize` takes the loaders' own limit, kMaxTensorElements.
inline constexpr std::size_t kMaxGeneratedElements = std::size_t{1} << 24;

// Where a tensor to quantize comes from: the same description drives the panel, its background
// job, `floatscope quantize` and `floatscope export quantize`, so that the same inputs give the same
// tensor everywhere.
struct TensorRequest {
    enum class Source : std::uint8_t {
        Text,    // rows of values as typed or pasted (CSV rules); a single column reads as a vector
        Values,  // one value per string, as `floatscope quantize V1 V2 ...` takes them
        Normal,  // seeded normal values with outliers
        File,    // a .csv, .txt or .npy file
    };
    Source source = Source::Text;
    std::string text;
    std::vector<std::string> values;
    NormalSpec normal;
    std::size_t maxElements = kMaxGeneratedElements;  // from any source: more is refused (TooManyValues)
    std::string path;
    Format storage = namedFormat("fp32");
    std::string shape;  // optional: "4096" or "64x64", as --shape takes it

    // How many elements the request will make, when that is known before loading (typed text is
    // counted as small); used to decide whether to quantize in the background.
    std::optional<std::size_t> expectedElements() const;
};

// The tensor as requested, then reshaped when a shape is given; or the kind of problem (TensorError).
TensorLoad loadTensor(const TensorRequest& request);

// A tensor's value as it was stored: the shortest text that reads back, in fp32 when the value is
// an fp32 (a typed 0.01 reads "0.01", not 0.00999999977...), else in fp64.
std::string storedValueText(double value);

}  // namespace floatscope
