#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "TestSupport.h"
#include "core/text/Parse.h"

namespace floatscope {
namespace {

std::string exactOf(std::string_view text)
{
    const ParseOutcome r = parseValue(text);
    if (const auto* e = std::get_if<ParseError>(&r))
        return "error: " + e->message;
    return std::get<ParsedValue>(r).value.rationalText();
}

ParseError errorOf(std::string_view text)
{
    const ParseOutcome r = parseValue(text);
    EXPECT_TRUE(std::holds_alternative<ParseError>(r)) << "'" << text << "' parsed";
    return std::holds_alternative<ParseError>(r) ? std::get<ParseError>(r) : ParseError{};
}

TEST(Parse, DecimalAndScientific)
{
    EXPECT_EQ(exactOf("0.1"), "1/10");
    EXPECT_EQ(exactOf("257"), "257");
    EXPECT_EQ(exactOf("1e-8"), "1/100000000");
    EXPECT_EQ(exactOf("2.5E+2"), "250");
    EXPECT_EQ(exactOf(".5"), "1/2");
    EXPECT_EQ(exactOf("5."), "5");
    EXPECT_EQ(exactOf("+3"), "3");
    EXPECT_EQ(exactOf("-0"), "-0");
    EXPECT_EQ(exactOf("0e999"), "0");
    EXPECT_EQ(exactOf("000123.4500"), "2469/20");
}

TEST(Parse, BlanksAndUnicodeMinus)
{
    EXPECT_EQ(exactOf("  257 \t\n"), "257");
    EXPECT_EQ(exactOf("\xC2\xA0" "1" "\xC2\xA0"), "1");
    EXPECT_EQ(exactOf("\xE2\x88\x92" "2.5"), "-5/2");  // U+2212 minus sign
    EXPECT_EQ(exactOf("1e\xE2\x88\x92" "3"), "1/1000");
}

TEST(Parse, HexFloats)
{
    EXPECT_EQ(exactOf("0x1.8p3"), "12");
    EXPECT_EQ(exactOf("-0X.8P-1"), "-1/4");
    EXPECT_EQ(exactOf("0x1p-1074"), "1/" + mpz_class(mpz_class(1) << 1074).get_str());
    const ParseError e = errorOf("0x3DCD");
    EXPECT_EQ(e.kind, ParseErrorKind::MissingHexExponent);
    EXPECT_NE(e.message.find("bf16:0x3DCD"), std::string::npos);  // says how to write bits
}

TEST(Parse, SpecialValues)
{
    EXPECT_EQ(exactOf("inf"), "inf");
    EXPECT_EQ(exactOf("-Infinity"), "-inf");
    EXPECT_EQ(exactOf("\xE2\x88\x92inf"), "-inf");
    EXPECT_EQ(exactOf("NaN"), "nan");
    EXPECT_EQ(exactOf("\xE2\x88\x9E"), "inf");
}

TEST(Parse, BitPatterns)
{
    const ParseOutcome r = parseValue("bf16:0x3DCD");
    ASSERT_TRUE(std::holds_alternative<ParsedValue>(r));
    const ParsedValue& v = std::get<ParsedValue>(r);
    ASSERT_TRUE(v.bits);
    EXPECT_EQ(v.bits->format.name(), "bf16");
    EXPECT_EQ(v.bits->code, 0x3DCDu);
    EXPECT_EQ(v.value.rationalText(), "205/2048");
    EXPECT_EQ(exactOf("e4m3fn:0b0111_1110"), "448");
    EXPECT_EQ(exactOf("float8_e4m3fn:0x7e"), "448");
    EXPECT_EQ(exactOf("fp32:0x7fc00000"), "nan");
    EXPECT_EQ(exactOf("e2m1:0b1111"), "-6");
}

TEST(Parse, ErrorsNameTheProblemAndWhere)
{
    struct Case {
        const char* text;
        ParseErrorKind kind;
        std::size_t position;
        const char* says;
    };
    const Case cases[] = {
        {"", ParseErrorKind::Empty, 0, "empty"},
        {"   ", ParseErrorKind::Empty, 0, "empty"},
        {"abc", ParseErrorKind::UnexpectedCharacter, 0, "unexpected 'a'"},
        {"1.2.3", ParseErrorKind::UnexpectedCharacter, 3, "unexpected '.' at position 3"},
        {"  12x", ParseErrorKind::UnexpectedCharacter, 4, "unexpected 'x'"},
        {"1,5", ParseErrorKind::UnexpectedCharacter, 1, "unexpected ','"},
        {"1e", ParseErrorKind::MissingDigits, 2, "exponent without digits"},
        {"-", ParseErrorKind::MissingDigits, 1, "no digits"},
        {".", ParseErrorKind::MissingDigits, 1, "no digits"},
        {"1e400000", ParseErrorKind::ExponentOutOfRange, 0, "limit"},
        {"1e99999999999999999999", ParseErrorKind::ExponentOutOfRange, 2, "exponent too large"},
        {"bf17:0x1", ParseErrorKind::UnknownFormat, 0, "unknown format 'bf17'"},
        {"bf16:12", ParseErrorKind::BadBitPattern, 5, "must start with 0x or 0b"},
        {"bf16:0x", ParseErrorKind::BadBitPattern, 7, "without digits"},
        {"bf16:0xG1", ParseErrorKind::BadBitPattern, 7, "'G' is not a hex digit"},
        {"e4m3fn:0x1FF", ParseErrorKind::PatternTooWide, 0, "wider than e4m3fn's 8 bits"},
        {"-bf16:0x3DCD", ParseErrorKind::SignedBitPattern, 0, "own sign bit"},
        {"\xEF\xBC\x91", ParseErrorKind::UnexpectedCharacter, 0, "unexpected '\xEF\xBC\x91'"},  // fullwidth 1
    };
    for (const Case& c : cases) {
        const ParseError e = errorOf(c.text);
        EXPECT_EQ(e.kind, c.kind) << "'" << c.text << "': " << e.message;
        EXPECT_EQ(e.position, c.position) << "'" << c.text << "': " << e.message;
        EXPECT_NE(e.message.find(c.says), std::string::npos) << "'" << c.text << "': " << e.message;
        EXPECT_EQ(e.message.find('\n'), std::string::npos);
    }
}

TEST(Parse, AbsurdSizesAreRefusedQuickly)
{
    EXPECT_EQ(errorOf(std::string(kMaxTextLength + 1, '9')).kind, ParseErrorKind::TooLong);
    EXPECT_EQ(errorOf("1e-100001").kind, ParseErrorKind::ExponentOutOfRange);
    EXPECT_EQ(errorOf("0x1p200000").kind, ParseErrorKind::ExponentOutOfRange);
    // At the limit the value is computed exactly (and rounds to inf / zero), not refused.
    EXPECT_EQ(test::roundText("1e100000", "fp64"), 0x7FF0000000000000u);
    EXPECT_EQ(test::roundText("1e-100000", "fp64"), 0u);
    // A long but legal fraction: 0.000...01 with 9000 zeros.
    EXPECT_EQ(test::roundText("0." + std::string(9000, '0') + "1", "fp32"), 0u);
}

TEST(Parse, NothingThrows)
{
    const char* nasty[] = {"\xFF\xFE", "1\x00" "2", "0x", "0xp1", "e5", "1e+", "..1", "nan(1)", "inf inf", "::",
                           ":0x1", "fp32:", "e99m99:0x1", "e11m52:0x7ff0000000000000", "0x1.fffffffffffffffffffp1023"};
    for (const char* text : nasty)
        EXPECT_NO_THROW((void)parseValue(text)) << text;
}

}  // namespace
}  // namespace floatscope
