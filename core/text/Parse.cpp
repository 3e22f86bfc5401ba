#include "core/text/Parse.h"

#include <cctype>

#include "core/format/Registry.h"

namespace floatscope {

namespace {

constexpr std::string_view kUnicodeMinus = "\xE2\x88\x92";  // U+2212
constexpr std::string_view kNoBreakSpace = "\xC2\xA0";     // U+00A0

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHexDigit(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

// A cursor over the text that remembers the offset of the original string.
class Cursor {
public:
    Cursor(std::string_view text, std::size_t offset) : m_text(text), m_offset(offset) {}
    bool done() const { return m_pos >= m_text.size(); }
    char peek() const { return done() ? '\0' : m_text[m_pos]; }
    std::size_t position() const { return m_offset + m_pos; }
    std::string_view rest() const { return m_text.substr(m_pos); }
    void advance(std::size_t n = 1) { m_pos += n; }
    bool consume(std::string_view s)
    {
        if (m_text.substr(m_pos, s.size()) != s)
            return false;
        m_pos += s.size();
        return true;
    }
    bool consumeIgnoreCase(std::string_view s)
    {
        if (!equalsIgnoreCase(m_text.substr(m_pos, s.size()), s))
            return false;
        m_pos += s.size();
        return true;
    }
    std::string takeWhile(bool (*pred)(char))
    {
        const std::size_t start = m_pos;
        while (!done() && pred(m_text[m_pos]))
            ++m_pos;
        return std::string(m_text.substr(start, m_pos - start));
    }

private:
    std::string_view m_text;
    std::size_t m_offset;
    std::size_t m_pos = 0;
};

ParseError error(std::size_t position, ParseErrorKind kind, std::size_t length = 0)
{
    ParseError e;
    e.position = position;
    e.kind = kind;
    e.length = length;
    return e;
}

// The character at the cursor, all of its UTF-8 bytes.
ParseError unexpected(const Cursor& c, ParseErrorKind kind = ParseErrorKind::UnexpectedCharacter)
{
    const std::string_view rest = c.rest();
    std::size_t len = 1;
    while (len < rest.size() && (static_cast<unsigned char>(rest[len]) & 0xC0) == 0x80)
        ++len;
    return error(c.position(), kind, len);
}

// An optional sign and the exponent's digits, at most kMaxExponent in size as written (digits after
// the point only lengthen the text, which kMaxTextLength bounds); the error when malformed or too large.
std::optional<ParseError> readExponent(Cursor& c, long& exponent)
{
    bool negative = false;
    if (c.consume("+")) {
    } else if (c.consume("-") || c.consume(kUnicodeMinus)) {
        negative = true;
    }
    const std::size_t start = c.position();
    const std::string digits = c.takeWhile(isDigit);
    if (digits.empty())
        return error(c.position(), ParseErrorKind::MissingExponentDigits);
    std::size_t first = digits.find_first_not_of('0');
    if (first != std::string::npos && digits.size() - first > 9)
        return error(start, ParseErrorKind::ExponentOutOfRange);
    exponent = first == std::string::npos ? 0 : std::stol(digits.substr(first));
    if (exponent > kMaxExponent)
        return error(start, ParseErrorKind::ExponentOutOfRange);
    if (negative)
        exponent = -exponent;
    return std::nullopt;
}

// digits * powerBase^exponent, exactly: |exponent| is at most kMaxExponent plus the digits' count.
ParseOutcome scaledValue(bool negative, const std::string& digits, int base, long exponent, long powerBase)
{
    mpq_class q{mpz_class{digits, base}};
    mpz_class power;
    mpz_ui_pow_ui(power.get_mpz_t(), static_cast<unsigned long>(powerBase),
                  static_cast<unsigned long>(exponent < 0 ? -exponent : exponent));
    if (exponent >= 0)
        q *= power;
    else
        q /= power;
    return ParsedValue{ExactValue::finite(negative, q), std::nullopt};
}

ParseOutcome parseHexFloat(Cursor& c, bool negative)
{
    const std::size_t start = c.position();
    const std::string whole16 = c.takeWhile(isHexDigit);
    std::string fraction16;
    if (c.consume("."))
        fraction16 = c.takeWhile(isHexDigit);
    if (whole16.empty() && fraction16.empty())
        return error(c.position(), ParseErrorKind::MissingHexDigits);
    if (c.done())
        return error(start, ParseErrorKind::MissingHexExponent);
    if (!c.consumeIgnoreCase("p"))
        return unexpected(c);
    long exponent = 0;
    if (auto e = readExponent(c, exponent))
        return *e;
    if (!c.done())
        return unexpected(c);
    // value = 0x(whole16 fraction16) * 2^(p - 4 * fraction digits)
    return scaledValue(negative, whole16 + fraction16, 16, exponent - 4 * static_cast<long>(fraction16.size()), 2);
}

ParseOutcome parseDecimal(Cursor& c, bool negative)
{
    const std::string whole10 = c.takeWhile(isDigit);
    std::string fraction10;
    if (c.consume("."))
        fraction10 = c.takeWhile(isDigit);
    if (whole10.empty() && fraction10.empty())
        return c.done() ? error(c.position(), ParseErrorKind::MissingDigits) : unexpected(c);
    long exponent = 0;
    if (c.consumeIgnoreCase("e")) {
        if (auto e = readExponent(c, exponent))
            return *e;
    }
    if (!c.done())
        return unexpected(c);
    return scaledValue(negative, whole10 + fraction10, 10, exponent - static_cast<long>(fraction10.size()), 10);
}

// C's nan(n-char-sequence) (C17 7.22.1.3): the sequence read as glibc's strtod reads it, an
// unsigned number in C syntax (0x hex, 0 octal, decimal; empty is 0) that becomes the payload of
// an fp64 NaN below its quiet bit. Anything else is refused rather than silently dropped.
ParseOutcome parseNanPayload(Cursor& c, bool negative)
{
    const std::size_t start = c.position();  // at '('
    const std::string_view rest = c.rest();
    const auto fail = [start](ParseErrorKind kind) { return error(start, kind); };
    if (rest.back() != ')')
        return fail(ParseErrorKind::NanPayloadUnclosed);
    const std::string_view sequence = rest.substr(1, rest.size() - 2);
    int base = 10;
    std::string_view digits = sequence;
    if (digits.size() >= 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
        base = 16;
        digits.remove_prefix(2);
        if (digits.empty())
            return fail(ParseErrorKind::NanPayloadNoHexDigits);
    } else if (digits.size() >= 2 && digits[0] == '0') {
        base = 8;
    }
    for (const char ch : digits)
        if (base == 16 ? !isHexDigit(ch) : (ch < '0' || ch >= static_cast<char>('0' + base)))
            return fail(ParseErrorKind::NanPayloadNotWhole);
    const mpz_class payload = digits.empty() ? mpz_class(0) : mpz_class(std::string(digits), base);
    constexpr int kPayloadBits = 51;  // fp64's fraction less its quiet bit
    if (mpz_sizeinbase(payload.get_mpz_t(), 2) > kPayloadBits)
        return fail(ParseErrorKind::NanPayloadTooWide);
    // Left-aligned fraction bits, as ExactValue keeps a NaN's payload (fp64's fraction starts at bit 63).
    return ParsedValue{ExactValue::nan(negative, payload.get_ui() << 12), std::nullopt};
}

ParseOutcome parseBitPattern(std::string_view name, Cursor& c, std::size_t nameStart)
{
    FormatLookup lookup = lookupFormat(name);
    if (!lookup.format)
        return error(nameStart, ParseErrorKind::UnknownFormat, name.size());
    const Format& format = *lookup.format;
    int base = 0;
    if (c.consumeIgnoreCase("0x"))
        base = 16;
    else if (c.consumeIgnoreCase("0b"))
        base = 2;
    else
        return error(c.position(), ParseErrorKind::MissingBitPrefix);
    std::string digits;
    while (!c.done()) {
        const char ch = c.peek();
        if (ch == '_' || ch == '\'') {
            c.advance();
            continue;
        }
        if (base == 16 ? !isHexDigit(ch) : (ch != '0' && ch != '1'))
            return unexpected(c, base == 16 ? ParseErrorKind::BadHexDigit : ParseErrorKind::BadBinaryDigit);
        digits += ch;
        c.advance();
    }
    if (digits.empty())
        return error(c.position(), ParseErrorKind::MissingBitDigits);
    const mpz_class code{digits, base};
    if (mpz_sizeinbase(code.get_mpz_t(), 2) > static_cast<std::size_t>(format.totalBits()) && code != 0) {
        ParseError e = error(nameStart, ParseErrorKind::PatternTooWide);
        e.format = format.name();
        e.formatBits = format.totalBits();
        return e;
    }
    std::uint64_t value = 0;
    mpz_export(&value, nullptr, -1, sizeof value, 0, 0, code.get_mpz_t());
    return ParsedValue{ExactValue::fromCode(format, value), BitPattern{format, value}};
}

}  // namespace

ParseOutcome parseValue(std::string_view text)
{
    if (text.size() > kMaxTextLength)
        return error(kMaxTextLength, ParseErrorKind::TooLong);
    // 1. Surrounding blanks (ASCII white space and no-break space).
    std::size_t begin = 0;
    std::size_t end = text.size();
    for (;;) {
        if (begin < end && std::isspace(static_cast<unsigned char>(text[begin])) != 0)
            ++begin;
        else if (text.substr(begin, kNoBreakSpace.size()) == kNoBreakSpace)
            begin += kNoBreakSpace.size();
        else
            break;
    }
    for (;;) {
        if (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1])) != 0)
            --end;
        else if (end >= begin + kNoBreakSpace.size() && text.substr(end - kNoBreakSpace.size(), kNoBreakSpace.size()) == kNoBreakSpace)
            end -= kNoBreakSpace.size();
        else
            break;
    }
    if (begin == end)
        return error(0, ParseErrorKind::Empty);
    const std::string_view body = text.substr(begin, end - begin);
    Cursor c(body, begin);

    // 2. A bit pattern bound to a format: NAME:0x... or NAME:0b...
    if (const std::size_t colon = body.find(':'); colon != std::string_view::npos) {
        const std::string_view name = body.substr(0, colon);
        if (!name.empty() && (name.front() == '-' || name.front() == '+'))
            return error(begin, ParseErrorKind::SignedBitPattern);
        Cursor bits(body.substr(colon + 1), begin + colon + 1);
        return parseBitPattern(name, bits, begin);
    }

    // 3. Sign.
    bool negative = false;
    if (c.consume("+")) {
    } else if (c.consume("-") || c.consume(kUnicodeMinus)) {
        negative = true;
    }

    // 4. Special values, hex floats, decimals.
    const std::string_view rest = c.rest();
    if (equalsIgnoreCase(rest, "inf") || equalsIgnoreCase(rest, "infinity") || rest == "\xE2\x88\x9E")
        return ParsedValue{ExactValue::infinity(negative), std::nullopt};
    if (equalsIgnoreCase(rest, "nan"))
        return ParsedValue{ExactValue::nan(negative), std::nullopt};
    if (rest.size() > 3 && equalsIgnoreCase(rest.substr(0, 4), "nan(")) {
        c.advance(3);
        return parseNanPayload(c, negative);
    }
    if (c.consumeIgnoreCase("0x"))
        return parseHexFloat(c, negative);
    return parseDecimal(c, negative);
}

}  // namespace floatscope
