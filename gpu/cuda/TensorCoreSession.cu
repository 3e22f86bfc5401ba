#include "gpu/cuda/TensorCoreSession.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <tuple>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include "gpu/cuda/CublasLt.cuh"
#include "gpu/cuda/ProductLayout.h"

namespace floatscope::gpu {

namespace {

using detail::cublasLt;
using detail::CublasLt;
using detail::dataType;
using detail::elementBytes;
using detail::GrowingBuffer;

constexpr std::size_t kWorkspaceBytes = std::size_t{32} << 20;

// The value in the device's type: exact for values of the type's grid (the only ones given).
template <class T>
__device__ T toDevice(float x);
template <>
__device__ float toDevice<float>(float x)
{
    return x;
}
template <>
__device__ __half toDevice<__half>(float x)
{
    return __float2half_rn(x);
}
template <>
__device__ __nv_bfloat16 toDevice<__nv_bfloat16>(float x)
{
    return __float2bfloat16_rn(x);
}
template <>
__device__ __nv_fp8_e4m3 toDevice<__nv_fp8_e4m3>(float x)
{
    return __nv_fp8_e4m3(x);
}
template <>
__device__ __nv_fp8_e5m2 toDevice<__nv_fp8_e5m2>(float x)
{
    return __nv_fp8_e5m2(x);
}

// The operand in T, packed as ProductLayout.h lays it out, from its dense fp32 copy on the device.
template <class T>
__global__ void packKernel(const float* stored, PackedOperand layout, T* out)
{
    const std::size_t total = layout.vectorsPadded * layout.kp;
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < total; i += stride) {
        const std::size_t from = packedSource(layout, i);
        out[i] = toDevice<T>(from == kPadding ? 0.0f : stored[from]);
    }
}

cudaError_t pack(TensorCoreInput input, const float* stored, const PackedOperand& layout, void* out)
{
    const std::size_t total = layout.vectorsPadded * layout.kp;
    const unsigned threads = 256;
    const auto blocks = static_cast<unsigned>(std::min<std::size_t>((total + threads - 1) / threads, 4096));
    switch (input) {
    case TensorCoreInput::Fp16: packKernel<<<blocks, threads>>>(stored, layout, static_cast<__half*>(out)); break;
    case TensorCoreInput::Bf16: packKernel<<<blocks, threads>>>(stored, layout, static_cast<__nv_bfloat16*>(out)); break;
    case TensorCoreInput::E4m3: packKernel<<<blocks, threads>>>(stored, layout, static_cast<__nv_fp8_e4m3*>(out)); break;
    case TensorCoreInput::E5m2: packKernel<<<blocks, threads>>>(stored, layout, static_cast<__nv_fp8_e5m2*>(out)); break;
    case TensorCoreInput::Tf32:
    case TensorCoreInput::Fp32: packKernel<<<blocks, threads>>>(stored, layout, static_cast<float*>(out)); break;
    }
    return cudaGetLastError();
}

bool isFp8(TensorCoreInput input) { return input == TensorCoreInput::E4m3 || input == TensorCoreInput::E5m2; }

cublasComputeType_t computeType(TensorCoreInput input)
{
    return input == TensorCoreInput::Tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
}

// One shape and pair of types: cuBLASLt's descriptors and the algorithm its heuristic chose.
struct Plan {
    cublasLtMatmulDesc_t op = nullptr;
    cublasLtMatrixLayout_t a = nullptr, b = nullptr, d = nullptr;
    cublasLtMatmulAlgo_t algo{};
};

using PlanKey = std::tuple<std::size_t, std::size_t, std::size_t, int, int>;

}  // namespace

struct TensorCoreSession::State {
    cublasLtHandle_t handle = nullptr;
    GrowingBuffer sourceA, sourceB, packedA, packedB, result, workspace;
    std::map<PlanKey, Plan> plans;

    ~State()
    {
        const CublasLt& lt = cublasLt();
        if (!lt.error.empty())
            return;
        for (auto& entry : plans)
            release(entry.second);
        if (handle != nullptr)
            lt.destroy(handle);
    }

    // The descriptors of ProductLayout.h's layout: A' = op(B)^T transposed, B' = op(A)^T, D = C^T.
    std::string plan(std::size_t mp, std::size_t np, std::size_t kp, TensorCoreInput typeA, TensorCoreInput typeB,
                     const Plan*& out)
    {
        const PlanKey key{mp, np, kp, static_cast<int>(typeA), static_cast<int>(typeB)};
        if (const auto found = plans.find(key); found != plans.end()) {
            out = &found->second;
            return {};
        }
        Plan& p = plans[key];
        if (const std::string why = build(p, mp, np, kp, typeA, typeB); !why.empty()) {
            release(p);
            plans.erase(key);
            return why;
        }
        out = &p;
        return {};
    }

