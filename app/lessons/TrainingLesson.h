#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include <QString>

#include "app/figures/TrainingFigure.h"
#include "app/lessons/ExportView.h"
#include "core/train/Trainer.h"

namespace floatscope::gui {

// The training lab's lesson layer: what a request asks for and where its products run (the engine,
// or this GPU's tensor cores: the lesson's choice, so that figures name no GPU), read from
// `floatscope train`'s and `floatscope export training`'s options, and trained.

// The lab's defaults, which a new panel shows and `floatscope export training` draws without
// options: lecture 10's demo 5 (fp32, bf16 and fp16 storage, bf16 with an fp32 master) for 300
// steps at the lecture's learning rate; the gap view's peaks from 10^-4 to 10^-2.
inline constexpr const char* kDefaultTrainingRecipes = "fp32,bf16-pure,fp16-pure,bf16-master";
inline constexpr int kDefaultTrainingSteps = 300;
inline constexpr const char* kDefaultGapPeaks = "1e-4,3e-4,1e-3,3e-3,1e-2";
// What one command may train: a minute and 1 GB on a 2-core machine. A recipe-step (one recipe,
// one step) takes about 6.6 ms on a Zen 4 core; the gap view's defaults are 5 x 5 x 300 = 7,500.
inline constexpr std::size_t kMaxTrainingRecipes = 8;
inline constexpr std::uint64_t kMaxTrainingRecipeSteps = 8192;

// The lab's options, declared once (lessons/LessonOption.h): the panel's preset box, steps and seed
// are built from them, and `floatscope train` and `floatscope export training` read them. Recipes,
// learning rates and peaks are text the lesson reads (the functions below, which the panel calls too).
const std::vector<LessonOption>& trainingOptions();

// The presets `floatscope train` takes: every one but those that draw the gap view (they set
// --gap-lr), in the declaration's order.
std::vector<std::string> trainPresetIds();

// `floatscope train`'s options (--preset, --recipe, --recipe-file, --steps, --seed, --lr, --final-lr,
// --eval-every, --products; without --preset, --recipe or --recipe-file and --steps are required);
// with `forView`, `floatscope export training`'s: also --gap-lr, --vs-fp32 and --untrained, and the
// first preset where none is given. Null with one line naming the offending text in `error`. Trains
// nothing: the view's check (ExportView::check) is this.
std::optional<TrainingRequest> readTrainingRequest(const ViewArguments& args, bool forView, std::string& error);
// Only the recipes of --recipe and --recipe-file (`floatscope train --save-recipe` needs no --steps).
std::optional<std::vector<train::Recipe>> readRecipes(const ViewArguments& args, std::string& error);

// A learning rate's schedule: --lr's text, a preset of core/train ("lecture", "small") or a peak in
// (0, 1] that ends at a tenth of itself; null for other text (text::learningRateErrorText words it).
struct LearningRateSchedule {
    double peak = 0;
    double final = 0;
};
std::optional<LearningRateSchedule> readLearningRate(const std::string& text);
// "1e-4,3e-4": peak learning rates in (0, 1], at most 12; the reason in the interface's language.
std::optional<std::vector<double>> parsePeakList(const std::string& text, QString& error);

// The runs a request trains: every recipe on each of its products in turn, runs[p * recipes + r].
std::vector<train::RunJob> trainingJobs(const TrainingRequest& request);
// Runs (or the gap view's) before any step: the recipes and the axes; the GPU's name where the
// request asks for it (asking starts the CUDA runtime).
TrainingData untrainedData(const TrainingRequest& request);
// Trains synchronously on up to two threads (the export view; the panel trains on its job).
TrainingData trainedData(const TrainingRequest& request, const std::atomic<bool>* cancel = nullptr);

// `floatscope export training`: `floatscope train`'s options, --gap-lr and --untrained.
ExportView trainingView();

}  // namespace floatscope::gui
