#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/train/Corpus.h"
#include "core/train/Model.h"
#include "core/train/Optimizer.h"
#include "core/train/Products.h"
#include "core/train/Recipe.h"
#include "core/train/Transformer.h"

namespace floatscope::train {

// Learning rates: cosine from peak to final over the run (lecture 10: 3e-3 -> 3e-4).
struct LearningRatePreset {
    const char* name;
    double peak;
    double final;
};
// "lecture" (3e-3 -> 3e-4, the lecture's schedule) and "small" (3e-4 -> 3e-5, where an independent
// PyTorch model of this network left bf16-pure 0.29 bit/char behind fp32).
const std::vector<LearningRatePreset>& learningRatePresets();
std::optional<LearningRatePreset> findLearningRatePreset(std::string_view name);

// The lab's default: batch 16 x 96, half the independent PyTorch model's (32 x 96), so that 300 steps of
// any recipe take about 2 s on one core of the 2-core machine (tests/bench/TrainBench.cpp measures
// both sizes); the lecture's effects are the same at both (README, "floatscope train").
struct TrainConfig {
    ModelShape model;  // model.vocabulary is the corpus's
    int batch = 16;
    int steps = 300;
    std::uint64_t seed = 0;      // initial weights, batches and stochastic rounding
    double peakLearningRate = 3e-3;
    double finalLearningRate = 3e-4;
    AdamSettings adam;
    int evalEvery = 25;          // validation every k steps, and after the last
    int evalSequences = 64;      // validation windows of `context` characters (a multiple of batch is used)
    // Where the run's matrix products run (Products.h); empty: the engine's, on the BLAS.
    ProductEngineFactory products;

    static constexpr int kMaxSteps = 100000;
};

enum class ConfigErrorKind : std::uint8_t {
    Steps,         // steps outside 1 .. kMaxSteps
    LearningRate,  // peak or final not in (0, 1]
    Shape,         // width not a multiple of heads, or a size below 1
    Corpus,        // the corpus is shorter than one window
};
std::optional<ConfigErrorKind> checkConfig(const TrainConfig& config, const Corpus& corpus);

double learningRateAt(const TrainConfig& config, int step);  // step 0-based

// fp8 casts of one direction in a step: the largest amax, the scale of that operand, and the
// shares of all cast elements that saturated or flushed to zero.
struct Fp8Summary {
    double amax = 0;
    double scale = 0;
    double saturatedShare = 0;
    double flushedShare = 0;
};

struct StepRecord {
    int step = 0;                     // 1-based: the record after the step's update
    double learningRate = 0;
    double trainLoss = 0;             // this step's batch, nats per character, before the update
    std::optional<double> valBitsPerChar;  // every evalEvery steps and at the last step
    double absorbedShare = 0;         // of the parameters with a nonzero update, those whose updated
                                      // copy did not move (0 on a skipped step)
    double storageMovedShare = 0;     // of all parameters, those whose stored value changed
    double underflowShare = 0;        // of the nonzero gradients rounded this step, those that became 0
    double overflowShare = 0;         // ... and those that became inf or NaN
    double activationUnderflowShare = 0;  // forward: product inputs that became 0
    double lossScale = 1;             // the scale this step used
    bool skipped = false;
    double gradientNorm = 0;          // unscaled, before clipping
    std::optional<Fp8Summary> fp8Forward;
    std::optional<Fp8Summary> fp8Backward;
};

struct RunResult {
    Recipe recipe;
    double bytesPerParameter = 0;     // the memory ledger's, for the recipe
    std::vector<StepRecord> steps;
    std::optional<double> finalValBitsPerChar;
    bool cancelled = false;
    std::string products = "emulated";  // the product engine's name (ProductEngine::name)
    std::string productFailure;       // the engine's failure that stopped the run (steps holds those before it)
};

// The mean of one of a run's per-step shares (absorbedShare, underflowShare, ...) over its steps.
double meanOverSteps(const RunResult& run, double StepRecord::*share);

// The gradients of one batch under a recipe's roundings, for the loss-scaling panel: unscaled, in
// the flat layout, each value as the gradient format held it (before the division by S, which is fp32).
struct GradientProbe {
    std::vector<float> gradients;
    kernels::Zones zones;
    double loss = 0;
};

// One recipe's run, a step at a time. Every recipe with the same config sees the same initial
// weights (rounded into its storage format) and the same batches.
class Trainer {
public:
    Trainer(const Corpus& corpus, const TrainConfig& config, const Recipe& recipe);

    StepRecord advance();
    int step() const { return m_step; }
    bool finished() const { return m_step >= m_config.steps; }
    double validationBitsPerChar();

