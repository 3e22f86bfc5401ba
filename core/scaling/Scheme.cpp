#include "core/scaling/Scheme.h"

#include <charconv>

namespace floatscope {

namespace {

bool positiveNumber(std::string_view s, std::size_t& n)
{
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    return ec == std::errc() && ptr == s.data() + s.size() && n > 0;
}

SchemeParse failure(SchemeErrorKind kind, std::string_view text)
{
    SchemeParse out;
    out.error = SchemeError{kind, std::string(text)};
    return out;
}

SchemeParse success(Scheme scheme)
{
    SchemeParse out;
    out.scheme = scheme;
    return out;
}

}  // namespace

std::string Scheme::name() const
{
    switch (kind) {
    case SchemeKind::Tensor: return "tensor";
    case SchemeKind::Tile: return "tile:" + std::to_string(blockCols);
    case SchemeKind::Block: return "block:" + std::to_string(blockRows) + "x" + std::to_string(blockCols);
    case SchemeKind::Mx: return "mx";
    case SchemeKind::Nvfp4: return "nvfp4";
    }
    return "tensor";
}

SchemeParse parseScheme(std::string_view text)
{
    if (text == "tensor")
        return success(Scheme::tensor());
    if (text == "mx")
        return success(Scheme::mx());
    if (text == "nvfp4")
        return success(Scheme::nvfp4());
    if (text == "tile")
        return success(Scheme::tile(128));
    if (text == "block")
        return success(Scheme::block(128, 128));
    const std::size_t colon = text.find(':');
    const std::string_view head = text.substr(0, colon);
    if (colon != std::string_view::npos && head == "tile") {
        std::string_view n = text.substr(colon + 1);
        if (n.starts_with("1x"))
            n.remove_prefix(2);
        std::size_t cols = 0;
        if (!positiveNumber(n, cols))
            return failure(SchemeErrorKind::BadTileLength, text);
        return success(Scheme::tile(cols));
    }
    if (colon != std::string_view::npos && head == "block") {
        const std::string_view dims = text.substr(colon + 1);
        const std::size_t x = dims.find('x');
        std::size_t rows = 0;
        std::size_t cols = 0;
        if (x == std::string_view::npos || !positiveNumber(dims.substr(0, x), rows)
            || !positiveNumber(dims.substr(x + 1), cols))
            return failure(SchemeErrorKind::BadBlockShape, text);
        return success(Scheme::block(rows, cols));
    }
    return failure(SchemeErrorKind::UnknownScheme, text);
}

const char* toString(SchemeKind kind)
{
    switch (kind) {
    case SchemeKind::Tensor: return "tensor";
    case SchemeKind::Tile: return "tile";
    case SchemeKind::Block: return "block";
    case SchemeKind::Mx: return "mx";
    case SchemeKind::Nvfp4: return "nvfp4";
    }
    return "tensor";
}

const char* toString(ScalePrecision precision)
{
    return precision == ScalePrecision::Exact ? "exact" : "fp32";
}

const char* toString(MxScaleRule rule)
{
    switch (rule) {
    case MxScaleRule::Floor: return "floor";
    case MxScaleRule::Ceil: return "ceil";
    case MxScaleRule::RoundUp: return "rceil";
    }
    return "floor";
}

const char* toString(RaggedPolicy policy)
{
    return policy == RaggedPolicy::Pad ? "pad" : "reject";
}

std::optional<ScalePrecision> parseScalePrecision(std::string_view text)
{
    if (text == "exact")
        return ScalePrecision::Exact;
    if (text == "fp32")
        return ScalePrecision::Fp32;
    return std::nullopt;
}

std::optional<MxScaleRule> parseMxScaleRule(std::string_view text)
{
    if (text == "floor")
        return MxScaleRule::Floor;
    if (text == "ceil")
        return MxScaleRule::Ceil;
    if (text == "rceil" || text == "round-up")
        return MxScaleRule::RoundUp;
    return std::nullopt;
}

std::optional<RaggedPolicy> parseRaggedPolicy(std::string_view text)
{
    if (text == "pad")
        return RaggedPolicy::Pad;
    if (text == "reject")
        return RaggedPolicy::Reject;
    return std::nullopt;
}

const Format& defaultElementFormat(SchemeKind kind)
{
    return kind == SchemeKind::Mx || kind == SchemeKind::Nvfp4 ? namedFormat("e2m1") : namedFormat("e4m3fn");
}

}  // namespace floatscope
