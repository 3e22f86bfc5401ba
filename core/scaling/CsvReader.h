#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/scaling/StoredValues.h"
#include "core/scaling/TensorSources.h"

namespace floatscope {

// CSV as a stream (the rules are parseCsv's): bytes go in by the chunk, in any split, and only the
// values are kept, plus at most one unfinished field carried from one chunk to the next. A field
// longer than the value parser takes (kMaxTextLength), more values than the limit, a ragged row
// or a value that does not read stops it at once, with the line and column.
class CsvReader {
public:
    CsvReader(const Format& storage, std::size_t maxElements);

    // False once an error has stopped the reader.
    bool feed(std::string_view chunk);
    // After the last chunk: the tensor, or the first error.
    TensorLoad finish();

private:
    bool field(std::string_view text);
    bool endLine();
    bool fail(TensorErrorKind kind);

    ValueStore m_store;
    std::size_t m_maxElements;
    std::vector<double> m_values;
    std::string m_pending;      // a field cut by the end of a chunk
    bool m_comment = false;     // the current line started with '#'
    std::uint64_t m_line = 1;
    std::uint64_t m_column = 0;  // fields so far on this line
    std::uint64_t m_rows = 0;
    std::uint64_t m_cols = 0;
    std::uint64_t m_firstRowLine = 0;
    TensorError m_error;
};

}  // namespace floatscope
