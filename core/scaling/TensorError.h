#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/io/RegularFile.h"
#include "core/text/Parse.h"

namespace floatscope {

// Why a tensor could not be loaded, made or quantized: a kind and its arguments. The sentences are
// the application's (app/text/TensorErrorText.cpp: tr() in the window, English on the command line).
enum class TensorErrorKind : std::uint8_t {
    None,
    StorageTooWide,         // format: its values do not all fit in fp64
    // Values as text (typed, pasted, CSV). `line` is 0 for typed values; `column` counts from 1.
    ValueUnreadable,        // text, parse
    ValueOverflowsStorage,  // text, format
    ValueNotInStorage,      // text, format: a finite value the storage has no code for (a negative or zero in e8m0)
    ValueTooLong,           // line, column: a CSV field longer than the parser takes
    CsvNotRectangular,      // line has `count` values, line `expected` (the first row's) has `limit`
    TooManyValues,          // more than `limit` values
    // Files.
    FileExtension,          // path: neither .csv, .txt nor .npy
    FileNotChosen,          // a file was to be the source, and none was named
    FileUnreadable,         // path, fileProblem, systemError, limit (the byte bound for TooLarge)
    // NumPy .npy (numpy.lib.format).
    NpyNoMagic,             // the first bytes are not \x93NUMPY
    NpyTruncated,           // count: the file ends after `count` bytes, inside the fixed preamble
    NpyVersion,             // count: the major version
    NpyHeaderTruncated,     // count: the header length it announces
    NpyHeaderKeyMissing,    // text: 'descr', 'fortran_order' or 'shape'
    NpyHeaderMalformed,     // text: the header is not a dict of literals
    NpyStructuredDtype,
    NpyUnsupportedDtype,    // text: the descr; format: NumPy's name for it (int32, bool, ...)
    NpyFortranOrder,
    NpyBadFortranOrder,     // text
    NpyShapeNotTuple,       // text
    NpyShapeNotNumber,      // text
    NpyTooManyDimensions,   // count
    NpyDataTruncated,       // expected values of `format` (a dtype name), the file holds `count`
    // Shapes.
    ShapeSyntax,            // text
    ShapeMismatch,          // text (the shape), count (the values given)
    // The generator.
    GeneratedShapeEmpty,
    GeneratedBadDistribution,
    GeneratedTooManyOutliers,  // count outliers, expected elements
    GeneratedBadOutlier,
    GeneratedOverflows,     // format: mean + std * z, or an outlier, left the storage format's range
    GeneratedNotInStorage,  // format: it has no sign bit, and normal values (or outliers) take both signs
    // Quantizing.
    Empty,
    NonFinite,              // count = index, text "nan", "inf" or "-inf"; matrix: line = row, column = col
};

struct TensorError {
    TensorErrorKind kind = TensorErrorKind::None;
    std::string text;         // the offending text (a value, a shape, a header fragment)
    std::string path;         // the file, when the error is in one
    std::string format;       // a format's name (or NumPy's dtype name)
    std::uint64_t line = 0;
    std::uint64_t column = 0;
    std::uint64_t count = 0;
    std::uint64_t expected = 0;
    std::uint64_t limit = 0;
    bool matrix = false;      // NonFinite: name the element as [row, col]
    std::optional<ParseError> parse;
    FileProblem fileProblem = FileProblem::None;
    int systemError = 0;

    explicit operator bool() const { return kind != TensorErrorKind::None; }
};

}  // namespace floatscope
