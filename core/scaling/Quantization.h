#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gmpxx.h>

#include "core/format/Dyadic.h"
#include "core/format/Format.h"
#include "core/scaling/ScaledRounder.h"
#include "core/scaling/Scheme.h"
#include "core/scaling/Tensor.h"

namespace floatscope {

// One block of elements that share a scale, and that scale.
struct BlockResult {
    std::size_t index = 0;
    std::size_t row = 0;   // first element's row and column in the tensor
    std::size_t col = 0;
    std::size_t rows = 0;  // extent, cut at the tensor's edge
    std::size_t cols = 0;
    bool partial = false;       // smaller than the scheme's block (ragged policy "pad")
    bool allZero = false;       // amax 0: the scale is set to 1 (policy: any scale keeps zeros exact)
    bool scaleClamped = false;  // the scale left its format's range and was clamped (MX E8M0 limits
                                // 2^-127..2^127; an fp32 scale never rounds to 0 or inf)
    bool scaleIsZero = false;   // NVFP4: the E4M3 block scale rounded to 0, flushing the block
    double amax = 0;
    ScaleFactor scale;          // dequantized value = element value * scale
    std::optional<std::uint64_t> scaleCode;  // the stored scale in Quantization::scaleFormat()
    std::size_t saturated = 0;  // elements whose |x / scale| exceeded the element format's max
    std::size_t flushed = 0;    // nonzero elements that became zero
                                // (both counted when the block is asked for: O(block size))
};

// NVFP4's second level: one scale for the whole tensor, applied after the block's E4M3 scale.
struct TensorScale {
    double amax = 0;
    ScaleFactor scale;                       // amax / (448 * 6), exact or fp32
    std::optional<std::uint64_t> fp32Code;   // with ScalePrecision::Fp32
};

// Everything about one element, exact: the panel's table row and the command line's JSON.
struct ElementResult {
    std::size_t index = 0;
    std::size_t row = 0;
    std::size_t col = 0;
    std::size_t block = 0;
    double input = 0;             // x, exact (a double)
    mpq_class scaled;             // x / scale: what the element format is asked to hold
    std::uint64_t code = 0;       // the element's bits
    // Infinite or NaN only when an overflow was not saturated (OverflowPolicy::NonSaturating);
    // then the values below are 0 and relError is empty.
    ValueClass valueClass = ValueClass::Zero;
    Dyadic elementValue;          // what the code means before scaling
    mpq_class dequantized;        // elementValue * scale
    mpq_class absError;           // |dequantized - x|
    std::optional<mpq_class> relError;  // absError / |x|; none for x = 0
    bool flushed = false;         // x != 0 but dequantized == 0
    bool saturated = false;       // |scaled| > largest finite element value
};

struct QuantizationSummary {
    std::size_t elements = 0;
    std::size_t blocks = 0;
    std::size_t partialBlocks = 0;
    std::size_t zeroBlocks = 0;
    std::size_t flushed = 0;
    std::size_t saturated = 0;
    // Statistics (the per-element results are exact): mean squared error, the largest absolute and
    // relative errors (relative over nonzero inputs) and where they are, and the signal-to-
    // quantization-noise ratio 10 log10(sum x^2 / sum err^2) (none when nothing is lost). Summed in
    // fp64, or in long double where fp64 would overflow or underflow (WideStatistics.h): the MSE of
    // 1e300 is 1e600 and the largest relative error can pass fp64's range too, so these two are
    // long double; infinite only when an element overflowed to inf or NaN (--no-saturate).
    long double mse = 0;
    double maxAbsError = 0;
    std::size_t maxAbsErrorIndex = 0;
    long double maxRelError = 0;
    std::size_t maxRelErrorIndex = 0;
    std::optional<double> sqnrDb;
    // Bits per element as the formats are quoted: element bits plus the block scale's bits spread
    // over a full block (MXFP4 4 + 8/32 = 4.25, NVFP4 4 + 8/16 = 4.5; NVIDIA's 4.5 leaves out the
    // fp32 tensor scale). Tensor, tile and block scales count as fp32 (32 bits) even when kept exact.
    double bitsPerElement = 0;
    // Everything stored for this tensor, per element: partial blocks still store a whole scale,
    // and NVFP4's fp32 tensor scale is included.
    double storedBitsPerElement = 0;
};

enum class ErrorMeasure : std::uint8_t { Absolute, Relative };

// A heatmap's data: the tensor's errors pooled into at most maxRows x maxCols cells (each cell
// the largest error of the elements it covers; relative error counts 0 for x = 0).
struct ErrorGrid {
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::size_t rowsPerCell = 1;
    std::size_t colsPerCell = 1;
    std::vector<double> values;  // rows * cols, row-major
    double maxValue = 0;
};

class Quantization {
public:
    const Tensor& tensor() const { return *m_tensor; }
    const QuantizeOptions& options() const { return m_options; }
    const Format& elementFormat() const { return m_options.element; }

