#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
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
        return "error: kind " + std::to_string(static_cast<int>(e->kind));
    return std::get<ParsedValue>(r).value.rationalText();
}

ParseError errorOf(std::string_view text)
{
    const ParseOutcome r = parseValue(text);
    EXPECT_TRUE(std::holds_alternative<ParseError>(r)) << "'" << text << "' parsed";
    return std::holds_alternative<ParseError>(r) ? std::get<ParseError>(r) : ParseError{};
}

TEST(Parse, DecimalScientificBlanksAndUnicodeMinus)
{
    const std::pair<const char*, const char*> cases[] = {
        {"0.1", "1/10"}, {"257", "257"}, {"1e-8", "1/100000000"}, {"2.5E+2", "250"}, {".5", "1/2"}, {"5.", "5"},
        {"+3", "3"}, {"-0", "-0"}, {"0e999", "0"}, {"000123.4500", "2469/20"}, {"  257 \t\n", "257"},
        {"\xC2\xA0" "1" "\xC2\xA0", "1"}, {"\xE2\x88\x92" "2.5", "-5/2"},  // no-break space, U+2212 minus
        {"1e\xE2\x88\x92" "3", "1/1000"}};
    for (const auto& [text, exact] : cases)
        EXPECT_EQ(exactOf(text), exact) << "'" << text << "'";
}

TEST(Parse, HexFloats)
{
    EXPECT_EQ(exactOf("0x1.8p3"), "12");
    EXPECT_EQ(exactOf("-0X.8P-1"), "-1/4");
    EXPECT_EQ(exactOf("0x1p-1074"), "1/" + mpz_class(mpz_class(1) << 1074).get_str());
    const ParseError e = errorOf("0x3DCD");
    EXPECT_EQ(e.kind, ParseErrorKind::MissingHexExponent);
}

