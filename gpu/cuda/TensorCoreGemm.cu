#include "gpu/cuda/TensorCoreGemm.h"

#include <type_traits>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>

#include "gpu/cuda/CublasLt.cuh"

namespace floatscope::gpu {

namespace {

using detail::Buffer;
using detail::cublasLt;
using detail::CublasLt;
using detail::dataType;
using detail::elementBytes;

// Codes as the device stores the type: tf32 codes become fp32 bit patterns (code << 13).
std::vector<unsigned char> deviceBytes(TensorCoreInput input, const std::uint32_t* codes, std::size_t n)
{
    const std::size_t size = elementBytes(input);
    std::vector<unsigned char> out(n * size);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t v = input == TensorCoreInput::Tf32 ? codes[i] << 13 : codes[i];
        for (std::size_t byte = 0; byte < size; ++byte)
            out[i * size + byte] = static_cast<unsigned char>(v >> (8 * byte));
    }
    return out;
}

struct LtObjects {
    cublasLtHandle_t handle = nullptr;
    cublasLtMatmulDesc_t op = nullptr;
    cublasLtMatrixLayout_t a = nullptr, b = nullptr, d = nullptr;
    cublasLtMatmulPreference_t preference = nullptr;
    ~LtObjects()
    {
        const CublasLt& lt = cublasLt();
        lt.preferenceDestroy(preference);
        lt.layoutDestroy(d);
        lt.layoutDestroy(b);
        lt.layoutDestroy(a);
        lt.descDestroy(op);
        lt.destroy(handle);
    }
};

// One warp: 16 inner products on a tile's diagonal, c in the accumulator fragment. The input type
// is named by TensorCoreInput: bf16 and tf32 fragments exist from sm_80 only, so their types are
// named inside the guarded body (launchWmma refuses older devices before launching).
template <TensorCoreInput Input, class Acc, int K>
__global__ void wmmaDiagonal(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
                             std::size_t count, std::size_t k)
{
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
    using namespace nvcuda;
    using In = typename std::conditional<Input == TensorCoreInput::Fp16, __half,
        typename std::conditional<Input == TensorCoreInput::Bf16, __nv_bfloat16, wmma::precision::tf32>::type>::type;
    using Storage = typename std::conditional<Input == TensorCoreInput::Tf32, float, In>::type;
    __shared__ Storage tileA[16 * K];
    __shared__ Storage tileB[K * 16];
    __shared__ Acc tileC[16 * 16];
    const std::size_t first = static_cast<std::size_t>(blockIdx.x) * 16;
    for (int e = static_cast<int>(threadIdx.x); e < 16 * K; e += 32) {
        const int row = e / K, col = e % K;  // A row-major, B column-major: both index (vector, element)
        const std::size_t t = first + static_cast<std::size_t>(row);
        const bool inside = t < count && static_cast<std::size_t>(col) < k;
        const std::uint32_t x = inside ? a[t * k + static_cast<std::size_t>(col)] : 0;
        const std::uint32_t y = inside ? b[t * k + static_cast<std::size_t>(col)] : 0;
        if constexpr (Input == TensorCoreInput::Tf32) {
            tileA[e] = __uint_as_float(x << 13);
            tileB[e] = __uint_as_float(y << 13);
        } else if constexpr (Input == TensorCoreInput::Fp16) {
            tileA[e] = __ushort_as_half(static_cast<unsigned short>(x));
            tileB[e] = __ushort_as_half(static_cast<unsigned short>(y));
        } else {
            tileA[e] = __ushort_as_bfloat16(static_cast<unsigned short>(x));
            tileB[e] = __ushort_as_bfloat16(static_cast<unsigned short>(y));
        }
    }
    for (int e = static_cast<int>(threadIdx.x); e < 256; e += 32) {
        const int row = e / 16, col = e % 16;
        const std::size_t t = first + static_cast<std::size_t>(row);
        const std::uint32_t v = row == col && t < count ? c[t] : 0;
        if constexpr (std::is_same<Acc, float>::value)
            tileC[e] = __uint_as_float(v);
        else
            tileC[e] = __ushort_as_half(static_cast<unsigned short>(v));
    }
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, K, In, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, K, In, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, K, Acc> fc;
    wmma::load_matrix_sync(fa, tileA, K);
    wmma::load_matrix_sync(fb, tileB, K);
    wmma::load_matrix_sync(fc, tileC, 16, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(tileC, fc, 16, wmma::mem_row_major);
    __syncwarp();
    if (threadIdx.x < 16 && first + threadIdx.x < count) {
        const Acc v = tileC[threadIdx.x * 17];
        if constexpr (std::is_same<Acc, float>::value)
            d[first + threadIdx.x] = __float_as_uint(v);
        else
            d[first + threadIdx.x] = __half_as_ushort(v);
    }
#endif
}

template <TensorCoreInput Input, class Acc, int K>
std::string launchWmma(const WmmaInnerProducts& run)
{
    int device = 0, major = 0;
    FLOATSCOPE_TRY(cudaGetDevice(&device));
    FLOATSCOPE_TRY(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
    if (major < 8)
        return "cudaErrorNotSupported";
    Buffer<std::uint32_t> a, b, c, d;
    const std::size_t n = run.count * run.k;
    FLOATSCOPE_TRY(a.allocate(n));
    FLOATSCOPE_TRY(b.allocate(n));
    FLOATSCOPE_TRY(c.allocate(run.count));
    FLOATSCOPE_TRY(d.allocate(run.count));
    FLOATSCOPE_TRY(cudaMemcpy(a.data, run.a, n * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
    FLOATSCOPE_TRY(cudaMemcpy(b.data, run.b, n * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
    FLOATSCOPE_TRY(cudaMemcpy(c.data, run.c, run.count * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
    const auto tiles = static_cast<unsigned>((run.count + 15) / 16);
    wmmaDiagonal<Input, Acc, K><<<tiles, 32>>>(a.data, b.data, c.data, d.data, run.count, run.k);
    FLOATSCOPE_TRY(cudaGetLastError());
    FLOATSCOPE_TRY(cudaMemcpy(run.d, d.data, run.count * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
    return {};
}

}  // namespace

std::string cudaDeviceError()
{
    int count = 0;  // cudaGetDeviceCount leaves it untouched on failure
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess)
        return cudaGetErrorName(e);
    return count > 0 ? std::string() : std::string(cudaGetErrorName(cudaErrorNoDevice));
}

std::string wmmaInnerProducts(const WmmaInnerProducts& run)
{
    if (run.count == 0)
        return {};
    switch (run.input) {
    case TensorCoreInput::Fp16:
        return run.fp16Output ? launchWmma<TensorCoreInput::Fp16, __half, 16>(run)
                              : launchWmma<TensorCoreInput::Fp16, float, 16>(run);
    case TensorCoreInput::Bf16: return launchWmma<TensorCoreInput::Bf16, float, 16>(run);
    case TensorCoreInput::Tf32: return launchWmma<TensorCoreInput::Tf32, float, 8>(run);
    default: return "cudaErrorNotSupported";
    }
}

std::string cublasTensorCoreGemm(const TensorCoreGemm& g)
{
    const CublasLt& api = cublasLt();
    if (!api.error.empty())
        return api.error;
    const std::vector<unsigned char> hostA = deviceBytes(g.input, g.a, g.m * g.k);
    const std::vector<unsigned char> hostB = deviceBytes(g.input, g.b, g.k * g.n);
    Buffer<unsigned char> a, b, d, workspace;
    const std::size_t outBytes = g.fp16Output ? 2 : 4;
    const std::size_t workspaceBytes = std::size_t{32} << 20;
    FLOATSCOPE_TRY(a.allocate(hostA.size()));
    FLOATSCOPE_TRY(b.allocate(hostB.size()));
    FLOATSCOPE_TRY(d.allocate(g.m * g.n * outBytes));
    FLOATSCOPE_TRY(workspace.allocate(workspaceBytes));
    FLOATSCOPE_TRY(cudaMemcpy(a.data, hostA.data(), hostA.size(), cudaMemcpyHostToDevice));
    FLOATSCOPE_TRY(cudaMemcpy(b.data, hostB.data(), hostB.size(), cudaMemcpyHostToDevice));

    // A is given as k x m column-major (its rows contiguous) and transposed; B is k x n column-major.
    // That is the "TN" layout cuBLASLt's fp8 kernels require, and serves every type.
    LtObjects lt;
    const bool fp8 = g.input == TensorCoreInput::E4m3 || g.input == TensorCoreInput::E5m2;
    const cublasComputeType_t compute = g.fp16Output                     ? CUBLAS_COMPUTE_16F
        : g.input == TensorCoreInput::Tf32                                ? CUBLAS_COMPUTE_32F_FAST_TF32
                                                                          : CUBLAS_COMPUTE_32F;
    const cudaDataType scale = g.fp16Output ? CUDA_R_16F : CUDA_R_32F;
    const cudaDataType out = g.fp16Output ? CUDA_R_16F : CUDA_R_32F;
    FLOATSCOPE_TRY(api.create(&lt.handle));
    FLOATSCOPE_TRY(api.descCreate(&lt.op, compute, scale));
    const cublasOperation_t transposed = CUBLAS_OP_T;
    const cublasOperation_t plain = CUBLAS_OP_N;
    FLOATSCOPE_TRY(api.descSet(lt.op, CUBLASLT_MATMUL_DESC_TRANSA, &transposed, sizeof transposed));
    FLOATSCOPE_TRY(api.descSet(lt.op, CUBLASLT_MATMUL_DESC_TRANSB, &plain, sizeof plain));
    if (fp8) {
        // The tensor core's own chain, without cuBLASLt's periodic promotion to CUDA cores.
        const std::int8_t fast = 1;
        FLOATSCOPE_TRY(api.descSet(lt.op, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast, sizeof fast));
    }
    FLOATSCOPE_TRY(api.layoutCreate(&lt.a, dataType(g.input), g.k, g.m, static_cast<std::int64_t>(g.k)));
    FLOATSCOPE_TRY(api.layoutCreate(&lt.b, dataType(g.input), g.k, g.n, static_cast<std::int64_t>(g.k)));
    FLOATSCOPE_TRY(api.layoutCreate(&lt.d, out, g.m, g.n, static_cast<std::int64_t>(g.m)));
    FLOATSCOPE_TRY(api.preferenceCreate(&lt.preference));
    FLOATSCOPE_TRY(api.preferenceSet(lt.preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                        &workspaceBytes, sizeof workspaceBytes));
    cublasLtMatmulHeuristicResult_t heuristic{};
    int found = 0;
    FLOATSCOPE_TRY(api.heuristic(lt.handle, lt.op, lt.a, lt.b, lt.d, lt.d, lt.preference, 1, &heuristic,
                                                  &found));
    if (found == 0)
        return "CUBLAS_STATUS_NOT_SUPPORTED";
    const float one = 1, zero = 0;
    const __half halfOne = __float2half(1.0f), halfZero = __float2half(0.0f);
    const void* alpha = g.fp16Output ? static_cast<const void*>(&halfOne) : static_cast<const void*>(&one);
    const void* beta = g.fp16Output ? static_cast<const void*>(&halfZero) : static_cast<const void*>(&zero);
    FLOATSCOPE_TRY(api.matmul(lt.handle, lt.op, alpha, a.data, lt.a, b.data, lt.b, beta, d.data, lt.d, d.data, lt.d,
                                  &heuristic.algo, workspace.data, workspaceBytes, nullptr));
    FLOATSCOPE_TRY(cudaDeviceSynchronize());
    std::vector<unsigned char> hostD(g.m * g.n * outBytes);
    FLOATSCOPE_TRY(cudaMemcpy(hostD.data(), d.data, hostD.size(), cudaMemcpyDeviceToHost));
    // cuBLASLt writes D column-major (element (i, j) at i + j * m); the caller wants row i contiguous.
    for (std::size_t i = 0; i < g.m; ++i)
        for (std::size_t j = 0; j < g.n; ++j) {
            std::uint32_t v = 0;
            for (std::size_t byte = 0; byte < outBytes; ++byte)
                v |= std::uint32_t{hostD[(i + j * g.m) * outBytes + byte]} << (8 * byte);
            g.d[i * g.n + j] = v;
        }
    return {};
}

}  // namespace floatscope::gpu
