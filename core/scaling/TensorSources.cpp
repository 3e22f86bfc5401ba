#include "core/scaling/TensorSources.h"

#include <charconv>
#include <cmath>
#include <unordered_map>
#include <variant>

#include "core/lessons/SeededRandom.h"
#include "core/scaling/CsvReader.h"
#include "core/scaling/NpyFormat.h"
#include "core/scaling/StoredValues.h"

namespace floatscope {

namespace {

TensorLoad failure(TensorError error)
{
    TensorLoad out;
    out.error = std::move(error);
    return out;
}

TensorLoad failure(TensorErrorKind kind)
{
    TensorError error;
    error.kind = kind;
    return failure(std::move(error));
}

TensorLoad success(Tensor tensor, std::optional<Format> storage)
{
    TensorLoad out;
    out.tensor = std::move(tensor);
    out.storage = std::move(storage);
    return out;
}

TensorLoad npyTensor(const npy::Layout& layout, std::vector<double> values)
{
    if (layout.dims.size() == 2)
        return success(Tensor::matrix(layout.dims[0], layout.dims[1], std::move(values)), std::nullopt);
    return success(Tensor::vector(std::move(values)), std::nullopt);
}

TensorLoad unreadable(const RegularFile& file)
{
    TensorError error;
    error.kind = TensorErrorKind::FileUnreadable;
    error.fileProblem = file.problem();
    error.systemError = file.systemError();
    error.limit = kMaxTensorFileBytes;
    return failure(std::move(error));
}

// Up to `size` bytes, fewer only at the end of the file or on an error.
std::size_t readFully(RegularFile& file, char* buffer, std::size_t size)
{
    std::size_t used = 0;
    while (used < size) {
        const std::size_t n = file.read(buffer + used, size - used);
        if (n == 0)
            break;
        used += n;
    }
    return used;
}

// 1. .npy from a file: the preamble and header, then the data in chunks straight into the values.
TensorLoad loadNpy(RegularFile& file, std::size_t maxElements)
{
    std::string head(npy::kPreambleBytes, '\0');
    head.resize(readFully(file, head.data(), head.size()));
    if (file.problem() != FileProblem::None)
        return unreadable(file);
    const auto preamble = npy::readPreamble(head);
    if (const auto* e = std::get_if<TensorError>(&preamble))
        return failure(*e);
    const npy::Preamble& p = std::get<npy::Preamble>(preamble);
    // What was read past the preamble already belongs to the header.
    std::string header = head.substr(std::min(head.size(), p.headerOffset));
    const std::size_t have = header.size();
    header.resize(p.headerLength);
    if (have > header.size()) {
        TensorError e;
        e.kind = TensorErrorKind::NpyHeaderMalformed;
        return failure(std::move(e));
    }
    if (readFully(file, header.data() + have, header.size() - have) != header.size() - have) {
        if (file.problem() != FileProblem::None)
            return unreadable(file);
        TensorError e;
        e.kind = TensorErrorKind::NpyHeaderTruncated;
        e.count = p.headerLength;
        return failure(std::move(e));
    }
    const auto layout = npy::readHeader(header, maxElements);
    if (const auto* e = std::get_if<TensorError>(&layout))
        return failure(*e);
    const npy::Layout& l = std::get<npy::Layout>(layout);

    std::vector<double> values(l.count);
    constexpr std::size_t kChunkValues = std::size_t{1} << 16;
    std::vector<char> raw(kChunkValues * static_cast<std::size_t>(l.width));
    for (std::size_t first = 0; first < l.count; first += kChunkValues) {
        const std::size_t n = std::min(kChunkValues, l.count - first);
        const std::size_t bytes = n * static_cast<std::size_t>(l.width);
        const std::size_t got = readFully(file, raw.data(), bytes);
        if (file.problem() != FileProblem::None)
            return unreadable(file);
        if (got != bytes) {
            TensorError e;
            e.kind = TensorErrorKind::NpyDataTruncated;
            e.expected = l.count;
            e.count = first + got / static_cast<std::size_t>(l.width);
            e.format = l.width == 2 ? "float16" : l.width == 4 ? "float32" : "float64";
            return failure(std::move(e));
        }
        npy::decode(l, raw.data(), n, values.data() + first);
    }
    return npyTensor(l, std::move(values));
}

// 2. CSV from a file, as a stream.
TensorLoad loadCsv(RegularFile& file, const Format& storage, std::size_t maxElements)
{
    CsvReader reader(storage, maxElements);
    std::vector<char> buffer(std::size_t{1} << 20);
    for (;;) {
        const std::size_t n = file.read(buffer.data(), buffer.size());
        if (file.problem() != FileProblem::None)
            return unreadable(file);
        if (n == 0 || !reader.feed(std::string_view(buffer.data(), n)))
            break;
    }
    return reader.finish();
}

TensorLoad tooMany(std::size_t maxElements)
{
    TensorError e;
    e.kind = TensorErrorKind::TooManyValues;
    e.limit = maxElements;
    return failure(std::move(e));
}

}  // namespace

TensorLoad tensorFromTexts(const std::vector<std::string>& texts, const Format& storage, std::size_t maxElements)
{
    if (TensorError problem = storageProblem(storage))
        return failure(std::move(problem));
    if (texts.size() > maxElements)
        return tooMany(maxElements);
    const ValueStore store(storage);
    std::vector<double> values;
    values.reserve(texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i) {
        TensorError error;
        const auto v = store.fromText(texts[i], error);
        if (!v) {
            error.column = i + 1;
            return failure(std::move(error));
        }
        values.push_back(*v);
    }
    return success(Tensor::vector(std::move(values)), storage);
}

TensorLoad parseCsv(std::string_view text, const Format& storage, std::size_t maxElements)
{
    CsvReader reader(storage, maxElements);
    reader.feed(text);
    return reader.finish();
}

TensorLoad parseNpy(std::string_view bytes, std::size_t maxElements)
{
    const auto preamble = npy::readPreamble(bytes.substr(0, npy::kPreambleBytes));
    if (const auto* e = std::get_if<TensorError>(&preamble))
        return failure(*e);
    const npy::Preamble& p = std::get<npy::Preamble>(preamble);
    if (bytes.size() - p.headerOffset < p.headerLength) {
        TensorError e;
        e.kind = TensorErrorKind::NpyHeaderTruncated;
        e.count = p.headerLength;
        return failure(std::move(e));
    }
    const auto layout = npy::readHeader(bytes.substr(p.headerOffset, p.headerLength), maxElements);
    if (const auto* e = std::get_if<TensorError>(&layout))
        return failure(*e);
    const npy::Layout& l = std::get<npy::Layout>(layout);
    const std::size_t dataOffset = p.headerOffset + p.headerLength;
    const std::size_t width = static_cast<std::size_t>(l.width);
    if ((bytes.size() - dataOffset) / width < l.count) {
        TensorError e;
        e.kind = TensorErrorKind::NpyDataTruncated;
        e.expected = l.count;
        e.count = (bytes.size() - dataOffset) / width;
        e.format = width == 2 ? "float16" : width == 4 ? "float32" : "float64";
        return failure(std::move(e));
    }
    std::vector<double> values(l.count);
    npy::decode(l, bytes.data() + dataOffset, l.count, values.data());
    return npyTensor(l, std::move(values));
}

TensorLoad loadTensorFile(const std::string& path, const Format& storage, std::size_t maxElements)
{
    const auto dot = path.rfind('.');
    std::string extension = dot == std::string::npos ? "" : path.substr(dot + 1);
    for (char& c : extension)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    TensorLoad out;
    if (extension != "npy" && extension != "csv" && extension != "txt") {
        out = failure(TensorErrorKind::FileExtension);
    } else if (TensorError problem = storageProblem(storage); problem && extension != "npy") {
        out = failure(std::move(problem));
    } else {
        RegularFile file;
        if (file.open(path, kMaxTensorFileBytes) != FileProblem::None)
            out = unreadable(file);
        else
            out = extension == "npy" ? loadNpy(file, maxElements) : loadCsv(file, storage, maxElements);
    }
    if (!out.tensor)
        out.error.path = path;
    return out;
}

TensorLoad reshape(const Tensor& tensor, std::size_t rows, std::size_t cols, bool matrix)
{
    std::size_t count = 0;
    if (__builtin_mul_overflow(rows, cols, &count) || count != tensor.size()) {
        TensorError e;
        e.kind = TensorErrorKind::ShapeMismatch;
        e.text = matrix ? std::to_string(rows) + "x" + std::to_string(cols) : std::to_string(cols);
        e.count = tensor.size();
        return failure(std::move(e));
    }
    std::vector<double> values = tensor.values();
    return success(matrix ? Tensor::matrix(rows, cols, std::move(values)) : Tensor::vector(std::move(values)),
                   std::nullopt);
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
    const bool ok = x == std::string_view::npos ? number(text, cols)
                                                : number(text.substr(0, x), rows) && number(text.substr(x + 1), cols);
    if (!ok) {
        out.error.kind = TensorErrorKind::ShapeSyntax;
        out.error.text = std::string(text);
        return out;
    }
    out.rows = rows;
    out.cols = cols;
    out.matrix = x != std::string_view::npos;
    return out;
}

TensorLoad generateNormal(const NormalSpec& spec, const Format& storage, std::size_t maxElements)
{
    if (TensorError problem = storageProblem(storage))
        return failure(std::move(problem));
    std::size_t count = 0;
    if (spec.rows == 0 || spec.cols == 0)
        return failure(TensorErrorKind::GeneratedShapeEmpty);
    if (__builtin_mul_overflow(spec.rows, spec.cols, &count) || count > maxElements)
        return tooMany(maxElements);  // 2^32 x 2^32 is too many, not empty
    if (!(spec.stddev >= 0) || !std::isfinite(spec.stddev) || !std::isfinite(spec.mean))
        return failure(TensorErrorKind::GeneratedBadDistribution);
    if (spec.outliers > count) {
        TensorError e;
        e.kind = TensorErrorKind::GeneratedTooManyOutliers;
        e.count = spec.outliers;
        e.expected = count;
        return failure(std::move(e));
    }
    if (!std::isfinite(spec.outlierMagnitude))
        return failure(TensorErrorKind::GeneratedBadOutlier);
    if (storage.signBits() == 0 && (spec.stddev > 0 || spec.mean <= 0 || spec.outliers > 0)) {
        TensorError e;  // normal values below zero (and outliers of either sign) have no code there
        e.kind = TensorErrorKind::GeneratedNotInStorage;
        e.format = storage.name();
        return failure(std::move(e));
    }

    // 1. Box-Muller, each value rounded into storage as it is made. A value beyond the storage's
    //    range (mean + std * z past fp64's too) is the generator's to report: no element was typed.
    const ValueStore store(storage);
    TensorError overflow;
    overflow.kind = TensorErrorKind::GeneratedOverflows;
    overflow.format = storage.name();
    SeededRandom random(spec.seed);
    std::vector<double> values(count);
    for (std::size_t i = 0; i < count; ++i) {
        const auto v = store.fromDouble(spec.mean + spec.stddev * random.normal());
        if (!v)
            return failure(overflow);
        values[i] = *v;
    }
    // 2. Outliers at distinct positions: a partial Fisher-Yates shuffle of the indices, with only the
    //    swapped entries held (an index array would cost 8 bytes per element).
    std::unordered_map<std::size_t, std::size_t> swapped;
    auto at = [&swapped](std::size_t i) {
        const auto it = swapped.find(i);
        return it == swapped.end() ? i : it->second;
    };
    std::optional<double> magnitude;
    if (spec.outliers > 0 && !(magnitude = store.fromDouble(spec.outlierMagnitude)))
        return failure(overflow);
    for (std::size_t k = 0; k < spec.outliers; ++k) {
        const std::size_t j = k + static_cast<std::size_t>(random.below(count - k));
        const std::size_t atK = at(k);
        const std::size_t atJ = at(j);
        swapped[k] = atJ;
        swapped[j] = atK;
        const bool negative = (random.next() & 1) != 0;
        values[atJ] = negative ? -*magnitude : *magnitude;
    }
    if (spec.matrix)
        return success(Tensor::matrix(spec.rows, spec.cols, std::move(values)), storage);
    return success(Tensor::vector(std::move(values)), storage);
}

}  // namespace floatscope
