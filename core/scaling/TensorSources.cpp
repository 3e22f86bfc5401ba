#include "core/scaling/TensorSources.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <numbers>
#include <sstream>
#include <variant>

#include "core/exact/ExactValue.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/round/Rounding.h"
#include "core/text/Parse.h"

namespace floatscope {

namespace {

TensorLoad failure(std::string reason)
{
    TensorLoad out;
    out.error = std::move(reason);
    return out;
}

TensorLoad success(Tensor tensor)
{
    TensorLoad out;
    out.tensor = std::move(tensor);
    return out;
}

std::optional<std::string> storageProblem(const Format& storage)
{
    if (storage.mantissaBits() > 52 || storage.maxExponent() > 1023 || storage.minPositiveExponent() < -1074)
        return storage.name() + " cannot hold its values in fp64, so it cannot be a tensor's storage";
    return std::nullopt;
}

// A code of a format whose values fit in fp64, as that double (exact).
double codeToDouble(const Format& format, std::uint64_t code)
{
    const Decoded d = decode(format, code);
    switch (d.valueClass) {
    case ValueClass::NaN: return d.negative ? -std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::quiet_NaN();
    case ValueClass::Infinite: return d.negative ? -HUGE_VAL : HUGE_VAL;
    default: break;
    }
    const double magnitude = std::ldexp(static_cast<double>(d.value.significand), static_cast<int>(d.value.exponent));
    return d.negative ? -magnitude : magnitude;
}

struct Stored {
    double value = 0;
    bool overflow = false;
};

// One rounding, nearest-even, with the storage format's own overflow rule.
Stored store(const Unpacked& value, const Format& storage)
{
    const RoundResult r = roundToFormat(value, storage);
    const bool finiteInput = value.kind == Unpacked::Kind::Finite || value.kind == Unpacked::Kind::Zero;
    return Stored{codeToDouble(storage, r.code), finiteInput && (r.flags & kOverflow) != 0};
}

std::string quoted(std::string_view text)
{
    return "'" + std::string(text.substr(0, 40)) + (text.size() > 40 ? "...'" : "'");
}

// The one-line parse error of the engine, prefixed with where the text was.
std::optional<double> parseStored(std::string_view text, const Format& storage, const std::string& where,
                                  std::string& error)
{
    const ParseOutcome parsed = parseValue(text);
    if (const auto* e = std::get_if<ParseError>(&parsed)) {
        error = where + ": " + e->message;
        return std::nullopt;
    }
    const Stored s = store(std::get<ParsedValue>(parsed).value.unpack(), storage);
    if (s.overflow) {
        error = where + ": " + quoted(text) + " overflows " + storage.name() + " storage (choose a wider storage format)";
        return std::nullopt;
    }
    return s.value;
}

// 1. CSV helpers -------------------------------------------------------------------------------

bool isSeparator(char c) { return c == ',' || c == ';' || c == ' ' || c == '\t' || c == '\r'; }

std::vector<std::string_view> splitFields(std::string_view line)
{
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && isSeparator(line[i]))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && !isSeparator(line[i]))
            ++i;
        if (i > start)
            fields.push_back(line.substr(start, i - start));
    }
    return fields;
}

// 2. NPY helpers (https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html) ------

std::uint32_t littleEndian(std::string_view bytes, std::size_t offset, int width)
{
    std::uint32_t v = 0;
    for (int i = width - 1; i >= 0; --i)
        v = (v << 8) | static_cast<unsigned char>(bytes[offset + static_cast<std::size_t>(i)]);
    return v;
}

