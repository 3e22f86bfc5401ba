#include "app/text/TrainText.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <QCoreApplication>
#include <QStringList>

#include "app/text/FileProblemText.h"
#include "app/text/HardwareText.h"
#include "app/text/LessonText.h"

namespace floatscope::text {

using gui::LessonText;
using train::meanOverSteps;

namespace {

// Translation context "TrainText" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct TrainText {
    Q_DECLARE_TR_FUNCTIONS(TrainText)
};

QString presetNames()
{
    QStringList names;
    for (const train::Recipe& r : train::presets())
        names << QString::fromStdString(r.name);
    return names.join(QStringLiteral(", "));
}

// The words a key takes, for the sentence that refuses another.
QString choicesOf(const QString& key)
{
    if (key == QLatin1String("master"))
        return QStringLiteral("fp32, none");
    if (key == QLatin1String("fp8-scaling"))
        return QStringLiteral("current, delayed, block");
    if (key == QLatin1String("update"))
        return QStringLiteral("nearest, stochastic");
    if (key == QLatin1String("name"))
        return TrainText::tr("a name of 1 to %1 bytes without commas").arg(train::kMaxRecipeNameBytes);
    return {};
}

QString rangeOf(const QString& key)
{
    if (key == QLatin1String("amax-history"))
        return QStringLiteral("1..1024");
    if (key == QLatin1String("scale-interval"))
        return QStringLiteral("1..1000000");
    if (key == QLatin1String("scale-growth"))
        return QStringLiteral("1..1024");
    if (key == QLatin1String("scale-backoff"))
        return QStringLiteral("2^-10..1");
    return QStringLiteral("2^-64..2^64");  // loss-scale, scale-initial
}

}  // namespace

QString recipeErrorText(const train::RecipeError& e)
{
    const QString key = QString::fromStdString(e.key);
    const QString value = QString::fromStdString(e.value);
    switch (e.kind) {
    case train::RecipeErrorKind::Empty:
        return TrainText::tr("The recipe is empty: name a preset (%1) or write key=value pairs").arg(presetNames());
    case train::RecipeErrorKind::NotAPair:
        return TrainText::tr("'%1' is not a key=value pair").arg(value);
    case train::RecipeErrorKind::UnknownKey:
        return TrainText::tr("Unknown recipe key '%1' (keys: name, base, params, master, matmul, fp8-forward, "
                             "fp8-backward, fp8-scaling, amax-history, attention, grads, adam-m, adam-v, update, "
                             "loss-scale, scale-initial, scale-interval, scale-growth, scale-backoff)")
            .arg(key);
    case train::RecipeErrorKind::RepeatedKey: return TrainText::tr("The recipe sets '%1' twice").arg(key);
    case train::RecipeErrorKind::UnknownPreset:
        return TrainText::tr("Unknown recipe '%1' (presets: %2)").arg(value, presetNames());
    case train::RecipeErrorKind::UnknownFormat:
        return TrainText::tr("%1=%2: '%2' is not a format (see 'floatscope formats')").arg(key, value);
    case train::RecipeErrorKind::UnsupportedFormat:
        return TrainText::tr("%1=%2: the training lab holds values in formats with a sign and a zero whose values "
                             "fit fp32 (fp32, tf32, bf16, fp16, fp8 and smaller)")
            .arg(key, value);
    case train::RecipeErrorKind::BadChoice:
        return TrainText::tr("%1=%2: expected %3").arg(key, value, choicesOf(key));
    case train::RecipeErrorKind::BadNumber:
        return TrainText::tr("%1=%2: expected a number in %3").arg(key, value, rangeOf(key));
    case train::RecipeErrorKind::MissingName:
        return TrainText::tr("The recipe needs a name (name=...) or a preset to start from (base=...)");
    case train::RecipeErrorKind::ControlByte:
        return TrainText::tr("The recipe holds a byte that is not text (%1) on line %2: a recipe is key=value pairs "
                             "in plain text")
            .arg(value == QLatin1String("0x00") ? TrainText::tr("a NUL, 0x00") : value, key);
    }
    return {};
}

