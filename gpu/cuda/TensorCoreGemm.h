#pragma once

// Tensor-core inner products on the CUDA device, seen from plain C++17 (included by nvcc and by the
// C++20 backend): no CUDA type crosses this header.

#include <cstddef>
#include <cstdint>
#include <string>

namespace floatscope::gpu {

// Fp32: not a tensor-core input (the CUDA cores' fp32 products), for the training lab's fp32 recipes.
enum class TensorCoreInput : int { Fp16, Bf16, Tf32, E4m3, E5m2, Fp32 };

// "" when device 0 is usable, else the CUDA runtime's error name (cudaErrorNoDevice, ...).
std::string cudaDeviceError();

// D = A * B through cuBLASLt (the GEMM library's tensor-core kernels; beta = 0, so every output is a
// chain of the tensor core's blocks from 0): A m x k with row i contiguous, B k x n with column j
// contiguous, inputs as codes (tf32: 19-bit codes), D m x n with row i contiguous as fp32 bits, or
// fp16 bits with `fp16Output`. fp8 needs compute capability 8.9 or later. Returns "" or the failure:
// a CUDA or cuBLAS status name, or the name of the cuBLASLt library or function that was not found.
struct TensorCoreGemm {
    TensorCoreInput input = TensorCoreInput::Fp16;
    bool fp16Output = false;
    std::size_t m = 0, n = 0, k = 0;
    const std::uint32_t* a = nullptr;
    const std::uint32_t* b = nullptr;
    std::uint32_t* d = nullptr;
};
std::string cublasTensorCoreGemm(const TensorCoreGemm& gemm);

// Inner products with a starting value c, as the papers' test suites run them: one WMMA
// multiply-accumulate per 16 of them (16x16x16 for fp16 and bf16, 16x16x8 for tf32; vector t on
// the tile's diagonal, the rest zero), c loaded into the accumulator fragment. k at most 16 (8 for
// tf32). c and d are fp32 bits, or fp16 bits with `fp16Output`. Returns "" or the CUDA error name.
struct WmmaInnerProducts {
    TensorCoreInput input = TensorCoreInput::Fp16;  // Fp16, Bf16 or Tf32
    bool fp16Output = false;
    std::size_t count = 0, k = 0;
    const std::uint32_t* a = nullptr;  // count x k, vector t contiguous
    const std::uint32_t* b = nullptr;
    const std::uint32_t* c = nullptr;  // count
    std::uint32_t* d = nullptr;        // count
};
std::string wmmaInnerProducts(const WmmaInnerProducts& run);

}  // namespace floatscope::gpu
