#include <gtest/gtest.h>

#include <bit>
#include <algorithm>
#include <charconv>
#include <optional>
#include <string>
#include <vector>
#include <random>
#include <variant>

#include "TestSupport.h"
#include "core/exact/DecimalText.h"
#include "core/exact/IntegerDigits.h"
#include "core/format/Codec.h"
#include "core/inspect/Inspection.h"

namespace floatscope {
namespace {

TEST(ExactDecimal, EveryDigit)
{
    EXPECT_EQ(exactDecimal(decode(namedFormat("fp32"), 0x3DCCCCCD).value), "0.100000001490116119384765625");
    EXPECT_EQ(exactDecimal(decode(namedFormat("fp64"), std::bit_cast<std::uint64_t>(0.1)).value),
              "0.1000000000000000055511151231257827021181583404541015625");
    EXPECT_EQ(exactDecimal(Dyadic{true, 3, -1}), "-1.5");
    EXPECT_EQ(exactDecimal(Dyadic{false, 1, 100}), "1267650600228229401496703205376");
    EXPECT_EQ(exactDecimal(Dyadic{true, 0, 0}), "-0");
    // fp64's smallest subnormal, 2^-1074: 1074 decimals, the last 751 of them significant.
    const std::string tiny = exactDecimal(Dyadic{false, 1, -1074});
    EXPECT_EQ(tiny.size(), 2u + 1074u);
    EXPECT_EQ(tiny.substr(0, 2 + 323 + 5), "0." + std::string(323, '0') + "49406");
    EXPECT_EQ(tiny.back(), '5');
}

TEST(ExactDecimal, TerminatingRationals)
{
    EXPECT_EQ(terminatingDecimal(mpq_class(1, 8)), "0.125");
    EXPECT_EQ(terminatingDecimal(mpq_class(-3, 20)), "-0.15");
    EXPECT_EQ(terminatingDecimal(mpq_class(1, 3)), std::nullopt);
    EXPECT_EQ(approximateDecimal(mpq_class(1, 3), 5), "0.33333");
    EXPECT_EQ(approximateDecimal(mpq_class(-2, 3), 3), "-0.667");
    EXPECT_EQ(approximateDecimal(mpq_class(1, 100000000), 3), "1e-8");
}

// A slow but plain reference for terminatingDecimal: long division, one digit at a time, stopping
// once more than maxDigits fraction digits would be needed. The decimal has at most maxDigits
// fraction digits and at most maxDigits significant digits, or none is given.
std::optional<std::string> longDivision(const mpq_class& value, std::size_t maxDigits)
{
    const mpz_class& den = value.get_den();
    const mpz_class num = abs(value.get_num());
    const mpz_class whole = num / den;
    mpz_class rest = num % den;
    std::string fraction;
    while (rest != 0) {
        if (fraction.size() == maxDigits)
            return std::nullopt;
        rest *= 10;
        const mpz_class digit = rest / den;
        fraction += static_cast<char>('0' + digit.get_ui());
        rest -= digit * den;
    }
    std::string significant = (whole == 0 ? "" : whole.get_str()) + fraction;
    significant.erase(0, std::min(significant.find_first_not_of('0'), significant.size()));
    if (significant.size() > maxDigits)
        return std::nullopt;
    return (sgn(value) < 0 ? "-" : "") + whole.get_str() + (fraction.empty() ? "" : "." + fraction);
}

mpq_class powerOf(unsigned long base, unsigned long exponent)
{
    mpz_class p;
    mpz_ui_pow_ui(p.get_mpz_t(), base, exponent);
    return mpq_class(p);
}

// Issue 13: show 1e-100000 took 4.4 s in terminatingDecimal (fives removed one at a time, every
// digit built before the limit was checked). Its answers must not change: ordinary values, values
// at and past each limit, and the extreme inputs the parser accepts, against the reference.
TEST(ExactDecimal, TerminatingDecimalAgreesWithLongDivision)
{
    std::vector<mpq_class> values = {0, mpq_class(1, 8), mpq_class(-3, 20), mpq_class(1, 3), mpq_class(7, 6), 448,
                                     mpq_class(-123456789, 1000)};
    for (const unsigned long k : {23ul, 24ul, 25ul, 79ul, 80ul, 81ul, 1999ul, 2000ul, 2001ul, 100000ul}) {
        values.push_back(1 / powerOf(10, k));       // k fraction digits, one significant
        values.push_back(powerOf(10, k));           // k + 1 digits, none after the point
        values.push_back(1 / powerOf(2, k));        // k fraction digits, 0.7 k significant
        values.push_back(-1 / powerOf(5, k));       // k fraction digits, 0.3 k significant
        values.push_back(3 / (2 * powerOf(10, k)));  // 1.5e-k
        values.push_back((powerOf(10, k) + 1) / powerOf(10, k));
        values.push_back(1 / (3 * powerOf(10, k)));
        values.push_back(powerOf(7, k) / powerOf(2, 10));
    }
    std::mt19937_64 rng(13);
    for (int i = 0; i < 300; ++i) {
        const mpq_class den = powerOf(2, rng() % 90) * powerOf(5, rng() % 90) * (i % 5 == 0 ? 3 : 1);
        const mpq_class q = mpq_class(mpz_class(static_cast<unsigned long>(rng() >> 20))) / den;
        values.push_back(i % 2 == 0 ? q : mpq_class(-q));
    }
    for (const mpq_class& v : values)
        for (const std::size_t limit : {std::size_t{24}, std::size_t{80}, std::size_t{2000}})
            ASSERT_EQ(terminatingDecimal(v, limit), longDivision(v, limit))
                << "limit " << limit << ", value of " << mpz_sizeinbase(v.get_num().get_mpz_t(), 10) << " / "
                << mpz_sizeinbase(v.get_den().get_mpz_t(), 10) << " digits";
}

// rationalText writes 2^a 5^b without converting its power of ten: the same text as GMP's.
TEST(ExactDecimal, RationalTextIsGmpsText)
{
    std::vector<mpq_class> values = {0, 1, -1, mpq_class(-3, 20), mpq_class(1, 3)};
    for (const unsigned long a : {0ul, 1ul, 5000ul, 9999ul, 100000ul, 139960ul})
        for (const unsigned long b : {0ul, 1ul, 2000ul, 5000ul, 100000ul, 109980ul}) {
            const mpq_class p = powerOf(2, a) * powerOf(5, b);
            values.push_back(1 / p);
            values.push_back(-p);
            values.push_back(p + 1);
            values.push_back(mpq_class(7) / p);
            values.push_back(p / 3);
            values.push_back(p * 5);
        }
    for (const mpq_class& v : values)
        ASSERT_TRUE(rationalText(v) == v.get_str())
            << mpz_sizeinbase(v.get_num().get_mpz_t(), 10) << " / " << mpz_sizeinbase(v.get_den().get_mpz_t(), 10)
            << " digits";
}

// Issue 13: `show 9...9e100000 -f all --json` converted a dozen numbers of 10^5 digits with GMP (3 ms
// each). integerDigits derives a number's digits from a remembered neighbour's, n * g = M + r with
// r and g small; every derived text must be GMP's own, and numbers that are no such step (or steps
// just past the bounds) must still come out right.
TEST(ExactDecimal, DigitsDerivedFromARememberedNumberAreGmpsText)
{
    gmp_randclass random(gmp_randinit_default);
    random.seed(20240613);
    const auto check = [](const mpz_class& n) {
        const std::string want = n.get_str();
        const std::string got = integerDigits(n);
        ASSERT_TRUE(got == want) << mpz_sizeinbase(n.get_mpz_t(), 2) << " bits: first difference at digit "
                                 << std::mismatch(got.begin(), got.end(), want.begin(), want.end()).first - got.begin();
    };
    mpz_class tenTo100000;
    mpz_ui_pow_ui(tenTo100000.get_mpz_t(), 10, 100000);
    const mpz_class nines = (tenTo100000 / mpz_class("1" + std::string(90020, '0'))) - 1;  // 9980 nines
    std::vector<mpz_class> bases = {nines * tenTo100000, tenTo100000, mpz_class(random.get_z_bits(300000)) | 1,
                                    mpz_class(random.get_z_bits(5000)) << 100};
    for (const mpz_class& m : bases) {
        check(m);  // remembered from here on
        // The errors and relative errors of a value x against a stored s: x - s, x + s, (x - s) / g, x / g.
        for (const long r : {-1L, 1L, -6L, 7L, -15L})
            check(m + r);
        check(m - (mpz_class(1) << 127));
        check(m + (mpz_class(random.get_z_bits(4000))));
        for (const unsigned long g : {2ul, 3ul, 6ul, 15ul, 4ul, 0xFFFFFFFFFFFFFFC5ul}) {
            check(m / g);
            check((m - 15) / g);
        }
        for (const unsigned long t : {1ul, 27ul, 28ul, 127ul, 1074ul, 4000ul}) {
            check(m >> t);
            check((m * 3) >> t);
            check(((m * 0xFFFFFFFFFFFFFFFFul) >> t) + 5);
        }
        // Past the bounds: r of kSmall bits, g of 65 bits, an unrelated number of the same size.
        check(m + (mpz_class(1) << 4096));
        check(m / (mpz_class(1) << 64 | 1));
        check(mpz_class(random.get_z_bits(mpz_sizeinbase(m.get_mpz_t(), 2))));
    }
}

// inspect's relative error, reduced without mpq division's gcd of two huge numbers, is mpq's.
TEST(ExactDecimal, RelativeErrorIsTheExactQuotient)
{
    gmp_randclass random(gmp_randinit_default);
    random.seed(7);
    std::vector<mpq_class> inputs = {mpq_class(1, 10), mpq_class(-3, 7), mpq_class(6), mpq_class(-15, 2),
                                     mpq_class(mpz_class(1) << 200, 3)};
    for (int i = 0; i < 40; ++i) {
        mpq_class x(mpz_class(random.get_z_bits(1 + i * 97)) + 1, mpz_class(random.get_z_bits(1 + (i % 7) * 301)) + 1);
        x *= mpq_class(powerOf(2, i * 13)) / powerOf(5, i * 11) * (i % 2 == 0 ? 1 : -1);
        x.canonicalize();
        inputs.push_back(x);
    }
    mpz_class tenTo5000;
    mpz_ui_pow_ui(tenTo5000.get_mpz_t(), 10, 5000);
    inputs.push_back(mpq_class(tenTo5000 - 1) * tenTo5000);  // 9...9e5000
    inputs.push_back(mpq_class(15, 1) / tenTo5000);
    for (const mpq_class& x : inputs)
        for (const long significand : {0L, 1L, -1L, 3L, 6L, 15L, 28L, -7L, 0x1FFFFFFFFFFFFFL})
            for (const long exponent : {-1074L, -149L, -3L, -1L, 0L, 1L, 2L, 127L, 971L}) {
                mpq_class stored(significand);
                stored *= exponent >= 0 ? powerOf(2, static_cast<unsigned long>(exponent))
                                        : 1 / powerOf(2, static_cast<unsigned long>(-exponent));
                const mpq_class want = abs(stored - x) / abs(x);
                ASSERT_TRUE(relativeError(stored, x) == want)
                    << significand << " * 2^" << exponent << " against " << mpz_sizeinbase(x.get_num().get_mpz_t(), 2)
                    << "/" << mpz_sizeinbase(x.get_den().get_mpz_t(), 2) << " bits";
                ASSERT_EQ(mpz_sgn(relativeError(stored, x).get_den_mpz_t()), 1);
            }
}

TEST(HexFloat, NormalisedForm)
{
    EXPECT_EQ(hexFloat(decode(namedFormat("fp32"), 0x3DCCCCCD).value), "0x1.99999ap-4");
    EXPECT_EQ(hexFloat(Dyadic{false, 3, 2}), "0x1.8p+3");
    EXPECT_EQ(hexFloat(Dyadic{true, 1, -1074}), "-0x1p-1074");
    EXPECT_EQ(hexFloat(Dyadic{false, 0, 0}), "0x0p+0");
}

TEST(Shortest, KnownValues)
{
    EXPECT_EQ(shortestText(namedFormat("fp32"), 0x3DCCCCCD), "0.1");
    EXPECT_EQ(shortestText(namedFormat("bf16"), 0x3DCD), "0.1");
    EXPECT_EQ(shortestText(namedFormat("fp16"), 0x7BFF), "65500");  // numpy prints float16 max so too
    EXPECT_EQ(shortestText(namedFormat("fp32"), 0x7F7FFFFF), "3.4028235e+38");
    EXPECT_EQ(shortestText(namedFormat("fp64"), 1), "5e-324");
    EXPECT_EQ(shortestText(namedFormat("e4m3fn"), 0x7E), "450");    // 450 reads back as 448
    EXPECT_EQ(shortestText(namedFormat("fp16"), 0x8000), "-0");
    EXPECT_EQ(shortestText(namedFormat("fp16"), 0xFC00), "-inf");
    EXPECT_EQ(shortestText(namedFormat("e4m3fnuz"), 0x80), "nan");
    // Saturating formats: a text past the largest value would read back only by clamping.
    EXPECT_EQ(shortestText(namedFormat("e2m3"), 0x1F), "7.5");
    EXPECT_EQ(shortestText(namedFormat("e3m2"), 0x1F), "28");
    EXPECT_EQ(shortestText(namedFormat("e2m1"), 0x7), "6");
}

// Against libstdc++'s std::to_chars (shortest round trip, Ryu): same value, same digit count.
mpq_class valueOfText(const std::string& text)
{
    return test::value(text).value();
}

std::size_t significantDigits(const std::string& text)
{
    const std::string mantissa = text.substr(0, text.find('e'));
    std::string digits;
    for (const char c : mantissa)
        if (c >= '0' && c <= '9')
            digits += c;
    const std::size_t first = digits.find_first_not_of('0');
    const std::size_t last = digits.find_last_not_of('0');
    return first == std::string::npos ? 0 : last - first + 1;
}

TEST(Shortest, AgreesWithToCharsOnFp32AndFp64)
{
    std::mt19937_64 rng(7);
    for (int i = 0; i < 20000; ++i) {
        std::uint32_t bits = static_cast<std::uint32_t>(rng());
        if ((bits & 0x7F800000u) == 0x7F800000u)
            continue;
        char buf[64];
        const auto end = std::to_chars(buf, buf + sizeof buf, std::bit_cast<float>(bits), std::chars_format::scientific).ptr;
        const std::string theirs(buf, end);
        const std::string ours = shortestText(namedFormat("fp32"), bits);
        ASSERT_EQ(valueOfText(ours), valueOfText(theirs)) << std::hex << bits << ": " << ours << " vs " << theirs;
        ASSERT_EQ(significantDigits(ours), significantDigits(theirs)) << ours << " vs " << theirs;
    }
    for (int i = 0; i < 5000; ++i) {
        const std::uint64_t bits = rng();
        if ((bits & 0x7FF0000000000000u) == 0x7FF0000000000000u)
            continue;
        char buf[64];
        const auto end = std::to_chars(buf, buf + sizeof buf, std::bit_cast<double>(bits), std::chars_format::scientific).ptr;
        const std::string theirs(buf, end);
        const std::string ours = shortestText(namedFormat("fp64"), bits);
        ASSERT_EQ(valueOfText(ours), valueOfText(theirs)) << std::hex << bits << ": " << ours << " vs " << theirs;
    }
}

// For every code of every small format: the text reads back to the code, and one digit fewer never does.
class ShortestRoundTrip : public testing::TestWithParam<std::string> {};

TEST_P(ShortestRoundTrip, EveryCode)
{
    const Format& f = namedFormat(GetParam());
    for (std::uint64_t code = 0; code <= f.codeMask(); ++code) {
        const ValueClass c = f.classify(code);
        if (c == ValueClass::NaN || c == ValueClass::Infinite || c == ValueClass::Zero)
            continue;
        const std::string text = shortestText(f, code);
        ASSERT_EQ(roundExact(test::value(text), f).code, code) << f.name() << " " << code << " -> " << text;
    }
}

INSTANTIATE_TEST_SUITE_P(SmallFormats, ShortestRoundTrip,
                         testing::Values("fp16", "bf16", "e4m3fn", "e5m2", "e4m3fnuz", "e2m3", "e3m2", "e2m1", "e8m0"));

// Values printed side by side (a value and its neighbours) never read the same unless they are:
// one precision for all approximate ones, the fewest at which they differ. Checked on random fp32
// codes and their two neighbours against the definition, with approximateDecimal as the digits.
TEST(DistinctDecimals, NeighboursReadApartAtTheFewestDigits)
{
    const Format& f = namedFormat("fp32");
    std::mt19937_64 random(7);
    for (int trial = 0; trial < 2000; ++trial) {
        const std::uint64_t code = random() % 0x7F7FFFFFu + 1;  // positive finite, not the largest
        const std::vector<mpq_class> values{ExactValue::fromCode(f, code).value(),
                                            ExactValue::fromCode(f, code - 1).value(),
                                            ExactValue::fromCode(f, code + 1).value()};
        const std::vector<std::string> texts = distinctDecimals(values, 12);
        ASSERT_EQ(texts.size(), 3u);
        EXPECT_TRUE(texts[0] != texts[1] && texts[1] != texts[2] && texts[0] != texts[2])
            << texts[0] << " " << texts[1] << " " << texts[2];
        int digits = 0;
        for (std::size_t i = 0; i < 3; ++i) {
            if (texts[i][0] != '~') {
                EXPECT_EQ(test::value(texts[i]).value(), values[i]) << texts[i];  // exact: every digit
                continue;
            }
            for (int d = 6; d < 60 && digits == 0; ++d)
                if (approximateDecimal(values[i], d) == texts[i].substr(1))
                    digits = d;
        }
        if (digits > 6) {  // one digit fewer would make two of them read the same
            std::vector<std::string> fewer;
            for (const mpq_class& v : values)
                fewer.push_back(approximateDecimal(v, digits - 1));
            EXPECT_TRUE(fewer[0] == fewer[1] || fewer[1] == fewer[2] || fewer[0] == fewer[2]) << texts[0];
        }
    }
    // Equal values read the same; short ones exactly.
    EXPECT_EQ(distinctDecimals({mpq_class(1, 3), mpq_class(1, 3), mpq_class(448)}),
              (std::vector<std::string>{"~0.333333", "~0.333333", "448"}));
}

}  // namespace
}  // namespace floatscope
