#include "app/figures/TrainingFigure.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <QFontMetricsF>
#include <QPainter>

#include "app/figures/ChartFigure.h"
#include "app/figures/FigureParts.h"
#include "app/style/Palette.h"
#include "app/text/LessonText.h"
#include "app/text/TrainText.h"
#include "app/text/StdString.h"

namespace floatscope::gui {

namespace {

// The least height of the loss-against-memory chart, in bits per character.
constexpr double kLeastCostSpan = 0.1;

std::size_t parameterCount(const train::TrainConfig& config)
{
    train::ModelShape shape = config.model;
    shape.vocabulary = train::Corpus::builtin().vocabulary();
    return train::ParameterLayout(shape).size();
}

QString recipeName(const train::Recipe& recipe)
{
    return QString::fromStdString(recipe.name);
}

// The latest validation of a run (its final one once it has ended).
std::optional<double> latestValidation(const train::RunResult& run)
{
    if (run.finalValBitsPerChar)
        return run.finalValBitsPerChar;
    for (auto it = run.steps.rbegin(); it != run.steps.rend(); ++it)
        if (it->valBitsPerChar)
            return it->valBitsPerChar;
    return std::nullopt;
}

int latestValidatedStep(const train::RunResult& run)
{
    for (auto it = run.steps.rbegin(); it != run.steps.rend(); ++it)
        if (it->valBitsPerChar)
            return it->step;
    return 0;
}

std::optional<double> validationAt(const train::RunResult& run, int step)
{
    for (const train::StepRecord& s : run.steps)
        if (s.step == step)
            return s.valBitsPerChar;
    return std::nullopt;
}

QString bitsCell(const std::optional<double>& bits)
{
    return bits ? QString::number(*bits, 'f', 4) : QStringLiteral("—");
}

QColor faded(QColor colour)
{
    colour.setAlphaF(0.35);
    return colour;
}

// A recipe's line and its markers (the markers are named by the line).
void addLine(ChartSpec& spec, const QString& name, const QColor& colour, std::vector<QPointF> points, bool dashed = false)
{
    spec.series.push_back({name, colour, points, ChartSeries::Kind::Line, dashed, true});
    spec.series.push_back({name, colour, std::move(points), ChartSeries::Kind::Points, false, false});
}

// The tables' rows: each recipe's runs together, the engine's first, the GPU's under it as "↳ on the GPU"
// (a name that fits the column where "RECIPE (GPU)" would be cut short).
std::vector<std::pair<const train::RunResult*, QString>> tableRows(const TrainingData& d)
{
    std::vector<std::pair<const train::RunResult*, QString>> rows;
    const std::size_t recipes = d.request.recipes.size();
    for (std::size_t r = 0; r < recipes; ++r)
        for (std::size_t i = r; i < d.runs.size(); i += recipes) {
            const train::RunResult& run = d.runs[i];
            const bool under = i >= recipes && run.products == productsName(ProductsOn::Gpu);
            rows.emplace_back(&run, under ? TrainingFigure::tr("↳ on the GPU") : text::runName(run));
        }
    return rows;
}

}  // namespace

QStringList trainingNotes(const TrainingData& d)
{
    // The lecture's claims on the runs of the first products (the engine's, where it ran), then the GPU's beside them.
    std::vector<train::RunResult> first(d.runs.begin(),
                                        d.runs.begin() + static_cast<std::ptrdiff_t>(std::min(d.runs.size(), d.request.recipes.size())));
    QStringList notes = text::trainingNotes(d.request.config, first);
    // The GPU's name only where a run used it: asking for it starts the CUDA runtime.
    if (std::any_of(d.runs.begin(), d.runs.end(), [](const train::RunResult& r) { return r.products == productsName(ProductsOn::Gpu); }))
        notes << text::productsNotes(d.runs, QString::fromStdString(d.gpuName));
    return notes;
}

const char* productsName(ProductsOn products)
{
    return products == ProductsOn::Gpu ? "gpu" : "emulated";
}

QString TrainingFigure::tableCaption(const TrainingData& d)
{
    if (d.gapView())
        return tr("Bits per character on the validation text at the end of each run; absorbed: the recipe's share of "
                  "updates absorbed, the mean over its steps.");
    return thenSentence(tr("bits/char: validation at the end; bytes/param: weights, master copy, gradients and Adam's "
                           "moments (the memory ledger); absorbed, underflow, overflow: means over the steps."),
                        std::any_of(d.runs.begin(), d.runs.end(), [](const train::RunResult& r) { return r.recipe.fp8; })
                            ? tr("fp8: the last step's amax and scale; saturated and flushed: means over the steps.")
                            : QString());
}

QString TrainingFigure::title(const TrainingData& d)
{
    const train::TrainConfig& c = d.request.config;
    if (d.gapView())
        return tr("Gap to fp32 against the peak learning rate, %1 steps").arg(c.steps);
    return tr("Training lab: %1 steps, learning rate %2 → %3")
        .arg(c.steps)
        .arg(text::learningRateText(c.peakLearningRate), text::learningRateText(c.finalLearningRate));
}

// Each recipe's validation less fp32's at the same step, fp32 itself the line at 0.
ChartSpec TrainingFigure::difference(const TrainingData& d, const train::RunResult& fp32)
{
    ChartSpec spec;
    spec.title = tr("Validation behind fp32's, bits per character");
    spec.x = {tr("step"), false, 0.0, static_cast<double>(d.request.config.steps), true};
    spec.y = {tr("behind fp32"), false, std::nullopt, std::nullopt};  // short: the plot's height is its room
    spec.y.leastSpan = kLeastCostSpan / 5;  // a thousandth apart is no gap: not a plot of noise
    for (const train::RunResult& run : d.runs) {
        const bool onGpu = run.products == productsName(ProductsOn::Gpu);
        std::vector<QPointF> gaps;
        for (const train::StepRecord& s : run.steps)
            if (s.valBitsPerChar && std::isfinite(*s.valBitsPerChar))
                if (const auto reference = validationAt(fp32, s.step))
                    gaps.emplace_back(s.step, *s.valBitsPerChar - *reference);
        addLine(spec, text::runName(run), recipeColour(run.recipe.name), std::move(gaps), onGpu);
    }
    spec.legendRight = d.runs.size() > 4;
    return spec;
}

ChartSpec TrainingFigure::curves(const TrainingData& d)
{
    if (d.request.vsFp32)
        for (const train::RunResult& run : d.runs)
            if (run.recipe.name == "fp32" && run.products == productsName(ProductsOn::Engine) && !run.steps.empty())
                return difference(d, run);
    ChartSpec spec;
    spec.title = tr("Training loss (faint) and validation, bits per character");
    spec.x = {tr("step"), false, 0.0, static_cast<double>(d.request.config.steps), true};
    spec.y = {tr("bits per character"), false, std::nullopt, std::nullopt};
    bool any = false;
    for (const train::RunResult& run : d.runs) {
        const QColor colour = recipeColour(run.recipe.name);
        const bool onGpu = run.products == productsName(ProductsOn::Gpu);  // dashed, beside the engine's
        ChartSeries loss{text::runName(run), faded(colour), {}, ChartSeries::Kind::Line, onGpu, false};
        std::vector<QPointF> validation;
        for (const train::StepRecord& s : run.steps) {
            if (std::isfinite(s.trainLoss))
                loss.points.emplace_back(s.step, s.trainLoss / std::numbers::ln2);
            if (s.valBitsPerChar && std::isfinite(*s.valBitsPerChar))
                validation.emplace_back(s.step, *s.valBitsPerChar);
        }
        any = any || !loss.points.empty();
        spec.series.push_back(std::move(loss));
        addLine(spec, text::runName(run), colour, std::move(validation), onGpu);
    }
    spec.legendRight = d.runs.size() > 4;  // nine names do not fit under the plot
    if (!any)  // before training: from 0 to the uniform guess over the corpus's characters
        spec.y = {tr("bits per character"), false, 0.0,
                  std::ceil(std::log2(static_cast<double>(train::Corpus::builtin().vocabulary())))};
    return spec;
}

ChartSpec TrainingFigure::cost(const TrainingData& d)
{
    ChartSpec spec;
    spec.title = tr("Loss against memory");
    double most = 0;
    for (const train::RunResult& run : d.runs) {
        most = std::max(most, run.bytesPerParameter);
        // Named beside the point (a legend would not fit a third of the width); recipes on the same
        // point (to the thousandth of a bit that the axis shows) share one label, on the one drawn last.
        ChartSeries point{text::runName(run), recipeColour(run.recipe.name), {}, ChartSeries::Kind::Points, false,
                          false};
        if (const auto bits = latestValidation(run))
            point.points.emplace_back(run.bytesPerParameter, *bits);
        spec.series.push_back(std::move(point));
    }
    for (std::size_t i = 0; i < spec.series.size(); ++i) {
        if (spec.series[i].points.empty())
            continue;
        const QPointF at = spec.series[i].points.front();
        QStringList here;
        bool later = false;
        for (std::size_t j = 0; j < spec.series.size(); ++j) {
            if (spec.series[j].points.empty())
                continue;
            const QPointF other = spec.series[j].points.front();
            if (std::fabs(other.x() - at.x()) < 0.25 && std::fabs(other.y() - at.y()) < kLeastCostSpan / 100) {
                here << spec.series[j].name;
                later = later || j > i;
            }
        }
        if (!later)
            spec.series[i].pointLabel = here.join(QStringLiteral(", "));
    }
    spec.x = {tr("bytes per parameter"), false, 0.0, std::ceil(most / 4 + 0.5) * 4};
    spec.y = {tr("bits per character"), false, std::nullopt, std::nullopt};
    // At least a tenth of a bit per character tall: recipes a thousandth apart are the same point
    // (the FP8 blog's "the curves coincide"), not a plot of noise whose ticks need five decimals.
    spec.y.leastSpan = kLeastCostSpan;
    return spec;
}

ChartSpec TrainingFigure::gapChart(const TrainingData& d)
{
    ChartSpec spec;
    spec.title = tr("Gap to fp32 at the end of the run, by peak learning rate (cosine to a tenth of it)");
    const auto [lo, hi] = std::minmax_element(d.request.gapPeaks.begin(), d.request.gapPeaks.end());
    // A log10 axis: the lecture's 3e-3 and the small 3e-4 sit between its decades.
    spec.x = {tr("peak learning rate"), false, *lo / 2, *hi * 2, false, true};
    spec.y = {tr("bits per character behind fp32"), false, std::nullopt, std::nullopt};
    spec.legendRight = d.gapRecipes.size() > 3;
    spec.series.push_back({tr("fp32 (no gap)"), QColor(0x7F, 0x7F, 0x7F),
                           {QPointF(*spec.x.min, 0), QPointF(*spec.x.max, 0)}, ChartSeries::Kind::Line, true, true});
    for (std::size_t r = 0; r < d.gapRecipes.size() && r < d.gaps.size(); ++r) {
        std::vector<QPointF> points;
        for (const train::LearningRateGap& g : d.gaps[r])
            if (g.gap)
                points.emplace_back(g.peak, *g.gap);
        addLine(spec, recipeName(d.gapRecipes[r]), recipeColour(d.gapRecipes[r].name), std::move(points));
    }
    return spec;
}

FigureTable TrainingFigure::endTable(const TrainingData& d)
{
    FigureTable t;
    t.header = {tr("recipe"),   tr("bytes/param"), tr("bits/char"), tr("vs fp32"),   tr("absorbed"),
                tr("underflow"), tr("overflow"),   tr("skipped"),   tr("loss scale")};
    const train::RunResult* fp32 = nullptr;  // the first: the engine's, where it ran
    for (const train::RunResult& run : d.runs)
        if (run.recipe.name == "fp32" && fp32 == nullptr)
            fp32 = &run;
    for (const auto& [pointer, name] : tableRows(d)) {
        const train::RunResult& run = *pointer;
        const std::optional<double> bits = latestValidation(run);
        QStringList row = {name, LessonText::approx(run.bytesPerParameter, 3), bitsCell(bits)};
        // Against fp32's validation at the same step (while training, the runs are at different steps).
        const std::optional<double> reference = fp32 != nullptr ? validationAt(*fp32, latestValidatedStep(run)) : std::nullopt;
        row << (bits && reference && &run != fp32 ? text::signedBitsText(*bits - *reference) : QStringLiteral("—"));
        if (run.steps.empty()) {
            row << QStringLiteral("—") << QStringLiteral("—") << QStringLiteral("—") << QStringLiteral("—")
                << QStringLiteral("—");
        } else {
            int skipped = 0;
            for (const train::StepRecord& s : run.steps)
                skipped += s.skipped ? 1 : 0;
            row << LessonText::percent(train::meanOverSteps(run, &train::StepRecord::absorbedShare))
                << LessonText::percent(train::meanOverSteps(run, &train::StepRecord::underflowShare))
                << LessonText::percent(train::meanOverSteps(run, &train::StepRecord::overflowShare)) << QString::number(skipped)
                << text::lossScaleText(run.steps.back().lossScale);
        }
        t.rows.push_back(row);
        t.rowColours.push_back(recipeColour(run.recipe.name));
    }
    return t;
}

FigureTable TrainingFigure::fp8Table(const TrainingData& d)
{
    FigureTable t;
    t.header = {tr("recipe"), tr("fp8 casts"), tr("amax"), tr("scale"), tr("saturated"), tr("flushed to 0")};
    for (const auto& [pointer, name] : tableRows(d)) {
        const train::RunResult& run = *pointer;
        if (!run.recipe.fp8 || run.steps.empty())
            continue;
        for (const bool forward : {true, false}) {
            const auto summary = [forward](const train::StepRecord& s) { return forward ? s.fp8Forward : s.fp8Backward; };
            const std::optional<train::Fp8Summary> last = summary(run.steps.back());
            if (!last)
                continue;
            double saturated = 0;
            double flushed = 0;
            for (const train::StepRecord& s : run.steps)
                if (const auto f = summary(s)) {
                    saturated += f->saturatedShare / static_cast<double>(run.steps.size());
                    flushed += f->flushedShare / static_cast<double>(run.steps.size());
                }
            const QString format = QString::fromStdString(forward ? run.recipe.fp8Forward.name() : run.recipe.fp8Backward.name());
            t.rows.push_back({name, forward ? tr("forward (%1)").arg(format) : tr("gradients (%1)").arg(format),
                              LessonText::approx(last->amax, 4), LessonText::approx(last->scale, 4),
                              LessonText::percent(saturated), LessonText::percent(flushed)});
            t.rowColours.push_back(recipeColour(run.recipe.name));
        }
    }
    return t;
}

FigureTable TrainingFigure::gapTable(const TrainingData& d)
{
    FigureTable t;
    t.header = {tr("recipe"), tr("peak learning rate"), tr("fp32 bits/char"), tr("recipe bits/char"), tr("gap"),
                tr("absorbed")};
    for (std::size_t r = 0; r < d.gapRecipes.size() && r < d.gaps.size(); ++r)
        for (const train::LearningRateGap& g : d.gaps[r]) {
            t.rows.push_back({recipeName(d.gapRecipes[r]), text::learningRateText(g.peak), bitsCell(g.referenceBitsPerChar),
                              bitsCell(g.recipeBitsPerChar), g.gap ? text::signedBitsText(*g.gap) : QStringLiteral("—"),
                              g.recipeBitsPerChar ? LessonText::percent(g.meanAbsorbedShare) : QStringLiteral("—")});
            t.rowColours.push_back(recipeColour(d.gapRecipes[r].name));
        }
    return t;
}

TrainingFigure::TrainingFigure(const TrainingData& d) : StackedFigure(title(d))
{
    const std::size_t parameters = parameterCount(d.request.config);
    QStringList words = {d.gapView() ? text::gapSettingsText(d.request.config, parameters)
                                     : text::trainingSettingsText(d.request.config, parameters)};
    const bool started = std::any_of(d.runs.begin(), d.runs.end(), [](const train::RunResult& r) { return !r.steps.empty(); })
                      || (d.gapView() && d.finished);
    if (!started)
        words << tr("Not trained yet.");
    if (d.gapView()) {
        add(std::make_unique<ChartFigure>(gapChart(d)), 1.0);
        words.insert(1, tableCaption(d));
        if (d.finished)
            words << text::gapNotes(d.gapRecipes, d.gaps);
        add(std::make_unique<TablesFigure>(title(d), std::vector<FigureTable>{gapTable(d)}, words), 0.0);
        return;
    }
    words.insert(1, tableCaption(d));
    add(std::make_unique<ChartRowFigure>(title(d), std::vector<std::pair<ChartSpec, double>>{{curves(d), 2.0},
                                                                                             {cost(d), 1.0}}),
        1.0);
    if (d.finished)
        words << trainingNotes(d);
    add(std::make_unique<TablesFigure>(title(d), std::vector<FigureTable>{endTable(d), fp8Table(d)}, words), 0.0);
}

}  // namespace floatscope::gui
