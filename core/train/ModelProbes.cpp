#include "core/train/ModelProbes.h"

#include <algorithm>
#include <cmath>
#include <variant>

namespace floatscope::train {

std::unique_ptr<Trainer> fp32TrainerAt(const Corpus& corpus, TrainConfig config, int steps,
                                       const std::atomic<bool>* cancel, const ProgressFunction& progress)
{
    config.steps = std::max(config.steps, steps);
    auto trainer = std::make_unique<Trainer>(corpus, config, *findPreset("fp32"));
    for (int k = 0; k < steps; ++k) {
        if (cancel != nullptr && cancel->load())
            return nullptr;
        trainer->advance();
        if (progress)
            progress(static_cast<double>(k + 1) / steps);
    }
    return trainer;
}

std::optional<std::vector<double>> trainedWeights(const TrainConfig& config, int steps,
                                                  const std::atomic<bool>* cancel, const ProgressFunction& progress)
{
    const std::unique_ptr<Trainer> trainer = fp32TrainerAt(Corpus::builtin(), config, steps, cancel, progress);
    if (!trainer)
        return std::nullopt;
    const std::span<const float> p = trainer->parameters();
    return std::vector<double>(p.begin(), p.end());
}

std::optional<Recipe> backwardRecipe(const Format& format)
{
    // The recipe parser knows which formats a role can hold; its refusal is the answer here.
    const std::string f = format.name();
    RecipeParse parsed = parseRecipe("base=fp16-noscale name=backward-" + f + " params=" + f + " matmul=" + f
                                     + " attention=" + f + " grads=" + f);
    if (std::holds_alternative<RecipeError>(parsed))
        return std::nullopt;
    return std::get<Recipe>(parsed);
}

std::optional<ModelGradients> modelGradients(const Format& format, const TrainConfig& config, int step,
                                             const std::vector<int>& log2Scales, const std::atomic<bool>* cancel,
                                             const ProgressFunction& progress)
{
    // 1. The fp32 run to step k (nearly all of the time).
    const auto trainerProgress = [&](double share) {
        if (progress)
            progress(0.95 * share);
    };
    const std::unique_ptr<Trainer> trainer = fp32TrainerAt(Corpus::builtin(), config, step, cancel, trainerProgress);
    if (!trainer || (cancel != nullptr && cancel->load()))
        return std::nullopt;

    // 2. The next batch's gradients: fp32's, and the format's backward pass at each scale.
    ModelGradients out;
    out.step = step;
    out.log2Scales = log2Scales;
    out.backward = backwardRecipe(format);
    std::vector<float> reference;
    if (out.backward) {
        std::vector<double> scales;
        for (const int k : log2Scales)
            scales.push_back(std::ldexp(1.0, k));
        out.scales = probeLossScales(*trainer, *out.backward, scales, &reference);
    } else {
        reference = trainer->probeGradients(*findPreset("fp32"), 1.0).gradients;
    }
    out.gradients.assign(reference.begin(), reference.end());
    if (progress)
        progress(1.0);
    return out;
}

LossScalingData lossScalingOfModel(const Format& format, const ModelGradients& model, int log2Scale,
                                   DynamicScalingSetup dynamic, const DynamicScalingRun* reuse)
{
    LossScalingData d = LossScalingData::compute(format, {}, model.gradients, log2Scale, std::move(dynamic), reuse);
    d.modelStep = model.step;
    for (LossScalingData::SweepRow& row : d.sweep) {
        const auto at = std::find(model.log2Scales.begin(), model.log2Scales.end(), row.log2Scale);
        const auto i = static_cast<std::size_t>(at - model.log2Scales.begin());
        if (at == model.log2Scales.end() || i >= model.scales.size())
            continue;
        const ScaleProbe& p = model.scales[i];
        row.backward = BackwardAtScale{p.flushedShare, p.overflowShare, p.relativeError};
    }
    return d;
}

}  // namespace floatscope::train
