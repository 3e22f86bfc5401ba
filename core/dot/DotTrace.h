#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <gmpxx.h>

#include "core/format/Dyadic.h"

namespace floatscope::dot {

// One dot product opened up, step by step, as plain data a figure can draw: every rounding the
// model makes, the exact value it started from, and (for fused adders) each term's alignment and
// the bits it lost. Values are exact.

inline constexpr std::size_t kNoIndex = std::numeric_limits<std::size_t>::max();  // "not one product" (c, a partial sum)

// A fused adder's view of one term of a block.
struct AlignedTerm {
    std::size_t index = 0;        // the product's index, or kNoIndex for c
    Dyadic value;                 // the exact term
    std::int64_t exponent = 0;    // the exponent the adder aligns it by
    Dyadic kept;                  // what survives alignment: the term truncated to W bits below the block's exponent
    Dyadic dropped;               // value - kept: the bits shifted out and truncated
};

struct TraceStep {
    enum class Kind : std::uint8_t {
        Add,      // an IEEE accumulator's round(left + right) (left: the running sum, or a partial sum)
        Block,    // a fused adder's block: terms aligned, added, normalised and rounded once
        Promote,  // a promoted partial sum added into the fp32 accumulator: round(left + right)
    };
    Kind kind = Kind::Add;
    std::size_t first = 0;   // products covered by the result: first .. first + count - 1
    std::size_t count = 0;
    std::size_t term = kNoIndex;  // Add: the product this step adds (kNoIndex when it adds two partial sums)
    Dyadic left;             // Add, Promote: the operands
    Dyadic right;
    mpq_class exact;         // the exact value the step rounds (Block: of its terms before alignment)
    Dyadic result;           // the value stored
    // Block only:
    std::int64_t alignExponent = 0;
    std::vector<AlignedTerm> terms;
    Dyadic alignedSum;       // the sum of the kept terms, before normalisation and rounding
};

struct DotTrace {
    std::vector<TraceStep> steps;
    bool truncated = false;  // more steps than were asked for, or a non-finite value ended the trace
};

}  // namespace floatscope::dot