    // The blocks form a grid: blockGridRows() x blockGridCols(), row-major.
    std::size_t blockCount() const { return m_amax.size(); }
    std::size_t blockGridRows() const { return m_gridRows; }
    std::size_t blockGridCols() const { return m_gridCols; }
    std::size_t blockRows() const { return m_blockRows; }  // the scheme's block, before edge cuts
    std::size_t blockCols() const { return m_blockCols; }
    std::size_t blockOf(std::size_t element) const;
    BlockResult block(std::size_t index) const;
    ScaleFactor scaleOf(std::size_t block) const;
    // The format block scales are stored in: fp32 (ScalePrecision::Fp32), e8m0 (MX), e4m3fn
    // (NVFP4); none for exact scales, which no format holds.
    const std::optional<Format>& scaleFormat() const { return m_scaleFormat; }
    const std::optional<TensorScale>& tensorScale() const { return m_tensorScale; }

    std::uint64_t code(std::size_t element) const { return m_codes[element]; }
    double dequantizedApprox(std::size_t element) const;
    ElementResult element(std::size_t index) const;
    const QuantizationSummary& summary() const { return m_summary; }
    ErrorGrid errorGrid(ErrorMeasure measure, std::size_t maxRows = 256, std::size_t maxCols = 256) const;

private:
    friend class Quantizer;
    Quantization(std::shared_ptr<const Tensor> tensor, const QuantizeOptions& options);

    // Bits of m_blockFlags.
    static constexpr std::uint8_t kFlagAllZero = 1;
    static constexpr std::uint8_t kFlagClamped = 2;
    static constexpr std::uint8_t kFlagScaleZero = 4;

    double elementValue(std::uint64_t code) const;

    std::shared_ptr<const Tensor> m_tensor;
    QuantizeOptions m_options;
    std::size_t m_blockRows = 1;
    std::size_t m_blockCols = 1;
    std::size_t m_gridRows = 0;
    std::size_t m_gridCols = 0;
    CodeArray m_codes;
    // Per block, as arrays (NVFP4 on 2^24 elements has 2^20 blocks): amax, the block's own scale
    // factor (the rest of ScaleFactor is shared: m_scaleFactor2, m_scaleDivisor), the stored code
    // and flag bits. A block's counts are found when it is asked for (block()).
    std::vector<double> m_amax;
    std::vector<double> m_blockFactor;
    std::vector<std::uint32_t> m_scaleCodes;
    std::vector<std::uint8_t> m_blockFlags;
    double m_scaleFactor2 = 1.0;
    double m_scaleDivisor = 1.0;
    std::optional<Format> m_scaleFormat;
    std::optional<TensorScale> m_tensorScale;
    std::optional<DecodeTable> m_decodeTable;  // element code -> value, for formats that fit fp32
    QuantizationSummary m_summary;
};

// Why a recipe refused a tensor. The words are app/text/QuantizeText's. An empty tensor or a NaN/inf
// element is the tensor's problem, not the recipe's: a TensorError (checkQuantizable, Tensor.h).
enum class QuantizeErrorKind : std::uint8_t {
    NoTensor,
    UnsignedElementFormat,   // a format with no sign bit can be a scale, not an element format (format)
    Nvfp4NeedsE2m1,          // NVFP4 with another element format (format)
    RandomBitsOutOfRange,    // stochastic rounding with random bits outside 1..64
    EmptyBlock,              // a block of 0 rows or 0 columns
    ShapeNotMultipleOfBlock, // RaggedPolicy::Reject and a shape the block does not divide
};

struct QuantizeError {
    QuantizeErrorKind kind = QuantizeErrorKind::NoTensor;
    std::string format;          // the element format's name
    std::size_t rows = 0;        // the tensor's shape
    std::size_t cols = 0;
    bool matrix = false;
    std::size_t blockRows = 0;   // ShapeNotMultipleOfBlock: the block
    std::size_t blockCols = 0;
};

struct QuantizeOutcome {
    std::optional<Quantization> result;
    std::optional<QuantizeError> error;      // the recipe's policy refused the input
    std::optional<TensorError> tensorError;  // instead: the tensor itself was refused (checkQuantizable)
};

// Quantizes a tensor. Refused with a reason: an empty tensor or a NaN/inf element
// (checkQuantizable), a shape the block does not divide under RaggedPolicy::Reject, NVFP4 with an
// element format other than e2m1, MX with an element format that has no sign or no normals.
QuantizeOutcome quantize(std::shared_ptr<const Tensor> tensor, const QuantizeOptions& options);
QuantizeOutcome quantize(Tensor tensor, const QuantizeOptions& options);

}  // namespace floatscope