QString configErrorText(train::ConfigErrorKind kind)
{
    switch (kind) {
    case train::ConfigErrorKind::Steps:
        return TrainText::tr("The number of steps must be 1..%1").arg(train::TrainConfig::kMaxSteps);
    case train::ConfigErrorKind::LearningRate: return TrainText::tr("Learning rates must lie in (0, 1]");
    case train::ConfigErrorKind::Shape:
        return TrainText::tr("The model's width must be a multiple of its heads, and every size at least 1");
    case train::ConfigErrorKind::Corpus: return TrainText::tr("The text is too short for one training window");
    }
    return {};
}

QString recipeFileErrorText(const QString& path, const train::RecipeFileRead& read)
{
    if (read.problem != FileProblem::None)
        return TrainText::tr("Cannot read the recipe file %1: %2")
            .arg(path, text::fileProblemText(read.problem, read.systemError, train::kMaxRecipeFileBytes));
    if (read.error)
        return TrainText::tr("%1: %2").arg(path, recipeErrorText(*read.error));
    return {};
}

QString recipeSaveErrorText(const QString& path, const QString& reason)
{
    return TrainText::tr("Cannot write %1: %2 (a file already there is unchanged)").arg(path, reason);
}

QString learningRateErrorText(const QString& text)
{
    return TrainText::tr("'%1' is not a learning rate: write a number in (0, 1], 'lecture' (3e-3 to 3e-4) or "
                         "'small' (3e-4 to 3e-5)")
        .arg(text);
}

QString peakCountErrorText(std::size_t max, const QString& text)
{
    return TrainText::tr("Give 1 to %1 peak learning rates, comma-separated; got '%2'").arg(max).arg(text);
}

}  // namespace floatscope::text

