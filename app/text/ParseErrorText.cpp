#include "app/text/ParseErrorText.h"

#include <QCoreApplication>

#include "app/text/FileProblemText.h"

namespace floatscope::text {

namespace {

// Translation context "ParseError" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct ParseErrorText {
    Q_DECLARE_TR_FUNCTIONS(ParseError)
};

// The error's byte offsets, seen as the characters a person counts.
struct Place {
    QString at;  // the offending character or name; a control character as U+XXXX
    int position = 1;
};

Place placeOf(const ParseError& e, const QByteArray& bytes)
{
    const auto offset = static_cast<qsizetype>(std::min<std::size_t>(e.position, static_cast<std::size_t>(bytes.size())));
    Place p;
    p.position = static_cast<int>(QString::fromUtf8(bytes.left(offset)).toUcs4().size()) + 1;
    const QString at = QString::fromUtf8(bytes.mid(offset, static_cast<qsizetype>(std::max<std::size_t>(e.length, 1))));
    for (const char32_t c : at.toUcs4())
        p.at += c < 0x20 || c == 0x7F ? QStringLiteral("U+%1").arg(static_cast<uint>(c), 4, 16, QLatin1Char('0')).toUpper()
                                      : QString::fromUcs4(&c, 1);
    return p;
}

QString clause(const ParseError& e, const QByteArray& bytes)
{
    const Place p = placeOf(e, bytes);
    switch (e.kind) {
    case ParseErrorKind::Empty:
        return ParseErrorText::tr("no value: type 0.1, 1e-8, 0x1.8p3, inf, or bits such as bf16:0x3DCD");
    case ParseErrorKind::TooLong:
        return ParseErrorText::tr("the value is %1 bytes long, more than the %2 that are read")
            .arg(bytes.size())
            .arg(kMaxTextLength);
    case ParseErrorKind::UnexpectedCharacter:
        return ParseErrorText::tr("unexpected '%1' at position %2").arg(p.at, QString::number(p.position));
    case ParseErrorKind::MissingDigits: return ParseErrorText::tr("digits are missing at position %1").arg(p.position);
    case ParseErrorKind::MissingExponentDigits:
        return ParseErrorText::tr("the exponent has no digits (position %1)").arg(p.position);
    case ParseErrorKind::MissingHexDigits:
        return ParseErrorText::tr("the hex value has no digits (position %1)").arg(p.position);
    case ParseErrorKind::ExponentOutOfRange:
        return ParseErrorText::tr("the exponent at position %1 is out of range (at most %2 in size)")
            .arg(p.position)
            .arg(kMaxExponent);
    case ParseErrorKind::MissingHexExponent:
        return ParseErrorText::tr("a hex value needs a binary exponent (0x1.8p3); for bits write a format first (bf16:0x3DCD)");
    case ParseErrorKind::UnknownFormat: return ParseErrorText::tr("unknown format '%1'").arg(p.at);
    case ParseErrorKind::MissingBitPrefix:
        return ParseErrorText::tr("the bit pattern at position %1 must start with 0x or 0b").arg(p.position);
    case ParseErrorKind::BadHexDigit:
        return ParseErrorText::tr("'%1' at position %2 is not a hex digit").arg(p.at, QString::number(p.position));
    case ParseErrorKind::BadBinaryDigit:
        return ParseErrorText::tr("'%1' at position %2 is not a binary digit").arg(p.at, QString::number(p.position));
    case ParseErrorKind::MissingBitDigits:
        return ParseErrorText::tr("the bit pattern has no digits (position %1)").arg(p.position);
    case ParseErrorKind::PatternTooWide:
        return ParseErrorText::tr("the bit pattern is wider than %1's %2 bits")
            .arg(QString::fromStdString(e.format), QString::number(e.formatBits));
    case ParseErrorKind::SignedBitPattern:
        return ParseErrorText::tr("a bit pattern carries its own sign bit: drop the sign");
    case ParseErrorKind::NanPayloadUnclosed: return ParseErrorText::tr("the NaN payload needs a closing ')'");
    case ParseErrorKind::NanPayloadNoHexDigits: return ParseErrorText::tr("the NaN payload has no hex digits after 0x");
    case ParseErrorKind::NanPayloadNotWhole:
        return ParseErrorText::tr("a NaN payload is a whole number, as in nan(0x123), nan(291) or nan(0443)");
    case ParseErrorKind::NanPayloadTooWide: return ParseErrorText::tr("a NaN payload must be below 2^51");
    }
    return {};
}

}  // namespace

QString parseErrorText(const ParseError& error, const QString& input)
{
    return clause(error, input.toUtf8());
}

QString parseErrorHint(const ParseError& error, const QString& input)
{
    QString sentence = parseErrorText(error, input);
    if (!sentence.isEmpty())
        sentence[0] = sentence[0].toUpper();
    return sentence;
}

QString parseErrorLine(const ParseError& error, const std::string& input)
{
    const QByteArray bytes(input.data(), static_cast<qsizetype>(input.size()));
    QString why = clause(error, bytes);
    if (error.kind == ParseErrorKind::UnknownFormat)
        why = ParseErrorText::tr("%1 (see 'floatscope formats')").arg(why);
    return ParseErrorText::tr("'%1': %2").arg(shownText(input), why);
}

}  // namespace floatscope::text