    std::string build(Plan& p, std::size_t mp, std::size_t np, std::size_t kp, TensorCoreInput typeA,
                      TensorCoreInput typeB)
    {
        const CublasLt& api = cublasLt();
        FLOATSCOPE_TRY(api.descCreate(&p.op, computeType(typeA), CUDA_R_32F));
        const cublasOperation_t transposed = CUBLAS_OP_T;
        const cublasOperation_t plain = CUBLAS_OP_N;
        FLOATSCOPE_TRY(api.descSet(p.op, CUBLASLT_MATMUL_DESC_TRANSA, &transposed, sizeof transposed));
        FLOATSCOPE_TRY(api.descSet(p.op, CUBLASLT_MATMUL_DESC_TRANSB, &plain, sizeof plain));
        if (isFp8(typeA)) {
            const std::int8_t fast = 1;
            FLOATSCOPE_TRY(api.descSet(p.op, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast, sizeof fast));
        }
        FLOATSCOPE_TRY(api.layoutCreate(&p.a, dataType(typeB), kp, np, static_cast<std::int64_t>(kp)));
        FLOATSCOPE_TRY(api.layoutCreate(&p.b, dataType(typeA), kp, mp, static_cast<std::int64_t>(kp)));
        FLOATSCOPE_TRY(api.layoutCreate(&p.d, CUDA_R_32F, np, mp, static_cast<std::int64_t>(np)));
        cublasLtMatmulPreference_t preference = nullptr;
        FLOATSCOPE_TRY(api.preferenceCreate(&preference));
        struct Release {
            cublasLtMatmulPreference_t p;
            ~Release() { cublasLt().preferenceDestroy(p); }
        } releasePreference{preference};
        FLOATSCOPE_TRY(api.preferenceSet(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &kWorkspaceBytes,
                                         sizeof kWorkspaceBytes));
        // No split-K: every output is one chain of the kernel's blocks, not partial sums added later.
        const std::uint32_t noReduction = CUBLASLT_REDUCTION_SCHEME_NONE;
        FLOATSCOPE_TRY(api.preferenceSet(preference, CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK, &noReduction,
                                         sizeof noReduction));
        cublasLtMatmulHeuristicResult_t heuristic{};
        int found = 0;
        FLOATSCOPE_TRY(api.heuristic(handle, p.op, p.a, p.b, p.d, p.d, preference, 1, &heuristic, &found));
        if (found == 0)
            return "CUBLAS_STATUS_NOT_SUPPORTED";
        p.algo = heuristic.algo;
        return {};
    }

    static void release(Plan& p)
    {
        const CublasLt& api = cublasLt();
        if (p.d != nullptr)
            api.layoutDestroy(p.d);
        if (p.b != nullptr)
            api.layoutDestroy(p.b);
        if (p.a != nullptr)
            api.layoutDestroy(p.a);
        if (p.op != nullptr)
            api.descDestroy(p.op);
    }

    // The operand's stored matrix onto the device, dense, as fp32.
    static std::string upload(const SessionOperand& x, const PackedOperand& layout, GrowingBuffer& to)
    {
        const std::size_t rowBytes = layout.storedCols * sizeof(float);
        FLOATSCOPE_TRY(to.reserve(layout.storedRows * rowBytes));
        FLOATSCOPE_TRY(cudaMemcpy2D(to.data, rowBytes, x.values, x.ld * sizeof(float), rowBytes, layout.storedRows,
                                    cudaMemcpyHostToDevice));
        return {};
    }
};

TensorCoreSession::TensorCoreSession() : m_state(std::make_unique<State>()) {}

TensorCoreSession::~TensorCoreSession() = default;

std::string TensorCoreSession::multiply(const SessionProduct& p)
{
    const CublasLt& api = cublasLt();
    if (!api.error.empty())
        return api.error;
    State& s = *m_state;
    if (s.handle == nullptr) {
        FLOATSCOPE_TRY(api.create(&s.handle));
        FLOATSCOPE_TRY(s.workspace.reserve(kWorkspaceBytes));
    }
    if (p.m == 0 || p.n == 0)
        return {};
    if (p.k == 0) {  // an empty sum
        for (std::size_t i = 0; i < p.m; ++i)
            std::memset(p.c + i * p.ldc, 0, p.n * sizeof(float));
        return {};
    }
    // Both inputs of one type, but for fp8, where e4m3fn meets e5m2 (not e5m2 e5m2: cuBLASLt has none).
    const bool fp8 = isFp8(p.a.input) && isFp8(p.b.input);
    if ((!fp8 && p.a.input != p.b.input) || (p.a.input == TensorCoreInput::E5m2 && p.b.input == TensorCoreInput::E5m2))
        return "CUBLAS_STATUS_NOT_SUPPORTED";
    const PackedOperand a = packedA(p.m, p.k, p.a.transposed);
    const PackedOperand b = packedB(p.k, p.n, p.b.transposed);
    const std::size_t mp = a.vectorsPadded, np = b.vectorsPadded, kp = a.kp;
    const Plan* plan = nullptr;
    if (const std::string why = s.plan(mp, np, kp, p.a.input, p.b.input, plan); !why.empty())
        return why;

    // 1. Both operands onto the device as fp32, then in their types, packed.
    if (const std::string why = State::upload(p.a, a, s.sourceA); !why.empty())
        return why;
    if (const std::string why = State::upload(p.b, b, s.sourceB); !why.empty())
        return why;
    FLOATSCOPE_TRY(s.packedA.reserve(mp * kp * elementBytes(p.a.input)));
    FLOATSCOPE_TRY(s.packedB.reserve(np * kp * elementBytes(p.b.input)));
    FLOATSCOPE_TRY(pack(p.a.input, s.sourceA.as<float>(), a, s.packedA.data));
    FLOATSCOPE_TRY(pack(p.b.input, s.sourceB.as<float>(), b, s.packedB.data));

    // 2. The product, from 0 (beta = 0), in fp32.
    FLOATSCOPE_TRY(s.result.reserve(np * mp * sizeof(float)));
    const float one = 1, zero = 0;
    FLOATSCOPE_TRY(api.matmul(s.handle, plan->op, &one, s.packedB.data, plan->a, s.packedA.data, plan->b, &zero,
                              s.result.data, plan->d, s.result.data, plan->d, &plan->algo, s.workspace.data,
                              kWorkspaceBytes, nullptr));

    // 3. C back: D's column i is C's row i.
    FLOATSCOPE_TRY(cudaMemcpy2D(p.c, p.ldc * sizeof(float), s.result.data, np * sizeof(float), p.n * sizeof(float), p.m,
                                cudaMemcpyDeviceToHost));
    return {};
}

}  // namespace floatscope::gpu
