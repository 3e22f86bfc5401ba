#include "core/inspect/Inspection.h"

#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"

namespace floatscope {

namespace {

NeighbourText neighbour(const Format& f, std::uint64_t code)
{
    return NeighbourText{code, hexCode(f, code), codeValueText(f, code), shortestText(f, code)};
}

}  // namespace

std::string hexCode(const Format& f, std::uint64_t code)
{
    static constexpr char kHex[] = "0123456789abcdef";
    const int digits = (f.totalBits() + 3) / 4;
    std::string out = "0x";
    for (int i = digits - 1; i >= 0; --i)
        out += kHex[(code >> (4 * i)) & 0xF];
    return out;
}

std::string binaryFields(const Format& f, std::uint64_t code)
{
    std::string out;
    const int widths[] = {f.signBits(), f.exponentBits(), f.mantissaBits()};
    int bit = f.totalBits() - 1;
    for (const int width : widths) {
        if (width == 0)
            continue;
        if (!out.empty())
            out += ' ';
        for (int i = 0; i < width; ++i, --bit)
            out += ((code >> bit) & 1) != 0 ? '1' : '0';
    }
    return out;
}

std::string codeValueText(const Format& f, std::uint64_t code)
{
    const Decoded d = decode(f, code);
    switch (d.valueClass) {
    case ValueClass::NaN: return "nan";
    case ValueClass::Infinite: return d.negative ? "-inf" : "inf";
    default: return exactDecimal(d.value);
    }
}

std::string exactText(const mpq_class& value)
{
    if (auto decimal = terminatingDecimal(value))
        return *decimal;
    return rationalText(value);
}

std::string flagNames(Flags flags)
{
    std::string out;
    const std::pair<Flag, const char*> names[] = {
        {kInexact, "inexact"}, {kTie, "tie"}, {kUnderflow, "underflow"}, {kOverflow, "overflow"}, {kInvalid, "invalid"}};
    for (const auto& [flag, name] : names)
        if ((flags & flag) != 0)
            out += (out.empty() ? "" : ",") + std::string(name);
    return out;
}

Inspection inspect(const ExactValue& input, const Format& f, const RoundOptions& options, Route route)
{
    Inspection r;
    r.format = f.name();
    ExactValue rounded = input;  // what the last rounding saw
    if (route == Route::Direct) {
        r.placement = explainRounding(input, f, options);
    } else {
        // The route rounds to fp32 or fp64 first (nearest-even, as roundVia does); what reaches the
        // format, and what its rounding decision is about, is that value.
        const Format& intermediate = namedFormat(route == Route::ViaFp32 ? "fp32" : "fp64");
        const std::uint64_t first = roundExact(input, intermediate).code;
        r.routedThrough = intermediate.name();
        r.routedValue = codeValueText(intermediate, first);
        rounded = ExactValue::fromCode(intermediate, first);
        r.placement = explainRounding(rounded, f, options);
    }
    const RoundResult stored = route == Route::Direct ? r.placement.result : roundVia(input, f, route, options);
    r.code = stored.code;
    r.flags = stored.flags;
    r.hex = hexCode(f, r.code);
    r.binary = binaryFields(f, r.code);
    const Decoded d = decode(f, r.code);
    r.sign = d.negative ? 1 : 0;
    r.exponentField = d.exponentField;
    r.mantissaField = d.mantissaField;
    r.valueClass = d.valueClass;
    r.value = codeValueText(f, r.code);
    r.shortest = shortestText(f, r.code);
    r.formula = formulaTerms(f, r.code);
    r.discarded = discardedBits(rounded, f, options, r.placement.result);

    const bool finite = d.valueClass != ValueClass::NaN && d.valueClass != ValueClass::Infinite;
    if (finite) {
        r.hexFloat = hexFloat(d.value);
        r.ulp = exactDecimal(*ulpOf(f, r.code));
    }
    // Errors against the exact input.
    if (d.valueClass == ValueClass::NaN || input.kind() == ExactValue::Kind::NaN) {
        r.absError = r.relError = "nan";
    } else if (input.kind() == ExactValue::Kind::Infinite) {
        r.absError = d.valueClass == ValueClass::Infinite && d.negative == input.negative() ? "0" : "inf";
    } else if (d.valueClass == ValueClass::Infinite) {
        r.absError = r.relError = "inf";
    } else {
        const mpq_class error = abs(ExactValue::fromDyadic(d.value).value() - input.value());
        r.absError = exactText(error);
        r.absErrorApprox = approximateDecimal(error, 6);
        if (!input.isZero()) {
            const mpq_class relative = error / abs(input.value());
            r.relError = exactText(relative);
            r.relErrorApprox = approximateDecimal(relative, 6);
        }
    }
    if (r.absErrorApprox.empty())
        r.absErrorApprox = r.absError;
    if (r.relErrorApprox.empty())
        r.relErrorApprox = r.relError;

    if (const auto down = nextDown(f, r.code))
        r.previous = neighbour(f, *down);
    if (const auto up = nextUp(f, r.code))
        r.next = neighbour(f, *up);

    const RoutedResult fp32 = roundRouted(input, f, Route::ViaFp32, options);
    r.viaFp32 = fp32.result;
    r.viaFp32Differs = fp32.doubleRounding;
    const RoutedResult fp64 = roundRouted(input, f, Route::ViaFp64, options);
    r.viaFp64 = fp64.result;
    r.viaFp64Differs = fp64.doubleRounding;
    return r;
}

}  // namespace floatscope
