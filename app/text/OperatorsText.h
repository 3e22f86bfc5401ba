#pragma once

#include <QString>

#include "core/dot/AccumulatorSpec.h"
#include "core/dot/DotLessons.h"
#include "core/dot/InnerProduct.h"
#include "core/dot/Probe.h"
#include "core/dot/TensorCorePresets.h"
#include "gpu/dot/DotBackend.h"

namespace floatscope::text {

// The words of the operators lab (inner products, tensor cores, reductions): the window through
// tr() (context "Operators"), the command line in English.

// Why an accumulator text names no accumulator, naming the offending text.
QString specErrorText(const dot::SpecError& error, const QString& spec);

// Why a model cannot take these inputs.
QString dotErrorText(const dot::DotError& error);

// Why a hardware backend cannot run here.
QString backendStatusText(const gpu::DotBackendStatus& status);

// Why a backend does not run this model on these inputs.
QString dotSupportText(gpu::DotSupport support, const QString& backend, const QString& accumulator,
                       const QString& inputs);

// Where a tensor-core preset's numbers come from.
QString presetSourceText(dot::PresetSource source);

// Where a tensor-core preset's numbers come from, short, for a table's cell ("Khattak, Mikaitis 2025").
QString presetSourceShortText(dot::PresetSource source);

// What one probing experiment looks for.
QString probeFeatureText(dot::ProbeFeature feature);

// An input distribution of the inner-product lessons, in words ("normal", "all ones").
QString distributionText(dot::Distribution distribution);

// An accumulator's name as the lessons show it: its text as --accumulator takes it, and
// "bf16 → fp32 every 128" when promoted.
QString accumulatorName(const dot::Accumulator& accumulator);

// What an accumulator does, in a line: "each add rounds to bf16 (nearest-even), in order", "H100
// tensor core: 16-product blocks aligned to 25 fraction bits, truncated, fp32 out".
QString accumulatorDescription(const dot::Accumulator& accumulator);

}  // namespace floatscope::text
