// The VDPBF16PS model against Intel's description computed independently with GMP: per step
// round-to-nearest-even(c + a*b) of the exact rational, denormal inputs read as zero, denormal
// results written as zero; the odd element of each pair first.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>

#include "DotTestSupport.h"
#include "core/dot/Vdpbf16psModel.h"

namespace floatscope::dot {
namespace {

bool nan32(std::uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }

std::uint32_t flushDenormal(std::uint32_t x) { return (x & 0x7F800000u) == 0 ? x & 0x80000000u : x; }

// One step, from the exact rational. NaN results are any NaN (the model's choice is checked apart).
std::uint32_t referenceStep(std::uint32_t c, std::uint16_t a, std::uint16_t b)
{
    const Format& fp32 = namedFormat("fp32");
    const ExactValue x = ExactValue::fromCode(fp32, flushDenormal(c));
    const ExactValue y = ExactValue::fromCode(fp32, flushDenormal(std::uint32_t{a} << 16));
    const ExactValue z = ExactValue::fromCode(fp32, flushDenormal(std::uint32_t{b} << 16));
    using Kind = ExactValue::Kind;
    if (x.kind() == Kind::NaN || y.kind() == Kind::NaN || z.kind() == Kind::NaN)
        return 0x7FC00000u;
    const bool productInfinite = y.kind() == Kind::Infinite || z.kind() == Kind::Infinite;
    const bool productNegative = y.negative() != z.negative();
    if (productInfinite && (y.isZero() || z.isZero()))
        return 0x7FC00000u;
    if (productInfinite && x.kind() == Kind::Infinite && x.negative() != productNegative)
        return 0x7FC00000u;
    if (productInfinite)
        return productNegative ? 0xFF800000u : 0x7F800000u;
    if (x.kind() == Kind::Infinite)
        return static_cast<std::uint32_t>(roundExact(x, fp32).code);
    const mpq_class product = y.value() * z.value();
    const mpq_class sum = x.value() + product;
    ExactValue exact = ExactValue::fromRational(sum);
    if (sum == 0)
        exact = ExactValue::finite(x.isZero() && x.negative() && product == 0 && productNegative, 0);
    return flushDenormal(static_cast<std::uint32_t>(roundExact(exact, fp32).code));
}

bool sameResult(std::uint32_t model, std::uint32_t reference)
{
    return model == reference || (nan32(model) && nan32(reference));
}

TEST(Vdpbf16ps, EveryStepIsOneRoundingOfTheExactSumWithDazAndFtz)
{
    std::mt19937_64 rng(1);
    std::uniform_int_distribution<int> exponent(-140, 127);
    for (int i = 0; i < 100000; ++i) {
        auto c = static_cast<std::uint32_t>(rng());
        auto a = static_cast<std::uint16_t>(rng());
        auto b = static_cast<std::uint16_t>(rng());
        if (i % 2 == 0) {
            // Near-cancellation, near-underflow and ties: c close to -a*b.
            const double p = static_cast<double>(std::bit_cast<float>(std::uint32_t{a} << 16))
                * std::bit_cast<float>(std::uint32_t{b} << 16);
            if (std::isfinite(p)) {
                const float nearby = std::nextafter(static_cast<float>(-p), i % 4 == 0 ? 0.0f : 1e30f);
                c = std::bit_cast<std::uint32_t>(nearby) ^ static_cast<std::uint32_t>(rng() & 3);
            }
        }
        ASSERT_TRUE(sameResult(fmaDazFtz(c, a, b), referenceStep(c, a, b)))
            << std::hex << "c " << c << " a " << a << " b " << b << ": model " << fmaDazFtz(c, a, b) << ", reference "
            << referenceStep(c, a, b);
    }
}

// What each documented rule looks like on one lane.
TEST(Vdpbf16ps, TheOddElementComesFirstAndEachStepRounds)
{
    const auto pair = [](double even, double odd) {
        return std::uint32_t{test::code("bf16", even)} | (std::uint32_t{test::code("bf16", odd)} << 16);
    };
    const auto lane = [&](float c, double a0, double a1, double b0, double b1) {
        return std::bit_cast<float>(vdpbf16psLane(std::bit_cast<std::uint32_t>(c), pair(a0, a1), pair(b0, b1)));
    };
    const double t = std::ldexp(1.0, -12);  // t * t = 2^-24: half an ulp of 1 in fp32
    EXPECT_EQ(lane(1.0f, t, t, t, t), 1.0f) << "two ties to even, not one rounding of 1 + 2^-23";
    EXPECT_EQ(lane(1.0f, 1.0078125 * t, t, t, t), 1.0f + 0x1p-23f) << "odd first: 1 + 2^-24 ties to 1, then rounds up";
    EXPECT_EQ(lane(1.0f, t, 1.0078125 * t, t, t), 1.0f + 0x1p-22f) << "odd first rounds up, then the tie goes to even";
    EXPECT_EQ(lane(0x1p30f, -0x1p15, 1.0, 0x1p15, 1.0), 0.0f) << "2^30 + 1 rounds back to 2^30 before -2^30";
    EXPECT_EQ(lane(0x1p-126f, -0x1p-64, 0.0, 0x1p-63, 0.0), 0.0f) << "2^-127 is a denormal result: written as 0";
    EXPECT_EQ(lane(0x1p-127f, 0x1p-60, 0.0, 0x1p-60, 0.0), 0x1p-120f) << "a denormal accumulator reads as 0";
    EXPECT_EQ(lane(1.0f, 0x1p-130, 0.0, 0x1p127, 0.0), 1.0f) << "a denormal bf16 input reads as 0 (else 1.125)";
}

// A whole dot product is the lane's steps in order, from the start value.
TEST(Vdpbf16ps, DotProductIsTheStepsInOrder)
{
    std::mt19937_64 rng(3);
    const Format& bf16 = namedFormat("bf16");
    for (int round = 0; round < 200; ++round) {
        const std::size_t k = rng() % 50;
        const auto a = test::randomFiniteCodes(bf16, k, rng);
        const auto b = test::randomFiniteCodes(bf16, k, rng);
        std::uint32_t acc = std::bit_cast<std::uint32_t>(0.75f);
        for (std::size_t pair = 0; 2 * pair < k; ++pair) {
            const auto at = [&](const std::vector<std::uint32_t>& v, std::size_t i) {
                return static_cast<std::uint16_t>(i < k ? v[i] : 0);
            };
            acc = referenceStep(acc, at(a, 2 * pair + 1), at(b, 2 * pair + 1));
            acc = referenceStep(acc, at(a, 2 * pair), at(b, 2 * pair));
        }
        const DotResult r = test::run(DotInputs{bf16, a, b, 0.75}, test::spec("avx512bf16"));
        EXPECT_TRUE(sameResult(static_cast<std::uint32_t>(r.code), acc)) << round;
    }
}

TEST(Vdpbf16ps, NanResults)
{
    // inf * 0 and inf - inf give x86's default NaN; a NaN operand comes out quiet.
    EXPECT_EQ(fmaDazFtz(0, 0x7F80, 0), 0xFFC00000u);
    EXPECT_EQ(fmaDazFtz(0xFF800000u, 0x7F80, 0x3F80), 0xFFC00000u);
    EXPECT_EQ(fmaDazFtz(0x7F800001u, 0x3F80, 0x3F80), 0x7FC00001u);
}

}  // namespace
}  // namespace floatscope::dot
