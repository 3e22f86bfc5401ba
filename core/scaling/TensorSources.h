#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/format/Format.h"
#include "core/scaling/Tensor.h"
#include "core/scaling/TensorError.h"

namespace floatscope {

// Limits on what a loader takes, so that no input can exhaust memory or time: 2^26 values (an
// 8192 x 8192 matrix; the tensor holds 8 bytes a value, about 0.7 GB in all once quantized), and
// files of at most kMaxTensorFileBytes.
inline constexpr std::size_t kMaxTensorElements = std::size_t{1} << 26;
inline constexpr std::uint64_t kMaxTensorFileBytes = std::uint64_t{4} << 30;

// Where a tensor comes from: typed or pasted text, a .csv or .npy file, or a seeded generator.
// Every loader returns a tensor or the kind of problem with its arguments (TensorError), never throws.
struct TensorLoad {
    std::optional<Tensor> tensor;
    TensorError error;
    // The format the values were rounded into; none when they are exactly what a .npy file holds.
    std::optional<Format> storage;
};

// Text values, each parsed exactly (decimal, scientific, hex float, bits such as bf16:0x3DCD) and
// rounded once, to nearest-even, into `storage`. fp32 is the usual storage: it is what
// torch.tensor([0.01]) holds, and the lessons compute their examples the same way ("先存 FP32").
// The storage format must fit in fp64 (every named format does). A value that overflows the
// storage is refused; NaN and inf pass through (checkQuantizable refuses them later, by position).
TensorLoad tensorFromTexts(const std::vector<std::string>& texts, const Format& storage,
                           std::size_t maxElements = kMaxTensorElements);

// CSV: one row per line; values separated by commas, semicolons, tabs or spaces; blank lines and
// lines starting with '#' are skipped. One row gives a vector, several rows a matrix (one value per
// line is an N x 1 matrix: reshape it to a vector if that is what is meant). Rows must be equally long.
TensorLoad parseCsv(std::string_view text, const Format& storage, std::size_t maxElements = kMaxTensorElements);

// NumPy .npy, format versions 1.0 to 3.0: float16, float32 or float64 in either byte order, C order,
// 0-, 1- or 2-D. Other dtypes, Fortran order and more dimensions are refused by name. The values
// are exact (every fp16 and fp32 value is a double).
TensorLoad parseNpy(std::string_view bytes, std::size_t maxElements = kMaxTensorElements);

// A file by its extension, .csv (or .txt) or .npy in any case; the error names the file. Only a
// regular file is read (not a device, FIFO or directory), CSV as a stream and .npy in chunks, so that
// memory holds the values and little else.
TensorLoad loadTensorFile(const std::string& path, const Format& storage, std::size_t maxElements = kMaxTensorElements);

// The same values in another shape; rows * cols must equal the tensor's size.
TensorLoad reshape(const Tensor& tensor, std::size_t rows, std::size_t cols, bool matrix);

// "4096" (a vector) or "2x128" (a matrix), as the command line's --shape takes it.
struct ShapeParse {
    std::optional<std::size_t> rows;
    std::size_t cols = 0;
    bool matrix = false;
    TensorError error;
};
ShapeParse parseShape(std::string_view text);

// Normal values with a few outliers, reproducible from the seed: Box-Muller on splitmix64 draws
// (std::normal_distribution differs between standard libraries), rounded into `storage`. The
// outliers replace `outliers` elements at seeded positions with +-outlierMagnitude (seeded sign),
// the kind of tensor where per-tensor scaling loses the small values.
struct NormalSpec {
    std::size_t rows = 1;
    std::size_t cols = 0;
    bool matrix = false;
    double mean = 0.0;
    double stddev = 1.0;
    std::size_t outliers = 0;
    double outlierMagnitude = 100.0;
    std::uint64_t seed = 0;
};
TensorLoad generateNormal(const NormalSpec& spec, const Format& storage, std::size_t maxElements = kMaxTensorElements);

}  // namespace floatscope
