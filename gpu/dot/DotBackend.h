#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/dot/Accumulator.h"
#include "core/format/Format.h"

namespace floatscope::gpu {

// Hardware that computes inner products, beside the models of core/dot: the CPU's VDPBF16PS and
// the GPU's tensor cores through cuBLASLt. Plain C++: no intrinsic or CUDA type appears here.

// Whether a backend can run here, or why not; `detail` is a name from outside (a CUDA error name).
struct DotBackendStatus {
    enum class Kind : std::uint8_t {
        Available,
        NoCpuInstruction,  // this CPU lacks the instruction (AVX512_BF16)
        NotBuilt,          // this build has no CUDA device code (nvcc was not found)
        NoDevice,          // no usable CUDA device (detail: the runtime's error name)
        DeviceError,       // the device failed (detail: the error name)
    };
    Kind kind = Kind::Available;
    std::string detail;
    bool available() const { return kind == Kind::Available; }
};

// Why a backend does not run a model on some inputs.
enum class DotSupport : std::uint8_t {
    Supported,
    WrongModel,    // the hardware computes another model (VDPBF16PS only runs the avx512bf16 model)
    WrongInputs,   // the hardware does not take this input format (or the GPU lacks it: fp8 before sm_89)
    NotThisGpu,    // the preset models another GPU than the one here (detail: the device's name)
};

// D = A * B: A is m x k (row i contiguous), B is k x n (column j contiguous), D is m x n (row i
// contiguous); every d[i][j] is one inner product of k products, from 0.
struct GemmShape {
    std::size_t m = 0;
    std::size_t n = 0;
    std::size_t k = 0;
};

class DotBackend {
public:
    virtual ~DotBackend() = default;
    virtual std::string name() const = 0;  // "x86-avx512bf16", "cuda"
    virtual DotBackendStatus status() const = 0;
    // The device, for the Hardware dock (a name from outside), or empty.
    virtual std::string deviceName() const { return {}; }
    virtual DotSupport supports(const Format& inputs, const dot::Accumulator& accumulator) const = 0;
    // Codes of the accumulator's result format in d (m * n). Returns the failure, or Available.
    virtual DotBackendStatus gemm(const Format& inputs, const dot::Accumulator& accumulator, GemmShape shape,
                                  std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                  std::span<std::uint32_t> d) const = 0;
    // Whether the hardware can also start an inner product from a value c, as the papers' suites
    // do (the GPU's WMMA for fp16, bf16 and tf32), for inner products of at most maxK() products.
    virtual bool startsFromC(const Format&) const { return false; }
    virtual std::size_t maxK() const { return 0; }
    // count inner products (vector t at a[t * k], b[t * k]) each from c[t] (codes of the result
    // format), results in d. Only where startsFromC().
    virtual DotBackendStatus innerProducts(const Format& inputs, const dot::Accumulator& accumulator, std::size_t k,
                                           std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                           std::span<const std::uint32_t> c, std::span<std::uint32_t> d) const
    {
        (void)inputs, (void)accumulator, (void)k, (void)a, (void)b, (void)c, (void)d;
        return DotBackendStatus{DotBackendStatus::Kind::NotBuilt, {}};
    }
};

std::vector<std::unique_ptr<DotBackend>> makeDotBackends();
std::unique_ptr<DotBackend> makeDotBackend(std::string_view name);  // null for an unknown name

}  // namespace floatscope::gpu
