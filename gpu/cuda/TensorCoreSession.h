#pragma once

// The training lab's matrix products on the CUDA device, seen from plain C++17 (included by nvcc and
// by the C++20 engine in gpu/train): no CUDA type crosses this header.

#include <cstddef>
#include <memory>
#include <string>

#include "gpu/cuda/TensorCoreGemm.h"

namespace floatscope::gpu {

// An operand as the lab holds it: fp32 values, each a value of `input`'s format, row-major with rows
// `ld` floats apart; op(X) is X or its transpose.
struct SessionOperand {
    const float* values = nullptr;
    std::size_t ld = 0;
    bool transposed = false;
    TensorCoreInput input = TensorCoreInput::Fp32;
};

// C[M,N] = op(A)[M,K] op(B)[K,N], written with C's rows `ldc` floats apart.
struct SessionProduct {
    std::size_t m = 0, n = 0, k = 0;
    SessionOperand a;
    SessionOperand b;
    float* c = nullptr;
    std::size_t ldc = 0;
};

// One run's products on device 0, keeping its cuBLASLt handle, plans and device buffers from one
// product to the next (a step has hundreds of small ones). Per product: both operands are copied to
// the device as fp32 and converted there to their type (exactly, as their values are on its grid),
// padded with zeros to multiples of 16 and laid out as cuBLASLt's fp8 kernels require; cuBLASLt
// multiplies them with fp32 accumulation (fp16, bf16: on the tensor cores; tf32: the tensor cores'
// tf32 mode; fp8: the tensor cores' own accumulation, CUBLASLT_MATMUL_DESC_FAST_ACCUM, as the
// training recipes of the FP8 blog run their forward products; fp32: the CUDA cores), without
// split-K (no partial sums of K added afterwards), and C comes back as fp32. One thread at a time.
class TensorCoreSession {
public:
    TensorCoreSession();
    ~TensorCoreSession();
    TensorCoreSession(const TensorCoreSession&) = delete;
    TensorCoreSession& operator=(const TensorCoreSession&) = delete;

    // "" or the failure: a CUDA or cuBLAS status name, or the name of the cuBLASLt library or
    // function that was not found.
    std::string multiply(const SessionProduct& product);

private:
    struct State;
    std::unique_ptr<State> m_state;
};

}  // namespace floatscope::gpu
