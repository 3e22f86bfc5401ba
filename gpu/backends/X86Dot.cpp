#include "gpu/backends/X86Dot.h"

#if defined(__x86_64__) && defined(__AVX512BF16__)

#include <immintrin.h>

namespace floatscope::gpu {

void vdpbf16psLanes(const std::uint32_t* acc, const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* out,
                    std::size_t n)
{
    for (std::size_t i = 0; i < n; i += 16) {
        const auto mask = static_cast<__mmask16>(n - i >= 16 ? 0xFFFF : (1u << (n - i)) - 1);
        const __m512 c = _mm512_castsi512_ps(_mm512_maskz_loadu_epi32(mask, acc + i));
        const __m512bh x = reinterpret_cast<__m512bh>(_mm512_maskz_loadu_epi32(mask, a + i));
        const __m512bh y = reinterpret_cast<__m512bh>(_mm512_maskz_loadu_epi32(mask, b + i));
        _mm512_mask_storeu_epi32(out + i, mask, _mm512_castps_si512(_mm512_dpbf16_ps(c, x, y)));
    }
}

void vdpbf16psDots(std::size_t count, std::size_t pairs, const std::uint32_t* a, const std::uint32_t* b,
                   std::uint32_t* out)
{
    // Sixteen inner products side by side, one per lane; lane l gathers its pair p from l * pairs + p.
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i stride = _mm512_mullo_epi32(lanes, _mm512_set1_epi32(static_cast<int>(pairs)));
    for (std::size_t t = 0; t < count; t += 16) {
        const auto mask = static_cast<__mmask16>(count - t >= 16 ? 0xFFFF : (1u << (count - t)) - 1);
        __m512 acc = _mm512_setzero_ps();
        for (std::size_t p = 0; p < pairs; ++p) {
            const __m512i index = _mm512_add_epi32(stride, _mm512_set1_epi32(static_cast<int>(p)));
            const std::uint32_t* rowA = a + t * pairs;
            const std::uint32_t* rowB = b + t * pairs;
            const __m512i x = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), mask, index, rowA, 4);
            const __m512i y = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), mask, index, rowB, 4);
            acc = _mm512_dpbf16_ps(acc, reinterpret_cast<__m512bh>(x), reinterpret_cast<__m512bh>(y));
        }
        _mm512_mask_storeu_epi32(out + t, mask, _mm512_castps_si512(acc));
    }
}

}  // namespace floatscope::gpu

#else

namespace floatscope::gpu {

// Built without AVX512-BF16 support in the compiler: never called (cpuHasAvx512Bf16() is false).
void vdpbf16psLanes(const std::uint32_t*, const std::uint32_t*, const std::uint32_t*, std::uint32_t*, std::size_t) {}
void vdpbf16psDots(std::size_t, std::size_t, const std::uint32_t*, const std::uint32_t*, std::uint32_t*) {}

}  // namespace floatscope::gpu

#endif
