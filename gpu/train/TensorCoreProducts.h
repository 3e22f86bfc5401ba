#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/train/Products.h"
#include "core/train/Recipe.h"
#include "gpu/Availability.h"

namespace floatscope::gpu {

// The training lab's products on this GPU: the engine of core/train/Products.h
// that runs each of a recipe's matrix products through cuBLASLt on device 0 (gpu/cuda/
// TensorCoreSession.h): fp16, bf16 and tf32 inputs on the tensor cores with fp32 accumulation,
// e4m3fn and e5m2 (compute capability 8.9 and later) on the tensor cores' fp8 path, fp32 on the CUDA
// cores. Each run has its own session. Plain C++: no CUDA type appears here.

// Why a recipe's products cannot run on this GPU. The words are app/text/HardwareText's.
enum class ProductsRefusalKind : std::uint8_t {
    NoDevice,        // no usable GPU (unavailable says why)
    FormatNotTaken,  // format: a product input format cuBLASLt does not multiply
    NeedsNewerGpu,   // format: needs compute capability needMajor.needMinor (bf16, tf32: 8.0; fp8: 8.9)
    E5m2ByE5m2,      // the recipe multiplies e5m2 by e5m2 (fp8-forward, matmul or attention e5m2), which
                     // cuBLASLt has no kernel for
};

struct ProductsRefusal {
    ProductsRefusalKind kind = ProductsRefusalKind::NoDevice;
    std::optional<Unavailable> unavailable;  // NoDevice
    std::string format;                      // FormatNotTaken, NeedsNewerGpu
    int needMajor = 0;
    int needMinor = 0;
    std::string device;                      // NeedsNewerGpu: the GPU's name (data from the driver)
    int deviceMajor = 0;
    int deviceMinor = 0;
};

// Device 0, asked once per process: nothing when it can take products, else why not.
std::optional<Unavailable> tensorCoreProductsUnavailable();
// The GPU's name as the driver gives it ("NVIDIA H200"), and its compute capability; empty, 0 without one.
std::string tensorCoreDeviceName();
int tensorCoreComputeCapability();  // 10 * major + minor
// The family core/dot's presets name this GPU by ("H200"), or empty (no GPU, or one no preset models).
std::string tensorCorePresetFamily();

// Whether a recipe's products can run on this GPU: nothing, or why not.
std::optional<ProductsRefusal> refuseTensorCoreProducts(const train::Recipe& recipe);

// For TrainConfig::products: each run gets its own session on device 0 (the engine's name is "gpu").
// Only for recipes refuseTensorCoreProducts accepts; a product it cannot run fails the run.
train::ProductEngineFactory tensorCoreProducts();

}  // namespace floatscope::gpu
