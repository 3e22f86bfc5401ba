#include "core/batch/FloatRounder.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
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

// The one-pass loops spend a score of instructions on each cache line, too many for the CPU to keep
// enough loads in flight when the arrays stream from L3 or memory: each block of elements asks
// for the next block's lines before it is rounded.
constexpr std::size_t kStreamBlock = 2048;  // 8 KiB

inline void prefetchFor(const AliasedBits* next, std::size_t count)
{
    for (std::size_t i = 0; i < count; i += 64 / sizeof(std::uint32_t))
        __builtin_prefetch(next + i);
}

// What every one-pass result shares once the magnitude is rounded: the input's sign (a zero keeps
// it only where the format has -0), then what overflows and NaNs become, read from the two-pass path
// when the rounder is made.
template <bool NegativeZero>
inline std::uint32_t finish(std::uint32_t x, std::uint32_t magnitude, const FloatRounder::Fused& f)
{
    const std::uint32_t s = x & 0x80000000u;
    std::uint32_t result = magnitude | (NegativeZero || magnitude != 0 ? s : 0u);
    result = magnitude > f.maxFiniteBits ? f.overflowBits | (x & f.overflowSign) : result;
    result = (x & 0x7FFFFFFFu) > 0x7F800000u ? f.nanBits | (x & f.nanKeeps) : result;
    return result;
}

// Nearest-even from fp32 bits to the rounded value's fp32 bits, the rule of
// convertFp32BitsNearestEven (batch/BatchKernel.h) without the code between: in the format's normal
// range, adding half an ulp less one plus the kept last bit and masking rounds at the format's last
// bit, the carry running into the exponent; below it, the FPU rounds |x| + 2^(emin - M + 23) at the
// format's subnormal quantum. The exhaustive sweeps compare both paths on every fp32 input.
// Subnormal: false for a format with fp32's exponent (bf16, tf32), whose subnormals are fp32's
// and round in the bits as its normals do.
template <bool Subnormal, bool NegativeZero>
inline std::uint32_t fusedNearestEven(std::uint32_t x, const FloatRounder::Fused& f)
{
    const std::uint32_t a = x & 0x7FFFFFFFu;
    const std::uint32_t keep = ~((1u << f.shift) - 1u);
    std::uint32_t magnitude = (a + ((1u << (f.shift - 1)) - 1u) + ((a >> f.shift) & 1u)) & keep;
    if constexpr (Subnormal) {
        const std::uint32_t subnormal =
            std::bit_cast<std::uint32_t>((std::bit_cast<float>(a) + f.subnormalMagic) - f.subnormalMagic);
        magnitude = a < f.minNormalBits ? subnormal : magnitude;
    }
    return finish<NegativeZero>(x, magnitude, f);
}

// Stochastic rounding, StochasticKernel.h's rule with 32 random bits, from fp32 bits to the rounded
// value's. In the format's normal range every input discards the same `shift` low bits and rounds
// up iff the 32 bits below its kept last bit, plus the random bits, reach 2^32: iff the discarded
// bits plus the top `shift` random bits carry into the kept last bit. So: add those and mask.
// Below it (Subnormal), the input discards d = shift + (the smallest normal's exponent - its own)
// bits of its significand: q = sig >> d quanta are kept, the 32 bits below them (zeros past the
// significand) are the fraction, and it rounds up iff fraction + random carries out of 32 bits;
// q + up quanta are exact in fp32.
template <bool Subnormal, bool NegativeZero>
inline std::uint32_t fusedStochastic(std::uint32_t x, std::uint32_t random, const FloatRounder::Fused& f)
{
    const std::uint32_t a = x & 0x7FFFFFFFu;
    std::uint32_t magnitude = (a + (random >> (32 - f.shift))) & ~((1u << f.shift) - 1u);
    if constexpr (Subnormal) {
        const std::uint32_t field = a >> 23;
        const std::uint32_t sig = (a & 0x007FFFFFu) | (field != 0 ? 0x00800000u : 0u);
        // Wraps for the inputs in the normal range, whose result this is not.
        const std::uint32_t d = f.shift + (f.minNormalBits >> 23) - (field != 0 ? field : 1u);
        const std::uint32_t q = d < 32 ? sig >> d : 0u;
        const std::uint32_t fraction = d < 32 ? (sig << (31 - d)) << 1 : (d - 32 < 32 ? sig >> (d - 32) : 0u);
        const std::uint32_t up = fraction + random < fraction ? 1u : 0u;
        const float value = static_cast<float>(static_cast<std::int32_t>(q + up)) * f.quantum;
        magnitude = a < f.minNormalBits ? std::bit_cast<std::uint32_t>(value) : magnitude;
    }
    return finish<NegativeZero>(x, magnitude, f);
}

