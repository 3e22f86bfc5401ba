#include "core/exact/DecimalText.h"

#include <algorithm>
#include <memory>

#include <mpfr.h>

#include "core/exact/ExactValue.h"
#include "core/exact/IntegerDigits.h"
#include "core/format/Codec.h"
#include "core/round/Rounding.h"

namespace floatscope {

namespace {

mpz_class toMpz(std::uint64_t value)
{
    mpz_class z;
    mpz_import(z.get_mpz_t(), 1, -1, sizeof value, 0, 0, &value);
    return z;
}

// Digits of an integer with a decimal point placed `fractionDigits` from the right; trailing
// fraction zeros removed.
std::string placePoint(const std::string& digits, std::size_t fractionDigits)
{
    if (fractionDigits == 0)
        return digits;
    const std::size_t padding = digits.size() <= fractionDigits ? fractionDigits - digits.size() + 1 : 0;
    const std::string padded = std::string(padding, '0') + digits;
    const std::size_t point = padded.size() - fractionDigits;
    std::string out = padded.substr(0, point) + "." + padded.substr(point);
    while (out.back() == '0')
        out.pop_back();
    if (out.back() == '.')
        out.pop_back();
    return out;
}

struct MpfrValue {
    mpfr_t value;
    explicit MpfrValue(mpfr_prec_t precision) { mpfr_init2(value, precision); }
    ~MpfrValue() { mpfr_clear(value); }
    MpfrValue(const MpfrValue&) = delete;
    MpfrValue& operator=(const MpfrValue&) = delete;
};

struct MpfrString {
    char* text;
    ~MpfrString() { mpfr_free_str(text); }
};

// n significant digits of |x| rounded in direction `rnd`: digits and k with |x| ~ d1.d2.. * 10^k.
std::pair<std::string, long> mpfrDigits(const mpfr_t x, int n, mpfr_rnd_t rnd)
{
    mpfr_exp_t exp10 = 0;
    MpfrString s{mpfr_get_str(nullptr, &exp10, 10, static_cast<std::size_t>(n), x, rnd)};
    std::string digits = s.text[0] == '-' ? std::string(s.text + 1) : std::string(s.text);
    while (digits.size() > 1 && digits.back() == '0')
        digits.pop_back();
    return {digits, static_cast<long>(exp10) - 1};
}

mpq_class digitsValue(const std::string& digits, long k)
{
    // d1.d2...dn * 10^k = integer(digits) * 10^(k - n + 1)
    mpq_class q{mpz_class{digits}};
    const long scale = k - static_cast<long>(digits.size()) + 1;
    mpz_class power;
    mpz_ui_pow_ui(power.get_mpz_t(), 10, static_cast<unsigned long>(scale < 0 ? -scale : scale));
    if (scale >= 0)
        q *= power;
    else
        q /= power;
    return q;
}

}  // namespace

std::string rationalText(const mpq_class& value)
{
    std::string out = sgn(value) < 0 ? "-" : "";
    out += integerDigits(abs(value.get_num()));
    if (value.get_den() != 1)
        out += "/" + integerDigits(value.get_den());
    return out;
}

std::string exactDecimal(const Dyadic& value)
{
    const std::string sign = value.negative ? "-" : "";
    const Dyadic v = value.normalized();
    if (v.significand == 0)
        return sign + "0";
    mpz_class n = toMpz(v.significand);
    if (v.exponent >= 0) {
        n <<= static_cast<mp_bitcnt_t>(v.exponent);
        return sign + n.get_str();
    }
    // sig / 2^k = sig * 5^k / 10^k
    const auto k = static_cast<unsigned long>(-v.exponent);
    mpz_class five;
    mpz_ui_pow_ui(five.get_mpz_t(), 5, k);
    n *= five;
    return sign + placePoint(n.get_str(), k);
}

// Every limit is checked before the work it bounds, so that a value such as 10^-100000 costs what
// its size allows, not seconds: 1. the twos of the denominator (a scan)  2. its fives, with
// mpz_remove (divisions by 5^(2^i)), once its size admits 5^b with b <= maxDigits  3. the digit
// count of |p| * 2^(k-a) * 5^(k-b), which has at least as many digits as |p|, before the digits.
std::optional<std::string> terminatingDecimal(const mpq_class& value, std::size_t maxDigits)
{
    // 1.
    const mpz_class& den = value.get_den();
    const auto twos = static_cast<unsigned long>(mpz_scan1(den.get_mpz_t(), 0));
    if (twos > maxDigits)
        return std::nullopt;
    // 2. 5^b has floor(b log2 5) + 1 bits; log2 5 < 2.3219281.
    mpz_class odd = den >> twos;
    if (static_cast<double>(mpz_sizeinbase(odd.get_mpz_t(), 2)) > static_cast<double>(maxDigits) * 2.3219281 + 1)
        return std::nullopt;
    const unsigned long fives = mpz_remove(odd.get_mpz_t(), odd.get_mpz_t(), mpz_class(5).get_mpz_t());
    if (odd != 1)
        return std::nullopt;
    // p / (2^a 5^b) = p * 2^(k-a) 5^(k-b) / 10^k with k = max(a, b) fraction digits
    const unsigned long k = std::max<unsigned long>(twos, fives);
    if (k > maxDigits)
        return std::nullopt;
    // 3. mpz_sizeinbase(x, 10) is exact or one too large.
    mpz_class n = abs(value.get_num());
    if (mpz_sizeinbase(n.get_mpz_t(), 10) > maxDigits + 1)
        return std::nullopt;
    n <<= static_cast<mp_bitcnt_t>(k - twos);
    mpz_class five;
    mpz_ui_pow_ui(five.get_mpz_t(), 5, k - fives);
    n *= five;
    std::string digits = n.get_str();
    if (digits.size() > maxDigits)
        return std::nullopt;
    return (sgn(value) < 0 ? "-" : "") + placePoint(digits, k);
}

std::string approximateDecimal(const mpq_class& value, int significantDigits)
{
    if (value == 0)
        return "0";
    // 64 guard bits over the digits asked for make the double rounding (q -> binary -> decimal)
    // invisible in practice; these are for display, the exact value is always available too.
    MpfrValue x(static_cast<mpfr_prec_t>(significantDigits * 4 + 64));
    mpfr_set_q(x.value, value.get_mpq_t(), MPFR_RNDN);
    const auto [digits, k] = mpfrDigits(x.value, significantDigits, MPFR_RNDN);
    if (k >= -4 && k < significantDigits)
        return formatDecimalDigits(sgn(value) < 0, digits, k);
    const std::string sign = sgn(value) < 0 ? "-" : "";
    return sign + digits.substr(0, 1) + (digits.size() > 1 ? "." + digits.substr(1) : "") + "e"
        + (k >= 0 ? "+" : "") + std::to_string(k);
}

std::string briefDecimal(const mpq_class& value, std::size_t maxLength)
{
    if (auto exact = terminatingDecimal(value, maxLength); exact && exact->size() <= maxLength)
        return *exact;
    return "~" + approximateDecimal(value, 6);
}

std::vector<std::string> distinctDecimals(const std::vector<mpq_class>& values, std::size_t maxLength, int minDigits)
{
    // 1. Exact where short. 2. The others at one precision, so that a reader can compare them
    // digit by digit: the fewest digits at which no two distinct values of the list read the same
    // (a value of the formats here needs at most 767 digits to be told from any other).
    constexpr int kMaxDigits = 800;
    std::vector<std::string> texts(values.size());
    std::vector<std::size_t> approximate;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (auto exact = terminatingDecimal(values[i], maxLength); exact && exact->size() <= maxLength)
            texts[i] = *exact;
        else
            approximate.push_back(i);
    }
    if (approximate.empty())
        return texts;
    for (int digits = minDigits;; ++digits) {
        std::vector<std::string> candidate(values.size());
        for (std::size_t i = 0; i < values.size(); ++i)
            candidate[i] = approximateDecimal(values[i], digits);
        bool apart = true;
        for (const std::size_t i : approximate)
            for (std::size_t j = 0; j < values.size() && apart; ++j)
                apart = j == i || values[j] == values[i] || candidate[j] != candidate[i];
        if (apart || digits >= kMaxDigits) {
            for (const std::size_t i : approximate)
                texts[i] = "~" + candidate[i];
            return texts;
        }
    }
}

