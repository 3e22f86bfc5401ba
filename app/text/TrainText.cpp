#include "app/text/TrainText.h"

#include <QCoreApplication>
#include <QStringList>

#include "app/text/FileProblemText.h"

namespace floatscope::text {

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
        return TrainText::tr("a name without commas");
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

}  // namespace floatscope::text
