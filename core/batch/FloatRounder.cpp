#include "core/batch/FloatRounder.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "core/batch/StochasticKernel.h"
#include "core/format/Registry.h"

// As batch/Batch.cpp: AVX-512, AVX2 and baseline versions of the loops, picked at load time.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(FLOATSCOPE_NO_CLONES)
#define FLOATSCOPE_ROUNDER_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define FLOATSCOPE_ROUNDER_CLONES
#endif

namespace floatscope {

namespace {

// Arrays are rounded in chunks through a local code buffer, so that `in` and `out` may alias and
// both loops still vectorise (they never read what the other writes).
constexpr std::size_t kChunk = 1024;

typedef std::uint32_t __attribute__((may_alias)) AliasedBits;

template <int Mode, bool Normalise>
FLOATSCOPE_ROUNDER_CLONES void codesLoop(const AliasedBits* in, std::uint32_t* codes, std::size_t n, BatchPlan plan)
{
    for (std::size_t i = 0; i < n; ++i)
        codes[i] = convertFp32Bits<Mode, Normalise>(in[i], plan);
}

FLOATSCOPE_ROUNDER_CLONES void codesLoopNearestEven(const AliasedBits* in, std::uint32_t* codes, std::size_t n,
                                                    BatchPlan plan)
{
    for (std::size_t i = 0; i < n; ++i)
        codes[i] = convertFp32BitsNearestEven(in[i], plan);
}

template <bool Normalise>
FLOATSCOPE_ROUNDER_CLONES void codesLoopStochastic(const AliasedBits* in, std::uint32_t* codes, std::size_t n,
                                                   BatchPlan plan, std::uint64_t seed, std::uint64_t firstIndex)
{
    for (std::size_t i = 0; i < n; ++i)
        codes[i] = convertFp32BitsStochastic<Normalise>(
            in[i], FloatRounder::randomFor(seed, firstIndex + i), FloatRounder::kRandomBits, plan);
}

FLOATSCOPE_ROUNDER_CLONES void decodeShift(const std::uint32_t* codes, AliasedBits* out, std::size_t n, int shift)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = codes[i] << shift;
}

FLOATSCOPE_ROUNDER_CLONES void decodeTable(const std::uint32_t* codes, float* out, std::size_t n, const float* table)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = table[codes[i]];
}

// Nearest-even from fp32 bits to the rounded value's fp32 bits, the rule of
// convertFp32BitsNearestEven (batch/BatchKernel.h) without the code between: in the format's normal
// range, adding half an ulp less one plus the kept last bit and masking rounds at the format's last
// bit, the carry running into the exponent; below it, the FPU rounds |x| + 2^(emin - M + 23) at the
// format's subnormal quantum. What overflows, infinities and NaNs become is read from the two-pass
// path when the rounder is made; the exhaustive sweeps compare both paths on every fp32 input.
// Subnormal: false for a format with fp32's exponent (bf16, tf32), whose subnormals are fp32's
// and round in the bits as its normals do.
template <bool Subnormal>
inline std::uint32_t fusedNearestEven(std::uint32_t x, const FloatRounder::Fused& f)
{
    const std::uint32_t a = x & 0x7FFFFFFFu;
    const std::uint32_t s = x & 0x80000000u;
    const std::uint32_t keep = ~((1u << f.shift) - 1u);
    const std::uint32_t normal = (a + ((1u << (f.shift - 1)) - 1u) + ((a >> f.shift) & 1u)) & keep;
    std::uint32_t magnitude = normal;
    if constexpr (Subnormal) {
        const std::uint32_t subnormal =
            std::bit_cast<std::uint32_t>((std::bit_cast<float>(a) + f.subnormalMagic) - f.subnormalMagic);
        magnitude = a < f.minNormalBits ? subnormal : normal;
    }
    std::uint32_t result = magnitude | (magnitude != 0 ? s : s & f.zeroSign);
    result = magnitude > f.maxFiniteBits ? (s != 0 ? f.overflowNegative : f.overflowPositive) : result;
    result = a > 0x7F800000u ? f.nanBits | (s & f.nanSign) | (a & f.nanPayload) : result;
    return result;
}