std::string hexFloat(const Dyadic& value)
{
    const std::string sign = value.negative ? "-" : "";
    const Dyadic v = value.normalized();
    if (v.significand == 0)
        return sign + "0x0p+0";
    const int top = 63 - __builtin_clzll(v.significand);
    const std::uint64_t fraction = v.significand - (std::uint64_t{1} << top);
    const std::int64_t exponent = v.exponent + top;
    std::string out = sign + "0x1";
    if (fraction != 0) {
        const int nibbles = (top + 3) / 4;
        const std::uint64_t aligned = fraction << (4 * nibbles - top);
        static constexpr char kHex[] = "0123456789abcdef";
        std::string digits;
        for (int i = nibbles - 1; i >= 0; --i)
            digits += kHex[(aligned >> (4 * i)) & 0xF];
        while (digits.back() == '0')
            digits.pop_back();
        out += "." + digits;
    }
    out += "p" + std::string(exponent >= 0 ? "+" : "") + std::to_string(exponent);
    return out;
}

std::string formatDecimalDigits(bool negative, const std::string& digits, long k)
{
    std::string out = negative ? "-" : "";
    const long n = static_cast<long>(digits.size());
    if (k >= -5 && k < 17) {
        if (k >= 0) {
            std::string whole = digits.substr(0, static_cast<std::size_t>(std::min(n, k + 1)));
            whole.append(static_cast<std::size_t>(std::max(0L, k + 1 - n)), '0');
            out += whole;
            if (n > k + 1)
                out += "." + digits.substr(static_cast<std::size_t>(k + 1));
        } else {
            out += "0." + std::string(static_cast<std::size_t>(-k - 1), '0') + digits;
        }
        return out;
    }
    out += digits.substr(0, 1);
    if (n > 1)
        out += "." + digits.substr(1);
    out += "e" + std::string(k >= 0 ? "+" : "") + std::to_string(k);
    return out;
}

