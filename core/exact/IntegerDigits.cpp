#include "core/exact/IntegerDigits.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <vector>

namespace floatscope {

namespace {

constexpr std::size_t kSmall = 4096;  // bits: GMP converts these in microseconds anyway
static_assert(sizeof(mp_limb_t) == sizeof(std::uint64_t));

std::size_t bitsOf(const mpz_class& n) { return mpz_sizeinbase(n.get_mpz_t(), 2); }

// 1. Powers of two and five.

// 5^b mod 2^64, by squaring.
std::uint64_t lowWordOfPowerOfFive(unsigned long b)
{
    std::uint64_t result = 1;
    std::uint64_t base = 5;
    for (; b != 0; b >>= 1, base *= base)
        if ((b & 1) != 0)
            result *= base;
    return result;
}

// A number 2^a 5^b is 2^(a-b) 10^b or 5^(b-a) 10^a: only the smaller factor needs converting.
// Recognising one costs a comparison of low words (5^b mod 2^64 against the odd part's lowest limb)
// before any big arithmetic, so other numbers lose nothing.
std::optional<std::string> powerDigits(const mpz_class& n, std::size_t bits)
{
    const auto twos = static_cast<unsigned long>(mpz_scan1(n.get_mpz_t(), 0));
    const std::size_t oddBits = bits - twos;
    // 5^b has floor(b log2 5) + 1 bits: b is one of the two integers nearest (oddBits - 1) / log2 5.
    const auto estimate = static_cast<unsigned long>(static_cast<double>(oddBits - 1) / 2.321928094887362);
    const mpz_class odd = n >> twos;
    const std::uint64_t low = mpz_getlimbn(odd.get_mpz_t(), 0);
    for (const unsigned long b : {estimate, estimate + 1}) {
        if (lowWordOfPowerOfFive(b) != low)
            continue;
        mpz_class five;
        mpz_ui_pow_ui(five.get_mpz_t(), 5, b);
        if (five != odd)
            continue;
        const unsigned long zeros = std::min(twos, b);
        mpz_class rest;
        mpz_ui_pow_ui(rest.get_mpz_t(), twos > b ? 2 : 5, twos > b ? twos - b : b - twos);
        return rest.get_str() + std::string(zeros, '0');
    }
    return std::nullopt;
}

// 2. Decimal arithmetic by a small number: limbs of 19 digits, least significant first.

constexpr int kLimbDigits = 19;
constexpr std::uint64_t kLimbBase = 10'000'000'000'000'000'000ULL;  // 10^19 < 2^64
using Limbs = std::vector<std::uint64_t>;
using Wide = unsigned __int128;

Limbs toLimbs(const std::string& digits)
{
    Limbs out;
    out.reserve(digits.size() / kLimbDigits + 1);
    for (std::size_t end = digits.size(); end > 0;) {
        const std::size_t begin = end > kLimbDigits ? end - kLimbDigits : 0;
        std::uint64_t limb = 0;
        for (std::size_t i = begin; i < end; ++i)
            limb = limb * 10 + static_cast<std::uint64_t>(digits[i] - '0');
        out.push_back(limb);
        end = begin;
    }
    return out;
}

std::string toDigits(const Limbs& limbs)
{
    std::size_t top = limbs.size();
    while (top > 1 && limbs[top - 1] == 0)
        --top;
    std::string out = top == 0 ? "0" : std::to_string(limbs[top - 1]);
    out.reserve(out.size() + (top - 1) * kLimbDigits);
    char chunk[kLimbDigits];
    for (std::size_t i = top - 1; i-- > 0;) {
        std::uint64_t limb = limbs[i];
        for (int d = kLimbDigits - 1; d >= 0; --d, limb /= 10)
            chunk[d] = static_cast<char>('0' + limb % 10);
        out.append(chunk, kLimbDigits);
    }
    return out;
}

// a += b, or a -= b (a >= b).
void addTo(Limbs& a, const Limbs& b)
{
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < b.size() || carry != 0; ++i) {
        if (i == a.size())
            a.push_back(0);
        const Wide sum = Wide{a[i]} + (i < b.size() ? b[i] : 0) + carry;  // up to 2 * 10^19 - 1, past 2^64
        carry = sum >= kLimbBase ? 1 : 0;
        a[i] = static_cast<std::uint64_t>(sum - carry * kLimbBase);
    }
}

void subtractFrom(Limbs& a, const Limbs& b)
{
    std::uint64_t borrow = 0;
    for (std::size_t i = 0; i < b.size() || borrow != 0; ++i) {
        assert(i < a.size() && "subtracting more than there is");
        const std::uint64_t take = (i < b.size() ? b[i] : 0) + borrow;
        borrow = a[i] < take ? 1 : 0;
        a[i] = a[i] + borrow * kLimbBase - take;  // modulo 2^64; the result is below 10^19
    }
}

// a *= m for m < 2^64: a limb times m plus the carry is below 10^19 * 2^64 < 2^128.
void multiplyBy(Limbs& a, std::uint64_t m)
{
    std::uint64_t carry = 0;
    for (std::uint64_t& limb : a) {
        const Wide product = static_cast<Wide>(limb) * m + carry;
        limb = static_cast<std::uint64_t>(product % kLimbBase);
        carry = static_cast<std::uint64_t>(product / kLimbBase);
    }
    while (carry != 0) {
        a.push_back(carry % kLimbBase);
        carry /= kLimbBase;
    }
}

// a /= d, returning the remainder: remainder * 10^19 + limb is below d * 10^19 < 2^128.
std::uint64_t divideBy(Limbs& a, std::uint64_t d)
{
    std::uint64_t remainder = 0;
    for (std::size_t i = a.size(); i-- > 0;) {
        const Wide current = static_cast<Wide>(remainder) * kLimbBase + a[i];
        a[i] = static_cast<std::uint64_t>(current / d);
        remainder = static_cast<std::uint64_t>(current % d);
    }
    return remainder;
}

// 3. The remembered conversions, and the numbers a small step from one of them.

struct Remembered {
    mpz_class value;
    std::string digits;
};

class Memory {
public:
    // The digits of n from a remembered M with n * g = M + r, r below kSmall bits, g = 2^t h with
    // h < 2^64 and t < kSmall: (M + r) 5^t / h = n 10^t. h is estimated from the leading 128 bits of
    // n (off by at most 2), so no big division is made.
    std::optional<std::string> derive(const mpz_class& n, std::size_t bits) const
    {
        for (const Remembered& m : m_entries)
            if (m.value == n)
                return m.digits;
        const mpz_class nTop = n >> (bits - 128);
        for (const Remembered& m : m_entries) {
            const std::size_t mBits = bitsOf(m.value);
            if (mBits + 1 < bits || mBits > bits + kSmall + 62)
                continue;
            const std::size_t t = mBits > bits + 62 ? mBits - bits - 62 : 0;
            const mpz_class estimate = (m.value >> (bits - 128 + t)) / nTop;
            for (long delta = -2; delta <= 2; ++delta) {
                const mpz_class h = estimate + delta;
                if (sgn(h) <= 0 || bitsOf(h) > 64)
                    continue;
                const mpz_class r = ((n * h) << t) - m.value;
                if (bitsOf(r) < kSmall)
                    return stepFrom(m.digits, r, t, mpz_getlimbn(h.get_mpz_t(), 0));
            }
        }
        return std::nullopt;
    }

