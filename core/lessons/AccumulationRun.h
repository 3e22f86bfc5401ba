#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "core/format/Format.h"
#include "core/lessons/Accumulation.h"
#include "core/lessons/ChartTrace.h"

namespace floatscope {

// The accumulation lesson's runs, kept for playback. Every format is run to the last step once (on
// a worker thread when that takes long), recording its chart on the way and a checkpoint every
// 1/256 of the run, so that any step is reached again by at most 1/256 of the adds: the slider
// seeks, play and step go forward from where they are. The numbers are all core's Accumulator.
class AccumulationRun {
public:
    static constexpr int kChartBuckets = 2048;  // recorded; charts decimate to their pixels
    static constexpr int kCheckpoints = 256;

    // The setup must pass checkSetup() and formats must not be empty.
    AccumulationRun(std::vector<Format> formats, AccumulationSetup setup);

    // Runs every format to the last step; false when `cancel` was set on the way. `progress` is
    // told the share done (0..1) after every checkpoint.
    bool compute(const std::atomic<bool>* cancel = nullptr, const std::function<void(double)>& progress = {});
    bool computed() const { return m_computed; }

    const std::vector<Format>& formats() const { return m_formats; }
    const AccumulationSetup& setup() const { return m_setup; }
    std::int64_t steps() const { return m_setup.steps; }
    const std::vector<ChartBucket>& chart(std::size_t format) const { return m_charts[format]; }
    // The same series in buckets spaced evenly in log(step + 1), for a logarithmic step axis.
    const std::vector<ChartBucket>& logChart(std::size_t format) const { return m_logCharts[format]; }

    // Every format's run at `step` (0 .. steps()).
    std::vector<Accumulator> at(std::int64_t step) const;
    // Moves runs that are all at one step to `step`: forward by adds when that is near, else from
    // the nearest checkpoint.
    void seek(std::vector<Accumulator>& runs, std::int64_t step) const;

    // The smallest and largest finite value any chart or the exact line reaches, for a y axis that
    // stays put while the run plays.
    std::pair<double, double> valueRange() const;

private:
    std::vector<Format> m_formats;
    AccumulationSetup m_setup;
    std::int64_t m_interval = 1;
    std::vector<std::vector<Accumulator>> m_checkpoints;  // [format][k]: the run at step k * m_interval
    std::vector<std::vector<ChartBucket>> m_charts;
    std::vector<std::vector<ChartBucket>> m_logCharts;
    bool m_computed = false;
};

}  // namespace floatscope
