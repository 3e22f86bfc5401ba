#include "core/batch/HardwareKernels.h"

#include <cstdlib>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define FLOATSCOPE_X86_KERNELS 1
#include <cpuid.h>
// GCC 12's AVX-512 intrinsics fill their unused operand with _mm512_undefined_epi32(), a
// self-initialised variable that -Wmaybe-uninitialized then reports at every call.
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#endif

namespace floatscope {

const char* toString(HardwarePath path)
{
    switch (path) {
    case HardwarePath::F16c: return "VCVTPS2PH (F16C)";
    case HardwarePath::Avx512Bf16: return "VCVTNEPS2BF16 (AVX512-BF16)";
    case HardwarePath::None: break;
    }
    return "none";
}

#ifdef FLOATSCOPE_X86_KERNELS

namespace {

// CPUID directly where compilers' __builtin_cpu_supports differ in what they know (clang 14 has no
// "f16c"): leaf 1 ECX bit 29 is F16C, leaf 7 sub-leaf 1 EAX bit 5 is AVX512_BF16. "avx" also says
// the operating system saves the YMM registers.
bool readF16c()
{
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __builtin_cpu_supports("avx") && __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & bit_F16C) != 0;
}

bool readAvx512Bf16()
{
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("avx512vl") && __get_cpuid_count(7, 1, &eax, &ebx, &ecx, &edx) != 0
        && (eax & (1u << 5)) != 0;
}

constexpr int kNearestEven = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

// Each loop is compiled for the instructions it uses and called only after cpuHas() said yes.
__attribute__((target("avx,f16c"))) void f16cCodes(const std::uint32_t* in, std::uint16_t* out, std::size_t n)
{
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256 x = _mm256_loadu_ps(reinterpret_cast<const float*>(in + i));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), _mm256_cvtps_ph(x, kNearestEven));
    }
    for (; i < n; ++i) {  // the last few, one at a time
        const __m128 x = _mm_castsi128_ps(_mm_cvtsi32_si128(static_cast<int>(in[i])));
        out[i] = static_cast<std::uint16_t>(_mm_extract_epi16(_mm_cvtps_ph(x, kNearestEven), 0));
    }
}

__attribute__((target("avx,f16c"))) void f16cRound(const std::uint32_t* in, std::uint32_t* out, std::size_t n)
{
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256 x = _mm256_loadu_ps(reinterpret_cast<const float*>(in + i));
        _mm256_storeu_ps(reinterpret_cast<float*>(out + i), _mm256_cvtph_ps(_mm256_cvtps_ph(x, kNearestEven)));
    }
    for (; i < n; ++i) {
        const __m128 x = _mm_castsi128_ps(_mm_cvtsi32_si128(static_cast<int>(in[i])));
        const __m128 rounded = _mm_cvtph_ps(_mm_cvtps_ph(x, kNearestEven));
        out[i] = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_castps_si128(rounded)));
    }
}

#define FLOATSCOPE_BF16_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512bf16")))

// The lanes holding a nonzero fp32 subnormal, which VCVTNEPS2BF16 reads as zero: exponent field
// zero, magnitude not.
FLOATSCOPE_BF16_TARGET inline __mmask16 subnormalLanes(__m512i x)
{
    const __mmask16 exponentZero = _mm512_testn_epi32_mask(x, _mm512_set1_epi32(0x7F800000));
    return _mm512_mask_test_epi32_mask(exponentZero, x, _mm512_set1_epi32(0x7FFFFFFF));
}

// The engine's bf16 rounding of those lanes, in the bits: nearest-even at bit 16 (bf16's subnormal
// quantum is fp32's shifted by 16); a carry into bit 23 gives the smallest normal, and none reaches
// the sign. The fp32 bits of the result.
FLOATSCOPE_BF16_TARGET inline __m512i roundSubnormals(__m512i x)
{
    const __m512i kept = _mm512_and_si512(_mm512_srli_epi32(x, 16), _mm512_set1_epi32(1));
    const __m512i sum = _mm512_add_epi32(_mm512_add_epi32(x, _mm512_set1_epi32(0x7FFF)), kept);
    return _mm512_and_si512(sum, _mm512_set1_epi32(static_cast<int>(0xFFFF0000u)));
}

