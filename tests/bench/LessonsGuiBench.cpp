// The accumulation panel's budget: a chart redraw <= 16 ms for any N, 10^3 .. 10^7 steps.
// The run is computed once per N (stochastic rounding, so that every bucket of the chart has its
// own minimum and maximum: the most points a decimated chart can have); then the chart is rebuilt
// and painted at a step (what a resize or the theme does), and a play tick moves one frame on
// (seek, chart, table, paint).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QEventLoop>

#include "BenchReport.h"
#include "GuiBenchMain.h"
#include "app/charts/ChartView.h"
#include "app/panels/AccumulationPanel.h"
#include "app/panels/HintedField.h"

namespace {

using floatscope::gui::AccumulationPanel;

// A panel showing `steps` stochastic adds of 10^-3 to 1 in fp32, fp16 and bf16.
std::unique_ptr<AccumulationPanel> panelWith(std::int64_t steps)
{
    auto panel = std::make_unique<AccumulationPanel>();
    panel->resize(1100, 1000);
    panel->show();
    panel->stepsField()->setText(QString::number(steps));
    panel->modeBox()->setCurrentIndex(3);
    QEventLoop loop;
    QObject::connect(panel.get(), &AccumulationPanel::runFinished, &loop, &QEventLoop::quit);
    panel->recompute();
    if (panel->running())
        loop.exec();
    QApplication::processEvents();
    return panel;
}

void chartRedraw(benchmark::State& state)
{
    const auto panel = panelWith(state.range(0));
    panel->setPosition(state.range(0) / 2);
    for (auto _ : state) {
        panel->redrawChart();
        panel->repaint();  // synchronous: the chart view paints now
    }
    // Decimated to the chart's pixels: the points drawn do not grow with N.
    std::size_t points = 0;
    for (const floatscope::gui::ChartSeries& series : panel->chartView()->spec().series)
        points += series.points.size();
    state.counters["points"] = static_cast<double>(points);
}

void playTick(benchmark::State& state)
{
    const auto panel = panelWith(state.range(0));
    const std::int64_t steps = state.range(0);
    const std::int64_t frame = std::max<std::int64_t>(1, steps / 250);  // a ten-second play at 25 frames a second
    std::int64_t at = 0;
    for (auto _ : state) {
        at = at + frame > steps ? 0 : at + frame;
        panel->setPosition(at);
        panel->repaint();
    }
}

void summary(const floatscope::bench::Recorder& recorder)
{
    std::printf("\n");
    for (const auto& [name, ms] : recorder.times())
        std::printf("%-40s %7.2f ms (target <= 16 ms: %s)\n", name.c_str(), ms, floatscope::bench::verdict(ms <= 16));
}

}  // namespace

int main(int argc, char** argv)
{
    const auto registerAll = [] {
        for (const char* name : {"chart redraw", "play tick"}) {
            auto* b = benchmark::RegisterBenchmark(name, name == std::string("chart redraw") ? chartRedraw : playTick);
            b->Unit(benchmark::kMillisecond)->UseRealTime();
            for (std::int64_t n = 1000; n <= 10'000'000; n *= 10)
                b->Arg(n);
        }
    };
    return floatscope::bench::runGuiBenchmarks(argc, argv, registerAll, summary);
}
