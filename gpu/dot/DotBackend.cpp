#include "gpu/dot/DotBackend.h"

#include "core/format/Registry.h"
#include "gpu/backends/X86Dot.h"
#if FLOATSCOPE_HAVE_CUDA_DEVICE
#include "gpu/cuda/CudaDotBackend.h"
#endif

namespace floatscope::gpu {

bool cpuHasAvx512Bf16()
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && FLOATSCOPE_HAVE_AVX512BF16
    return __builtin_cpu_supports("avx512bf16");
#else
    return false;
#endif
}

namespace {

// VDPBF16PS, one lane per inner product: exactly the sequence the avx512bf16 model describes.
class X86DotBackend final : public DotBackend {
public:
    std::string name() const override { return "x86-avx512bf16"; }
    DotBackendStatus status() const override
    {
        return cpuHasAvx512Bf16() ? DotBackendStatus{} : DotBackendStatus{DotBackendStatus::Kind::NoCpuInstruction, {}};
    }
    DotSupport supports(const Format& inputs, const dot::Accumulator& accumulator) const override
    {
        if (!std::holds_alternative<dot::Vdpbf16ps>(accumulator.model) || accumulator.promoteEvery)
            return DotSupport::WrongModel;
        return inputs == namedFormat("bf16") ? DotSupport::Supported : DotSupport::WrongInputs;
    }
    DotBackendStatus gemm(const Format&, const dot::Accumulator&, GemmShape s, std::span<const std::uint32_t> a,
                          std::span<const std::uint32_t> b, std::span<std::uint32_t> d) const override
    {
        if (!cpuHasAvx512Bf16())
            return status();
        // Each output's pairs laid out contiguously: (element 2p) | (element 2p + 1) << 16.
        const std::size_t pairs = (s.k + 1) / 2;
        const auto element = [&](std::span<const std::uint32_t> v, std::size_t base, std::size_t i) {
            return i < s.k ? v[base + i] & 0xFFFFu : 0u;
        };
        std::vector<std::uint32_t> pa(s.m * s.n * pairs);
        std::vector<std::uint32_t> pb(pa.size());
        for (std::size_t i = 0; i < s.m; ++i)
            for (std::size_t j = 0; j < s.n; ++j)
                for (std::size_t p = 0; p < pairs; ++p) {
                    const std::size_t t = (i * s.n + j) * pairs + p;
                    pa[t] = element(a, i * s.k, 2 * p) | element(a, i * s.k, 2 * p + 1) << 16;
                    pb[t] = element(b, j * s.k, 2 * p) | element(b, j * s.k, 2 * p + 1) << 16;
                }
        vdpbf16psDots(s.m * s.n, pairs, pa.data(), pb.data(), d.data());
        return {};
    }
};

#if !FLOATSCOPE_HAVE_CUDA_DEVICE
// The GPU in a build without nvcc: listed, so that "--against cuda" says why it cannot run.
class UnbuiltCudaDotBackend final : public DotBackend {
public:
    std::string name() const override { return "cuda"; }
    DotBackendStatus status() const override { return {DotBackendStatus::Kind::NotBuilt, {}}; }
    DotSupport supports(const Format&, const dot::Accumulator&) const override { return DotSupport::Supported; }
    DotBackendStatus gemm(const Format&, const dot::Accumulator&, GemmShape, std::span<const std::uint32_t>,
                          std::span<const std::uint32_t>, std::span<std::uint32_t>) const override
    {
        return status();
    }
};

std::unique_ptr<DotBackend> makeUnbuiltCudaDotBackend() { return std::make_unique<UnbuiltCudaDotBackend>(); }
#endif

}  // namespace

std::vector<std::unique_ptr<DotBackend>> makeDotBackends()
{
    std::vector<std::unique_ptr<DotBackend>> out;
    out.push_back(std::make_unique<X86DotBackend>());
#if FLOATSCOPE_HAVE_CUDA_DEVICE
    out.push_back(makeCudaDotBackend());
#else
    out.push_back(makeUnbuiltCudaDotBackend());
#endif
    return out;
}

std::unique_ptr<DotBackend> makeDotBackend(std::string_view name)
{
    for (auto& b : makeDotBackends())
        if (b->name() == name)
            return std::move(b);
    return nullptr;
}

}  // namespace floatscope::gpu
