#include "core/lessons/AccumulationRun.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace floatscope {

namespace {

// Feeds a run's sums into its chart recorders (linear and logarithmic steps). A run at a fixed
// point reports the rest of the run once (held), which fills the charts to the last step; after
// that the recorders need nothing.
class ChartObserver final : public Accumulator::Observer {
public:
    ChartObserver(const Accumulator& run, ChartRecorder& chart, ChartRecorder& logChart)
        : m_run(run), m_chart(chart), m_logChart(logChart)
    {
    }

    void stepped(std::int64_t step, std::uint64_t code) override
    {
        const double value = m_run.toDouble(code);
        m_chart.add(step, value);
        m_logChart.add(step, value);
    }
    void held(std::int64_t fromStep, std::int64_t, std::uint64_t code) override
    {
        m_chart.fill(fromStep, m_run.toDouble(code));
        m_logChart.fill(fromStep, m_run.toDouble(code));
        m_filled = true;
    }
    bool filled() const { return m_filled; }

private:
    const Accumulator& m_run;
    ChartRecorder& m_chart;
    ChartRecorder& m_logChart;
    bool m_filled = false;
};

}  // namespace

AccumulationRun::AccumulationRun(std::vector<Format> formats, AccumulationSetup setup)
    : m_formats(std::move(formats)), m_setup(std::move(setup))
{
    m_interval = std::max<std::int64_t>(1, (m_setup.steps + kCheckpoints - 1) / kCheckpoints);
}

bool AccumulationRun::compute(const std::atomic<bool>* cancel, const std::function<void(double)>& progress)
{
    m_checkpoints.assign(m_formats.size(), {});
    m_charts.assign(m_formats.size(), {});
    m_logCharts.assign(m_formats.size(), {});
    const double total = static_cast<double>(m_formats.size()) * static_cast<double>(m_setup.steps);
    for (std::size_t i = 0; i < m_formats.size(); ++i) {
        Accumulator run(m_formats[i], m_setup);
        ChartRecorder chart(m_setup.steps, kChartBuckets);
        ChartRecorder logChart(m_setup.steps, kChartBuckets, ChartSpacing::Logarithmic);
        ChartObserver observer(run, chart, logChart);
        chart.add(0, run.approx());
        logChart.add(0, run.approx());
        for (std::int64_t done = 0; done < m_setup.steps; done += m_interval) {
            m_checkpoints[i].push_back(run);
            run.advance(std::min(m_interval, m_setup.steps - done), observer.filled() ? nullptr : &observer);
            if (cancel != nullptr && cancel->load(std::memory_order_relaxed))
                return false;
            if (progress)
                progress((static_cast<double>(i) * static_cast<double>(m_setup.steps)
                          + static_cast<double>(std::min(done + m_interval, m_setup.steps)))
                         / total);
        }
        m_charts[i] = chart.take();
        m_logCharts[i] = logChart.take();
    }
    m_computed = true;
    return true;
}

std::vector<Accumulator> AccumulationRun::at(std::int64_t step) const
{
    step = std::clamp<std::int64_t>(step, 0, m_setup.steps);
    std::vector<Accumulator> runs;
    runs.reserve(m_formats.size());
    for (const std::vector<Accumulator>& checkpoints : m_checkpoints) {
        const std::size_t k = std::min(static_cast<std::size_t>(step / m_interval), checkpoints.size() - 1);
        runs.push_back(checkpoints[k]);
        runs.back().advance(step - runs.back().stepsDone());
    }
    return runs;
}

void AccumulationRun::seek(std::vector<Accumulator>& runs, std::int64_t step) const
{
    step = std::clamp<std::int64_t>(step, 0, m_setup.steps);
    if (runs.size() == m_formats.size() && !runs.empty()) {
        const std::int64_t now = runs.front().stepsDone();
        if (step >= now && step - now <= m_interval) {
            for (Accumulator& run : runs)
                run.advance(step - now);
            return;
        }
    }
    runs = at(step);
}

std::pair<double, double> AccumulationRun::valueRange() const
{
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    const auto take = [&](double v) {
        if (std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    };
    for (const std::vector<ChartBucket>& chart : m_charts)
        for (const ChartBucket& b : chart) {
            take(b.min);
            take(b.max);
        }
    take(exactSumAt(m_setup, 0).get_d());
    take(exactSumAt(m_setup, m_setup.steps).get_d());
    if (!(lo <= hi))
        return {0.0, 1.0};
    if (lo == hi) {
        const double pad = std::max(std::fabs(lo) * 0.01, 1e-30);
        return {lo - pad, hi + pad};
    }
    return {lo, hi};
}

}  // namespace floatscope
