#include "core/scaling/NpyFormat.h"

#include <bit>
#include <charconv>
#include <cstring>
#include <optional>
#include <string>

#include "core/format/Registry.h"
#include "core/scaling/StoredValues.h"

namespace floatscope::npy {

namespace {

constexpr std::string_view kMagic("\x93NUMPY", 6);

TensorError error(TensorErrorKind kind, std::string_view text = {})
{
    TensorError e;
    e.kind = kind;
    e.text = std::string(text);
    return e;
}

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && isBlank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isBlank(s.back()))
        s.remove_suffix(1);
    return s;
}

// The header's dict literal, read as Python reads it, so that a key's name inside another key's
// string ({'x': "'descr': '<f8'", ...}) is text, not a key. Values stay source text.
class DictReader {
public:
    struct Entry {
        std::string_view key;
        std::string_view value;
    };

    explicit DictReader(std::string_view text) : m_s(text) {}

    std::optional<std::vector<Entry>> entries()
    {
        std::vector<Entry> out;
        blanks();
        if (!take('{'))
            return std::nullopt;
        for (;;) {
            blanks();
            if (take('}'))
                break;
            const auto key = stringContent();
            blanks();
            if (!key || !take(':'))
                return std::nullopt;
            blanks();
            const auto value = this->value();
            if (!value)
                return std::nullopt;
            out.push_back({*key, *value});
            blanks();
            if (take(','))
                continue;
            if (take('}'))
                break;
            return std::nullopt;
        }
        blanks();
        if (m_i != m_s.size())
            return std::nullopt;
        return out;
    }

private:
    void blanks()
    {
        while (m_i < m_s.size() && isBlank(m_s[m_i]))
            ++m_i;
    }
    bool take(char c)
    {
        if (m_i < m_s.size() && m_s[m_i] == c) {
            ++m_i;
            return true;
        }
        return false;
    }
    bool atQuote() const { return m_i < m_s.size() && (m_s[m_i] == '\'' || m_s[m_i] == '"'); }

    // 'text' or "text" with backslash escapes skipped; the text between the quotes.
    std::optional<std::string_view> stringContent()
    {
        if (!atQuote())
            return std::nullopt;
        const char quote = m_s[m_i++];
        const std::size_t start = m_i;
        while (m_i < m_s.size() && m_s[m_i] != quote)
            m_i += m_s[m_i] == '\\' ? 2 : 1;
        if (m_i >= m_s.size())
            return std::nullopt;
        return m_s.substr(start, m_i++ - start);
    }

    // A string, a bracketed tuple, list or dict (strings inside skipped whole), or a bare word.
    std::optional<std::string_view> value()
    {
        const std::size_t start = m_i;
        if (atQuote())
            return stringContent() ? std::optional(m_s.substr(start, m_i - start)) : std::nullopt;
        int depth = 0;
        while (m_i < m_s.size()) {
            const char c = m_s[m_i];
            if (atQuote()) {
                if (!stringContent())
                    return std::nullopt;
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                ++depth;
            } else if (c == ')' || c == ']' || c == '}') {
                if (depth == 0)
                    break;
                if (--depth == 0) {
                    ++m_i;
                    break;
                }
            } else if (depth == 0 && (c == ',' || isBlank(c))) {
                break;
            }
            ++m_i;
        }
        if (depth != 0 || m_i == start)
            return std::nullopt;
        return m_s.substr(start, m_i - start);
    }

    std::string_view m_s;
    std::size_t m_i = 0;
};

// NumPy's name for a descr, for the refusal: '<i4' is int32.
std::string dtypeName(std::string_view descr)
{
    if (descr.size() >= 2) {
        const std::string_view kind = descr.substr(1);
        if (kind == "f2") return "float16";
        if (kind == "f4") return "float32";
        if (kind == "f8") return "float64";
        if (kind == "i1" || kind == "i2" || kind == "i4" || kind == "i8")
            return "int" + std::to_string(8 * (kind[1] - '0'));
        if (kind == "u1" || kind == "u2" || kind == "u4" || kind == "u8")
            return "uint" + std::to_string(8 * (kind[1] - '0'));
        if (kind == "b1") return "bool";
        if (kind == "c8" || kind == "c16") return "complex";
    }
    return std::string(descr);
}

std::optional<std::string_view> lookup(const std::vector<DictReader::Entry>& entries, std::string_view key)
{
    std::optional<std::string_view> found;
    for (const DictReader::Entry& e : entries)
        if (e.key == key)
            found = e.value;  // a repeated key: the last one, as Python's dict keeps it
    return found;
}

std::uint64_t readLittleEndian(std::string_view bytes, std::size_t offset, std::size_t width)
{
    std::uint64_t v = 0;
    for (std::size_t i = width; i-- > 0;)
        v = (v << 8) | static_cast<unsigned char>(bytes[offset + i]);
    return v;
}

const std::vector<double>& halfValues()
{
    static const std::vector<double> table = [] {
        std::vector<double> values(65536);
        const Format& half = namedFormat("fp16");
        for (std::uint32_t code = 0; code < values.size(); ++code)
            values[code] = codeToDouble(half, code);
        return values;
    }();
    return table;
}

}  // namespace

