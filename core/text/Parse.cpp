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

// Control bytes as \xHH: a NUL in a message would end it wherever it is printed as a C string.
std::string printable(std::string_view text)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7F)
            out += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 0xF];
        else
            out += c;
    }
    return out;
}

std::string quoted(std::string_view text)
{
    constexpr std::size_t kShown = 40;
    if (text.size() <= kShown)
        return "'" + printable(text) + "'";
    // Cut before a UTF-8 continuation byte, not inside a character.
    std::size_t cut = kShown;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    return "'" + printable(text.substr(0, cut)) + "...'";
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
                 "unexpected '" + printable(rest.substr(0, len)) + "' at position " + std::to_string(c.position())
                     + " in " + quoted(whole));
}

// An optional sign and the exponent's digits, at most kMaxExponent in size as written (digits after
// the point only lengthen the text, which kMaxTextLength bounds); the error when malformed or too large.
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
    if (exponent > kMaxExponent)
        return error(start, ParseErrorKind::ExponentOutOfRange,
                     "exponent out of range in " + quoted(whole) + " (limit +-" + std::to_string(kMaxExponent) + ")");
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
    return scaledValue(negative, whole16 + fraction16, 16, exponent - 4 * static_cast<long>(fraction16.size()), 2);
}

ParseOutcome parseDecimal(Cursor& c, bool negative, std::string_view whole)
{
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
    return scaledValue(negative, whole10 + fraction10, 10, exponent - static_cast<long>(fraction10.size()), 10);
}

// C's nan(n-char-sequence) (C17 7.22.1.3): the sequence read as glibc's strtod reads it, an
// unsigned number in C syntax (0x hex, 0 octal, decimal; empty is 0) that becomes the payload of
// an fp64 NaN below its quiet bit. Anything else is refused rather than silently dropped.
ParseOutcome parseNanPayload(Cursor& c, bool negative, std::string_view whole)
{
    const std::size_t start = c.position();  // at '('
    const std::string_view rest = c.rest();
    const auto fail = [&](const std::string& why) {
        return error(start, ParseErrorKind::BadNanPayload, "NaN payload in " + quoted(whole) + " " + why);
    };
    if (rest.back() != ')')
        return fail("needs a closing ')'");
    const std::string_view sequence = rest.substr(1, rest.size() - 2);
    int base = 10;
    std::string_view digits = sequence;
    if (digits.size() >= 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
        base = 16;
        digits.remove_prefix(2);
        if (digits.empty())
            return fail("has no hex digits after 0x");
    } else if (digits.size() >= 2 && digits[0] == '0') {
        base = 8;
    }
    for (const char ch : digits)
        if (base == 16 ? !isHexDigit(ch) : (ch < '0' || ch >= static_cast<char>('0' + base)))
            return fail("must be a whole number (0x123, 291 or 0443)");
    const mpz_class payload = digits.empty() ? mpz_class(0) : mpz_class(std::string(digits), base);
    constexpr int kPayloadBits = 51;  // fp64's fraction less its quiet bit
    if (mpz_sizeinbase(payload.get_mpz_t(), 2) > kPayloadBits)
        return fail("must be below 2^51");
    // Left-aligned fraction bits, as ExactValue keeps a NaN's payload (fp64's fraction starts at bit 63).
    return ParsedValue{ExactValue::nan(negative, payload.get_ui() << 12), std::nullopt};
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
    if (rest.size() > 3 && equalsIgnoreCase(rest.substr(0, 4), "nan(")) {
        c.advance(3);
        return parseNanPayload(c, negative, body);
    }
    if (c.consumeIgnoreCase("0x"))
        return parseHexFloat(c, negative, body);
    return parseDecimal(c, negative, body);
}

}  // namespace floatscope
