#pragma once

#include <string>

namespace floatscope::train {

// fp32 matrix products on the Debian BLAS the benchmark chose (OpenBLAS: tests/bench/TrainBench.cpp
// measured it against Eigen on the lab's shapes). Row-major: C[M,N] = op(A)[M,K] * op(B)[K,N] + beta * C,
// accumulated in fp32 as the tensor cores of the recipes accumulate. OpenBLAS runs on the calling
// thread only (one thread per product): the lab runs recipes side by side instead, and a product's
// bits then never depend on how many threads share it.
void gemm(bool transA, bool transB, int m, int n, int k, const float* a, int lda, const float* b, int ldb, float beta,
          float* c, int ldc);

// The library's own description, for the benchmark ("OpenBLAS 0.3.21 DYNAMIC_ARCH ... Zen").
std::string blasDescription();

}  // namespace floatscope::train
