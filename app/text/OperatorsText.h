#pragma once

#include <QString>

#include "core/dot/AccumulatorSpec.h"
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

// What one probing experiment looks for.
QString probeFeatureText(dot::ProbeFeature feature);

}  // namespace floatscope::text
