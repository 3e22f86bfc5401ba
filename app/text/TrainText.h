#pragma once

#include <cstddef>
#include <vector>

#include <QString>
#include <QStringList>

#include "core/train/Recipe.h"
#include "core/train/Trainer.h"

namespace floatscope::text {

// The training lab's errors in the interface's language (context "TrainText"): core/train returns
// kinds, these are their sentences, translated in the window and English on the command line.
QString recipeErrorText(const train::RecipeError& error);
QString configErrorText(train::ConfigErrorKind kind);
// A recipe file that could not be read (the file's problem), or whose text is not a recipe.
QString recipeFileErrorText(const QString& path, const train::RecipeFileRead& read);
// A recipe that could not be saved: the system's reason; the old file is unchanged.
QString recipeSaveErrorText(const QString& path, const QString& reason);
// --lr (or the panel's field) got text that is neither a number nor a preset.
QString learningRateErrorText(const QString& text);
// The gap view's peaks (--gap-lr, or the panel's field) are none or more than `max`.
QString peakCountErrorText(std::size_t max, const QString& text);

// What a preset recipe does, in a line (for its checkbox's tooltip); empty for another name.
QString recipeDescription(const std::string& name);
// A learning-rate preset of core/train ("lecture", "small") as a choice: "lecture 10's: 3e-3 → 3e-4".
QString learningRatePresetText(const train::LearningRatePreset& preset);
// A learning rate as the lecture writes it: 3e-3, 3e-4, 1.5e-3.
QString learningRateText(double rate);
// A loss scale: 2¹⁶ where it is a power of two, else about 4 digits.
QString lossScaleText(double scale);
// A difference in bits per character with its sign: +0.011, −0.001.
QString signedBitsText(double bits);
// The run's settings in a line: parameters, batch, steps, the learning rate's schedule, the seed.
QString trainingSettingsText(const train::TrainConfig& config, std::size_t parameters);
// The same for the gap against the learning rate, whose runs each decay from their peak to a tenth of it.
QString gapSettingsText(const train::TrainConfig& config, std::size_t parameters);
// What the runs got against lecture 10's claims (and the BF16 lesson's, the FP8 blog's), and why: a
// sentence for each claim the recipes speak to; once every run has reached its end.
QStringList trainingNotes(const train::TrainConfig& config, const std::vector<train::RunResult>& runs);
// A run as the legend and the tables name it: the recipe, with "(GPU)" where its products ran on the GPU.
QString runName(const train::RunResult& run);
// What the runs on the GPU did beside the engine's runs of the same recipes: per
// recipe, how far its curve strayed and where its validation ended; a failure and its reason. Empty
// without runs on the GPU. `device` is the GPU's name, as the driver gives it.
QStringList productsNotes(const std::vector<train::RunResult>& runs, const QString& device);
// The same for the gap against the learning rate, per recipe (gaps[r][i]: recipes[r] at peak i).
QStringList gapNotes(const std::vector<train::Recipe>& recipes,
                     const std::vector<std::vector<train::LearningRateGap>>& gaps);

}  // namespace floatscope::text