std::string shortestText(const Format& format, std::uint64_t code)
{
    const Decoded d = decode(format, code);
    switch (d.valueClass) {
    case ValueClass::NaN: return "nan";
    case ValueClass::Infinite: return d.negative ? "-inf" : "inf";
    case ValueClass::Zero: return d.negative ? "-0" : "0";
    default: break;
    }
    MpfrValue x(64);
    const mpz_class significand = toMpz(d.value.significand);
    mpfr_set_z_2exp(x.value, significand.get_mpz_t(), static_cast<mpfr_exp_t>(d.value.exponent), MPFR_RNDN);
    const mpq_class exact = ExactValue::fromDyadic(Dyadic{false, d.value.significand, d.value.exponent}).magnitude();
    const std::uint64_t magnitude = code & format.magnitudeMask();

    // The decimals of n digits that could read back are |x| rounded down and up to n digits; the
    // rounding interval holds |x|, so if any n-digit decimal is in it, one of these two is.
    for (int n = 1; n <= 40; ++n) {
        std::optional<std::pair<std::string, long>> best;
        mpq_class bestDistance;
        for (const mpfr_rnd_t rnd : {MPFR_RNDD, MPFR_RNDU}) {
            auto candidate = mpfrDigits(x.value, n, rnd);
            const mpq_class q = digitsValue(candidate.first, candidate.second);
            // Read back as a parser would, but a candidate past the largest value does not count even
            // where the format would clamp it (fp6/fp4 saturate: "8" is not a text for e2m3's 7.5).
            RoundOptions readBack;
            readBack.overflow = OverflowPolicy::NonSaturating;
            const RoundResult back = roundExact(ExactValue::finite(false, q), format, readBack);
            if ((back.code & format.magnitudeMask()) != magnitude || (back.flags & kOverflow) != 0)
                continue;
            const mpq_class distance = abs(q - exact);
            // Equally near: the even last digit, as round-half-even would pick.
            const bool evenDigit = (candidate.first.back() - '0') % 2 == 0;
            if (!best || distance < bestDistance || (distance == bestDistance && evenDigit)) {
                best = candidate;
                bestDistance = distance;
            }
        }
        if (best)
            return formatDecimalDigits(d.negative, best->first, best->second);
    }
    return exactDecimal(d.value);  // not reached: 40 digits always identify a code of <= 53 bits
}

}  // namespace floatscope
