#pragma once

#include <span>
#include <string_view>

#include "core/dot/Accumulator.h"

namespace floatscope::dot {

// Which paper (and which of its artefacts) a preset's numbers come from.
enum class PresetSource : std::uint8_t {
    // Khattak, Mikaitis, "Accurate models of NVIDIA tensor cores" (arXiv 2512.07004, 2025; ACM TACO):
    // the parameters of the published MATLAB models (github.com/north-numerical-computing/
    // MATLAB-tensor-core, models/*TC.m at commit b12b5a7), validated there bit for bit against
    // each GPU on randomised inputs.
    KhattakMikaitis2025,
    // The same, whose features Fasi, Higham, Mikaitis, Pranesh found first ("Numerical behavior of
    // NVIDIA tensor cores", PeerJ Comput. Sci. 7:e330, 2021) and whose test suite
    // (github.com/north-numerical-computing/tensor-cores-numerical-behavior) the model passes.
    FasiEtAl2021AndKhattakMikaitis2025,
};

// A tensor core as published: one GPU, one input type, one output type.
struct TensorCorePreset {
    const char* id;             // "h100-fp8"
    const char* gpu;            // "H100" (a name from outside: data, not words)
    const char* inputFormats;   // canonical names the GPU multiplies in this mode, comma-separated
    const char* outputFormat;   // "fp32" or "fp16"
    int blockTerms;
    int alignedFractionBits;
    int resultFractionBits;
    RoundingMode resultRounding;
    int minAlignExponent;
    PresetSource source;

    FusedAdder adder() const;
    bool acceptsInput(std::string_view canonicalFormatName) const;
};

// Every preset, V100 to B200. Not offered, because they could not be sourced exactly: T4 (Turing; the
// 2021 paper ran its suite there, but the block size and alignment width of its adder are not in the
// material found) and B200 with fp8 inputs (the published model disagrees with the published
// measurements).
std::span<const TensorCorePreset> tensorCorePresets();
const TensorCorePreset* findTensorCorePreset(std::string_view id);

}  // namespace floatscope::dot
