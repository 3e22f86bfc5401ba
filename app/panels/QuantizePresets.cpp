#include "app/panels/QuantizePresets.h"

#include "core/format/Registry.h"

namespace floatscope::gui {

namespace {

TensorRequest typed(const char* text)
{
    TensorRequest r;
    r.source = TensorRequest::Source::Text;
    r.text = text;
    return r;
}

TensorRequest normal(std::size_t rows, std::size_t cols, std::size_t outliers, double magnitude, std::uint64_t seed)
{
    TensorRequest r;
    r.source = TensorRequest::Source::Normal;
    r.normal.rows = rows;
    r.normal.cols = cols;
    r.normal.matrix = true;
    r.normal.outliers = outliers;
    r.normal.outlierMagnitude = magnitude;
    r.normal.seed = seed;
    return r;
}

QuantizeOptions recipe(Scheme scheme, const char* element)
{
    QuantizeOptions o;
    o.scheme = scheme;
    o.element = namedFormat(element);
    return o;
}

}  // namespace

int QuantizePresets::count()
{
    return 7;
}

QuantizePreset QuantizePresets::preset(int index)
{
    switch (index) {
    case 0:
        return {tr("[1000, 0.01, 0.02, 0.5] in e4m3fn, one scale per tensor"),
                tr("One scale for all four values: amax 1000 over 448, e4m3fn's largest value. The small values "
                   "land among e4m3fn's subnormals, where the steps are coarse, and 0.01 comes back far too low: "
                   "this is the BF16 lesson's 12.8%. The table of recipes below shows which recipe gives which number."),
                typed("1000 0.01 0.02 0.5"), recipe(Scheme::tensor(), "e4m3fn"), 1};
    case 1:
        return {tr("The same four values in one 1×128 tile"),
                tr("A 1×128 tile holds 128 consecutive values, so these four share one tile: its amax is 1000 and "
                   "its scale is exactly the tensor's, bit for bit, and 0.01's error is the same as per tensor. "
                   "Tiles help only when the outlier lies in another tile."),
                typed("1000 0.01 0.02 0.5"), recipe(Scheme::tile(128), "e4m3fn"), 1};
    case 2:
        return {tr("1000 in a block of its own: 0.01, 0.02, 0.5 | 1000 in tiles of 3"),
                tr("Only with 1000 in another block does 0.01 improve: the first tile's amax is 0.5, its scale "
                   "0.5 / 448, and 0.01 lands among e4m3fn's normal values. This is the BF16 lesson's 0.45%. With real "
                   "1×128 tiles, 1000 would have to be at least 128 values away from 0.01."),
                typed("0.01 0.02 0.5 1000"), recipe(Scheme::tile(3), "e4m3fn"), 0};
    case 3:
        return {tr("MXFP4 block [0.3, −1.2, 2.7, 0.05]"),
                tr("OCP MX v1.0: 32 values share a power of two, 2^(floor(log2 amax) − emax). amax 2.7 and "
                   "e2m1's emax 2 give 2^(1 − 2) = 2^−1. 0.05 / 0.5 = 0.1 is below half of e2m1's smallest "
                   "step (0.5), so 0.05 becomes 0. MXFP4 costs 4 + 8/32 = 4.25 bits per element."),
                typed("0.3 -1.2 2.7 0.05"), recipe(Scheme::mx(), "e2m1"), 3};
    case 4:
        return {tr("NVFP4 block [0.3, −1.2, 2.7, 0.05]"),
                tr("NVFP4: an E4M3 scale per 16 values, times one fp32 scale per tensor: 4 + 8/16 = 4.5 bits per "
                   "element as NVIDIA quotes it (the tensor's fp32 scale is stored too, see 'as stored'). The "
                   "finer scale does not save 0.05: it still becomes 0."),
                typed("0.3 -1.2 2.7 0.05"), recipe(Scheme::nvfp4(), "e2m1"), 3};
    case 5:
        return {tr("256×256 normal values with 2 outliers, 128×128 blocks"),
                tr("Normal values (σ 1) with 2 outliers of ±10000. A scale set by an outlier pushes the normal "
                   "values of its block down among e4m3fn's subnormals, where relative errors are large; with "
                   "128×128 blocks only the blocks that hold an outlier pay, per tensor every value does. Switch "
                   "the scheme and watch the heatmap of relative errors."),
                normal(256, 256, 2, 10000, 7), recipe(Scheme::block(128, 128), "e4m3fn"), std::nullopt};
    case 6:
        return {tr("4096×4096 = 2^24 normal values, 1×128 tiles"),
                tr("2^24 values are quantized on a worker thread, with progress and Cancel; the tables compute "
                   "only the rows you scroll to."),
                normal(4096, 4096, 1000, 30, 2024), recipe(Scheme::tile(128), "e4m3fn"), std::nullopt};
    default: return {};
    }
}

}  // namespace floatscope::gui
