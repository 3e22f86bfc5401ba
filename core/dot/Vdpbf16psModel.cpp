#include "core/dot/Vdpbf16psModel.h"

#include <bit>
#include <cmath>

#include "core/arith/ExactArithmetic.h"
#include "core/dot/RoundToOdd.h"
#include "core/exact/ExactValue.h"

namespace floatscope::dot {

namespace {

constexpr std::uint32_t kDefaultNan = 0xFFC00000u;  // x86's "QNaN floating-point indefinite"
constexpr std::uint32_t kQuietBit = 0x00400000u;

bool isNan32(std::uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }
bool isInf32(std::uint32_t x) { return (x & 0x7FFFFFFFu) == 0x7F800000u; }

// DAZ: an fp32 denormal reads as zero of its sign.
std::uint32_t denormalsAsZero(std::uint32_t x)
{
    return (x & 0x7F800000u) == 0 ? (x & 0x80000000u) : x;
}

// make_fp32: a bf16 code in the upper half of an fp32.
std::uint32_t makeFp32(std::uint16_t x) { return std::uint32_t{x} << 16; }

}  // namespace

std::uint32_t fmaDazFtz(std::uint32_t accumulator, std::uint16_t aCode, std::uint16_t bCode)
{
    // 1. Inputs: denormals as zero (bf16 denormals are fp32 denormals after make_fp32).
    const std::uint32_t c = denormalsAsZero(accumulator);
    const std::uint32_t a = denormalsAsZero(makeFp32(aCode));
    const std::uint32_t b = denormalsAsZero(makeFp32(bCode));

    // 2. NaN operands come out quiet; inf * 0 and inf - inf are invalid.
    for (const std::uint32_t x : {a, b, c})
        if (isNan32(x))
            return x | kQuietBit;
    const float fa = std::bit_cast<float>(a);
    const float fb = std::bit_cast<float>(b);
    const float fc = std::bit_cast<float>(c);
    const bool productInfinite = isInf32(a) || isInf32(b);
    if (productInfinite && (fa == 0 || fb == 0))
        return kDefaultNan;
    const bool productNegative = ((a ^ b) >> 31) != 0;
    if (productInfinite) {
        if (isInf32(c) && (c >> 31 != 0) != productNegative)
            return kDefaultNan;
        return productNegative ? 0xFF800000u : 0x7F800000u;
    }
    if (isInf32(c))
        return c;

    // 3. c + a * b rounded once to fp32, nearest even: the product of two 8-bit significands is an
    //    exact double, the sum rounded to odd and then to fp32 (RoundToOdd.h).
    const double product = static_cast<double>(fa) * static_cast<double>(fb);
    const double sum = addToOdd(static_cast<double>(fc), product);
    std::uint32_t result;
    if (sum == 0) {
        // IEEE 754 section 6.3 for nearest-even: -0 only for -0 + -0.
        const bool negative = fc == 0 && product == 0 && std::signbit(fc) && std::signbit(product);
        result = negative ? 0x80000000u : 0;
    } else {
        result = std::bit_cast<std::uint32_t>(static_cast<float>(sum));
    }

    // 4. FTZ: a denormal result is written as zero of its sign.
    return denormalsAsZero(result);
}

std::uint32_t vdpbf16psLane(std::uint32_t accumulator, std::uint32_t pairA, std::uint32_t pairB)
{
    const auto high = [](std::uint32_t pair) { return static_cast<std::uint16_t>(pair >> 16); };
    const auto low = [](std::uint32_t pair) { return static_cast<std::uint16_t>(pair); };
    const std::uint32_t afterOdd = fmaDazFtz(accumulator, high(pairA), high(pairB));
    return fmaDazFtz(afterOdd, low(pairA), low(pairB));
}

std::optional<std::uint32_t> vdpbf16psDot(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                          std::uint32_t start, const RunControl& control, DotTrace* trace,
                                          std::size_t maxSteps)
{
    const std::size_t n = std::min(a.size(), b.size());
    std::uint32_t acc = start;
    const auto element = [&](std::span<const std::uint32_t> v, std::size_t i) {
        return static_cast<std::uint16_t>(i < n ? v[i] : 0);
    };
    for (std::size_t pair = 0; 2 * pair < n; ++pair) {
        // The odd element of the pair first, then the even one.
        for (const std::size_t i : {2 * pair + 1, 2 * pair}) {
            const std::uint32_t before = acc;
            acc = fmaDazFtz(acc, element(a, i), element(b, i));
            if (trace == nullptr || trace->truncated || i >= n)
                continue;
            const auto finiteFp32 = [](std::uint32_t x) { return (x & 0x7F800000u) != 0x7F800000u; };
            const auto finiteBf16 = [](std::uint16_t x) { return (x & 0x7F80u) != 0x7F80u; };
            if (trace->steps.size() >= maxSteps || !finiteFp32(before) || !finiteFp32(acc)
                || !finiteBf16(element(a, i)) || !finiteBf16(element(b, i))) {
                trace->truncated = true;
                continue;
            }
            TraceStep step;
            step.kind = TraceStep::Kind::Add;
            step.first = 2 * pair;  // the pair being added
            step.count = std::min<std::size_t>(2, n - 2 * pair);
            step.term = i;
            step.left = dyadicFromDouble(std::bit_cast<float>(denormalsAsZero(before)));
            step.right = dyadicFromDouble(static_cast<double>(std::bit_cast<float>(denormalsAsZero(makeFp32(element(a, i)))))
                                          * std::bit_cast<float>(denormalsAsZero(makeFp32(element(b, i)))));
            step.exact = ExactValue::fromDyadic(step.left).value() + ExactValue::fromDyadic(step.right).value();
            step.result = dyadicFromDouble(std::bit_cast<float>(acc));
            trace->steps.push_back(std::move(step));
        }
        if ((pair & 0xFFFF) == 0xFFFF) {
            control.report(static_cast<double>(2 * pair) / static_cast<double>(n));
            if (control.cancelled())
                return std::nullopt;
        }
    }
    return acc;
}

}  // namespace floatscope::dot