// The value text after 'key': in the header dict, up to the next top-level comma or brace.
std::optional<std::string_view> dictValue(std::string_view header, std::string_view key)
{
    for (const char quote : {'\'', '"'}) {
        const std::string needle = std::string(1, quote) + std::string(key) + std::string(1, quote);
        std::size_t at = header.find(needle);
        if (at == std::string_view::npos)
            continue;
        at = header.find(':', at + needle.size());
        if (at == std::string_view::npos)
            return std::nullopt;
        ++at;
        while (at < header.size() && header[at] == ' ')
            ++at;
        int depth = 0;
        std::size_t end = at;
        for (; end < header.size(); ++end) {
            const char c = header[end];
            if (c == '(' || c == '[')
                ++depth;
            else if (c == ')' || c == ']')
                --depth;
            if (depth == 0 && (c == ',' || c == '}'))
                break;
            if (depth < 0)
                break;
        }
        return header.substr(at, end - at);
    }
    return std::nullopt;
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\'' || s.front() == '"'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\'' || s.back() == '"'))
        s.remove_suffix(1);
    return s;
}

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

std::uint64_t mix(std::uint64_t& state)
{
    // splitmix64 (Steele, Lea and Flood 2014), as round/Rounding.h's StochasticSource.
    state += 0x9E3779B97F4A7C15ull;
    return StochasticSource::mix(state);
}

// Uniform in (0, 1]: 53 random bits, never 0 (Box-Muller takes its logarithm).
double uniformOpenZero(std::uint64_t& state)
{
    return (static_cast<double>(mix(state) >> 11) + 1.0) * 0x1.0p-53;
}

}  // namespace

TensorLoad tensorFromTexts(const std::vector<std::string>& texts, const Format& storage)
{
    if (auto problem = storageProblem(storage))
        return failure(*problem);
    std::vector<double> values;
    values.reserve(texts.size());
    std::string error;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const auto v = parseStored(texts[i], storage, "value " + std::to_string(i + 1), error);
        if (!v)
            return failure(error);
        values.push_back(*v);
    }
    return success(Tensor::vector(std::move(values)));
}

TensorLoad parseCsv(std::string_view text, const Format& storage)
{
    if (auto problem = storageProblem(storage))
        return failure(*problem);
    std::vector<double> values;
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::size_t firstRowLine = 0;
    std::size_t lineNumber = 0;
    std::string error;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t newline = text.find('\n', start);
        const std::string_view line =
            text.substr(start, newline == std::string_view::npos ? std::string_view::npos : newline - start);
        ++lineNumber;
        start = newline == std::string_view::npos ? text.size() + 1 : newline + 1;
        const auto fields = splitFields(line);
        if (fields.empty() || fields.front().front() == '#')
            continue;
        if (rows == 0) {
            cols = fields.size();
            firstRowLine = lineNumber;
        } else if (fields.size() != cols) {
            return failure("line " + std::to_string(lineNumber) + " has " + std::to_string(fields.size())
                           + " values but line " + std::to_string(firstRowLine) + " has " + std::to_string(cols)
                           + ": a CSV tensor must be rectangular");
        }
        for (std::size_t c = 0; c < fields.size(); ++c) {
            const auto v = parseStored(fields[c], storage,
                                       "line " + std::to_string(lineNumber) + ", value " + std::to_string(c + 1), error);
            if (!v)
                return failure(error);
            values.push_back(*v);
        }
        ++rows;
    }
    if (rows <= 1)
        return success(Tensor::vector(std::move(values)));
    return success(Tensor::matrix(rows, cols, std::move(values)));
}

