#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/exact/ExactValue.h"
#include "core/format/Dyadic.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope {

// The range lesson (the BF16 lesson, "FP16, BF16, FP32 on one log2 axis"): where each format's subnormals,
// normals and largest value lie, and what happens to given values when they are stored.

// One format's bar on a shared log2 axis. Positions are log2 of the exact values (integers for the
// powers of two; the largest finite value is not one).
struct RangeBar {
    std::string format;
    bool hasSubnormals = false;
    Dyadic minSubnormal;  // the smallest positive value (the smallest normal where no subnormals)
    Dyadic minNormal;
    Dyadic maxFinite;
    double log2MinSubnormal = 0;
    double log2MinNormal = 0;
    double log2MaxFinite = 0;
    int binades = 0;        // powers of two holding a positive finite value (fp16: 40)
    int normalBinades = 0;  // of normal numbers only (fp16: 30)
};

RangeBar rangeBar(const Format& format);

// log2|x| of a nonzero Dyadic, to double precision.
double log2Of(const Dyadic& value);

// Where a value lands when it is stored in a format (nearest-even, the format's overflow rule).
enum class StorageZone : std::uint8_t {
    Zero,       // the input is zero
    Underflow,  // nonzero, stored as zero (or, in a format without zero, clamped to its smallest value)
    Subnormal,  // stored as a subnormal, with fewer significant bits
    Normal,
    Overflow,   // beyond the largest finite value: inf, NaN or saturated, as the format does it
    Invalid,    // NaN, or a negative value in an unsigned format
};
inline constexpr std::size_t kStorageZones = 6;
const char* toString(StorageZone zone);  // "zero", "underflow", "subnormal", "normal", "overflow", "invalid"

StorageZone storageZone(const Format& format, const Unpacked& value);  // an exact value, reduced
StorageZone storageZone(const Format& format, const ExactValue& value);
StorageZone storageZone(const Format& format, double value);

// How many of a list of values land in each zone.
struct ZoneCounts {
    std::array<std::int64_t, kStorageZones> counts{};
    std::int64_t total = 0;

    std::int64_t operator[](StorageZone zone) const { return counts[static_cast<std::size_t>(zone)]; }
    // Share of the nonzero inputs (the zero inputs lose nothing), 0 when there are none.
    double share(StorageZone zone) const;
};

ZoneCounts classifyValues(const Format& format, std::span<const double> values);

// Counts of log2|x| in bins of a chosen width, over the range the values span, for a histogram drawn
// on the same axis as the range bars. Zeros and non-finite values are counted apart.
struct Log2Histogram {
    double binWidth = 1;
    double firstEdge = 0;  // left edge of bin 0, a multiple of binWidth
    std::vector<std::int64_t> counts;
    std::int64_t zeros = 0;
    std::int64_t nonFinite = 0;
};

Log2Histogram log2Histogram(std::span<const double> values, double binWidth = 1.0);

}  // namespace floatscope
