#include "core/dot/TensorCorePresets.h"

#include <array>

#include "core/format/Registry.h"

namespace floatscope::dot {

namespace {

constexpr RoundingMode kRz = RoundingMode::TowardZero;
constexpr RoundingMode kRne = RoundingMode::NearestEven;
constexpr PresetSource kKm = PresetSource::KhattakMikaitis2025;
constexpr PresetSource kFasi = PresetSource::FasiEtAl2021AndKhattakMikaitis2025;

// The published models' parameters (MATLAB-tensor-core, models/*TC.m, commit b12b5a7), renamed:
//   fma             -> blockTerms
//   23 + neab       -> alignedFractionBits (products are aligned with 23 fraction bits, shifted by neab)
//   output mantissa + min(neab, 0) -> resultFractionBits (GEMM.m narrows the output by a negative neab)
//   frmode          -> resultRounding ('rz' for fp32 output, 'rne' for fp16 output)
//   min_exp_limit   -> minAlignExponent
// All of them keep subnormal inputs and outputs (in_subnormals = out_subnormals = 1), align every
// product and c together (global_alignment = 1) and keep no sticky bit (stkbitenabled = 0).
// H200TC.m is H100TC.m. The fp8 modes with fp16 output are left out: the published validation
// script checks fp8 only with fp32 output.
constexpr std::array kPresets = {
    // V100 (Volta): 4-term blocks, no extra alignment bit, truncation.
    TensorCorePreset{"v100-fp16", "V100", "fp16", "fp32", 4, 23, 23, kRz, -1024, kFasi},
    TensorCorePreset{"v100-fp16-fp16", "V100", "fp16", "fp16", 4, 23, 10, kRne, -19, kFasi},
    // A100 (Ampere): 8-term blocks (4 for tf32), one extra alignment bit.
    TensorCorePreset{"a100-fp16", "A100", "fp16", "fp32", 8, 24, 23, kRz, -132, kFasi},
    TensorCorePreset{"a100-fp16-fp16", "A100", "fp16", "fp16", 8, 24, 10, kRne, -20, kFasi},
    TensorCorePreset{"a100-bf16", "A100", "bf16", "fp32", 8, 24, 23, kRz, -132, kFasi},
    TensorCorePreset{"a100-tf32", "A100", "tf32", "fp32", 4, 24, 23, kRz, -132, kFasi},
    // H100 (Hopper): 16-term blocks (8 for tf32), two extra alignment bits; fp8 in 32-term blocks
    // with 13 fraction bits kept (about 14 bits of precision, as DeepSeek-V3 measured).
    TensorCorePreset{"h100-fp16", "H100", "fp16", "fp32", 16, 25, 23, kRz, -133, kKm},
    TensorCorePreset{"h100-fp16-fp16", "H100", "fp16", "fp16", 16, 25, 10, kRne, -21, kKm},
    TensorCorePreset{"h100-bf16", "H100", "bf16", "fp32", 16, 25, 23, kRz, -133, kKm},
    TensorCorePreset{"h100-tf32", "H100", "tf32", "fp32", 8, 25, 23, kRz, -133, kKm},
    TensorCorePreset{"h100-fp8", "H100", "e4m3fn,e5m2", "fp32", 32, 13, 13, kRz, -133, kKm},
    TensorCorePreset{"h200-fp16", "H200", "fp16", "fp32", 16, 25, 23, kRz, -133, kKm},
    TensorCorePreset{"h200-fp16-fp16", "H200", "fp16", "fp16", 16, 25, 10, kRne, -21, kKm},
    TensorCorePreset{"h200-bf16", "H200", "bf16", "fp32", 16, 25, 23, kRz, -133, kKm},
    TensorCorePreset{"h200-tf32", "H200", "tf32", "fp32", 8, 25, 23, kRz, -133, kKm},
    TensorCorePreset{"h200-fp8", "H200", "e4m3fn,e5m2", "fp32", 32, 13, 13, kRz, -133, kKm},
    // B200 (Blackwell): as H100. No fp8 preset: the published B200 fp8 model (32-term blocks, W = 25,
    // truncation) disagrees with the published B200 fp8 measurements (36% of 5000 inner products
    // differ by one ulp; tests/dot/TensorCoreDataTest.cpp), and what would agree is not published.
    TensorCorePreset{"b200-fp16", "B200", "fp16", "fp32", 16, 25, 23, kRz, -133, kKm},
    TensorCorePreset{"b200-fp16-fp16", "B200", "fp16", "fp16", 16, 25, 10, kRne, -21, kKm},
    TensorCorePreset{"b200-bf16", "B200", "bf16", "fp32", 16, 25, 23, kRz, -133, kKm},
    TensorCorePreset{"b200-tf32", "B200", "tf32", "fp32", 8, 25, 23, kRz, -133, kKm},
};

}  // namespace

FusedAdder TensorCorePreset::adder() const
{
    FusedAdder a;
    a.blockTerms = blockTerms;
    a.alignedFractionBits = alignedFractionBits;
    a.resultFractionBits = resultFractionBits;
    a.output = namedFormat(outputFormat);
    a.resultRounding = resultRounding;
    a.minAlignExponent = minAlignExponent;
    return a;
}

bool TensorCorePreset::acceptsInput(std::string_view name) const
{
    std::string_view list = inputFormats;
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        if (list.substr(0, comma) == name)
            return true;
        if (comma == std::string_view::npos)
            break;
        list.remove_prefix(comma + 1);
    }
    return false;
}

std::span<const TensorCorePreset> tensorCorePresets() { return kPresets; }

const TensorCorePreset* findTensorCorePreset(std::string_view id)
{
    for (const TensorCorePreset& p : kPresets)
        if (id == p.id)
            return &p;
    return nullptr;
}

}  // namespace floatscope::dot
