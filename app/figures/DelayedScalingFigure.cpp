#include "app/figures/DelayedScalingFigure.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "app/figures/FigureParts.h"
#include "app/style/Palette.h"
#include "app/text/LessonText.h"
#include "core/format/Codec.h"

namespace floatscope::gui {

namespace {

// The training lab's colours for its two fp8 recipes, so that the two lessons speak alike.
QColor currentColour() { return recipeColour("fp8-current"); }
QColor delayedColour() { return recipeColour("fp8-delayed"); }

QString decibels(double db)
{
    return std::isfinite(db) ? DelayedScalingFigure::tr("%1 dB").arg(LessonText::fixed(db, 1)) : QStringLiteral("∞");
}

QString share(double s)
{
    return s > 0 && s < 1e-4 ? QStringLiteral("< 0.01 %") : LessonText::percent(s);
}

double meanOf(const std::vector<ScaledCast>& casts, double ScaledCast::*field)
{
    double sum = 0;
    for (const ScaledCast& c : casts)
        sum += std::isfinite(c.*field) ? c.*field : 0;
    return casts.empty() ? 0 : sum / static_cast<double>(casts.size());
}

// The index of the cast with the largest `field` (the first of equals), or of the smallest.
std::size_t extreme(const std::vector<ScaledCast>& casts, double ScaledCast::*field, bool largest)
{
    const auto better = [&](const ScaledCast& a, const ScaledCast& b) { return largest ? a.*field < b.*field : a.*field > b.*field; };
    return static_cast<std::size_t>(std::max_element(casts.begin(), casts.end(), better) - casts.begin());
}

QStringList row(const QString& name, const std::vector<ScaledCast>& casts)
{
    const std::size_t worst = extreme(casts, &ScaledCast::sqnrDb, false);
    const std::size_t clipped = extreme(casts, &ScaledCast::clippedShare, true);
    const auto clipping = std::count_if(casts.begin(), casts.end(), [](const ScaledCast& c) { return c.clippedShare > 0; });
    const QString at = DelayedScalingFigure::tr("%1 (step %2)");
    return {name,
            decibels(meanOf(casts, &ScaledCast::sqnrDb)),
            at.arg(decibels(casts[worst].sqnrDb)).arg(worst + 1),
            DelayedScalingFigure::tr("%1 of %2").arg(clipping).arg(casts.size()),
            clipping > 0 ? at.arg(share(casts[clipped].clippedShare)).arg(clipped + 1) : QStringLiteral("0 %"),
            share(meanOf(casts, &ScaledCast::flushedShare))};
}

}  // namespace

QString DelayedScalingFigure::title(const DelayedScalingRun& run)
{
    return tr("Delayed against current scaling into %1, %2 steps")
        .arg(QString::fromStdString(run.setup.element.name()))
        .arg(run.setup.steps);
}

ChartSpec DelayedScalingFigure::amaxChart(const DelayedScalingRun& run)
{
    ChartSpec spec;
    spec.title = tr("amax, and the amax each scale assumed");
    spec.x = {tr("step"), false, 1.0, static_cast<double>(run.setup.steps), true};
    spec.y = {tr("amax"), true, std::nullopt, std::nullopt};
    ChartSeries own{tr("current: the step's own amax"), currentColour(), {}, ChartSeries::Kind::Line, false};
    ChartSeries assumed{tr("delayed: largest of the last %1").arg(run.setup.history), delayedColour(), {},
                        ChartSeries::Kind::Steps, true};
    for (std::size_t s = 0; s < run.current.size(); ++s) {
        own.points.emplace_back(static_cast<double>(s + 1), run.current[s].amax);
        if (s > 0)  // step 1 has no history: scale 1, which assumes nothing
            assumed.points.emplace_back(static_cast<double>(s + 1), run.delayed[s].assumedAmax);
    }
    spec.series = {std::move(assumed), std::move(own)};
    return spec;
}

ChartSpec DelayedScalingFigure::errorChart(const DelayedScalingRun& run)
{
    ChartSpec spec;
    spec.title = tr("Signal to noise, dB (higher is better)");
    spec.x = {tr("step"), false, 1.0, static_cast<double>(run.setup.steps), true};
    spec.y = {tr("SQNR (dB)"), false, std::nullopt, std::nullopt};
    ChartSeries current{tr("current scaling"), currentColour(), {}, ChartSeries::Kind::Line, false};
    ChartSeries delayed{tr("delayed scaling"), delayedColour(), {}, ChartSeries::Kind::Line, true};
    // Okabe and Ito's vermillion: the steps where the cast went wrong.
    ChartSeries clipped{tr("delayed scaling clipped"), QColor(0xD5, 0x5E, 0x00), {},
                        ChartSeries::Kind::Points, false};
    for (std::size_t s = 0; s < run.current.size(); ++s) {
        const auto step = static_cast<double>(s + 1);
        current.points.emplace_back(step, run.current[s].sqnrDb);
        delayed.points.emplace_back(step, run.delayed[s].sqnrDb);
        if (run.delayed[s].clippedShare > 0)
            clipped.points.emplace_back(step, run.delayed[s].sqnrDb);
    }
    // The delayed line under the current one: where they agree (most steps) the solid line shows,
    // where delayed scaling falls behind its dashes part from it.
    spec.series = {std::move(delayed), std::move(current)};
    if (!clipped.points.empty())
        spec.series.push_back(std::move(clipped));
    return spec;
}

FigureTable DelayedScalingFigure::table(const DelayedScalingRun& run)
{
    FigureTable t;
    t.header = {tr("scaling"), tr("mean SQNR"), tr("worst SQNR"), tr("steps that clipped"), tr("most clipped"),
                tr("flushed to 0")};
    t.rows = {row(tr("current"), run.current), row(tr("delayed"), run.delayed)};
    t.rowColours = {currentColour(), delayedColour()};
    return t;
}

QStringList DelayedScalingFigure::notes(const DelayedScalingRun& run)
{
    const DelayedScalingSetup& s = run.setup;
    const QString element = QString::fromStdString(s.element.name());
    QStringList words;
    const QString values = LessonText::count(static_cast<std::int64_t>(s.elements));
    QString shape = s.drift == 0 ? tr("%1 normal values per step, all of one size").arg(values)
                                 : tr("%1 normal values per step, their size ×2^%2 a step").arg(values, LessonText::approx(s.drift, 3));
    const QString factor = LessonText::approx(s.spikeFactor, 4);
    if (s.spikeStep > 0 && s.spikeLength == 1)
        shape += tr(", ×%1 at step %2").arg(factor).arg(s.spikeStep);
    else if (s.spikeStep > 0)
        shape += tr(", ×%1 at steps %2 to %3").arg(factor).arg(s.spikeStep).arg(s.spikeStep + s.spikeLength - 1);
    const QString history = s.history == 1 ? tr("amax history: the step before") : tr("amax history: %1 steps").arg(s.history);
    words << tr("%1 · %2 · seed %3 · x × scale rounded to fp32, then to %4 (nearest-even, saturating).")
                 .arg(shape, history)
                 .arg(s.seed)
                 .arg(element);
    if (run.delayed.empty())
        return words;

    const double largest = codeToDouble(s.element, s.element.maxFiniteMagnitude());
    const std::size_t k = extreme(run.delayed, &ScaledCast::clippedShare, true);
    const ScaledCast& worst = run.delayed[k];
    if (worst.clippedShare == 0) {
        words << tr("Delayed scaling clipped nothing: no step's amax outgrew the largest of the %1 steps before it.")
                     .arg(s.history);
    } else {
        // Steps are 1-based: cast k is step k + 1, made for the history of steps first .. k.
        const std::size_t first = k >= static_cast<std::size_t>(s.history) ? k + 1 - static_cast<std::size_t>(s.history) : 1;
        const QString window = first == k ? tr("step %1's amax").arg(k) : tr("the largest of steps %1 to %2").arg(first).arg(k);
        words << tr("At step %1 the amax was %2, but delayed scaling made its scale for %3 (%4): %5 of the values "
                    "rounded past %6 and were clipped to it. SQNR %7, against %8 with the step's own amax.")
                     .arg(k + 1)
                     .arg(LessonText::approx(worst.amax, 4), LessonText::approx(worst.assumedAmax, 4), window,
                          share(worst.clippedShare), LessonText::approx(largest, 6), decibels(worst.sqnrDb),
                          decibels(run.current[k].sqnrDb));
    }
    // The steps whose scale is at least twice too small: the history still holds a larger amax.
    int small = 0;
    double gap = 0;
    double flushedDelayed = 0;
    double flushedCurrent = 0;
    for (std::size_t i = 0; i < run.delayed.size(); ++i)
        if (i > 0 && run.delayed[i].assumedAmax >= 2 * run.delayed[i].amax) {
            ++small;
            gap = std::max(gap, std::fabs(run.delayed[i].sqnrDb - run.current[i].sqnrDb));
            flushedDelayed += run.delayed[i].flushedShare;
            flushedCurrent += run.current[i].flushedShare;
        }
    if (small > 0)
        words << tr("In %1 of the steps the history held an amax at least twice the step's own, so the scale was too "
                    "small: the values sit lower in %2, whose floating-point spacing keeps their relative precision "
                    "until they reach its subnormals. SQNR stayed within %3 of current scaling; %4 of the values "
                    "flushed to 0 (current scaling: %5).")
                     .arg(small)
                     .arg(element, decibels(gap), share(flushedDelayed / small), share(flushedCurrent / small));
    words << tr("A scale too small costs little; one too large clips. That is why the FP8 blog checks an amax histogram "
                "for saturation, and why current scaling (and DeepSeek-V3's per-tile scales) pays a pass over the "
                "tensor before the cast.");
    return words;
}

DelayedScalingFigure::DelayedScalingFigure(const DelayedScalingRun& run) : StackedFigure(title(run))
{
    add(std::make_unique<ChartRowFigure>(title(run), std::vector<std::pair<ChartSpec, double>>{{amaxChart(run), 1.0},
                                                                                             {errorChart(run), 1.0}}),
        1.0);
    add(std::make_unique<TablesFigure>(title(run), std::vector<FigureTable>{table(run)}, notes(run)), 0.0);
}

}  // namespace floatscope::gui