namespace floatscope::text {

namespace {

const train::RunResult* finishedRun(const std::vector<train::RunResult>& runs, const char* name)
{
    for (const train::RunResult& r : runs)
        if (r.recipe.name == name && r.finalValBitsPerChar)
            return &r;
    return nullptr;
}

}  // namespace

QString recipeDescription(const std::string& name)
{
    if (name == "fp32")
        return TrainText::tr("Everything in fp32: the reference");
    if (name == "bf16-pure")
        return TrainText::tr("Weights, products and gradients in bf16, no fp32 master copy");
    if (name == "fp16-pure")
        return TrainText::tr("Weights, products and gradients in fp16, no master copy, no loss scaling");
    if (name == "bf16-master")
        return TrainText::tr("bf16 weights, products and gradients; AdamW updates an fp32 master copy");
    if (name == "fp16-amp")
        return TrainText::tr("fp16 with an fp32 master and dynamic loss scaling (2¹⁶, doubled after 100 good steps)");
    if (name == "fp16-noscale")
        return TrainText::tr("fp16 with an fp32 master, without loss scaling");
    if (name == "bf16-stochastic")
        return TrainText::tr("bf16-pure with the update rounded stochastically (seeded): 2 bytes a weight, no master");
    if (name == "fp8-current")
        return TrainText::tr("bf16-master with the linear layers' products in e4m3fn / e5m2, per-tensor current scaling");
    if (name == "fp8-delayed")
        return TrainText::tr("fp8-current with delayed scaling: the largest amax of the last 16 steps");
    return {};
}

QString learningRatePresetText(const train::LearningRatePreset& preset)
{
    const QString range = QStringLiteral("%1 → %2").arg(learningRateText(preset.peak), learningRateText(preset.final));
    if (std::string_view(preset.name) == "lecture")
        return TrainText::tr("lecture 10's: %1").arg(range);
    if (std::string_view(preset.name) == "small")
        return TrainText::tr("small: %1").arg(range);
    return range;
}

QString lossScaleText(double scale)
{
    const int exponent = static_cast<int>(std::lround(std::log2(scale)));
    return std::ldexp(1.0, exponent) == scale ? LessonText::powerOfTwo(exponent) : LessonText::approx(scale, 4);
}

QString learningRateText(double rate)
{
    if (!(rate > 0) || !std::isfinite(rate))
        return QString::number(rate);
    const int exponent = static_cast<int>(std::floor(std::log10(rate) + 1e-9));
    const double mantissa = rate / std::pow(10.0, exponent);
    return QStringLiteral("%1e%2").arg(QString::number(mantissa, 'g', 3)).arg(exponent);
}

QString signedBitsText(double bits)
{
    const QString digits = QString::number(std::fabs(bits), 'f', 3);
    return (bits < 0 && digits != QLatin1String("0.000") ? QStringLiteral("−") : QStringLiteral("+")) + digits;
}

namespace {

QString settingsLine(const train::TrainConfig& c, std::size_t parameters, const QString& schedule)
{
    return TrainText::tr("%1 parameters · batch %2 × %3 · %4 steps · %5 · seed %6")
        .arg(LessonText::count(static_cast<std::int64_t>(parameters)))
        .arg(c.batch)
        .arg(c.model.context)
        .arg(c.steps)
        .arg(schedule)
        .arg(c.seed);
}

}  // namespace

QString trainingSettingsText(const train::TrainConfig& c, std::size_t parameters)
{
    return settingsLine(c, parameters,
                        TrainText::tr("learning rate %1 → %2 (cosine)")
                            .arg(learningRateText(c.peakLearningRate), learningRateText(c.finalLearningRate)));
}

QString gapSettingsText(const train::TrainConfig& c, std::size_t parameters)
{
    return settingsLine(c, parameters, TrainText::tr("each peak learning rate cosine to a tenth of it"));
}

QStringList trainingNotes(const train::TrainConfig& config, const std::vector<train::RunResult>& runs)
{
    QStringList notes;
    const train::RunResult* fp32 = finishedRun(runs, "fp32");
    if (fp32 == nullptr) {
        notes << TrainText::tr("Train fp32 beside the others to see what each recipe costs against it.");
        return notes;
    }
    const double reference = *fp32->finalValBitsPerChar;
    const auto against = [&](const train::RunResult& r) { return signedBitsText(*r.finalValBitsPerChar - reference); };
    const QString peak = learningRateText(config.peakLearningRate);
    const bool lectureRate = config.peakLearningRate >= 1e-3;
    const train::RunResult* pure = finishedRun(runs, "bf16-pure");

    // 1. Lecture 10, demo 5: bf16 storage without a master copy, and with one.
    if (pure != nullptr) {
        const QString absorbed = LessonText::percent(meanOverSteps(*pure, &train::StepRecord::absorbedShare));
        notes << TrainText::tr("bf16-pure ends %1 bit/char against fp32. Lecture 10 reports 0.12 bit/char worse at "
                               "3e-3; a PyTorch model of this network, written apart from Floatscope, saw none at 3e-3 and 0.29 at 3e-4.")
                     .arg(against(*pure));
        notes << (lectureRate
                      ? TrainText::tr("Why: at a peak of %1 the updates are large against the weights, so only %2 of "
                                      "them are absorbed on average and the lecture's gap does not come out on this "
                                      "model. Absorption bites when updates are small: try the small learning rate.")
                            .arg(peak, absorbed)
                      : TrainText::tr("Why: at a peak of %1, %2 of its updates are absorbed on average. An update "
                                      "smaller than half a bf16 ulp of its weight rounds away in bf16 storage, and "
                                      "small learning rates make most updates that small.")
                            .arg(peak, absorbed));
    }
    if (const train::RunResult* master = finishedRun(runs, "bf16-master"))
        notes << TrainText::tr("bf16-master ends %1 bit/char against fp32 (lecture 10: with an fp32 master copy bf16 "
                               "matches fp32): AdamW updates the fp32 copy, which keeps what bf16 storage would absorb "
                               "(%2 absorbed there).")
                     .arg(against(*master), LessonText::percent(meanOverSteps(*master, &train::StepRecord::absorbedShare)));
    if (const train::RunResult* stochastic = finishedRun(runs, "bf16-stochastic")) {
        const double gap = pure != nullptr ? *pure->finalValBitsPerChar - reference : 0.0;
        if (pure != nullptr && gap > 0.005)
            notes << TrainText::tr("bf16-stochastic recovers %1 of bf16-pure's gap at 2 bytes a weight, without a "
                                   "master copy: rounding the update stochastically keeps it on average.")
                         .arg(LessonText::percent((*pure->finalValBitsPerChar - *stochastic->finalValBitsPerChar) / gap));
        else
            notes << TrainText::tr("bf16-stochastic ends %1 bit/char against fp32; bf16-pure's gap is too small here "
                                   "to say how much of it stochastic rounding recovers.")
                         .arg(against(*stochastic));
    }
    if (const train::RunResult* fp16 = finishedRun(runs, "fp16-pure"))
        notes << TrainText::tr("fp16-pure ends %1 bit/char against fp32 (the PyTorch model: 0.03 at 3e-4): fp16's "
                               "10 mantissa bits absorb fewer updates than bf16's 7 (%2 absorbed on average), but "
                               "without loss scaling %3 of its nonzero gradients become 0.")
                     .arg(against(*fp16), LessonText::percent(meanOverSteps(*fp16, &train::StepRecord::absorbedShare)),
                          LessonText::percent(meanOverSteps(*fp16, &train::StepRecord::underflowShare)));

    // 2. The BF16 lesson: fp16 gradients without and with loss scaling.
    if (const train::RunResult* noscale = finishedRun(runs, "fp16-noscale"))
        notes << TrainText::tr("Without loss scaling fp16 rounds %1 of the nonzero gradients to zero on average "
                               "(fp16-noscale ends %2 bit/char against fp32).")
                     .arg(LessonText::percent(meanOverSteps(*noscale, &train::StepRecord::underflowShare)), against(*noscale));
    if (const train::RunResult* amp = finishedRun(runs, "fp16-amp")) {
        int skipped = 0;
        for (const train::StepRecord& s : amp->steps)
            skipped += s.skipped ? 1 : 0;
        notes << TrainText::tr("fp16-amp loses %1 of them: its dynamic scale went from %2 to %3 with %4 steps skipped "
                               "(the BF16 lesson measured 2¹⁶ doubling twice in 300 steps), and it ends %5 bit/char "
                               "against fp32.")
                     .arg(LessonText::percent(meanOverSteps(*amp, &train::StepRecord::underflowShare)),
                          lossScaleText(amp->steps.front().lossScale), lossScaleText(amp->steps.back().lossScale))
                     .arg(skipped)
                     .arg(against(*amp));
    }

    // 3. The FP8 blog: "the loss curves coincide".
    for (const char* name : {"fp8-current", "fp8-delayed"})
        if (const train::RunResult* fp8 = finishedRun(runs, name)) {
            double forward = 0;
            double backward = 0;
            for (const train::StepRecord& s : fp8->steps) {
                forward += s.fp8Forward ? s.fp8Forward->saturatedShare : 0.0;
                backward += s.fp8Backward ? s.fp8Backward->saturatedShare : 0.0;
            }
            const auto n = static_cast<double>(fp8->steps.size());
            notes << TrainText::tr("%1 ends %2 bit/char against fp32 (the FP8 blog: the loss curves coincide); its "
                                   "casts saturated %3 of the forward elements and %4 of the gradients.")
                         .arg(QString::fromStdString(fp8->recipe.name), against(*fp8),
                              LessonText::percent(forward / n), LessonText::percent(backward / n));
        }
    return notes;
}

QString runName(const train::RunResult& run)
{
    const QString name = QString::fromStdString(run.recipe.name);
    return run.products == "gpu" ? TrainText::tr("%1 (GPU)").arg(name) : name;
}

QStringList productsNotes(const std::vector<train::RunResult>& runs, const QString& device)
{
    QStringList notes;
    for (const train::RunResult& gpu : runs) {
        if (gpu.products != "gpu")
            continue;
        if (!gpu.productFailure.empty()) {
            notes << TrainText::tr("%1 stopped after step %2: %3.")
                         .arg(runName(gpu))
                         .arg(gpu.steps.size())
                         .arg(backendFailure(TrainText::tr("the GPU's products"), gpu.productFailure));
            continue;
        }
        const auto engine = std::find_if(runs.begin(), runs.end(), [&](const train::RunResult& r) {
            return r.products == "emulated" && r.recipe == gpu.recipe;
        });
        if (engine == runs.end() || !engine->finalValBitsPerChar || !gpu.finalValBitsPerChar)
            continue;
        double worst = 0;
        for (std::size_t s = 0; s < gpu.steps.size() && s < engine->steps.size(); ++s)
            worst = std::max(worst, std::fabs(gpu.steps[s].trainLoss - engine->steps[s].trainLoss) / std::numbers::ln2);
        notes << TrainText::tr("%1 with its products on %2 ends %3 bit/char from the engine's emulated run of the "
                               "same recipe, its training loss at most %4 bit/char from it at any step: the roundings "
                               "are the recipe's in both, so the difference is the GPU's own accumulation.")
                     .arg(QString::fromStdString(gpu.recipe.name), device.isEmpty() ? TrainText::tr("the GPU") : device,
                          signedBitsText(*gpu.finalValBitsPerChar - *engine->finalValBitsPerChar),
                          LessonText::approx(worst, 2));
    }
    return notes;
}

QStringList gapNotes(const std::vector<train::Recipe>& recipes,
                     const std::vector<std::vector<train::LearningRateGap>>& gaps)
{
    QStringList notes;
    for (std::size_t r = 0; r < recipes.size() && r < gaps.size(); ++r) {
        QStringList points;
        const train::LearningRateGap* most = nullptr;
        const train::LearningRateGap* least = nullptr;
        for (const train::LearningRateGap& g : gaps[r]) {
            if (!g.gap)
                continue;
            points << QStringLiteral("%1 %2").arg(learningRateText(g.peak), signedBitsText(*g.gap));
            if (most == nullptr || g.meanAbsorbedShare > most->meanAbsorbedShare)
                most = &g;
            if (least == nullptr || g.meanAbsorbedShare < least->meanAbsorbedShare)
                least = &g;
        }
        if (points.isEmpty())
            continue;
        const QString name = QString::fromStdString(recipes[r].name);
        notes << TrainText::tr("%1's gap to fp32 in bit/char, by peak learning rate: %2.").arg(name, points.join(QStringLiteral(", ")));
        notes << TrainText::tr("Its updates absorbed on average: %1 at %2, %3 at %4. The gap follows absorption, which "
                               "bites when updates are small against the weights.")
                     .arg(LessonText::percent(most->meanAbsorbedShare), learningRateText(most->peak),
                          LessonText::percent(least->meanAbsorbedShare), learningRateText(least->peak));
        if (recipes[r].name == "bf16-pure")
            notes << TrainText::tr("Lecture 10 reports 0.12 bit/char at 3e-3; on this model that size of gap takes the "
                                   "small learning rates, as in a PyTorch model of this network written apart from Floatscope (0.29 "
                                   "at 3e-4, none at 3e-3).");
    }
    return notes;
}

}  // namespace floatscope::text