TEST(Parse, SpecialValues)
{
    const std::pair<const char*, const char*> cases[] = {{"inf", "inf"}, {"-Infinity", "-inf"}, {"\xE2\x88\x92inf", "-inf"},
                                                         {"NaN", "nan"}, {"\xE2\x88\x9E", "inf"}};
    for (const auto& [text, exact] : cases)
        EXPECT_EQ(exactOf(text), exact) << "'" << text << "'";
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

// Each refusal is a kind with where it is and what is there (the words are app/text's, tested in
// tests/app/ParseErrorTextTest.cpp).
TEST(Parse, ErrorsNameTheProblemAndWhere)
{
    struct Case {
        const char* text;
        ParseErrorKind kind;
        std::size_t position;
        std::size_t length;  // bytes of the offending character or name
    };
    const Case cases[] = {
        {"", ParseErrorKind::Empty, 0, 0},
        {"   ", ParseErrorKind::Empty, 0, 0},
        {"abc", ParseErrorKind::UnexpectedCharacter, 0, 1},
        {"1.2.3", ParseErrorKind::UnexpectedCharacter, 3, 1},
        {"  12x", ParseErrorKind::UnexpectedCharacter, 4, 1},
        {"1,5", ParseErrorKind::UnexpectedCharacter, 1, 1},
        {"1e", ParseErrorKind::MissingExponentDigits, 2, 0},
        {"0x1p+", ParseErrorKind::MissingExponentDigits, 5, 0},
        {"-", ParseErrorKind::MissingDigits, 1, 0},
        {".", ParseErrorKind::MissingDigits, 1, 0},
        {"0x.p1", ParseErrorKind::MissingHexDigits, 3, 0},
        {"1e400000", ParseErrorKind::ExponentOutOfRange, 2, 0},
        {"1e99999999999999999999", ParseErrorKind::ExponentOutOfRange, 2, 0},
        {"0x3DCD", ParseErrorKind::MissingHexExponent, 2, 0},
        {"bf17:0x1", ParseErrorKind::UnknownFormat, 0, 4},
        {" float8_e4m4fn:0x1", ParseErrorKind::UnknownFormat, 1, 13},
        {"bf16:12", ParseErrorKind::MissingBitPrefix, 5, 0},
        {"bf16:0x", ParseErrorKind::MissingBitDigits, 7, 0},
        {"bf16:0xG1", ParseErrorKind::BadHexDigit, 7, 1},
        {"bf16:0b102", ParseErrorKind::BadBinaryDigit, 9, 1},
        {"e4m3fn:0x1FF", ParseErrorKind::PatternTooWide, 0, 0},
        {"-bf16:0x3DCD", ParseErrorKind::SignedBitPattern, 0, 0},
        {"nan(0x123", ParseErrorKind::NanPayloadUnclosed, 3, 0},
        {"nan(0x)", ParseErrorKind::NanPayloadNoHexDigits, 3, 0},
        {"nan(abc)", ParseErrorKind::NanPayloadNotWhole, 3, 0},
        {"nan(0x8000000000000)", ParseErrorKind::NanPayloadTooWide, 3, 0},
        {"\xEF\xBC\x91", ParseErrorKind::UnexpectedCharacter, 0, 3},  // fullwidth 1: the whole character
    };
    for (const Case& c : cases) {
        const ParseError e = errorOf(c.text);
        EXPECT_EQ(e.kind, c.kind) << "'" << c.text << "'";
        EXPECT_EQ(e.position, c.position) << "'" << c.text << "'";
        EXPECT_EQ(e.length, c.length) << "'" << c.text << "'";
    }
    const ParseError wide = errorOf("float8_e4m3fn:0x1FF");
    EXPECT_EQ(wide.format, "e4m3fn");  // the canonical name, whatever alias was typed
    EXPECT_EQ(wide.formatBits, 8);
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

// Issue 13: "1.5e-100000 is refused as out of range although its exponent is within the limit".
// The limit is on the exponent as written; digits after the point only lengthen the text.
TEST(Parse, ExponentLimitIsOnTheWrittenExponentNotOnTheDigitsAfterThePoint)
{
    mpz_class tenTo100001;
    mpz_ui_pow_ui(tenTo100001.get_mpz_t(), 10, 100001);
    const ParseOutcome r = parseValue("1.5e-100000");
    ASSERT_TRUE(std::holds_alternative<ParsedValue>(r)) << exactOf("1.5e-100000");
    mpq_class expected(mpz_class(15), tenTo100001);
    expected.canonicalize();
    EXPECT_TRUE(std::get<ParsedValue>(r).value.value() == expected) << "1.5e-100000 is 15 / 10^100001";
    EXPECT_EQ(exactOf("0x1.8p-100000").substr(0, 2), "3/");
    EXPECT_EQ(test::roundText("-1.5e100000", "fp32"), 0xFF800000u);
    EXPECT_EQ(test::roundText("0." + std::string(9980, '9') + "e-100000", "fp64"), 0u);
    EXPECT_EQ(test::roundText("0x1." + std::string(9000, 'f') + "p-100000", "fp64"), 0u);
    // Past the limit as written, still refused, at the exponent's digits.
    EXPECT_EQ(errorOf("1.5e-100001").kind, ParseErrorKind::ExponentOutOfRange);
    EXPECT_EQ(errorOf("1.5e-100001").position, 5u);
    EXPECT_EQ(errorOf("0x1.8p100001").kind, ParseErrorKind::ExponentOutOfRange);
}

std::uint64_t fp64Bits(std::string_view text) { return test::roundText(text, "fp64"); }

std::uint64_t strtodBits(const char* text)
{
    const double d = std::strtod(text, nullptr);
    std::uint64_t bits = 0;
    std::memcpy(&bits, &d, sizeof bits);
    return bits;
}

// Issue 13: "nan(0x123) says unexpected 'n'". C's strtod reads nan(n-char-sequence); glibc puts a
// numeric sequence into the fp64 payload below the quiet bit, which is what the engine keeps.
TEST(Parse, NanWithPayloadReadsAsCsStrtodDoes)
{
    for (const char* text : {"nan(0x123)", "NAN(291)", "nan(0443)", "nan()", "nan(0x7ffffffffffff)", "nan(0)"})
        EXPECT_EQ(fp64Bits(text), strtodBits(text)) << text;
    EXPECT_EQ(fp64Bits("-nan(0x123)"), 0xFFF8000000000123u);
    EXPECT_EQ(fp64Bits("nan(0x123)"), 0x7FF8000000000123u);
    // fp32 keeps the payload's top bits, as a cast of that double does.
    EXPECT_EQ(test::roundText("nan(0x4000000000000)", "fp32"), 0x7FE00000u);
    // What strtod would read as a plain NaN or not at all is refused, naming the payload.
    for (const char* text : {"nan(abc)", "nan(0x8000000000000)", "nan(0x123", "nan(1 2)", "nan(0x)", "nan(-1)", "nan(08)"}) {
        const ParseError e = errorOf(text);
        EXPECT_GE(e.kind, ParseErrorKind::NanPayloadUnclosed) << text;
        EXPECT_EQ(e.position, 3u) << text;
    }
}

// Issue 13: "a NUL byte cuts error messages short". The error points at the NUL; the words that
// name it without holding it are app/text's (tests/app/ParseErrorTextTest.cpp).
TEST(Parse, NulByteIsAnUnexpectedCharacter)
{
    const ParseError e = errorOf(std::string("12\0" "34", 5));
    EXPECT_EQ(e.kind, ParseErrorKind::UnexpectedCharacter);
    EXPECT_EQ(e.position, 2u);
    EXPECT_EQ(e.length, 1u);
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