template <bool Subnormal, bool NegativeZero>
FLOATSCOPE_ROUNDER_CLONES void fusedStochasticLoop(const AliasedBits* __restrict in, AliasedBits* __restrict out,
                                                   std::size_t n, FloatRounder::Fused f, std::uint64_t seed,
                                                   std::uint64_t firstIndex)
{
    constexpr std::uint64_t step = FloatRounder::kKeyStep;
    std::uint64_t key = seed + firstIndex * step;  // randomFor's key, stepped rather than multiplied
    for (std::size_t i = 0; i < n; ++i, key += step) {
        const auto random = static_cast<std::uint32_t>(StochasticSource::mix(key));
        out[i] = fusedStochastic<Subnormal, NegativeZero>(in[i], random, f);
    }
}

template <bool Subnormal, bool NegativeZero>
FLOATSCOPE_ROUNDER_CLONES void fusedStochasticLoopInPlace(AliasedBits* values, std::size_t n, FloatRounder::Fused f,
                                                          std::uint64_t seed, std::uint64_t firstIndex)
{
    constexpr std::uint64_t step = FloatRounder::kKeyStep;
    std::uint64_t key = seed + firstIndex * step;
    for (std::size_t i = 0; i < n; ++i, key += step) {
        const auto random = static_cast<std::uint32_t>(StochasticSource::mix(key));
        values[i] = fusedStochastic<Subnormal, NegativeZero>(values[i], random, f);
    }
}

template <bool Subnormal, bool NegativeZero>
FLOATSCOPE_ROUNDER_CLONES void fusedLoop(const AliasedBits* __restrict in, AliasedBits* __restrict out,
                                         std::size_t n, FloatRounder::Fused f)
{
    for (std::size_t start = 0; start < n; start += kStreamBlock) {
        const std::size_t end = std::min(n, start + kStreamBlock);
        prefetchFor(in + end, std::min(n - end, kStreamBlock));
        for (std::size_t i = start; i < end; ++i)
            out[i] = fusedNearestEven<Subnormal, NegativeZero>(in[i], f);
    }
}

template <bool Subnormal, bool NegativeZero>
FLOATSCOPE_ROUNDER_CLONES void fusedLoopInPlace(AliasedBits* values, std::size_t n, FloatRounder::Fused f)
{
    for (std::size_t start = 0; start < n; start += kStreamBlock) {
        const std::size_t end = std::min(n, start + kStreamBlock);
        prefetchFor(values + end, std::min(n - end, kStreamBlock));
        for (std::size_t i = start; i < end; ++i)
            values[i] = fusedNearestEven<Subnormal, NegativeZero>(values[i], f);
    }
}

// The one-pass loop for the rounder's format and mode; `in` is null for in place.
template <bool Subnormal, bool NegativeZero>
void onePass(const AliasedBits* in, AliasedBits* out, std::size_t n, const FloatRounder::Fused& f, bool stochastic,
             std::uint64_t seed, std::uint64_t firstIndex)
{
    if (stochastic) {
        if (in == nullptr)
            return fusedStochasticLoopInPlace<Subnormal, NegativeZero>(out, n, f, seed, firstIndex);
        return fusedStochasticLoop<Subnormal, NegativeZero>(in, out, n, f, seed, firstIndex);
    }
    if (in == nullptr)
        return fusedLoopInPlace<Subnormal, NegativeZero>(out, n, f);
    fusedLoop<Subnormal, NegativeZero>(in, out, n, f);
}