FLOATSCOPE_BF16_TARGET inline __m256i bf16CodesOf(__m512i x)
{
    __m256i codes = (__m256i)_mm512_cvtneps_pbh(_mm512_castsi512_ps(x));  // NOLINT: the same 256 bits, as integers
    if (const __mmask16 subnormal = subnormalLanes(x); subnormal != 0)
        codes = _mm256_mask_blend_epi16(subnormal, codes,
                                        _mm512_cvtepi32_epi16(_mm512_srli_epi32(roundSubnormals(x), 16)));
    return codes;
}

// The codes shifted into place are the fp32 bits of their values.
FLOATSCOPE_BF16_TARGET inline __m512i bf16RoundOf(__m512i x)
{
    return _mm512_slli_epi32(_mm512_cvtepu16_epi32(bf16CodesOf(x)), 16);
}

// 16 lanes at a time; the last few through masked loads and stores.
FLOATSCOPE_BF16_TARGET void bf16Codes(const std::uint32_t* in, std::uint16_t* out, std::size_t n)
{
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16)
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), bf16CodesOf(_mm512_loadu_si512(in + i)));
    if (i < n) {
        const auto lanes = static_cast<__mmask16>((1u << (n - i)) - 1u);
        _mm256_mask_storeu_epi16(out + i, lanes, bf16CodesOf(_mm512_maskz_loadu_epi32(lanes, in + i)));
    }
}

FLOATSCOPE_BF16_TARGET void bf16Round(const std::uint32_t* in, std::uint32_t* out, std::size_t n)
{
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16)
        _mm512_storeu_si512(out + i, bf16RoundOf(_mm512_loadu_si512(in + i)));
    if (i < n) {
        const auto lanes = static_cast<__mmask16>((1u << (n - i)) - 1u);
        _mm512_mask_storeu_epi32(out + i, lanes, bf16RoundOf(_mm512_maskz_loadu_epi32(lanes, in + i)));
    }
}

}  // namespace

bool cpuHas(HardwarePath path)
{
    static const bool f16c = readF16c();
    static const bool avx512Bf16 = readAvx512Bf16();
    switch (path) {
    case HardwarePath::F16c: return f16c;
    case HardwarePath::Avx512Bf16: return avx512Bf16;
    case HardwarePath::None: break;
    }
    return true;
}

void hardwareCodes(HardwarePath path, const std::uint32_t* in, std::uint16_t* out, std::size_t n)
{
    switch (path) {
    case HardwarePath::F16c: return f16cCodes(in, out, n);
    case HardwarePath::Avx512Bf16: return bf16Codes(in, out, n);
    case HardwarePath::None: break;
    }
    std::abort();  // callers take their own path where none is chosen
}

void hardwareRound(HardwarePath path, const std::uint32_t* in, std::uint32_t* out, std::size_t n)
{
    switch (path) {
    case HardwarePath::F16c: return f16cRound(in, out, n);
    case HardwarePath::Avx512Bf16: return bf16Round(in, out, n);
    case HardwarePath::None: break;
    }
    std::abort();
}

#else  // no x86 instructions to dispatch to: cpuHas() says so, and nothing else is called

bool cpuHas(HardwarePath path) { return path == HardwarePath::None; }
void hardwareCodes(HardwarePath, const std::uint32_t*, std::uint16_t*, std::size_t) { std::abort(); }
void hardwareRound(HardwarePath, const std::uint32_t*, std::uint32_t*, std::size_t) { std::abort(); }

#endif

}  // namespace floatscope
