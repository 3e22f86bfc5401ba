#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include "app/charts/Chart.h"
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
// training` both fill one (lessons/TrainingLesson.h: readTrainingRequest).
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

// What the lab shows: the runs so far (filled in step by step while training; none yet before the
// first), or the gaps against the learning rate.
struct TrainingData {
    TrainingRequest request;
    std::vector<train::RunResult> runs;                       // per job of trainingJobs, in order
    std::vector<train::Recipe> gapRecipes;                    // the gap view's recipes (fp32 left out)
    std::vector<std::vector<train::LearningRateGap>> gaps;    // [recipe][peak]
    bool finished = false;                                    // every run reached its last step
    std::string gpuName;  // the GPU the request's runs on it use (empty: none asked for)

    bool gapView() const { return !request.gapPeaks.empty(); }
};

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
};

}  // namespace floatscope::gui
