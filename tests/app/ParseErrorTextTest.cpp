// The parser's error kinds in words (app/text/ParseErrorText.cpp): what the command line prints and
// the window's hints say.
#include <gtest/gtest.h>

#include <QString>
#include <set>
#include <variant>

#include "app/text/ParseErrorText.h"
#include "core/text/Parse.h"

namespace floatscope {
namespace {

ParseError errorOf(const std::string& bytes)
{
    const ParseOutcome r = parseValue(bytes);
    EXPECT_TRUE(std::holds_alternative<ParseError>(r)) << bytes;
    return std::holds_alternative<ParseError>(r) ? std::get<ParseError>(r) : ParseError{};
}

QString clauseOf(const std::string& bytes) { return text::parseErrorText(errorOf(bytes), QString::fromStdString(bytes)); }
std::string lineOf(const std::string& bytes) { return text::parseErrorLine(errorOf(bytes), bytes).toStdString(); }

// What each refusal says on the command line: the input, what is wrong and where (positions in
// characters from 1, as a person counts them).
TEST(ParseErrorText, CommandLineNamesTheInputTheProblemAndWhere)
{
    const std::pair<std::string, std::string> cases[] = {
        {"", "'': no value"},
        {"abc", "'abc': unexpected 'a' at position 1"},
        {"1.2.3", "'1.2.3': unexpected '.' at position 4"},
        {"  12x", "unexpected 'x' at position 5"},
        {"1e", "'1e': the exponent has no digits (position 3)"},
        {"-", "'-': digits are missing at position 2"},
        {"0x.p1", "the hex value has no digits"},
        {"1e400000", "'1e400000': the exponent at position 3 is out of range (at most 100000 in size)"},
        {"1e99999999999999999999", "is out of range"},
        {"0x3DCD", "'0x3DCD': a hex value needs a binary exponent (0x1.8p3); for bits write a format first (bf16:0x3DCD)"},
        {"bf17:0x1", "'bf17:0x1': unknown format 'bf17' (see 'floatscope formats')"},
        {"bf16:12", "the bit pattern at position 6 must start with 0x or 0b"},
        {"bf16:0x", "the bit pattern has no digits"},
        {"bf16:0xG1", "'G' at position 8 is not a hex digit"},
        {"bf16:0b12", "'2' at position 9 is not a binary digit"},
        {"float8_e4m3fn:0x1FF", "the bit pattern is wider than e4m3fn's 8 bits"},
        {"-bf16:0x3DCD", "a bit pattern carries its own sign bit: drop the sign"},
        {"nan(0x123", "the NaN payload needs a closing ')'"},
        {"nan(0x)", "the NaN payload has no hex digits after 0x"},
        {"nan(abc)", "a NaN payload is a whole number, as in nan(0x123)"},
        {"nan(0x8000000000000)", "a NaN payload must be below 2^51"},
        {"\xEF\xBC\x91" "2", "unexpected '\xEF\xBC\x91' at position 1"},  // fullwidth 1, the whole character
        {"\xC3\xA9\xC3\xA9x", "unexpected '\xC3\xA9' at position 1"},
        {"1\xC3\xA9", "unexpected '\xC3\xA9' at position 2"},  // a character, not its two bytes, counts one
        {std::string(kMaxTextLength + 1, '9'), "the value is 10001 bytes long, more than the 10000 that are read"},
    };
    for (const auto& [input, says] : cases) {
        const std::string line = lineOf(input);
        EXPECT_NE(line.find(says), std::string::npos) << "'" << input.substr(0, 40) << "' says: " << line;
        EXPECT_EQ(line.find('\n'), std::string::npos) << line;
    }
    // A long input is quoted cut short, not in full.
    EXPECT_LT(lineOf(std::string(kMaxTextLength + 1, '9')).size(), 200u);
}

// Every kind has its words, and they differ (a missing case would fall through to an empty text).
TEST(ParseErrorText, EveryKindHasItsOwnWords)
{
    std::set<QString> seen;
    for (int k = 0; k <= static_cast<int>(kLastParseErrorKind); ++k) {
        ParseError e;
        e.kind = static_cast<ParseErrorKind>(k);
        e.format = "e4m3fn";
        e.formatBits = 8;
        const QString words = text::parseErrorText(e, QStringLiteral("bf17:0x1"));
        EXPECT_FALSE(words.isEmpty()) << "kind " << k;
        EXPECT_TRUE(seen.insert(words).second) << "kind " << k << " says what another does: " << words.toStdString();
    }
}

// Issue 13: "a NUL byte cuts error messages short". The text names the character without holding it.
TEST(ParseErrorText, NulByteIsNamedNotEmbedded)
{
    const std::string nul("12\0" "34", 5);
    const QString hint = clauseOf(nul);
    EXPECT_FALSE(hint.contains(QChar(0))) << hint.toStdString();
    EXPECT_TRUE(hint.contains(QStringLiteral("U+0000"))) << hint.toStdString();
    EXPECT_TRUE(hint.contains(QStringLiteral("position 3"))) << hint.toStdString();
    EXPECT_TRUE(clauseOf("1\t5").contains(QStringLiteral("U+0009")));
    // On the command line the input itself is quoted: control bytes escaped, the text after the NUL kept.
    const std::string line = lineOf(nul);
    EXPECT_EQ(line.find('\0'), std::string::npos);
    EXPECT_NE(line.find("'12\\x0034'"), std::string::npos) << line;
}

// Issue 13: "...: Unexpected 'U+0000'..." had a capital in mid-sentence. The words are a clause to
// follow a colon (a tensor's "value 2 ('abc'): ..."); the hint beside a field is a sentence.
TEST(ParseErrorText, ClauseAfterAColonSentenceOnItsOwn)
{
    const ParseError e = errorOf("abc");
    EXPECT_TRUE(text::parseErrorText(e, QStringLiteral("abc")).startsWith(QStringLiteral("unexpected")));
    EXPECT_TRUE(text::parseErrorHint(e, QStringLiteral("abc")).startsWith(QStringLiteral("Unexpected")));
}

}  // namespace
}  // namespace floatscope
