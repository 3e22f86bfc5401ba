#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/format/Format.h"
#include "core/format/Registry.h"
#include "core/round/Rounding.h"

namespace floatscope {

// How a tensor is cut into blocks that share a scale.
enum class SchemeKind : std::uint8_t {
    Tensor,  // one scale for everything: amax(tensor) / max(element format)
    Tile,    // DeepSeek-V3 activations: 1 x N tiles along each row (N = 128 in the report, §3.3.2)
    Block,   // DeepSeek-V3 weights: R x C blocks (128 x 128)
    Mx,      // OCP Microscaling v1.0: 32 consecutive elements share an E8M0 power of two (§5, §6.3)
    Nvfp4,   // NVIDIA NVFP4: e2m1 elements, an E4M3 scale per 16, and an fp32 scale per tensor
};

struct Scheme {
    SchemeKind kind = SchemeKind::Tensor;
    std::size_t blockRows = 0;  // elements per block down the columns (0: the whole tensor)
    std::size_t blockCols = 0;  // elements per block along a row (0: the whole tensor)

    static Scheme tensor() { return {SchemeKind::Tensor, 0, 0}; }
    static Scheme tile(std::size_t n) { return {SchemeKind::Tile, 1, n}; }
    static Scheme block(std::size_t rows, std::size_t cols) { return {SchemeKind::Block, rows, cols}; }
    static Scheme mx() { return {SchemeKind::Mx, 1, 32}; }      // MX v1.0 §5.2: k = 32
    static Scheme nvfp4() { return {SchemeKind::Nvfp4, 1, 16}; }

    // As the command line spells it: "tensor", "tile:128", "block:128x128", "mx", "nvfp4".
    std::string name() const;
};

// "tensor", "tile:N", "block:RxC" (N, R, C >= 1), "mx", "nvfp4"; "tile" and "block" alone mean
// DeepSeek-V3's 128 and 128x128.
// Why a text names no scheme. The words are app/text/QuantizeText's.
enum class SchemeErrorKind : std::uint8_t {
    UnknownScheme,  // none of the names
    BadTileLength,  // "tile:" without a positive whole number
    BadBlockShape,  // "block:" without ROWSxCOLS of positive whole numbers
};
struct SchemeError {
    SchemeErrorKind kind = SchemeErrorKind::UnknownScheme;
    std::string text;  // as given
};

struct SchemeParse {
    std::optional<Scheme> scheme;
    std::optional<SchemeError> error;
};
SchemeParse parseScheme(std::string_view text);

// How an amax-derived scale (tensor, tile, block, and NVFP4's per-tensor scale) is kept.
enum class ScalePrecision : std::uint8_t {
    Exact,  // the rational amax / max itself: what the element format alone can do
    Fp32,   // rounded once (nearest-even) to fp32, as every recipe stores its scales
};

// How MX picks its shared power of two X for a block with largest magnitude amax, where
// emax is the element format's largest normal exponent and max its largest value.
enum class MxScaleRule : std::uint8_t {
    Floor,    // X = 2^(floor(log2 amax) - emax): the rule of OCP MX v1.0 §6.3; values above max clamp
    Ceil,     // X = 2^(ceil(log2 amax) - emax): never clamps, but unless amax is a power of two the
              // scale is often twice what rceil needs (torchao's ScaleCalculationMode.CEIL)
    RoundUp,  // X = 2^ceil(log2(amax / max)): the smallest power of two that never clamps (cuBLAS's
              // "computing scaling factors with UE8M0 scales", torchao's RCEIL)
};

// What a partial block at the edge of the tensor means.
enum class RaggedPolicy : std::uint8_t {
    Pad,     // the block is cut at the edge, as if padded with zeros (zeros do not change amax)
    Reject,  // the tensor's shape must be a multiple of the block
};

const char* toString(SchemeKind kind);
const char* toString(ScalePrecision precision);      // "exact", "fp32"
const char* toString(MxScaleRule rule);              // "floor", "ceil", "rceil"
const char* toString(RaggedPolicy policy);           // "pad", "reject"
std::optional<ScalePrecision> parseScalePrecision(std::string_view text);
std::optional<MxScaleRule> parseMxScaleRule(std::string_view text);
std::optional<RaggedPolicy> parseRaggedPolicy(std::string_view text);

struct QuantizeOptions {
    Scheme scheme = Scheme::tensor();
    // The element format; NVFP4 requires e2m1.
    Format element = namedFormat("e4m3fn");
    ScalePrecision scalePrecision = ScalePrecision::Fp32;
    MxScaleRule mxRule = MxScaleRule::Floor;
    RoundingMode rounding = RoundingMode::NearestEven;
    // Quantizers saturate (MX v1.0 §6.3 clamps; TE and DeepSeek cast with saturation); NonSaturating
    // shows what a plain cast would do with the values above max.
    OverflowPolicy overflow = OverflowPolicy::Saturate;
    RaggedPolicy ragged = RaggedPolicy::Pad;
    // Stochastic rounding: the seed of the per-element draws, and how many random bits each uses.
    std::uint64_t seed = 0;
    int randomBits = 32;
};

// The default element format of a scheme: e4m3fn for the DeepSeek-style schemes, e2m1 for MX and NVFP4.
const Format& defaultElementFormat(SchemeKind kind);

}  // namespace floatscope
