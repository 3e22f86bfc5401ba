#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/scaling/Quantization.h"
#include "core/scaling/TensorRequest.h"

namespace floatscope {

// The current recipe beside the others, on the same tensor: the lesson of which recipe gives which
// number (12.807% per tensor, 0.4464% only with the outlier in another block).
struct RecipeComparison {
    QuantizeOptions options;
    bool current = false;
    std::optional<QuantizationSummary> summary;
    double worstInput = 0;  // the input with the largest relative error
    std::optional<QuantizeError> error;  // why this recipe refused the tensor
};

struct QuantizeReport {
    TensorRequest request;
    std::shared_ptr<const Tensor> tensor;
    std::shared_ptr<const Quantization> quantization;
    std::vector<RecipeComparison> comparisons;
    // Heatmap data for a matrix (both measures, so that switching costs nothing).
    std::optional<ErrorGrid> absoluteGrid;
    std::optional<ErrorGrid> relativeGrid;
};

struct ReportOutcome {
    std::shared_ptr<const QuantizeReport> report;
    enum class Problem : std::uint8_t { None, Tensor, Recipe, Cancelled } problem = Problem::None;
    TensorError tensorError;                   // Problem::Tensor: the kind, worded by app/text/TensorErrorText
    std::optional<QuantizeError> recipeError;  // Problem::Recipe: worded by app/text/QuantizeText
};

// Progress (0..1) and cancellation for a background job; both optional. Cancellation is checked between
// the steps (load, quantize, heatmap, each compared recipe).
struct ReportControl {
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(double)> progress;
    bool compare = true;  // also run the other recipes
};

// Loads the tensor, quantizes it, and runs the compared recipes. Never throws.
ReportOutcome makeQuantizeReport(const TensorRequest& request, const QuantizeOptions& options,
                                 const ReportControl& control = {});

// The recipes compared with `current`, current first: per tensor (fp32 and exact scale), the
// tile (the current N, and 1x128), the block (current or 128x128), MX (the current element format
// where MX takes it, else e2m1) and NVFP4.
std::vector<QuantizeOptions> comparedRecipes(const QuantizeOptions& current);

}  // namespace floatscope
