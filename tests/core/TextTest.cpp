#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <random>
#include <variant>

#include "TestSupport.h"
#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"

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

}  // namespace
}  // namespace floatscope