TensorLoad parseNpy(std::string_view bytes)
{
    // 1. Magic, version and header length.
    static constexpr std::string_view kMagic("\x93NUMPY", 6);
    if (bytes.size() < 10 || bytes.substr(0, 6) != kMagic)
        return failure("not a NumPy .npy file (it does not start with \\x93NUMPY)");
    const int major = static_cast<unsigned char>(bytes[6]);
    if (major < 1 || major > 3)
        return failure(".npy format version " + std::to_string(major) + " is not supported (1.0 to 3.0 are)");
    const std::size_t lengthWidth = major == 1 ? 2 : 4;
    if (bytes.size() < 8 + lengthWidth)
        return failure("truncated .npy header");
    const std::size_t headerLength = littleEndian(bytes, 8, static_cast<int>(lengthWidth));
    const std::size_t dataOffset = 8 + lengthWidth + headerLength;
    if (bytes.size() < dataOffset)
        return failure("truncated .npy header: it announces " + std::to_string(headerLength) + " bytes");
    const std::string_view header = bytes.substr(8 + lengthWidth, headerLength);

    // 2. dtype, order and shape.
    const auto descrText = dictValue(header, "descr");
    const auto orderText = dictValue(header, "fortran_order");
    const auto shapeText = dictValue(header, "shape");
    if (!descrText || !orderText || !shapeText)
        return failure(".npy header lacks 'descr', 'fortran_order' or 'shape'");
    if (!descrText->empty() && descrText->front() == '[')
        return failure("structured .npy dtypes are not supported: save one float16, float32 or float64 array");
    const std::string_view descr = trimmed(*descrText);
    const std::string_view order = trimmed(*orderText);
    int width = 0;
    if (descr.size() == 3 && descr[1] == 'f')
        width = descr[2] == '2' ? 2 : descr[2] == '4' ? 4 : descr[2] == '8' ? 8 : 0;
    if (width == 0 || (descr[0] != '<' && descr[0] != '>' && descr[0] != '='))
        return failure(".npy dtype " + dtypeName(descr) + " ('" + std::string(descr)
                       + "') is not supported: Floatscope reads float16, float32 and float64");
    const bool bigEndian = descr[0] == '>' || (descr[0] == '=' && std::endian::native == std::endian::big);
    if (order == "True")
        return failure(".npy array is in Fortran order: save it with np.ascontiguousarray (C order)");
    if (order != "False")
        return failure(".npy header has fortran_order " + std::string(order));

    std::vector<std::size_t> dims;
    std::string_view shape = *shapeText;
    if (shape.size() < 2 || shape.front() != '(' || shape.back() != ')')
        return failure(".npy shape " + std::string(shape) + " is not a tuple");
    shape = shape.substr(1, shape.size() - 2);
    for (std::string_view part : splitFields(shape)) {
        std::size_t n = 0;
        const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
        if (ec != std::errc() || ptr != part.data() + part.size())
            return failure(".npy shape has '" + std::string(part) + "', not a whole number");
        dims.push_back(n);
    }
    if (dims.size() > 2)
        return failure(".npy array has " + std::to_string(dims.size())
                       + " dimensions; Floatscope quantizes 1-D and 2-D tensors (reshape it first)");

    // 3. Size, with overflow checked before anything is allocated.
    std::size_t count = 1;
    for (const std::size_t d : dims)
        if (__builtin_mul_overflow(count, d, &count))
            return failure(".npy shape is too large");
    std::size_t dataBytes = 0;
    if (__builtin_mul_overflow(count, static_cast<std::size_t>(width), &dataBytes) || bytes.size() - dataOffset < dataBytes)
        return failure("truncated .npy data: the shape needs " + std::to_string(count) + " values of "
                       + dtypeName(descr) + ", the file holds " + std::to_string((bytes.size() - dataOffset) / static_cast<std::size_t>(width)));

    // 4. Values: fp16 through the engine's decoder, fp32 and fp64 by their bits (all exact doubles).
    const Format& half = namedFormat("fp16");
    std::vector<double> values(count);
    const char* data = bytes.data() + dataOffset;
    for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t raw = 0;
        for (int b = 0; b < width; ++b) {
            const int index = bigEndian ? b : width - 1 - b;
            raw = (raw << 8) | static_cast<unsigned char>(data[i * static_cast<std::size_t>(width) + static_cast<std::size_t>(index)]);
        }
        if (width == 2)
            values[i] = codeToDouble(half, raw);
        else if (width == 4)
            values[i] = static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(raw)));
        else
            values[i] = std::bit_cast<double>(raw);
    }
    if (dims.size() == 2)
        return success(Tensor::matrix(dims[0], dims[1], std::move(values)));
    return success(Tensor::vector(std::move(values)));
}

