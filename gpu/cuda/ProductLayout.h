#pragma once

// How TensorCoreSession lays a product out for cuBLASLt: plain C++17, shared by the device code and
// the CPU test that replays the layout (tests/gpu/TensorCoreTrainingTest.cpp).
//
// C[M,N] = op(A) op(B), row-major. cuBLASLt computes D = op(A') op(B') column-major; with
// A' = op(B)^T given transposed (a kp x np column-major matrix whose column j is op(B)'s column j)
// and B' = op(A)^T not transposed (kp x mp, column i is op(A)'s row i), D (np x mp, column-major,
// leading dimension np) is C^T: D[i * np + j] = C[i][j], so C's rows come back contiguous. A'
// transposed and B' not is the "TN" layout cuBLASLt's fp8 kernels require; it serves every type.
// Every dimension is padded with zeros to a multiple of 16 (fp8 wants 16-byte leading dimensions).

#include <cstddef>

#include "core/common/HostDevice.h"

namespace floatscope::gpu {

inline constexpr std::size_t kProductPad = 16;

FLOATSCOPE_HOST_DEVICE std::size_t paddedDimension(std::size_t n)
{
    return (n + kProductPad - 1) / kProductPad * kProductPad;
}

// One operand packed as cuBLASLt reads it: `vectors` vectors of k elements (op(A)'s rows, or op(B)'s
// columns), each padded to kp, the vectors padded to vectorsPadded, from the operand's stored matrix
// copied densely to the device (`storedRows` x `storedCols`).
struct PackedOperand {
    std::size_t vectors = 0, k = 0, vectorsPadded = 0, kp = 0;
    std::size_t storedRows = 0, storedCols = 0;
    bool vectorsContiguous = false;  // the stored matrix's rows are the vectors (else its columns are)
};

// For C = op(A) op(B) with op(A) m x k: op(A)'s rows are the stored rows unless A is transposed.
inline PackedOperand packedA(std::size_t m, std::size_t k, bool transposed)
{
    return {m, k, paddedDimension(m), paddedDimension(k), transposed ? k : m, transposed ? m : k, !transposed};
}

// op(B) k x n: op(B)'s columns are the stored rows when B is transposed.
inline PackedOperand packedB(std::size_t k, std::size_t n, bool transposed)
{
    return {n, k, paddedDimension(n), paddedDimension(k), transposed ? n : k, transposed ? k : n, transposed};
}

// The dense stored matrix's index of packed element i (vector i / kp, element i % kp), or
// `kPadding` where the packed element is a padding zero.
inline constexpr std::size_t kPadding = ~std::size_t{0};
FLOATSCOPE_HOST_DEVICE std::size_t packedSource(const PackedOperand& p, std::size_t i)
{
    const std::size_t v = i / p.kp, kk = i % p.kp;
    if (v >= p.vectors || kk >= p.k)
        return kPadding;
    return p.vectorsContiguous ? v * p.k + kk : kk * p.vectors + v;
}

}  // namespace floatscope::gpu
