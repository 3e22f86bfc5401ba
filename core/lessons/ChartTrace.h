#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace floatscope {

// A long series (up to 10^7 + 1 values) reduced for a chart: the steps are cut into buckets of
// consecutive steps, and each bucket keeps its first, last, smallest and largest value. Drawing a
// vertical line from min to max per bucket and joining last to the next first shows every jump a
// full-resolution plot would show, in as many points as the chart has pixels.
struct ChartBucket {
    std::int64_t firstStep = 0;
    std::int64_t lastStep = 0;
    double first = 0;
    double last = 0;
    double min = 0;
    double max = 0;
};

// How a recorder cuts the steps into buckets: evenly, for a linear step axis, or evenly in
// log(step + 1), for a logarithmic one (the first steps each a bucket of their own, the last
// buckets thousands of steps wide), so that a log axis shows the early steps where a sum stalls.
enum class ChartSpacing { Linear, Logarithmic };

// Fills buckets from values given in step order, in constant memory. Linear: bucket j holds the
// steps s with floor(s * buckets / (lastStep + 1)) == j, so every bucket holds at least one step.
// Logarithmic: floor(buckets * ln(s + 1) / ln(lastStep + 2)) == j; buckets that would hold no step
// are left out.
class ChartRecorder {
public:
    ChartRecorder(std::int64_t lastStep, int buckets, ChartSpacing spacing = ChartSpacing::Linear);

    void add(std::int64_t step, double value)
    {
        if (step >= m_nextBoundary) {
            open(step, value);
            return;
        }
        ChartBucket& b = m_buckets.back();
        b.lastStep = step;
        b.last = value;
        b.min = value < b.min ? value : b.min;
        b.max = value > b.max ? value : b.max;
    }

    // Every step from `fromStep` to the last one has `value` (a sum that no longer moves).
    void fill(std::int64_t fromStep, double value);

    const std::vector<ChartBucket>& buckets() const { return m_buckets; }
    std::vector<ChartBucket> take() { return std::move(m_buckets); }

private:
    void open(std::int64_t step, double value);
    std::int64_t bucketOf(std::int64_t step) const;
    std::int64_t boundary(std::int64_t bucket) const;  // first step of a bucket

    std::int64_t m_lastStep;
    std::int64_t m_bucketCount;
    ChartSpacing m_spacing;
    std::int64_t m_nextBoundary = 0;
    std::vector<ChartBucket> m_buckets;
};

// The same series in fewer buckets (adjacent ones merged), for a narrower chart; a count at or
// above the input's returns the input.
std::vector<ChartBucket> decimate(std::span<const ChartBucket> buckets, int count);

}  // namespace floatscope
