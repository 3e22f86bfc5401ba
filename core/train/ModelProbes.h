#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/lessons/LossScaling.h"
#include "core/train/Trainer.h"

namespace floatscope::train {

// The training lab's model for the other lessons: its weights after k fp32 steps
// for the absorbed-updates lesson, and its real gradients at step k, under loss scales, for the
// loss-scaling lesson (lecture 10's demo 3 on this model instead of a log-normal).
//
// Both start from the lab's fp32 run of `config` (by default the panel's: 300 steps at the lecture's
// learning rate, seed 0) stopped after `steps` of them; config.steps is raised to `steps` where it is
// smaller, so that the schedule covers them. nullopt when *cancel was set (checked before each step);
// progress gets the share of the steps done.
using ProgressFunction = std::function<void(double)>;

inline constexpr int kDefaultModelStep = 100;  // the README's account of demo 3 on this model

std::unique_ptr<Trainer> fp32TrainerAt(const Corpus& corpus, TrainConfig config, int steps,
                                       const std::atomic<bool>* cancel = nullptr,
                                       const ProgressFunction& progress = {});

// Every parameter (embeddings, matrices and the norms' gains) after `steps` fp32 steps, as fp64.
std::optional<std::vector<double>> trainedWeights(const TrainConfig& config, int steps,
                                                  const std::atomic<bool>* cancel = nullptr,
                                                  const ProgressFunction& progress = {});

// The recipe a backward pass "in `format`" runs: lecture 10's fp16 model (parameters, every product's
// inputs and the gradients in the format; AdamW's fp32 master is not used by a probe), or nullopt
// where the format cannot hold those roles (no zero, wider than fp32, ...).
std::optional<Recipe> backwardRecipe(const Format& format);

struct ModelGradients {
    int step = 0;
    std::vector<double> gradients;      // fp32's, of the batch step `step` + 1 trains on, every parameter
    std::optional<Recipe> backward;     // backwardRecipe(format)
    std::vector<int> log2Scales;        // where the backward pass ran: 2^k
    std::vector<ScaleProbe> scales;     // empty without a backward recipe
};

std::optional<ModelGradients> modelGradients(const Format& format, const TrainConfig& config, int step,
                                             const std::vector<int>& log2Scales,
                                             const std::atomic<bool>* cancel = nullptr,
                                             const ProgressFunction& progress = {});

// The loss-scaling lesson with the model's fp32 gradients as its values: the window and shares of
// g x S as for any values, and in lecture 10's table the real backward pass at each scale.
LossScalingData lossScalingOfModel(const Format& format, const ModelGradients& model, int log2Scale,
                                   DynamicScalingSetup dynamic, const DynamicScalingRun* reuse = nullptr);

}  // namespace floatscope::train
