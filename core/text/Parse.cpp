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

std::string quoted(std::string_view text)
{
    constexpr std::size_t kShown = 40;
    if (text.size() <= kShown)
        return "'" + std::string(text) + "'";
    return "'" + std::string(text.substr(0, kShown)) + "...'";
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

ParseError error(std::size_t position, ParseErrorKind kind, std::string message)
{
    return ParseError{position, kind, std::move(message)};
}

ParseError unexpected(const Cursor& c, std::string_view whole)
{
    const std::string_view rest = c.rest();
    // Show the whole UTF-8 character, not a byte of it.
    std::size_t len = 1;
    while (len < rest.size() && (static_cast<unsigned char>(rest[len]) & 0xC0) == 0x80)
        ++len;
    return error(c.position(), ParseErrorKind::UnexpectedCharacter,
                 "unexpected '" + std::string(rest.substr(0, len)) + "' at position " + std::to_string(c.position())
                     + " in " + quoted(whole));
}

// An optional sign and up to 9 exponent digits; false (with the error) when malformed or too large.
std::optional<ParseError> readExponent(Cursor& c, std::string_view whole, long& exponent)
{
    bool negative = false;
    if (c.consume("+")) {
    } else if (c.consume("-") || c.consume(kUnicodeMinus)) {
        negative = true;
    }
    const std::size_t start = c.position();
    const std::string digits = c.takeWhile(isDigit);
    if (digits.empty())
        return error(c.position(), ParseErrorKind::MissingDigits, "exponent without digits in " + quoted(whole));
    std::size_t first = digits.find_first_not_of('0');
    if (first != std::string::npos && digits.size() - first > 9)
        return error(start, ParseErrorKind::ExponentOutOfRange,
                     "exponent too large in " + quoted(whole) + " (limit +-" + std::to_string(kMaxExponent) + ")");
    exponent = first == std::string::npos ? 0 : std::stol(digits.substr(first));
    if (negative)
        exponent = -exponent;
    return std::nullopt;
}

ParseOutcome scaledValue(bool negative, const std::string& digits, int base, long exponent, long powerBase,
                         std::size_t position, std::string_view whole)
{
    if (exponent > kMaxExponent || exponent < -kMaxExponent)
        return error(position, ParseErrorKind::ExponentOutOfRange,
                     "exponent out of range in " + quoted(whole) + " (limit +-" + std::to_string(kMaxExponent) + ")");
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

ParseOutcome parseHexFloat(Cursor& c, bool negative, std::string_view whole)
{
    const std::size_t start = c.position();
    const std::string whole16 = c.takeWhile(isHexDigit);
    std::string fraction16;
    if (c.consume("."))
        fraction16 = c.takeWhile(isHexDigit);
    if (whole16.empty() && fraction16.empty())
        return error(c.position(), ParseErrorKind::MissingDigits, "hex value without digits in " + quoted(whole));
    if (c.done())
        return error(start, ParseErrorKind::MissingHexExponent,
                     quoted(whole) + " needs a binary exponent (0x1.8p3), or a format prefix for a bit pattern "
                                     "(bf16:0x3DCD)");
    if (!c.consumeIgnoreCase("p"))
        return unexpected(c, whole);
    long exponent = 0;
    if (auto e = readExponent(c, whole, exponent))
        return *e;
    if (!c.done())
        return unexpected(c, whole);
    // value = 0x(whole16 fraction16) * 2^(p - 4 * fraction digits)
    return scaledValue(negative, whole16 + fraction16, 16, exponent - 4 * static_cast<long>(fraction16.size()), 2,
                       start, whole);
}

ParseOutcome parseDecimal(Cursor& c, bool negative, std::string_view whole)
{
    const std::size_t start = c.position();
    const std::string whole10 = c.takeWhile(isDigit);
    std::string fraction10;
    if (c.consume("."))
        fraction10 = c.takeWhile(isDigit);
    if (whole10.empty() && fraction10.empty())
        return c.done() ? error(c.position(), ParseErrorKind::MissingDigits, "no digits in " + quoted(whole))
                        : unexpected(c, whole);
    long exponent = 0;
    if (c.consumeIgnoreCase("e")) {
        if (auto e = readExponent(c, whole, exponent))
            return *e;
    }
    if (!c.done())
        return unexpected(c, whole);
    return scaledValue(negative, whole10 + fraction10, 10, exponent - static_cast<long>(fraction10.size()), 10,
                       start, whole);
}

ParseOutcome parseBitPattern(std::string_view name, Cursor& c, std::size_t nameStart, std::string_view whole)
{
    FormatLookup lookup = lookupFormat(name);
    if (!lookup.format)
        return error(nameStart, ParseErrorKind::UnknownFormat,
                     "unknown format '" + std::string(name) + "' (see 'floatscope formats')");
    const Format& format = *lookup.format;
    int base = 0;
    if (c.consumeIgnoreCase("0x"))
        base = 16;
    else if (c.consumeIgnoreCase("0b"))
        base = 2;
    else
        return error(c.position(), ParseErrorKind::BadBitPattern,
                     "bit pattern in " + quoted(whole) + " must start with 0x or 0b");
    std::string digits;
    while (!c.done()) {
        const char ch = c.peek();
        if (ch == '_' || ch == '\'') {
            c.advance();
            continue;
        }
        if (base == 16 ? !isHexDigit(ch) : (ch != '0' && ch != '1'))
            return error(c.position(), ParseErrorKind::BadBitPattern,
                         "'" + std::string(1, ch) + "' is not a " + (base == 16 ? "hex" : "binary") + " digit in "
                             + quoted(whole));
        digits += ch;
        c.advance();
    }
    if (digits.empty())
        return error(c.position(), ParseErrorKind::BadBitPattern, "bit pattern without digits in " + quoted(whole));
    const mpz_class code{digits, base};
    if (mpz_sizeinbase(code.get_mpz_t(), 2) > static_cast<std::size_t>(format.totalBits()) && code != 0)
        return error(nameStart, ParseErrorKind::PatternTooWide,
                     "bit pattern " + quoted(whole) + " is wider than " + format.name() + "'s "
                         + std::to_string(format.totalBits()) + " bits");
    std::uint64_t value = 0;
    mpz_export(&value, nullptr, -1, sizeof value, 0, 0, code.get_mpz_t());
    return ParsedValue{ExactValue::fromCode(format, value), BitPattern{format, value}};
}

}  // namespace

ParseOutcome parseValue(std::string_view text)
{
    if (text.size() > kMaxTextLength)
        return error(kMaxTextLength, ParseErrorKind::TooLong,
                     "value text is " + std::to_string(text.size()) + " bytes long (limit "
                         + std::to_string(kMaxTextLength) + ")");
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
        return error(0, ParseErrorKind::Empty, "empty value");
    const std::string_view body = text.substr(begin, end - begin);
    Cursor c(body, begin);

    // 2. A bit pattern bound to a format: NAME:0x... or NAME:0b...
    if (const std::size_t colon = body.find(':'); colon != std::string_view::npos) {
        const std::string_view name = body.substr(0, colon);
        if (!name.empty() && (name.front() == '-' || name.front() == '+'))
            return error(begin, ParseErrorKind::SignedBitPattern,
                         quoted(body) + ": a bit pattern carries its own sign bit; drop the sign");
        Cursor bits(body.substr(colon + 1), begin + colon + 1);
        return parseBitPattern(name, bits, begin, body);
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
    if (c.consumeIgnoreCase("0x"))
        return parseHexFloat(c, negative, body);
    return parseDecimal(c, negative, body);
}

}  // namespace floatscope
