#include "app/text/ParseErrorText.h"

#include <QCoreApplication>

namespace floatscope::text {

namespace {

// Translation context "ParseError" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct ParseErrorText {
    Q_DECLARE_TR_FUNCTIONS(ParseError)
};

}  // namespace

QString parseErrorText(const ParseError& e, const QString& input)
{
    // Positions are byte offsets; show the character there, a control character as U+XXXX (a NUL
    // would end the text wherever it is handed on as a C string).
    const QByteArray bytes = input.toUtf8();
    QString at = QString::fromUtf8(bytes.mid(static_cast<qsizetype>(e.position))).left(1);
    if (!at.isEmpty() && !at.front().isPrint())
        at = QStringLiteral("U+%1").arg(at.front().unicode(), 4, 16, QLatin1Char('0')).toUpper();
    switch (e.kind) {
    case ParseErrorKind::Empty: return ParseErrorText::tr("Type a value: 0.1, 1e-8, 0x1.8p3, inf, or bits such as bf16:0x3DCD");
    case ParseErrorKind::TooLong: return ParseErrorText::tr("The value is too long (at most %1 characters)").arg(kMaxTextLength);
    case ParseErrorKind::UnexpectedCharacter:
        return ParseErrorText::tr("Unexpected '%1' at position %2").arg(at).arg(e.position + 1);
    case ParseErrorKind::MissingDigits: return ParseErrorText::tr("Digits are missing at position %1").arg(e.position + 1);
    case ParseErrorKind::ExponentOutOfRange:
        return ParseErrorText::tr("The exponent is out of range (at most %1 in size)").arg(kMaxExponent);
    case ParseErrorKind::MissingHexExponent:
        return ParseErrorText::tr("A hex value needs a binary exponent (0x1.8p3); for bits write a format first (bf16:0x3DCD)");
    case ParseErrorKind::UnknownFormat:
        return ParseErrorText::tr("Unknown format '%1'").arg(input.left(input.indexOf(QLatin1Char(':'))).trimmed());
    case ParseErrorKind::BadBitPattern: return ParseErrorText::tr("Bad bit pattern: write 0x… or 0b… after the format");
    case ParseErrorKind::PatternTooWide: return ParseErrorText::tr("The bit pattern is wider than the format");
    case ParseErrorKind::SignedBitPattern: return ParseErrorText::tr("A bit pattern has its own sign bit: drop the sign");
    case ParseErrorKind::BadNanPayload:
        return ParseErrorText::tr("A NaN payload is a whole number below 2^51, as in nan(0x123)");
    }
    return QString::fromStdString(e.message);
}

}  // namespace floatscope::text
