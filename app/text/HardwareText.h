#pragma once

#include <string>

#include <QString>

#include "core/batch/Batch.h"
#include "core/dot/Probe.h"
#include "gpu/Backend.h"
#include "gpu/dot/DotCheck.h"
#include "gpu/sweep/Sweep.h"
#include "gpu/train/TensorCoreProducts.h"

namespace floatscope::text {

// The hardware cross-check's words: what each backend is, why one cannot be used here, why a sweep
// cannot run. The system's own texts (a GPU's name, CUDA's error names) are quoted as they are.

// A rounding mode by the command line's name for it (--rounding), in words where translated.
QString roundingText(RoundingMode mode);

// One line: "NVIDIA's conversion functions from the CUDA 13.0 headers, run on the CPU".
QString backendDescription(const gpu::Backend& backend);

// Plainly, without the technical reason: "This machine has no usable GPU."
QString unavailableSummary(const gpu::Unavailable& unavailable);
// The technical reason alone (CUDA's error, or what the build or the CPU lacks), for a tooltip.
QString unavailableDetail(const gpu::Unavailable& unavailable);
// Both, on one line (the command line's form).
QString message(const gpu::Unavailable& unavailable);

// "cuda failed: cudaErrorLaunchFailure (unspecified launch failure)"
QString backendFailure(const QString& backend, const std::string& failure);

// An inner-product comparison, counted by kind as verify counts conversions: "VDPBF16PS vs its model:
// 1,000,000 lanes in 0.41 s. Agree: ... NaN encoding: ... Zero sign: ... Unexplained: 0." (rich text)
QString dotComparisonText(const QString& what, const gpu::DotComparison& comparison);
// What the probing method found, a line per feature in probeFeatureText's words.
QStringList probeFindings(const dot::ProbeReport& report);
// Why the training lab cannot run a recipe's products on this GPU, in a sentence
// that names the recipe: "fp8-current multiplies e4m3fn inputs, which need compute capability 8.9 or
// later; NVIDIA A100-SXM4-80GB has 8.0".
QString productsRefusalText(const gpu::ProductsRefusal& refusal, const QString& recipe);

QString message(const BatchError& error);
QString message(const gpu::SweepRefusal& refusal);

}  // namespace floatscope::text
