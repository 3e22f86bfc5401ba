#include "core/scaling/ScaledRounder.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <functional>

#include "core/exact/ExactValue.h"
#include "core/format/Codec.h"
#include "core/scaling/ScalingKernels.h"

namespace floatscope {

namespace {

mpq_class exactOf(double v)
{
    return ExactValue::fromDouble(v).value();
}

// v = m * 2^e with m < 2^53 a whole number (v finite and > 0).
void split(double v, std::uint64_t& m, std::int64_t& e)
{
    int exponent = 0;
    const double fraction = std::frexp(v, &exponent);  // v = fraction * 2^exponent, fraction in [0.5, 1)
    m = static_cast<std::uint64_t>(std::ldexp(fraction, 53));
    e = exponent - 53;
}

int countLeadingZeros(Uint128 v)
{
    const auto high = static_cast<std::uint64_t>(v >> 64);
    return high != 0 ? std::countl_zero(high) : 64 + std::countl_zero(static_cast<std::uint64_t>(v));
}

// |x| * p / q as the rounding core's input, exactly: the product of the two 53-bit significands
// (at most 106 bits) is shifted to fill 128 bits and divided by q's significand, leaving a
// quotient of at least 75 bits and a remainder that becomes the sticky bit.
Unpacked scaledQuotient(double x, double p, double q)
{
    const bool negative = std::signbit(x);
    if (x == 0)
        return Unpacked::zero(negative);
    std::uint64_t mx = 0;
    std::uint64_t mp = 0;
    std::uint64_t mq = 0;
    std::int64_t ex = 0;
    std::int64_t ep = 0;
    std::int64_t eq = 0;
    split(std::fabs(x), mx, ex);
    split(p, mp, ep);
    split(q, mq, eq);
    Uint128 numerator = Uint128{mx} * mp;
    const int shift = countLeadingZeros(numerator);
    numerator <<= shift;
    const Uint128 quotient = numerator / mq;
    const bool sticky = numerator % mq != 0;
    const int lz = countLeadingZeros(quotient);
    Unpacked u;
    u.kind = Unpacked::Kind::Finite;
    u.negative = negative;
    u.significand = quotient << lz;
    u.exponent = ex + ep - eq - shift + 127 - lz;
    u.sticky = sticky;
    return u;
}

// Significant bits of a positive normal double (53 for anything else, which is safe).
int significantBits(double v)
{
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(v);
    if (!std::isnormal(v))
        return 53;
    return 53 - std::countr_zero((bits & 0x000FFFFFFFFFFFFFull) | 0x0010000000000000ull);
}

// Whether an exact value (as rounding's input) lies above a positive dyadic bound.
bool exceeds(const Unpacked& u, const Dyadic& bound)
{
    if (u.kind != Unpacked::Kind::Finite)
        return u.kind == Unpacked::Kind::Infinite;
    const Unpacked b = Unpacked::finite(false, bound.significand, bound.exponent);
    if (u.exponent != b.exponent)
        return u.exponent > b.exponent;
    if (u.significand != b.significand)
        return u.significand > b.significand;
    return u.sticky;
}

// Round-to-odd into fp64 for formats without a batch path: |x| * p / q with 53 bits, the last one
// odd when anything was discarded; empty where the exact path is needed.
std::optional<double> toOddFp64(double x, double p, double q)
{
    const double a = std::fabs(x);
    const double t = a * p;
    if (a == 0 || std::fma(a, p, -t) != 0 || !(t >= 0x1p-900) || !(t <= 0x1p900))
        return std::nullopt;
    const double yd = t / q;
    if (!(yd >= 0x1p-900) || !(yd <= 0x1p900))
        return std::nullopt;
    const double r = std::fma(-yd, q, t);
    const bool odd = (std::bit_cast<std::uint64_t>(yd) & 1) != 0;
    if (r == 0 || odd)
        return yd;
    return std::nextafter(yd, r > 0 ? HUGE_VAL : 0.0);
}

}  // namespace

mpq_class ScaleFactor::exact() const
{
    return exactOf(factor) * exactOf(factor2) / exactOf(divisor);
}

CodeArray::CodeArray(const Format& format, std::size_t size) : m_narrow(format.totalBits() <= 16)
{
    if (m_narrow)
        m_codes16.resize(size);
    else
        m_codes64.resize(size);
}

void CodeArray::set(std::size_t i, std::uint64_t code)
{
    if (m_narrow)
        m_codes16[i] = static_cast<std::uint16_t>(code);
    else
        m_codes64[i] = code;
}

ScaledRounder::ScaledRounder(const Format& element, RoundingMode mode, OverflowPolicy overflow, std::uint64_t seed,
                             int randomBits)
    : m_format(element), m_seed(seed), m_maxDyadic(element.maxFinite()),
      m_max(ExactValue::fromDyadic(m_maxDyadic).value())
{
    m_maxDouble = std::ldexp(static_cast<double>(m_maxDyadic.significand), static_cast<int>(m_maxDyadic.exponent));
    m_options.mode = mode;
    m_options.overflow = overflow;
    m_options.randomBits = randomBits;
    // The fast path needs a batch plan that rounds fp32 subnormals as they are (so no format with
    // normals below fp32's), a sign bit, and a largest value inside fp32's range.
    if (mode == RoundingMode::Stochastic || element.signBits() == 0 || element.maxExponent() > 127)
        return;
    BatchPlanResult plan = makeBatchPlan(element, mode, overflow);
    if (!plan.plan || plan.plan->normaliseSubnormals)
        return;
    m_plan = plan.plan;
    m_maxBits = std::bit_cast<std::uint32_t>(static_cast<float>(m_maxDouble));  // exact: max fits fp32
}

ScaledRounder::Scaled ScaledRounder::roundOne(double x, const ScaleFactor& scale, std::size_t index) const
{
    // A zero scale (an NVFP4 block scale that rounded to 0) flushes: the signed zero.
    if (scale.factor == 0 || scale.factor2 == 0)
        return {std::signbit(x) ? m_format.signMask() : 0, false};
    RoundOptions options = m_options;
    if (options.mode == RoundingMode::Stochastic) {
        // A draw keyed by (seed, element index): the same element gets the same bits however the
        // tensor is traversed.
        options.random = StochasticSource::mix(m_seed ^ StochasticSource::mix(index + 0x9E3779B97F4A7C15ull));
    }
    const double q = scale.factor * scale.factor2;
    const double p = scale.divisor;
    const bool doubleDenominator = std::isfinite(q) && std::isnormal(q) && std::fma(scale.factor, scale.factor2, -q) == 0;
    // 1. Formats with a batch path: as roundRun does, for one element.
    if (m_plan && doubleDenominator && q >= 0x1p-900 && q <= 0x1p900) {
        std::uint32_t magnitude = 0;
        std::uint8_t slow = 0;
        const std::uint32_t bits = kernels::toOddFp32(x, p, q, magnitude, slow);
        if (slow == 0) {
            std::uint16_t code = 0;
            convertFromFp32Bits(std::span<const std::uint32_t>(&bits, 1), std::span<std::uint16_t>(&code, 1), *m_plan);
            return {code, magnitude > m_maxBits};
        }
    }
    // 2. Formats of up to 51 significant bits: round-to-odd into fp64 keeps the result (53 >= 51 + 2),
    //    and a value of 51 bits is never odd in fp64, so comparisons with max survive too.
    if (doubleDenominator && m_format.mantissaBits() <= 50 && options.mode != RoundingMode::Stochastic) {
        if (const auto odd = toOddFp64(x, p, q)) {
            const double signedOdd = std::signbit(x) ? -*odd : *odd;
            return {roundToFormat(unpackDouble(signedOdd), m_format, options).code, *odd > m_maxDouble};
        }
    }
    // 3. Exactly, with 128-bit integers.
    if (doubleDenominator) {
        const Unpacked y = scaledQuotient(x, p, q);
        return {roundToFormat(y, m_format, options).code, exceeds(y, m_maxDyadic)};
    }
    // 4. The denominator is not one double (an fp64 tensor amax times an E4M3 scale can need 57 bits).
    const mpq_class y = exactOf(x) / scale.exact();
    const ExactValue value = ExactValue::finite(std::signbit(x), abs(y));
    return {roundExact(value, m_format, options).code, abs(y) > m_max};
}

double ScaledRounder::fastDenominator(const ScaleFactor& scale)
{
    const double q = scale.factor * scale.factor2;
    // The product is exact when the two significands together have at most 53 bits (the common
    // case: an E4M3 or power-of-two factor); otherwise ask the FMA.
    const bool exact = significantBits(scale.factor) + significantBits(scale.factor2) <= 53
        || std::fma(scale.factor, scale.factor2, -q) == 0;
    const bool usable = exact && q >= 0x1p-900 && q <= 0x1p900 && scale.divisor >= 0x1p-900 && scale.divisor <= 0x1p900;
    return usable ? q : std::nan("");
}

std::size_t ScaledRounder::roundRun(const double* x, std::size_t n, double p, const double* q, std::size_t firstIndex,
                                    CodeArray& codes, const std::function<ScaleFactor(std::size_t)>& scaleOf) const
{
    std::size_t saturated = 0;
    if (!m_plan || !codes.narrow()) {
        for (std::size_t i = 0; i < n; ++i) {
            const Scaled s = roundOne(x[i], scaleOf(firstIndex + i), firstIndex + i);
            codes.set(firstIndex + i, s.code);
            saturated += s.saturated ? 1 : 0;
        }
        return saturated;
    }
    // In chunks, so the buffers stay in cache: 1. to odd fp32, 2. the batch path, 3. the exact
    // path for the few elements step 1 marked.
    constexpr std::size_t kChunk = 2048;
    std::array<std::uint32_t, kChunk> bits;
    std::array<std::uint8_t, kChunk> slow;
    for (std::size_t start = 0; start < n; start += kChunk) {
        const std::size_t m = std::min(kChunk, n - start);
        std::size_t slowCount = 0;
        saturated += kernels::roundToOddFp32(x + start, m, p, q + start, m_maxBits, bits.data(), slow.data(), slowCount);
        convertFromFp32Bits(std::span<const std::uint32_t>(bits.data(), m),
                            std::span<std::uint16_t>(codes.narrowData() + firstIndex + start, m), *m_plan);
        for (std::size_t i = 0; i < m && slowCount > 0; ++i) {
            if (slow[i] == 0)
                continue;
            const std::size_t index = firstIndex + start + i;
            const Scaled s = roundOne(x[start + i], scaleOf(index), index);
            codes.set(index, s.code);
            saturated += s.saturated ? 1 : 0;
            --slowCount;
        }
    }
    return saturated;
}

}  // namespace floatscope