    const Recipe& recipe() const { return m_precision.recipe; }
    const TrainConfig& config() const { return m_config; }
    const ParameterLayout& layout() const { return m_layout; }
    std::span<const float> parameters() const { return m_storage; }       // what the forward pass reads
    std::span<const float> masterParameters() const { return m_master; }  // empty without a master
    const AdamW& optimizer() const { return m_adam; }
    const ProductEngine& products() const { return *m_precision.products; }

    // The gradients of the batch the next step trains on, at the current parameters, with
    // `precision`'s roundings and loss scale S; nothing of the run changes.
    GradientProbe probeGradients(const Recipe& precision, double lossScale);

private:
    void batchFor(int step, std::vector<std::uint8_t>& inputs, std::vector<std::uint8_t>& targets) const;

    const Corpus& m_corpus;
    TrainConfig m_config;
    ParameterLayout m_layout;
    std::unique_ptr<ProductEngine> m_engine;  // the run's own, when the config makes one
    Precision m_precision;
    Transformer m_net;
    AdamW m_adam;
    LossScaler m_scaler;
    std::vector<float> m_storage;
    std::vector<float> m_master;
    std::vector<float> m_grads;
    std::vector<LinearHistories> m_histories;
    int m_step = 0;
};

// Lecture 10's demo 3 on the lab's model, for the loss-scaling panel: the gradients of the batch the
// trainer's next step trains on, under `precision` (fp16-noscale, say) at each loss scale S, against
// the fp32 gradients of the same batch at the same parameters. Per scale: the share of parameter
// gradients that became 0 though fp32's is not, the share that became inf or NaN, and the relative
// error ||g - g32|| / ||g32|| (empty when a gradient is not finite), as the demo's table has them.
struct ScaleProbe {
    double scale = 1;
    double flushedShare = 0;
    double overflowShare = 0;
    std::optional<double> relativeError;
};
// `reference`, when given, receives the fp32 gradients the rows are measured against.
std::vector<ScaleProbe> probeLossScales(Trainer& trainer, const Recipe& precision, const std::vector<double>& scales,
                                        std::vector<float>* reference = nullptr);

using StepCallback = std::function<void(const StepRecord&)>;
// Runs a recipe to the end, or until *cancel is set (checked before every step). onStep is called on
// the calling thread after every step.
RunResult run(const Corpus& corpus, const TrainConfig& config, const Recipe& recipe, const StepCallback& onStep = {},
              const std::atomic<bool>* cancel = nullptr);

using RunCallback = std::function<void(std::size_t recipeIndex, const StepRecord&)>;
// Several recipes side by side on up to `threads` threads; onStep is called from the worker
// threads, one call at a time. Results are in the recipes' order and do not depend on `threads`.
std::vector<RunResult> runAll(const Corpus& corpus, const TrainConfig& config, const std::vector<Recipe>& recipes,
                              const RunCallback& onStep = {}, const std::atomic<bool>* cancel = nullptr,
                              int threads = 2);
// The same for runs of their own configs (the same recipes with their products on two engines, say).
struct RunJob {
    TrainConfig config;
    Recipe recipe;
};
std::vector<RunResult> runJobs(const Corpus& corpus, const std::vector<RunJob>& jobs, const RunCallback& onStep = {},
                               const std::atomic<bool>* cancel = nullptr, int threads = 2);

// The learning-rate lesson: `recipe` and `reference` trained at each peak learning
// rate (cosine to a tenth of it), and the gap in final validation bits per character. Runs on up to
// `threads` threads; onStep reports (run index, step) with run 2i the reference and 2i + 1 the recipe
// at peaks[i].
struct LearningRateGap {
    double peak = 0;
    std::optional<double> referenceBitsPerChar;
    std::optional<double> recipeBitsPerChar;
    std::optional<double> gap;     // recipe - reference
    double meanAbsorbedShare = 0;  // the recipe's, over its steps
};
std::vector<LearningRateGap> gapAgainstLearningRate(const Corpus& corpus, const TrainConfig& config,
                                                    const Recipe& recipe, const Recipe& reference,
                                                    const std::vector<double>& peaks, const RunCallback& onStep = {},
                                                    const std::atomic<bool>* cancel = nullptr, int threads = 2);
// The same for several recipes against one reference, which is trained once per peak: out[r][i] is
// recipes[r] at peaks[i]. onStep's run index is i * (1 + recipes.size()) + 0 for the reference and
// + 1 + r for recipes[r]. A cancelled run leaves its bits per character (and the gap) empty.
std::vector<std::vector<LearningRateGap>> gapsAgainstLearningRate(const Corpus& corpus, const TrainConfig& config,
                                                                  const std::vector<Recipe>& recipes,
                                                                  const Recipe& reference,
                                                                  const std::vector<double>& peaks,
                                                                  const RunCallback& onStep = {},
                                                                  const std::atomic<bool>* cancel = nullptr,
                                                                  int threads = 2);

}  // namespace floatscope::train
