#pragma once

#include <QString>

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

}  // namespace floatscope::text