std::variant<Preamble, TensorError> readPreamble(std::string_view bytes)
{
    // 1. The magic, or as much of it as there is (a file cut inside it is truncated, not foreign).
    const std::size_t seen = std::min(bytes.size(), kMagic.size());
    if (bytes.substr(0, seen) != kMagic.substr(0, seen))
        return error(TensorErrorKind::NpyNoMagic);
    // 2. Version and header length.
    if (bytes.size() < 8) {
        TensorError e = error(TensorErrorKind::NpyTruncated);
        e.count = bytes.size();
        return e;
    }
    const int major = static_cast<unsigned char>(bytes[6]);
    if (major < 1 || major > 3) {
        TensorError e = error(TensorErrorKind::NpyVersion);
        e.count = static_cast<std::uint64_t>(major);
        return e;
    }
    const std::size_t lengthWidth = major == 1 ? 2 : 4;
    if (bytes.size() < 8 + lengthWidth) {
        TensorError e = error(TensorErrorKind::NpyTruncated);
        e.count = bytes.size();
        return e;
    }
    Preamble p;
    p.headerOffset = 8 + lengthWidth;
    p.headerLength = static_cast<std::size_t>(readLittleEndian(bytes, 8, lengthWidth));
    if (p.headerLength > kMaxHeaderBytes) {
        TensorError e = error(TensorErrorKind::NpyHeaderTruncated);
        e.count = p.headerLength;
        e.limit = kMaxHeaderBytes;
        return e;
    }
    return p;
}

std::variant<Layout, TensorError> readHeader(std::string_view header, std::size_t maxElements)
{
    // 1. The dict and its three keys.
    const auto entries = DictReader(header).entries();
    if (!entries)
        return error(TensorErrorKind::NpyHeaderMalformed, trimmed(header));
    const auto descrText = lookup(*entries, "descr");
    const auto orderText = lookup(*entries, "fortran_order");
    const auto shapeText = lookup(*entries, "shape");
    for (const auto& [text, key] : {std::pair{descrText, "descr"}, {orderText, "fortran_order"}, {shapeText, "shape"}})
        if (!text)
            return error(TensorErrorKind::NpyHeaderKeyMissing, key);

    // 2. dtype: a string of one float type, in a byte order.
    if (descrText->front() == '[')
        return error(TensorErrorKind::NpyStructuredDtype);
    const bool quoted = descrText->front() == '\'' || descrText->front() == '"';
    const std::string_view descr = quoted ? descrText->substr(1, descrText->size() - 2) : *descrText;
    Layout layout;
    if (quoted && descr.size() == 3 && descr[1] == 'f' && (descr[0] == '<' || descr[0] == '>' || descr[0] == '='))
        layout.width = descr[2] == '2' ? 2 : descr[2] == '4' ? 4 : descr[2] == '8' ? 8 : 0;
    if (layout.width == 0) {
        TensorError e = error(TensorErrorKind::NpyUnsupportedDtype, descr);
        e.format = dtypeName(descr);
        return e;
    }
    layout.bigEndian = descr[0] == '>' || (descr[0] == '=' && std::endian::native == std::endian::big);

    // 3. C order.
    if (*orderText == "True")
        return error(TensorErrorKind::NpyFortranOrder);
    if (*orderText != "False")
        return error(TensorErrorKind::NpyBadFortranOrder, *orderText);

    // 4. The shape: a tuple of whole numbers, (), (n,) or (rows, cols).
    const std::string_view shape = *shapeText;
    if (shape.size() < 2 || shape.front() != '(' || shape.back() != ')')
        return error(TensorErrorKind::NpyShapeNotTuple, shape);
    std::string_view rest = shape.substr(1, shape.size() - 2);
    while (!trimmed(rest).empty()) {
        const std::size_t comma = rest.find(',');
        const std::string_view part = trimmed(rest.substr(0, comma));
        std::size_t n = 0;
        const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
        if (part.empty() || ec != std::errc() || ptr != part.data() + part.size())
            return error(TensorErrorKind::NpyShapeNotNumber, part);
        layout.dims.push_back(n);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    if (layout.dims.size() > 2) {
        TensorError e = error(TensorErrorKind::NpyTooManyDimensions);
        e.count = layout.dims.size();
        return e;
    }
    // 5. The size, with overflow checked before anything is allocated.
    for (const std::size_t d : layout.dims) {
        if (__builtin_mul_overflow(layout.count, d, &layout.count) || layout.count > maxElements) {
            TensorError e = error(TensorErrorKind::TooManyValues);
            e.limit = maxElements;
            return e;
        }
    }
    return layout;
}

void decode(const Layout& layout, const char* bytes, std::size_t count, double* out)
{
    const bool swap = layout.bigEndian != (std::endian::native == std::endian::big);
    switch (layout.width) {
    case 2: {
        const std::vector<double>& half = halfValues();
        for (std::size_t i = 0; i < count; ++i) {
            std::uint16_t raw = 0;
            std::memcpy(&raw, bytes + 2 * i, 2);
            out[i] = half[swap ? static_cast<std::uint16_t>((raw >> 8) | (raw << 8)) : raw];
        }
        break;
    }
    case 4:
        for (std::size_t i = 0; i < count; ++i) {
            std::uint32_t raw = 0;
            std::memcpy(&raw, bytes + 4 * i, 4);
            out[i] = static_cast<double>(std::bit_cast<float>(swap ? __builtin_bswap32(raw) : raw));
        }
        break;
    default:
        for (std::size_t i = 0; i < count; ++i) {
            std::uint64_t raw = 0;
            std::memcpy(&raw, bytes + 8 * i, 8);
            out[i] = std::bit_cast<double>(swap ? __builtin_bswap64(raw) : raw);
        }
        break;
    }
}

}  // namespace floatscope::npy
