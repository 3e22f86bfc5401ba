#pragma once

// The pieces of a NumPy .npy file (numpy.lib.format, format versions 1.0 to 3.0), so that a file can
// be read in chunks and bytes in memory the same way:
//   "\x93NUMPY", major, minor, header length (2 bytes little-endian in 1.0, 4 after), then the
//   header, a Python dict literal {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
//   padded with spaces to a multiple of 64 bytes and ended by '\n', then the data.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

#include "core/scaling/TensorError.h"

namespace floatscope::npy {

// The fixed part: magic, version and header length. At most kPreambleBytes are looked at.
inline constexpr std::size_t kPreambleBytes = 12;
// NumPy itself refuses headers above 10000 bytes unless told otherwise (numpy.lib.format,
// max_header_size); one generous bound keeps a lying length from costing memory.
inline constexpr std::size_t kMaxHeaderBytes = std::size_t{1} << 20;

struct Preamble {
    std::size_t headerOffset = 0;  // 10 or 12
    std::size_t headerLength = 0;
};
// From the first bytes of the file (all of them when the file is shorter than kPreambleBytes).
std::variant<Preamble, TensorError> readPreamble(std::string_view bytes);

struct Layout {
    std::vector<std::size_t> dims;
    std::size_t count = 1;    // the product of dims
    int width = 0;            // 2, 4 or 8 bytes: float16, float32, float64
    bool bigEndian = false;
};
// The header dict: dtype, order and shape, refused by name where Floatscope cannot read them.
std::variant<Layout, TensorError> readHeader(std::string_view header, std::size_t maxElements);

// `count` values of the layout's dtype from raw bytes (count * width of them), exactly, as doubles.
void decode(const Layout& layout, const char* bytes, std::size_t count, double* out);

}  // namespace floatscope::npy