void onePass(const AliasedBits* in, AliasedBits* out, std::size_t n, const FloatRounder::Fused& f, bool stochastic,
             std::uint64_t seed, std::uint64_t firstIndex)
{
    const bool subnormal = f.minNormalBits > 0x00800000u;  // else: every input rounds in the bits
    if (subnormal && f.negativeZero)
        return onePass<true, true>(in, out, n, f, stochastic, seed, firstIndex);
    if (subnormal)
        return onePass<true, false>(in, out, n, f, stochastic, seed, firstIndex);
    if (f.negativeZero)
        return onePass<false, true>(in, out, n, f, stochastic, seed, firstIndex);
    onePass<false, false>(in, out, n, f, stochastic, seed, firstIndex);
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
    // One pass serves the formats with a sign whose fp32 subnormal inputs need no normalising (every
    // named format but e8m0), nearest-even and stochastic.
    const bool onePass = !r.m_plan.normaliseSubnormals && r.m_plan.unsignedFormat == 0
                      && (mode == RoundingMode::NearestEven || mode == RoundingMode::Stochastic);
    if (onePass) {
        // The one-pass path's constants, from the two-pass path it stands for.
        const auto twoPass = [&r](std::uint32_t bits) {
            float value = std::bit_cast<float>(bits);
            r.roundInChunks({&value, 1}, {&value, 1}, 0, 0);
            return std::bit_cast<std::uint32_t>(value);
        };
        Fused f;
        f.shift = static_cast<std::uint32_t>(23 - format.mantissaBits());
        f.minNormalBits = static_cast<std::uint32_t>(format.minExponent() + 127) << 23;
        f.subnormalMagic = std::ldexp(1.0f, format.minExponent() - format.mantissaBits() + 23);
        f.quantum = std::ldexp(1.0f, format.minExponent() - format.mantissaBits());
        f.maxFiniteBits = r.m_decodeShift >= 0 ? r.m_plan.maxMagnitude << r.m_decodeShift
                                               : std::bit_cast<std::uint32_t>((*r.m_table)[r.m_plan.maxMagnitude]);
        f.negativeZero = r.m_plan.zeroSignMask != 0;
        f.overflowBits = twoPass(0x7F800000u);
        f.overflowSign = (twoPass(0xFF800000u) ^ f.overflowBits) & 0x80000000u;
        f.nanBits = twoPass(0x7F800001u);  // a NaN whose payload the format keeps none of
        f.nanKeeps = ((twoPass(0xFF800001u) ^ f.nanBits) & 0x80000000u) | (r.m_plan.nanPayloadMask << f.shift);
        // finish() takes what a negative overflow or NaN becomes to be the positive one's value,
        // or it with the input's sign; every format's is (else: the two-pass path).
        const bool signOnly = twoPass(0xFF800000u) == (f.overflowBits | f.overflowSign)
                           && twoPass(0xFF800001u) == (f.nanBits | (f.nanKeeps & 0x80000000u));
        if (signOnly)
            r.m_fused = f;
    }
    r.m_hardware = r.m_plan.hardware;
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
    const auto source = reinterpret_cast<std::uintptr_t>(in.data());
    const auto target = reinterpret_cast<std::uintptr_t>(out.data());
    const std::uintptr_t bytes = n * sizeof(float);
    const bool same = source == target;
    const bool apart = source + bytes <= target || target + bytes <= source;  // neither reads what the other writes
    if (!same && !apart) {
        roundInChunks(in, out, seed, firstIndex);
        return;
    }
    auto* to = reinterpret_cast<AliasedBits*>(out.data());
    if (m_hardware != HardwarePath::None)
        return hardwareRound(m_hardware, reinterpret_cast<const std::uint32_t*>(in.data()),
                             reinterpret_cast<std::uint32_t*>(out.data()), n);
    if (m_fused)
        return onePass(same ? nullptr : reinterpret_cast<const AliasedBits*>(in.data()), to, n, *m_fused,
                       m_mode == RoundingMode::Stochastic, seed, firstIndex);
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
