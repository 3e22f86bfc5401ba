#include "core/batch/FloatRounder.h"

#include <algorithm>
#include <array>

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
