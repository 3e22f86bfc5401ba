#include "core/format/Registry.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <charconv>

namespace floatscope {

namespace {

using C = Convention;
using O = OverflowPolicy;

std::vector<Format> makeNamedFormats()
{
    // Biases and conventions: IEEE 754-2019 Table 3.5; OCP 8-bit Floating Point Specification
    // (OFP8) rev 1.0 Table 1; OCP Microscaling Formats (MX) v1.0 Tables 2-4. The FNUZ pair follows
    // Graphcore/AMD (bias one larger than IEEE, NaN at 0x80). Default overflow: IEEE formats go to
    // inf; the fp8 formats default to non-saturating as PyTorch and ml_dtypes convert; the MX
    // fp6/fp4 formats have neither inf nor NaN, so they can only saturate; e8m0 scales clamp as MX does.
    // What each format is, in words, is app/text/FormatText's.
    return {
        Format("fp64", 11, 52, 1023, C::Ieee, O::NonSaturating,
               {"float64", "double", "f64", "binary64", "torch.float64", "np.float64"}),
        Format("fp32", 8, 23, 127, C::Ieee, O::NonSaturating,
               {"float32", "float", "f32", "single", "binary32", "torch.float32", "np.float32"}),
        Format("tf32", 8, 10, 127, C::Ieee, O::NonSaturating,
               {"tensorfloat32", "tensorfloat-32", "torch.tf32"}),
        Format("fp16", 5, 10, 15, C::Ieee, O::NonSaturating,
               {"float16", "half", "f16", "binary16", "__half", "torch.float16", "torch.half", "np.float16"}),
        Format("bf16", 8, 7, 127, C::Ieee, O::NonSaturating,
               {"bfloat16", "__nv_bfloat16", "torch.bfloat16"}),
        Format("e4m3fn", 4, 3, 7, C::FiniteNan, O::NonSaturating,
               {"float8_e4m3fn", "fp8_e4m3fn", "fp8e4m3fn", "__nv_fp8_e4m3", "torch.float8_e4m3fn", "ofp8_e4m3"}),
        Format("e4m3", 4, 3, 7, C::Ieee, O::NonSaturating,
               {"float8_e4m3", "e4m3_ieee", "fp8_e4m3_ieee"}),
        Format("e5m2", 5, 2, 15, C::Ieee, O::NonSaturating,
               {"float8_e5m2", "fp8_e5m2", "fp8e5m2", "__nv_fp8_e5m2", "torch.float8_e5m2", "ofp8_e5m2"}),
        Format("e4m3fnuz", 4, 3, 8, C::Fnuz, O::NonSaturating,
               {"float8_e4m3fnuz", "fp8_e4m3fnuz", "torch.float8_e4m3fnuz"}),
        Format("e5m2fnuz", 5, 2, 16, C::Fnuz, O::NonSaturating,
               {"float8_e5m2fnuz", "fp8_e5m2fnuz", "torch.float8_e5m2fnuz"}),
        Format("e2m3", 2, 3, 1, C::Finite, O::Saturate,
               {"float6_e2m3fn", "fp6_e2m3", "__nv_fp6_e2m3", "mxfp6_e2m3"}),
        Format("e3m2", 3, 2, 3, C::Finite, O::Saturate,
               {"float6_e3m2fn", "fp6_e3m2", "__nv_fp6_e3m2", "mxfp6_e3m2"}),
        Format("e2m1", 2, 1, 1, C::Finite, O::Saturate,
               {"float4_e2m1fn", "fp4_e2m1", "fp4", "__nv_fp4_e2m1", "mxfp4_e2m1", "torch.float4_e2m1fn_x2"}),
        Format("e8m0", 8, 0, 127, C::Unsigned, O::Saturate,
               {"float8_e8m0fnu", "e8m0fnu", "__nv_fp8_e8m0", "torch.float8_e8m0fnu"}),
    };
}

std::string lowered(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

bool readInt(std::string_view& text, int& value)
{
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr == text.data())
        return false;
    text.remove_prefix(static_cast<std::size_t>(ptr - text.data()));
    return true;
}

}  // namespace

const std::vector<Format>& namedFormats()
{
    static const std::vector<Format> formats = makeNamedFormats();
    return formats;
}

const Format& namedFormat(std::string_view canonicalName)
{
    for (const Format& f : namedFormats())
        if (f.name() == canonicalName)
            return f;
    assert(false && "not a canonical format name");
    return namedFormats().front();
}

FormatLookup makeCustomFormat(int exponentBits, int mantissaBits, Convention convention, std::optional<int> bias)
{
    auto refused = [](FormatErrorKind kind) { return FormatLookup{std::nullopt, FormatError{kind, {}}}; };
    if (exponentBits < 1 || exponentBits > Format::kMaxExponentBits)
        return refused(FormatErrorKind::ExponentBitsOutOfRange);
    if (mantissaBits < 0 || mantissaBits > Format::kMaxMantissaBits)
        return refused(FormatErrorKind::MantissaBitsOutOfRange);
    if (convention == Convention::Ieee && (exponentBits < 2 || mantissaBits < 1))
        return refused(FormatErrorKind::IeeeNeedsInfAndNan);
    if ((convention == Convention::FiniteNan || convention == Convention::Unsigned)
        && exponentBits + mantissaBits < 2)
        return refused(FormatErrorKind::ConventionTooNarrow);
    const int b = bias.value_or(Format::defaultBias(exponentBits, convention));
    if (b < -kMaxCustomBias || b > kMaxCustomBias)
        return refused(FormatErrorKind::BiasOutOfRange);
    std::string name = "e" + std::to_string(exponentBits) + "m" + std::to_string(mantissaBits);
    if (convention != Convention::Ieee)
        name += toString(convention);
    if (bias)
        name += "b" + std::to_string(b);
    const OverflowPolicy overflow = convention == Convention::Finite ? OverflowPolicy::Saturate
                                                                      : OverflowPolicy::NonSaturating;
    return {Format(std::move(name), exponentBits, mantissaBits, b, convention, overflow), std::nullopt};
}

FormatLookup lookupFormat(std::string_view text)
{
    const std::string key = lowered(text);
    for (const Format& f : namedFormats()) {
        if (key == f.name())
            return {f, std::nullopt};
        for (const std::string& alias : f.aliases())
            if (key == lowered(alias))
                return {f, std::nullopt};
    }

    // eXmY[convention][bN]
    auto refused = [text](FormatErrorKind kind) { return FormatLookup{std::nullopt, FormatError{kind, std::string(text)}}; };
    std::string_view rest = key;
    int e = 0;
    int m = 0;
    if (rest.empty() || rest.front() != 'e' || (rest.remove_prefix(1), !readInt(rest, e)) || rest.empty()
        || rest.front() != 'm' || (rest.remove_prefix(1), !readInt(rest, m))) {
        return refused(FormatErrorKind::UnknownName);
    }
    Convention convention = Convention::Ieee;
    for (Convention c : {Convention::Fnuz, Convention::FiniteNan, Convention::Unsigned, Convention::Finite}) {
        const std::string_view suffix = toString(c);
        if (rest.substr(0, suffix.size()) == suffix
            && (rest.size() == suffix.size() || rest[suffix.size()] == 'b')) {
            convention = c;
            rest.remove_prefix(suffix.size());
            break;
        }
    }
    std::optional<int> bias;
    if (!rest.empty() && rest.front() == 'b') {
        rest.remove_prefix(1);
        int b = 0;
        if (!readInt(rest, b))
            return refused(FormatErrorKind::BadBias);
        bias = b;
    }
    if (!rest.empty())
        return refused(FormatErrorKind::UnknownName);
    FormatLookup custom = makeCustomFormat(e, m, convention, bias);
    if (custom.error)
        custom.error->text = std::string(text);
    return custom;
}

}  // namespace floatscope
