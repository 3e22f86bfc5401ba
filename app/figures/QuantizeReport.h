#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/format/Registry.h"
#include "core/scaling/Quantization.h"
#include "core/scaling/TensorSources.h"

namespace floatscope::gui {

// Where the quantization panel's tensor comes from: the same description drives the panel, its
// worker thread and `floatscope export quantize`, so that the same inputs give the same figure.
struct TensorRequest {
    enum class Source : std::uint8_t {
        Text,    // rows of values as typed or pasted (CSV rules); a single column reads as a vector
        Values,  // one value per string, as `floatscope quantize V1 V2 ...` takes them
        Normal,  // seeded normal values with outliers
        File,    // a .csv, .txt or .npy file
    };
    Source source = Source::Text;
    std::string text;
    std::vector<std::string> values;
    NormalSpec normal;
    std::string path;
    Format storage = namedFormat("fp32");
    std::string shape;  // optional: "4096" or "64x64", as --shape takes it

    // How many elements the request will make, when that is known before loading (typed text is
    // counted as small); used to decide whether to quantize on a worker thread.
    std::optional<std::size_t> expectedElements() const;
};

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
    std::string error;  // Problem::Tensor: one line, from core's tensor loaders
    std::optional<QuantizeError> recipeError;  // Problem::Recipe
};

// Progress (0..1) and cancellation for the worker; both optional. Cancellation is checked between
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

// The largest tensor the panel and the export view make (2^24 elements, the benchmark's size).
constexpr std::size_t kMaxGeneratedElements = std::size_t{1} << 24;

}  // namespace floatscope::gui