// Stochastic rounding for a format with fp32's exponent, where every input (an fp32 subnormal
// too) discards the same `shift` low bits: StochasticKernel.h rounds up iff the 32 bits below the
// kept last bit, plus the 32 random bits, reach 2^32, which is iff the discarded bits plus the top
// `shift` random bits carry into the kept last bit. So: add those random bits and mask.
inline std::uint32_t fusedStochastic(std::uint32_t x, std::uint32_t random, const FloatRounder::Fused& f)
{
    const std::uint32_t a = x & 0x7FFFFFFFu;
    const std::uint32_t s = x & 0x80000000u;
    const std::uint32_t magnitude = (a + (random >> (32 - f.shift))) & ~((1u << f.shift) - 1u);
    std::uint32_t result = magnitude | (magnitude != 0 ? s : s & f.zeroSign);
    result = magnitude > f.maxFiniteBits ? (s != 0 ? f.overflowNegative : f.overflowPositive) : result;
    result = a > 0x7F800000u ? f.nanBits | (s & f.nanSign) | (a & f.nanPayload) : result;
    return result;
}

FLOATSCOPE_ROUNDER_CLONES void fusedStochasticLoop(const AliasedBits* __restrict in, AliasedBits* __restrict out,
                                                   std::size_t n, FloatRounder::Fused f, std::uint64_t seed,
                                                   std::uint64_t firstIndex)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = fusedStochastic(in[i], static_cast<std::uint32_t>(FloatRounder::randomFor(seed, firstIndex + i)), f);
}

FLOATSCOPE_ROUNDER_CLONES void fusedStochasticLoopInPlace(AliasedBits* values, std::size_t n, FloatRounder::Fused f,
                                                          std::uint64_t seed, std::uint64_t firstIndex)
{
    for (std::size_t i = 0; i < n; ++i)
        values[i] = fusedStochastic(values[i], static_cast<std::uint32_t>(FloatRounder::randomFor(seed, firstIndex + i)), f);
}

template <bool Subnormal>
FLOATSCOPE_ROUNDER_CLONES void fusedLoop(const AliasedBits* __restrict in, AliasedBits* __restrict out,
                                         std::size_t n, FloatRounder::Fused f)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = fusedNearestEven<Subnormal>(in[i], f);
}

template <bool Subnormal>
FLOATSCOPE_ROUNDER_CLONES void fusedLoopInPlace(AliasedBits* values, std::size_t n, FloatRounder::Fused f)
{
    for (std::size_t i = 0; i < n; ++i)
        values[i] = fusedNearestEven<Subnormal>(values[i], f);
}

template <int Mode>
void codesFor(const AliasedBits* in, std::uint32_t* codes, std::size_t n, const BatchPlan& plan)
{
    if (plan.normaliseSubnormals)
        codesLoop<Mode, true>(in, codes, n, plan);
    else
        codesLoop<Mode, false>(in, codes, n, plan);
}

void codes(const AliasedBits* in, std::uint32_t* codes, std::size_t n, const BatchPlan& plan, RoundingMode mode,
           std::uint64_t seed, std::uint64_t firstIndex)
{
    using namespace batch_detail;
    if (mode == RoundingMode::Stochastic) {
        if (plan.normaliseSubnormals)
            return codesLoopStochastic<true>(in, codes, n, plan, seed, firstIndex);
        return codesLoopStochastic<false>(in, codes, n, plan, seed, firstIndex);
    }
    if (plan.nearestEvenFastPath)
        return codesLoopNearestEven(in, codes, n, plan);
    switch (plan.mode) {
    case kNearestEven: return codesFor<kNearestEven>(in, codes, n, plan);
    case kNearestAway: return codesFor<kNearestAway>(in, codes, n, plan);
    case kTowardZero: return codesFor<kTowardZero>(in, codes, n, plan);
    case kUp: return codesFor<kUp>(in, codes, n, plan);
    case kDown: return codesFor<kDown>(in, codes, n, plan);
    case kToOdd: return codesFor<kToOdd>(in, codes, n, plan);
    default: break;
    }
}

}  // namespace

