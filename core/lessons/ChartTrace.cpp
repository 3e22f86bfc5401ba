#include "core/lessons/ChartTrace.h"

#include <algorithm>
#include <cmath>

#include "core/common/Int128.h"

namespace floatscope {

ChartRecorder::ChartRecorder(std::int64_t lastStep, int buckets, ChartSpacing spacing)
    : m_lastStep(std::max<std::int64_t>(lastStep, 0))
    , m_bucketCount(std::clamp<std::int64_t>(buckets, 1, m_lastStep + 1))
    , m_spacing(spacing)
{
    m_buckets.reserve(static_cast<std::size_t>(m_bucketCount));
}

std::int64_t ChartRecorder::boundary(std::int64_t bucket) const
{
    if (m_spacing == ChartSpacing::Logarithmic) {
        // The smallest s with bucketOf(s) >= j, by bisection on bucketOf itself, so that the two
        // agree to the last rounding of the logarithm (about 63 halvings at most).
        std::int64_t lo = 0;
        std::int64_t hi = m_lastStep + 1;
        while (lo < hi) {
            const std::int64_t mid = lo + (hi - lo) / 2;
            if (bucketOf(mid) >= bucket)
                hi = mid;
            else
                lo = mid + 1;
        }
        return lo;
    }
    // The smallest s with s * B / (L + 1) >= j: ceil(j * (L + 1) / B). Products in 128 bits: the
    // caller chooses both L and B.
    const Int128 numerator = static_cast<Int128>(bucket) * (m_lastStep + 1);
    return static_cast<std::int64_t>((numerator + m_bucketCount - 1) / m_bucketCount);
}

std::int64_t ChartRecorder::bucketOf(std::int64_t step) const
{
    if (m_spacing == ChartSpacing::Logarithmic) {
        const double share = std::log1p(static_cast<double>(step)) / std::log(static_cast<double>(m_lastStep) + 2.0);
        return std::min<std::int64_t>(m_bucketCount - 1, static_cast<std::int64_t>(share * static_cast<double>(m_bucketCount)));
    }
    return static_cast<std::int64_t>(static_cast<Int128>(step) * m_bucketCount / (m_lastStep + 1));
}

void ChartRecorder::open(std::int64_t step, double value)
{
    m_nextBoundary = boundary(bucketOf(step) + 1);
    m_buckets.push_back(ChartBucket{step, step, value, value, value, value});
}

void ChartRecorder::fill(std::int64_t fromStep, double value)
{
    if (fromStep > m_lastStep)
        return;
    // The rest of the open bucket, then one bucket per remaining boundary.
    if (m_buckets.empty() || fromStep >= m_nextBoundary) {
        add(fromStep, value);
        ++fromStep;
    }
    ChartBucket& current = m_buckets.back();
    if (fromStep < m_nextBoundary) {
        current.lastStep = std::min(m_nextBoundary - 1, m_lastStep);
        current.last = value;
        current.min = std::min(current.min, value);
        current.max = std::max(current.max, value);
    }
    while (m_nextBoundary <= m_lastStep) {
        const std::int64_t first = m_nextBoundary;
        m_nextBoundary = boundary(bucketOf(first) + 1);
        m_buckets.push_back(ChartBucket{first, std::min(m_nextBoundary - 1, m_lastStep), value, value, value, value});
    }
}

std::vector<ChartBucket> decimate(std::span<const ChartBucket> buckets, int count)
{
    const std::size_t n = buckets.size();
    if (count <= 0 || static_cast<std::size_t>(count) >= n)
        return {buckets.begin(), buckets.end()};
    std::vector<ChartBucket> out;
    out.reserve(static_cast<std::size_t>(count));
    for (std::size_t g = 0; g < static_cast<std::size_t>(count); ++g) {
        const std::size_t begin = g * n / static_cast<std::size_t>(count);
        const std::size_t end = (g + 1) * n / static_cast<std::size_t>(count);
        ChartBucket merged = buckets[begin];
        for (std::size_t i = begin + 1; i < end; ++i) {
            merged.lastStep = buckets[i].lastStep;
            merged.last = buckets[i].last;
            merged.min = std::min(merged.min, buckets[i].min);
            merged.max = std::max(merged.max, buckets[i].max);
        }
        out.push_back(merged);
    }
    return out;
}

}  // namespace floatscope
