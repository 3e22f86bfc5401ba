#include "core/scaling/CsvReader.h"

#include "core/text/Parse.h"

namespace floatscope {

namespace {

bool isSeparator(char c) { return c == ',' || c == ';' || c == ' ' || c == '\t' || c == '\r'; }

}  // namespace

CsvReader::CsvReader(const Format& storage, std::size_t maxElements) : m_store(storage), m_maxElements(maxElements)
{
    m_error = storageProblem(storage);
}

bool CsvReader::fail(TensorErrorKind kind)
{
    m_error.kind = kind;
    m_error.line = m_line;
    m_error.column = m_column + 1;
    return false;
}

bool CsvReader::field(std::string_view text)
{
    if (text.size() > kMaxTextLength)
        return fail(TensorErrorKind::ValueTooLong);
    if (m_values.size() >= m_maxElements) {
        m_error.limit = m_maxElements;
        return fail(TensorErrorKind::TooManyValues);
    }
    TensorError error;
    const auto v = m_store.fromText(text, error);
    if (!v) {
        m_error = std::move(error);
        return fail(m_error.kind);
    }
    m_values.push_back(*v);
    ++m_column;
    return true;
}

bool CsvReader::endLine()
{
    if (!m_pending.empty()) {
        const bool ok = field(m_pending);
        m_pending.clear();
        if (!ok)
            return false;
    }
    if (m_column > 0) {
        if (m_rows == 0) {
            m_cols = m_column;
            m_firstRowLine = m_line;
        } else if (m_column != m_cols) {
            m_error.kind = TensorErrorKind::CsvNotRectangular;
            m_error.line = m_line;
            m_error.count = m_column;
            m_error.expected = m_firstRowLine;
            m_error.limit = m_cols;
            return false;
        }
        ++m_rows;
    }
    m_column = 0;
    m_comment = false;
    ++m_line;
    return true;
}

bool CsvReader::feed(std::string_view chunk)
{
    if (m_error)
        return false;
    std::size_t i = 0;
    const std::size_t n = chunk.size();
    while (i < n) {
        // 1. A comment line: skip to its newline.
        if (m_comment) {
            const std::size_t newline = chunk.find('\n', i);
            if (newline == std::string_view::npos)
                return true;
            i = newline;
        }
        const char c = chunk[i];
        // 2. The end of a line, or of a field.
        if (c == '\n') {
            if (!endLine())
                return false;
            ++i;
            continue;
        }
        if (isSeparator(c)) {
            if (!m_pending.empty()) {
                const bool ok = field(m_pending);
                m_pending.clear();
                if (!ok)
                    return false;
            }
            ++i;
            continue;
        }
        // 3. A field: '#' first on a line makes the line a comment.
        if (m_pending.empty() && m_column == 0 && c == '#') {
            m_comment = true;
            continue;
        }
        const std::size_t start = i;
        while (i < n && !isSeparator(chunk[i]) && chunk[i] != '\n')
            ++i;
        const std::string_view piece = chunk.substr(start, i - start);
        if (i == n) {
            // Cut by the chunk: kept until the next one, but never beyond what a value may be.
            if (m_pending.size() + piece.size() > kMaxTextLength)
                return fail(TensorErrorKind::ValueTooLong);
            m_pending.append(piece);
            return true;
        }
        if (m_pending.empty()) {
            if (!field(piece))
                return false;
        } else {
            m_pending.append(piece);
            const bool ok = field(m_pending);
            m_pending.clear();
            if (!ok)
                return false;
        }
    }
    return true;
}

TensorLoad CsvReader::finish()
{
    TensorLoad out;
    if (!m_error)
        endLine();
    if (m_error) {
        out.error = std::move(m_error);
        return out;
    }
    out.storage = m_store.storage();
    m_values.shrink_to_fit();
    if (m_rows <= 1)
        out.tensor = Tensor::vector(std::move(m_values));
    else
        out.tensor = Tensor::matrix(m_rows, m_cols, std::move(m_values));
    return out;
}

}  // namespace floatscope