std::optional<FloatRounder> FloatRounder::make(const Format& format, RoundingMode mode,
                                               std::optional<OverflowPolicy> overflow)
{
    FloatRounder r(format, mode);
    if (format == namedFormat("fp32")) {
        r.m_identity = true;  // an fp32 input is its own value in every mode
        return r;
    }
    const bool fp32Exponent = format.exponentBits() == 8 && format.bias() == 127
                           && format.convention() == Convention::Ieee && format.mantissaBits() < 23;
    if (fp32Exponent) {
        r.m_decodeShift = 23 - format.mantissaBits();
    } else {
        const std::optional<DecodeTable> table = DecodeTable::make(format);
        if (!table)
            return std::nullopt;  // wider than 16 bits, or values outside fp32
        auto values = std::make_shared<std::vector<float>>(std::size_t{1} << format.totalBits());
        for (std::size_t code = 0; code < values->size(); ++code)
            (*values)[code] = (*table)[static_cast<std::uint16_t>(code)];
        r.m_table = std::move(values);
    }
    BatchPlanResult plan = makeWideBatchPlan(format, mode, overflow);
    if (!plan.plan)
        return std::nullopt;
    r.m_plan = *plan.plan;
    const bool stochastic = mode == RoundingMode::Stochastic && fp32Exponent;
    if ((mode == RoundingMode::NearestEven && r.m_plan.nearestEvenFastPath) || stochastic) {
        // The one-pass path's constants, from the two-pass path it stands for.
        const auto twoPass = [&r](std::uint32_t bits) {
            float value = std::bit_cast<float>(bits);
            r.roundInChunks({&value, 1}, {&value, 1}, 0, 0);
            return std::bit_cast<std::uint32_t>(value);
        };
        Fused f;
        f.shift = static_cast<std::uint32_t>(23 - format.mantissaBits());
        f.minNormalBits = r.m_plan.minNormalBits;
        f.subnormalMagic = std::bit_cast<float>(r.m_plan.subnormalMagic);
        f.maxFiniteBits = r.m_decodeShift >= 0 ? r.m_plan.maxMagnitude << r.m_decodeShift
                                               : std::bit_cast<std::uint32_t>((*r.m_table)[r.m_plan.maxMagnitude]);
        f.zeroSign = r.m_plan.zeroSignMask != 0 ? 0x80000000u : 0u;
        f.overflowPositive = twoPass(0x7F800000u);
        f.overflowNegative = twoPass(0xFF800000u);
        f.nanBits = twoPass(0x7F800001u);  // a NaN whose payload the format keeps none of
        f.nanSign = (twoPass(0xFF800001u) ^ f.nanBits) & 0x80000000u;
        f.nanPayload = r.m_plan.nanPayloadMask << f.shift;
        r.m_fused = f;
    }
    return r;
}

void FloatRounder::round(std::span<const float> in, std::span<float> out, std::uint64_t seed,
                         std::uint64_t firstIndex) const
{
    const std::size_t n = std::min(in.size(), out.size());
    if (m_identity) {
        if (in.data() != out.data())
            std::copy_n(in.data(), n, out.data());
        return;
    }
    if (m_fused) {
        const auto* from = reinterpret_cast<const AliasedBits*>(in.data());
        auto* to = reinterpret_cast<AliasedBits*>(out.data());
        const auto source = reinterpret_cast<std::uintptr_t>(in.data());
        const auto target = reinterpret_cast<std::uintptr_t>(out.data());
        const std::uintptr_t bytes = n * sizeof(float);
        const bool stochastic = m_mode == RoundingMode::Stochastic;
        const bool subnormal = m_fused->minNormalBits > 0x00800000u;  // below fp32's smallest normal: bits
        if (source == target) {
            if (stochastic)
                return fusedStochasticLoopInPlace(to, n, *m_fused, seed, firstIndex);
            return subnormal ? fusedLoopInPlace<true>(to, n, *m_fused) : fusedLoopInPlace<false>(to, n, *m_fused);
        }
        if (source + bytes <= target || target + bytes <= source) {  // apart: neither reads what the other writes
            if (stochastic)
                return fusedStochasticLoop(from, to, n, *m_fused, seed, firstIndex);
            return subnormal ? fusedLoop<true>(from, to, n, *m_fused) : fusedLoop<false>(from, to, n, *m_fused);
        }
    }
    roundInChunks(in, out, seed, firstIndex);
}

void FloatRounder::roundInChunks(std::span<const float> in, std::span<float> out, std::uint64_t seed,
                                 std::uint64_t firstIndex) const
{
    const std::size_t n = std::min(in.size(), out.size());
    std::array<std::uint32_t, kChunk> buffer;
    for (std::size_t start = 0; start < n; start += kChunk) {
        const std::size_t count = std::min(kChunk, n - start);
        codes(reinterpret_cast<const AliasedBits*>(in.data() + start), buffer.data(), count, m_plan, m_mode, seed,
              firstIndex + start);
        if (m_decodeShift >= 0)
            decodeShift(buffer.data(), reinterpret_cast<AliasedBits*>(out.data() + start), count, m_decodeShift);
        else
            decodeTable(buffer.data(), out.data() + start, count, m_table->data());
    }
}

}  // namespace floatscope
