#include "core/inspect/Inspection.h"

#include <algorithm>
#include <cassert>

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

mpq_class relativeError(const mpq_class& stored, const mpq_class& input)
{
    // stored = S / 2^k, |input| = P / Q: the quotient is |S Q - 2^k P| / (2^k P), and what it shares
    // with its denominator is gcd(S Q, 2^k P) (the numerator is S Q modulo 2^k P, up to sign), which is
    // 2^min(v2(S Q), k + v2(P)) gcd(odd(S), odd(P)), as gcd(P, Q) = 1. So the only gcd taken is with
    // odd(S), a significand: mpq division would take one of two numbers as long as the input's text.
    assert(sgn(input) != 0 && mpz_popcount(stored.get_den().get_mpz_t()) == 1);
    if (sgn(stored) == 0)
        return 1;
    const mpz_class& p = input.get_num();
    const mpz_class& q = input.get_den();
    const mpz_class s = abs(stored.get_num());
    const auto k = static_cast<unsigned long>(mpz_scan1(stored.get_den().get_mpz_t(), 0));
    mpz_class numerator = stored.get_num() * q - (p << k);
    numerator = abs(numerator);
    mpz_class denominator = abs(p) << k;
    if (sgn(numerator) == 0)
        return 0;
    const auto twosS = static_cast<unsigned long>(mpz_scan1(s.get_mpz_t(), 0));
    const auto twosQ = static_cast<unsigned long>(mpz_scan1(q.get_mpz_t(), 0));
    const auto twosP = static_cast<unsigned long>(mpz_scan1(p.get_mpz_t(), 0));
    const unsigned long twos = std::min(twosS + twosQ, k + twosP);
    const mpz_class oddS = s >> twosS;
    const mpz_class oddP = abs(p) >> twosP;
    mpz_class odd = oddP % oddS;
    mpz_gcd(odd.get_mpz_t(), odd.get_mpz_t(), oddS.get_mpz_t());
    for (mpz_class* part : {&numerator, &denominator}) {
        *part >>= twos;
        mpz_divexact(part->get_mpz_t(), part->get_mpz_t(), odd.get_mpz_t());
    }
    mpq_class out;
    mpz_swap(out.get_num_mpz_t(), numerator.get_mpz_t());
    mpz_swap(out.get_den_mpz_t(), denominator.get_mpz_t());
    return out;
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
            const mpq_class relative = relativeError(ExactValue::fromDyadic(d.value).value(), input.value());
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
