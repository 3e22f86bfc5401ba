#include "gpu/backends/X86Backends.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <immintrin.h>

#include "core/batch/HardwareKernels.h"

namespace floatscope::gpu {

namespace {

// Compiled for the instruction set they need; called only after the CPU says it has it.
template <int Rounding>
__attribute__((target("avx,f16c"))) void f16cLoop(const std::uint32_t* in, std::uint16_t* out, std::size_t n)
{
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256 v = _mm256_castsi256_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i)));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), _mm256_cvtps_ph(v, Rounding | _MM_FROUND_NO_EXC));
    }
    if (i < n) {
        alignas(32) std::uint32_t tailIn[8] = {};
        alignas(16) std::uint16_t tailOut[8] = {};
        for (std::size_t j = i; j < n; ++j)
            tailIn[j - i] = in[j];
        const __m256 v = _mm256_castsi256_ps(_mm256_load_si256(reinterpret_cast<const __m256i*>(tailIn)));
        _mm_store_si128(reinterpret_cast<__m128i*>(tailOut), _mm256_cvtps_ph(v, Rounding | _MM_FROUND_NO_EXC));
        for (std::size_t j = i; j < n; ++j)
            out[j] = tailOut[j - i];
    }
}

void f16cConvert(const std::uint32_t* in, std::uint16_t* out, std::size_t n, RoundingMode mode)
{
    switch (mode) {
    case RoundingMode::TowardZero: return f16cLoop<_MM_FROUND_TO_ZERO>(in, out, n);
    case RoundingMode::Up: return f16cLoop<_MM_FROUND_TO_POS_INF>(in, out, n);
    case RoundingMode::Down: return f16cLoop<_MM_FROUND_TO_NEG_INF>(in, out, n);
    default: return f16cLoop<_MM_FROUND_TO_NEAREST_INT>(in, out, n);
    }
}

__attribute__((target("avx512f,avx512bf16"))) void bf16Convert(const std::uint32_t* in, std::uint16_t* out,
                                                                std::size_t n)
{
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m512 v = _mm512_castsi512_ps(_mm512_loadu_si512(in + i));
        const __m256bh h = _mm512_cvtneps_pbh(v);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), reinterpret_cast<const __m256i&>(h));
    }
    if (i < n) {
        const __mmask16 mask = static_cast<__mmask16>((1u << (n - i)) - 1);
        const __m512 v = _mm512_castsi512_ps(_mm512_maskz_loadu_epi32(mask, in + i));
        const __m256bh h = _mm512_cvtneps_pbh(v);
        alignas(32) std::uint16_t tail[16];
        _mm256_store_si256(reinterpret_cast<__m256i*>(tail), reinterpret_cast<const __m256i&>(h));
        for (std::size_t j = i; j < n; ++j)
            out[j] = tail[j - i];
    }
}

class F16cBackend final : public Backend {
public:
    std::string name() const override { return "x86-f16c"; }
    BackendInfo info() const override { return {BackendKind::X86F16c, {}, 0, 0}; }
    std::optional<Unavailable> unavailable() const override
    {
        if (cpuHas(HardwarePath::F16c))
            return std::nullopt;
        return Unavailable{UnavailableKind::CpuLacksF16c, {}};
    }
    bool supports(const Format& f, RoundingMode mode, OverflowPolicy overflow) const override
    {
        return f.name() == "fp16" && overflow == OverflowPolicy::NonSaturating
            && (mode == RoundingMode::NearestEven || mode == RoundingMode::TowardZero || mode == RoundingMode::Up
                || mode == RoundingMode::Down);
    }
    KnownProperties knownProperties(const Format&) const override { return 0; }
    std::string convert(std::span<const std::uint32_t> input, std::span<std::uint16_t> output, const Format&,
                        RoundingMode mode, OverflowPolicy) const override
    {
        f16cConvert(input.data(), output.data(), std::min(input.size(), output.size()), mode);
        return {};
    }
};

class Avx512Bf16Backend final : public Backend {
public:
    std::string name() const override { return "x86-avx512bf16"; }
    BackendInfo info() const override { return {BackendKind::X86Avx512Bf16, {}, 0, 0}; }
    std::optional<Unavailable> unavailable() const override
    {
        if (cpuHas(HardwarePath::Avx512Bf16))
            return std::nullopt;
        return Unavailable{UnavailableKind::CpuLacksAvx512Bf16, {}};
    }
    bool supports(const Format& f, RoundingMode mode, OverflowPolicy overflow) const override
    {
        return f.name() == "bf16" && mode == RoundingMode::NearestEven && overflow == OverflowPolicy::NonSaturating;
    }
    // Intel SDM: VCVTNEPS2BF16 treats denormal inputs as zero whatever MXCSR.DAZ says.
    KnownProperties knownProperties(const Format&) const override { return kFlushesSubnormalInputs; }
    std::string convert(std::span<const std::uint32_t> input, std::span<std::uint16_t> output, const Format&,
                        RoundingMode, OverflowPolicy) const override
    {
        bf16Convert(input.data(), output.data(), std::min(input.size(), output.size()));
        return {};
    }
};

}  // namespace

std::vector<std::unique_ptr<Backend>> makeX86Backends()
{
    std::vector<std::unique_ptr<Backend>> out;
    out.push_back(std::make_unique<F16cBackend>());
    out.push_back(std::make_unique<Avx512Bf16Backend>());
    return out;
}

}  // namespace floatscope::gpu

#else

namespace floatscope::gpu {

std::vector<std::unique_ptr<Backend>> makeX86Backends()
{
    return {};
}

}  // namespace floatscope::gpu

#endif
