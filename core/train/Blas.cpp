#include "core/train/Blas.h"

#include <mutex>

#include <cblas.h>

namespace floatscope::train {

namespace {

void oneThread()
{
    static std::once_flag once;
    std::call_once(once, [] { openblas_set_num_threads(1); });
}

}  // namespace

void gemm(bool transA, bool transB, int m, int n, int k, const float* a, int lda, const float* b, int ldb, float beta,
          float* c, int ldc)
{
    oneThread();
    cblas_sgemm(CblasRowMajor, transA ? CblasTrans : CblasNoTrans, transB ? CblasTrans : CblasNoTrans, m, n, k, 1.0f,
                a, lda, b, ldb, beta, c, ldc);
}

std::string blasDescription()
{
    return std::string("OpenBLAS ") + openblas_get_config() + " (" + openblas_get_corename() + ")";
}

}  // namespace floatscope::train
