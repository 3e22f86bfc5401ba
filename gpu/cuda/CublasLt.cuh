#pragma once

// What the .cu files that run cuBLASLt share (nvcc only; plain C++ sees gpu/cuda/*.h): device
// buffers, failures as names, and cuBLASLt itself, opened with dlopen on first use rather than
// linked: the library is over 500 MB, and loading it at every start of the program (the command
// line's included) would cost tens of milliseconds.

#include <string>
#include <type_traits>

#include <dlfcn.h>

#include <cublasLt.h>
#include <cuda_runtime.h>

#include "gpu/cuda/CudaCalls.h"
#include "gpu/cuda/TensorCoreGemm.h"

namespace floatscope::gpu::detail {

// Device memory released on every path (CudaCalls.h's, shared with the conversion kernels).
template <class T>
using Buffer = DeviceBuffer<T>;

// Device memory that grows to the largest size asked and is kept for the next use.
struct GrowingBuffer {
    void* data = nullptr;
    std::size_t bytes = 0;
    GrowingBuffer() = default;
    GrowingBuffer(const GrowingBuffer&) = delete;
    GrowingBuffer& operator=(const GrowingBuffer&) = delete;
    ~GrowingBuffer() { cudaFree(data); }
    cudaError_t reserve(std::size_t n)
    {
        if (n <= bytes)
            return cudaSuccess;
        cudaFree(data);
        data = nullptr;
        bytes = 0;
        const cudaError_t e = cudaMalloc(&data, n);
        if (e == cudaSuccess)
            bytes = n;
        return e;
    }
    template <class T>
    T* as() const
    {
        return static_cast<T*>(data);
    }
};

struct CublasLt {
    std::string error;  // empty when every function was found
    decltype(&cublasLtCreate) create = nullptr;
    decltype(&cublasLtDestroy) destroy = nullptr;
    decltype(&cublasLtGetStatusName) statusName = nullptr;
    decltype(&cublasLtMatmulDescCreate) descCreate = nullptr;
    decltype(&cublasLtMatmulDescDestroy) descDestroy = nullptr;
    decltype(&cublasLtMatmulDescSetAttribute) descSet = nullptr;
    decltype(&cublasLtMatrixLayoutCreate) layoutCreate = nullptr;
    decltype(&cublasLtMatrixLayoutDestroy) layoutDestroy = nullptr;
    decltype(&cublasLtMatmulPreferenceCreate) preferenceCreate = nullptr;
    decltype(&cublasLtMatmulPreferenceDestroy) preferenceDestroy = nullptr;
    decltype(&cublasLtMatmulPreferenceSetAttribute) preferenceSet = nullptr;
    decltype(&cublasLtMatmulAlgoGetHeuristic) heuristic = nullptr;
    decltype(&cublasLtMatmul) matmul = nullptr;
};

// The library's functions, looked up once per process; `error` names what is missing.
inline const CublasLt& cublasLt()
{
    static const CublasLt lt = [] {
        CublasLt l;
        const std::string name = "libcublasLt.so." + std::to_string(CUBLAS_VER_MAJOR);
        void* library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (library == nullptr) {
            l.error = name;  // the library's name: what is missing
            return l;
        }
        const auto find = [&](auto& function, const char* symbol) {
            function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(dlsym(library, symbol));
            if (function == nullptr && l.error.empty())
                l.error = symbol;
        };
        find(l.create, "cublasLtCreate");
        find(l.destroy, "cublasLtDestroy");
        find(l.statusName, "cublasLtGetStatusName");
        find(l.descCreate, "cublasLtMatmulDescCreate");
        find(l.descDestroy, "cublasLtMatmulDescDestroy");
        find(l.descSet, "cublasLtMatmulDescSetAttribute");
        find(l.layoutCreate, "cublasLtMatrixLayoutCreate");
        find(l.layoutDestroy, "cublasLtMatrixLayoutDestroy");
        find(l.preferenceCreate, "cublasLtMatmulPreferenceCreate");
        find(l.preferenceDestroy, "cublasLtMatmulPreferenceDestroy");
        find(l.preferenceSet, "cublasLtMatmulPreferenceSetAttribute");
        find(l.heuristic, "cublasLtMatmulAlgoGetHeuristic");
        find(l.matmul, "cublasLtMatmul");
        return l;
    }();
    return lt;
}

using ::floatscope::gpu::failure;  // cudaError_t, as CudaCalls.h names it
inline std::string failure(cublasStatus_t s)
{
    return s == CUBLAS_STATUS_SUCCESS ? std::string() : std::string(cublasLt().statusName(s));
}

// The cuBLASLt type of an input.
inline cudaDataType dataType(TensorCoreInput input)
{
    switch (input) {
    case TensorCoreInput::Fp16: return CUDA_R_16F;
    case TensorCoreInput::Bf16: return CUDA_R_16BF;
    case TensorCoreInput::Tf32:
    case TensorCoreInput::Fp32: return CUDA_R_32F;
    case TensorCoreInput::E4m3: return CUDA_R_8F_E4M3;
    case TensorCoreInput::E5m2: return CUDA_R_8F_E5M2;
    }
    return CUDA_R_32F;
}

inline std::size_t elementBytes(TensorCoreInput input)
{
    switch (input) {
    case TensorCoreInput::Fp16:
    case TensorCoreInput::Bf16: return 2;
    case TensorCoreInput::Tf32:
    case TensorCoreInput::Fp32: return 4;
    case TensorCoreInput::E4m3:
    case TensorCoreInput::E5m2: return 1;
    }
    return 4;
}

}  // namespace floatscope::gpu::detail

// Returns the failure's name from the enclosing function when `call` fails.
#define FLOATSCOPE_TRY(call)                                                                                             \
    do {                                                                                                                 \
        const std::string why = ::floatscope::gpu::detail::failure(call);                                                \
        if (!why.empty())                                                                                                \
            return why;                                                                                                  \
    } while (0)
