// The parser's error kinds in words (app/text/ParseErrorText.cpp).
#include <gtest/gtest.h>

#include <QString>
#include <variant>

#include "app/text/ParseErrorText.h"
#include "core/text/Parse.h"

namespace floatscope {
namespace {

QString errorText(const QByteArray& bytes)
{
    const ParseOutcome r = parseValue(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    EXPECT_TRUE(std::holds_alternative<ParseError>(r)) << bytes.constData();
    return std::holds_alternative<ParseError>(r) ? text::parseErrorText(std::get<ParseError>(r), QString::fromUtf8(bytes))
                                                 : QString();
}

// Issue 13: "a NUL byte cuts error messages short". The hint names the character without holding it.
TEST(ParseErrorText, NulByteIsNamedNotEmbedded)
{
    const QString hint = errorText(QByteArray("12\0" "34", 5));
    EXPECT_FALSE(hint.contains(QChar(0))) << hint.toStdString();
    EXPECT_TRUE(hint.contains(QStringLiteral("U+0000"))) << hint.toStdString();
    EXPECT_TRUE(hint.contains(QStringLiteral("position 3"))) << hint.toStdString();
    EXPECT_TRUE(errorText("1\t5").contains(QStringLiteral("U+0009")));
    EXPECT_TRUE(errorText("1x5").contains(QStringLiteral("'x'")));
}

TEST(ParseErrorText, BadNanPayloadShowsTheSyntax)
{
    EXPECT_TRUE(errorText("nan(abc)").contains(QStringLiteral("nan(0x123)")));
}

}  // namespace
}  // namespace floatscope