    void remember(const mpz_class& n, const std::string& digits)
    {
        std::rotate(m_entries.rbegin(), m_entries.rbegin() + 1, m_entries.rend());
        m_entries.front() = Remembered{n, digits};
    }

private:
    static std::string stepFrom(const std::string& digits, const mpz_class& r, std::size_t t, std::uint64_t h)
    {
        Limbs a = toLimbs(digits);
        if (r != 0) {
            const Limbs step = toLimbs(mpz_class(abs(r)).get_str());
            if (sgn(r) > 0)
                addTo(a, step);
            else
                subtractFrom(a, step);
        }
        constexpr int kFivesPerStep = 27;  // 5^27 < 2^63
        for (std::size_t left = t; left > 0;) {
            const std::size_t k = std::min<std::size_t>(left, kFivesPerStep);
            std::uint64_t five = 1;
            for (std::size_t i = 0; i < k; ++i)
                five *= 5;
            multiplyBy(a, five);
            left -= k;
        }
        [[maybe_unused]] const std::uint64_t remainder = divideBy(a, h);
        assert(remainder == 0 && "n * g = M + r, so h divides (M + r) 5^t");
        std::string out = toDigits(a);
        assert(out.size() > t && out.find_first_not_of('0', out.size() - t) == std::string::npos);
        out.resize(out.size() - t);
        return out;
    }

    // Four cover one value's texts: the input, its error, and the relative error's two parts.
    std::array<Remembered, 4> m_entries;
};

Memory& memory()
{
    thread_local Memory m;
    return m;
}

}  // namespace

std::string integerDigits(const mpz_class& n)
{
    assert(sgn(n) >= 0);
    const std::size_t bits = bitsOf(n);
    if (n == 0 || bits < kSmall)
        return n.get_str();
    std::optional<std::string> digits = memory().derive(n, bits);
    if (!digits)
        digits = powerDigits(n, bits);
    if (!digits)
        digits = n.get_str();
    memory().remember(n, *digits);
    return *digits;
}

}  // namespace floatscope
