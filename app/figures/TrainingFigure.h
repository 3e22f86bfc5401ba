#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include "app/charts/Chart.h"
#include "app/figures/ExportView.h"
#include "app/figures/FigureTable.h"
#include "app/figures/StackedFigure.h"
#include "core/train/Trainer.h"

namespace floatscope::gui {

// Where a run's matrix products run: the engine's emulation (the recipe's
// roundings, fp32 products on the CPU's BLAS), or this GPU's tensor cores through cuBLASLt with the
// same roundings (gpu/train/TensorCoreProducts.h). The names are `floatscope train --products`'s
// and RunResult::products's.
enum class ProductsOn : std::uint8_t { Engine, Gpu };
const char* productsName(ProductsOn products);  // "emulated", "gpu"

// What the training lab is asked: the recipes, the run's settings, where the products run (each
// recipe once per choice, the GPU's runs plotted beside the engine's), and for the second view the
// peak learning rates to plot each recipe's gap to fp32 against. The panel and `floatscope export
// training` both fill one (readTrainingRequest).
struct TrainingRequest {
    std::vector<train::Recipe> recipes;
    train::TrainConfig config;
    std::vector<ProductsOn> products = {ProductsOn::Engine};
    std::vector<double> gapPeaks;  // not empty: the gap against the learning rate (on the engine)
    bool untrained = false;        // the recipes and axes only, as a new panel shows them
    // The curves as each recipe's validation less fp32's at the same step: a gap of a hundredth of
    // a bit per character, invisible beside the curves' fall from 5 to 3.5, plotted at its size.
    bool vsFp32 = false;
};

// The runs a request trains: every recipe on each of its products in turn, runs[p * recipes + r].
std::vector<train::RunJob> trainingJobs(const TrainingRequest& request);

// What the lab shows: the runs so far (filled in step by step while training; none yet before the
// first), or the gaps against the learning rate.
struct TrainingData {
    TrainingRequest request;
    std::vector<train::RunResult> runs;                       // per job of trainingJobs, in order
    std::vector<train::Recipe> gapRecipes;                    // the gap view's recipes (fp32 left out)
    std::vector<std::vector<train::LearningRateGap>> gaps;    // [recipe][peak]
    bool finished = false;                                    // every run reached its last step

    bool gapView() const { return !request.gapPeaks.empty(); }
    // Runs (or the gap view's) before any step: the recipes and the axes.
    static TrainingData untrained(const TrainingRequest& request);
    // Trains synchronously on up to two threads (the export view; the panel trains on its job).
    static TrainingData train(const TrainingRequest& request, const std::atomic<bool>* cancel = nullptr);
};

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

// --recipe, --recipe-file, --steps, --seed, --lr, --final-lr, --eval-every as `floatscope train`
// reads them; with `forView`, also --gap-lr and --untrained, and the defaults above for --recipe and
// --steps (else both are required). Null with one line naming the offending text in `error`.
std::optional<TrainingRequest> readTrainingRequest(const ViewArguments& args, bool forView, std::string& error);
// Only the recipes of --recipe and --recipe-file (`floatscope train --save-recipe` needs no --steps).
std::optional<std::vector<train::Recipe>> readRecipes(const ViewArguments& args, bool forView, std::string& error);
// "1e-4,3e-4": peak learning rates in (0, 1], at most 12.
std::optional<std::vector<double>> parsePeakList(const std::string& text, std::string& error);
// "emulated", "gpu" or both, comma-separated; with gpu, every recipe must be one this GPU runs.
std::optional<std::vector<ProductsOn>> parseProducts(const std::string& text, const std::vector<train::Recipe>& recipes,
                                                     std::string& error);

// What the runs got against the lecture's claims (the first products' runs), then what the runs on
// the GPU did beside the engine's: the panel's notes and the figure's.
QStringList trainingNotes(const TrainingData& data);

// The training lab as a figure: the recipes' curves side by side beside the final loss against
// bytes per parameter, the table of every recipe's end, the fp8 casts, and what this model got
// against lecture 10's claims; or the gap view's chart, table and words. The panel shows the same
// charts and tables; `floatscope export training` writes this figure.
class TrainingFigure : public StackedFigure {
    Q_DECLARE_TR_FUNCTIONS(TrainingFigure)

public:
    explicit TrainingFigure(const TrainingData& data);

    // Training loss (thin) and validation (with markers) in bits per character against the step, the
    // x axis over the whole run so that training fills it in from the left.
    static ChartSpec curves(const TrainingData& data);
    static ChartSpec difference(const TrainingData& data, const train::RunResult& fp32);
    // Each recipe's final validation bits per character against the memory ledger's bytes per parameter.
    static ChartSpec cost(const TrainingData& data);
    // Each recipe's gap to fp32 against the peak learning rate (log10 on the axis).
    static ChartSpec gapChart(const TrainingData& data);
    // The tables: every recipe's end; the fp8 recipes' casts (empty without one); the gap view's.
    static FigureTable endTable(const TrainingData& data);
    static FigureTable fp8Table(const TrainingData& data);
    static FigureTable gapTable(const TrainingData& data);
    static QString title(const TrainingData& data);
    // What the table's columns hold, in a sentence under it.
    static QString tableCaption(const TrainingData& data);
    // `floatscope export training`: `floatscope train`'s options, --gap-lr and --untrained.
    static ExportView exportView();
};

}  // namespace floatscope::gui
