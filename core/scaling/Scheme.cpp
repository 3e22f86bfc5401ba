#include "core/scaling/Scheme.h"

#include <charconv>

#include "core/common/Names.h"

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

constexpr Named<SchemeKind> kSchemeKinds[] = {{SchemeKind::Tensor, "tensor"}, {SchemeKind::Tile, "tile"},
                                               {SchemeKind::Block, "block"},   {SchemeKind::Mx, "mx"},
                                               {SchemeKind::Nvfp4, "nvfp4"}};
constexpr Named<ScalePrecision> kPrecisions[] = {{ScalePrecision::Exact, "exact"}, {ScalePrecision::Fp32, "fp32"}};
constexpr Named<MxScaleRule> kMxRules[] = {{MxScaleRule::Floor, "floor"},
                                           {MxScaleRule::Ceil, "ceil"},
                                           {MxScaleRule::RoundUp, "rceil"},
                                           {MxScaleRule::RoundUp, "round-up"}};
constexpr Named<RaggedPolicy> kRaggedPolicies[] = {{RaggedPolicy::Pad, "pad"}, {RaggedPolicy::Reject, "reject"}};

const char* toString(SchemeKind kind) { return nameIn(kSchemeKinds, kind); }
const char* toString(ScalePrecision precision) { return nameIn(kPrecisions, precision); }
const char* toString(MxScaleRule rule) { return nameIn(kMxRules, rule); }
const char* toString(RaggedPolicy policy) { return nameIn(kRaggedPolicies, policy); }

std::optional<ScalePrecision> parseScalePrecision(std::string_view text) { return valueIn(kPrecisions, text); }
std::optional<MxScaleRule> parseMxScaleRule(std::string_view text) { return valueIn(kMxRules, text); }
std::optional<RaggedPolicy> parseRaggedPolicy(std::string_view text) { return valueIn(kRaggedPolicies, text); }

const Format& defaultElementFormat(SchemeKind kind)
{
    return kind == SchemeKind::Mx || kind == SchemeKind::Nvfp4 ? namedFormat("e2m1") : namedFormat("e4m3fn");
}

}  // namespace floatscope
