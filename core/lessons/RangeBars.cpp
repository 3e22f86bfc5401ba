#include "core/lessons/RangeBars.h"

#include <algorithm>
#include <cmath>

#include "core/arith/ExactArithmetic.h"
#include "core/common/Names.h"
#include "core/round/Rounding.h"

namespace floatscope {

// 1. inputs that no rounding makes meaningful  2. round  3. read the zone off the result: the
// overflow flag, a zero (or a clamped smallest value) from a nonzero input, the result's class.
StorageZone storageZone(const Format& format, const Unpacked& input)
{
    // 1.
    switch (input.kind) {
    case Unpacked::Kind::NaN: return StorageZone::Invalid;
    case Unpacked::Kind::Infinite: return format.signBits() == 0 && input.negative ? StorageZone::Invalid : StorageZone::Overflow;
    case Unpacked::Kind::Zero: return StorageZone::Zero;
    case Unpacked::Kind::Finite: break;
    }
    // 2.
    const RoundResult r = roundToFormat(input, format);
    if ((r.flags & kInvalid) != 0)
        return StorageZone::Invalid;
    if ((r.flags & kOverflow) != 0)
        return StorageZone::Overflow;
    // 3.
    switch (format.classify(r.code)) {
    case ValueClass::Zero: return StorageZone::Underflow;
    case ValueClass::Subnormal: return StorageZone::Subnormal;
    case ValueClass::Normal:
        // A format without zero (e8m0) clamps what lies below its smallest value up to it.
        return (r.flags & kUnderflow) != 0 && !format.hasZero() ? StorageZone::Underflow : StorageZone::Normal;
    case ValueClass::Infinite:
    case ValueClass::NaN: return StorageZone::Overflow;
    }
    return StorageZone::Normal;
}

double log2Of(const Dyadic& value)
{
    // log2(sig * 2^exp) with sig scaled into [1, 2): exact for powers of two.
    const int top = 63 - __builtin_clzll(value.significand);
    const double fraction = std::ldexp(static_cast<double>(value.significand), -top);
    return static_cast<double>(value.exponent + top) + std::log2(fraction);
}

RangeBar rangeBar(const Format& format)
{
    RangeBar bar;
    bar.format = format.name();
    bar.hasSubnormals = format.hasSubnormals();
    bar.minSubnormal = format.minSubnormal();
    bar.minNormal = format.minNormal();
    bar.maxFinite = format.maxFinite();
    bar.log2MinSubnormal = log2Of(bar.minSubnormal);
    bar.log2MinNormal = log2Of(bar.minNormal);
    bar.log2MaxFinite = log2Of(bar.maxFinite);
    bar.binades = format.binades();
    bar.normalBinades = format.normalBinades();
    return bar;
}

constexpr Named<StorageZone> kZones[] = {
    {StorageZone::Zero, "zero"}, {StorageZone::Underflow, "underflow"}, {StorageZone::Subnormal, "subnormal"},
    {StorageZone::Normal, "normal"}, {StorageZone::Overflow, "overflow"}, {StorageZone::Invalid, "invalid"}
};

const char* toString(StorageZone zone) { return nameIn(kZones, zone); }

StorageZone storageZone(const Format& format, const ExactValue& value) { return storageZone(format, value.unpack()); }

StorageZone storageZone(const Format& format, double value) { return storageZone(format, unpackDouble(value)); }

double ZoneCounts::share(StorageZone zone) const
{
    const std::int64_t nonzero = total - (*this)[StorageZone::Zero];
    if (nonzero <= 0 || zone == StorageZone::Zero)
        return 0;
    return static_cast<double>((*this)[zone]) / static_cast<double>(nonzero);
}

ZoneCounts classifyValues(const Format& format, std::span<const double> values)
{
    ZoneCounts counts;
    for (const double x : values)
        ++counts.counts[static_cast<std::size_t>(storageZone(format, x))];
    counts.total = static_cast<std::int64_t>(values.size());
    return counts;
}

Log2Histogram log2Histogram(std::span<const double> values, double binWidth)
{
    Log2Histogram h;
    // Bins between 1/64 and 64 binades wide: a double spans about 2100 binades, so at most ~135000 bins.
    h.binWidth = std::clamp(std::isfinite(binWidth) ? binWidth : 1.0, 1.0 / 64, 64.0);
    std::vector<double> logs;
    logs.reserve(values.size());
    for (const double x : values) {
        if (!std::isfinite(x))
            ++h.nonFinite;
        else if (x == 0)
            ++h.zeros;
        else
            logs.push_back(log2Of(dyadicFromDouble(std::fabs(x))));
    }
    if (logs.empty())
        return h;
    const auto [lo, hi] = std::minmax_element(logs.begin(), logs.end());
    h.firstEdge = std::floor(*lo / h.binWidth) * h.binWidth;
    const auto bins = static_cast<std::size_t>(std::floor((*hi - h.firstEdge) / h.binWidth)) + 1;
    h.counts.assign(bins, 0);
    for (const double l : logs) {
        const auto bin = static_cast<std::size_t>(std::floor((l - h.firstEdge) / h.binWidth));
        ++h.counts[std::min(bin, bins - 1)];
    }
    return h;
}

}  // namespace floatscope