TensorLoad loadTensorFile(const std::string& path, const Format& storage)
{
    const auto dot = path.rfind('.');
    std::string extension = dot == std::string::npos ? "" : path.substr(dot + 1);
    for (char& c : extension)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (extension != "npy" && extension != "csv" && extension != "txt")
        return failure("'" + path + "': give a .csv or .npy file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return failure("cannot read '" + path + "'");
    std::ostringstream content;
    content << in.rdbuf();
    const std::string bytes = content.str();
    TensorLoad out = extension == "npy" ? parseNpy(bytes) : parseCsv(bytes, storage);
    if (!out.tensor)
        out.error = "'" + path + "': " + out.error;
    return out;
}

TensorLoad reshape(const Tensor& tensor, std::size_t rows, std::size_t cols, bool matrix)
{
    std::size_t count = 0;
    if (__builtin_mul_overflow(rows, cols, &count) || count != tensor.size())
        return failure("shape " + (matrix ? std::to_string(rows) + "x" + std::to_string(cols) : std::to_string(cols))
                       + " does not hold the " + std::to_string(tensor.size()) + " values given");
    std::vector<double> values = tensor.values();
    return success(matrix ? Tensor::matrix(rows, cols, std::move(values)) : Tensor::vector(std::move(values)));
}

ShapeParse parseShape(std::string_view text)
{
    ShapeParse out;
    auto number = [](std::string_view s, std::size_t& n) {
        const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
        return ec == std::errc() && ptr == s.data() + s.size() && n > 0;
    };
    const std::size_t x = text.find_first_of("xX*,");
    std::size_t rows = 1;
    std::size_t cols = 0;
    if (x == std::string_view::npos) {
        if (!number(text, cols)) {
            out.error = "shape '" + std::string(text) + "' is not N or ROWSxCOLS with positive whole numbers";
            return out;
        }
    } else if (!number(text.substr(0, x), rows) || !number(text.substr(x + 1), cols)) {
        out.error = "shape '" + std::string(text) + "' is not N or ROWSxCOLS with positive whole numbers";
        return out;
    }
    out.rows = rows;
    out.cols = cols;
    out.matrix = x != std::string_view::npos;
    return out;
}

TensorLoad generateNormal(const NormalSpec& spec, const Format& storage)
{
    if (auto problem = storageProblem(storage))
        return failure(*problem);
    std::size_t count = 0;
    if (__builtin_mul_overflow(spec.rows, spec.cols, &count) || count == 0)
        return failure("a generated tensor needs a positive shape");
    if (!(spec.stddev >= 0) || !std::isfinite(spec.stddev) || !std::isfinite(spec.mean))
        return failure("the normal distribution needs a finite mean and a standard deviation >= 0");
    if (spec.outliers > count)
        return failure(std::to_string(spec.outliers) + " outliers do not fit in " + std::to_string(count) + " elements");
    if (!std::isfinite(spec.outlierMagnitude))
        return failure("the outlier magnitude must be finite");

    std::uint64_t state = spec.seed;
    std::vector<double> values(count);
    for (std::size_t i = 0; i < count; ++i) {
        const double u1 = uniformOpenZero(state);
        const double u2 = uniformOpenZero(state);
        const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
        values[i] = spec.mean + spec.stddev * z;
    }
    // Outliers at distinct positions: a partial Fisher-Yates shuffle of the indices.
    std::vector<std::size_t> order;
    if (spec.outliers > 0) {
        order.resize(count);
        for (std::size_t i = 0; i < count; ++i)
            order[i] = i;
        for (std::size_t k = 0; k < spec.outliers; ++k) {
            const std::size_t j = k + static_cast<std::size_t>(mix(state) % (count - k));
            std::swap(order[k], order[j]);
            const bool negative = (mix(state) & 1) != 0;
            values[order[k]] = negative ? -spec.outlierMagnitude : spec.outlierMagnitude;
        }
    }
    for (double& v : values) {
        const Stored s = store(unpackDouble(v), storage);
        if (s.overflow)
            return failure("a generated value overflows " + storage.name() + " storage");
        v = s.value;
    }
    if (spec.matrix)
        return success(Tensor::matrix(spec.rows, spec.cols, std::move(values)));
    return success(Tensor::vector(std::move(values)));
}

}  // namespace floatscope
