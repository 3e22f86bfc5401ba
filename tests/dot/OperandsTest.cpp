// Operands and the exact sum: every code decoded as GMP reads it, every product exact, and the
// binned exact sum equal to GMP's rational sum on terms spanning each format's whole range.
#include <gtest/gtest.h>

#include <random>

#include "DotTestSupport.h"
#include "core/arith/ExactArithmetic.h"
#include "core/dot/Operands.h"

namespace floatscope::dot {
namespace {

TEST(Operands, EveryCodeDecodesAsGmpReadsIt)
{
    for (const char* name : {"bf16", "fp16", "e4m3fn", "e5m2", "e2m1", "e8m0", "tf32", "fp32"}) {
        const Format& f = namedFormat(name);
        const OperandDecoder decoder(f);
        std::mt19937_64 rng(3);
        const std::uint64_t count = f.totalBits() <= 16 ? f.codeMask() + 1 : 200000;
        for (std::uint64_t i = 0; i < count; ++i) {
            const auto code = static_cast<std::uint32_t>(f.totalBits() <= 16 ? i : rng() & f.codeMask());
            const Operand o = decoder(code);
            const ExactValue v = ExactValue::fromCode(f, code);
            ASSERT_EQ(o.valueClass, f.classify(code)) << name << " " << code;
            if (!v.isFinite())
                continue;
            const mpq_class scaled = mpq_class(o.significand) * (o.exponent - f.mantissaBits() >= 0
                ? mpq_class(mpz_class(1) << (o.exponent - f.mantissaBits()))
                : mpq_class(1, mpz_class(1) << (f.mantissaBits() - o.exponent)));
            ASSERT_EQ(o.negative ? mpq_class(-scaled) : scaled, v.value()) << name << " " << code;
            ASSERT_EQ(ExactValue::fromDouble(o.value).value(), v.value()) << name << " " << code;
        }
    }
}

TEST(ExactSum, EqualsGmpsSumAcrossTheWholeRange)
{
    std::mt19937_64 rng(8);
    for (const char* name : {"bf16", "fp16", "e5m2", "fp32", "e8m0"}) {
        const Format& f = namedFormat(name);
        const OperandDecoder decoder(f);
        for (int round = 0; round < 20; ++round) {
            const std::size_t k = 1 + rng() % 3000;
            const auto a = test::randomFiniteCodes(f, k, rng);
            const auto b = test::randomFiniteCodes(f, k, rng);
            ExactSum sum(f);
            mpq_class reference = 0;
            const double start = round % 2 == 0 ? 0.0 : -0x1.fffffep127;
            sum.add(dyadicFromDouble(start));
            reference += ExactValue::fromDouble(start).value();
            for (std::size_t i = 0; i < k; ++i) {
                sum.add(multiply(decoder(a[i]), decoder(b[i]), f.mantissaBits()));
                reference += test::exactProduct(f, a[i], b[i]);
            }
            ASSERT_EQ(sum.value().value(), reference) << name << " round " << round;
        }
    }
}

// addProducts sums short products in double bins first (exact below 2^(51 - 2M) products a bin):
// random codes over the whole range, and towers of the largest products that cancel to leave the
// smallest, against GMP.
TEST(ExactSum, AddProductsInDoubleBinsEqualsGmp)
{
    std::mt19937_64 rng(81);
    for (const char* name : {"bf16", "fp16", "e5m2", "e4m3fn", "e2m1"}) {
        const Format& f = namedFormat(name);
        const OperandDecoder decoder(f);
        ASSERT_NE(decoder.table(), nullptr) << name;
        const auto largest = static_cast<std::uint32_t>(f.maxFiniteMagnitude());
        for (int round = 0; round < 12; ++round) {
            const std::size_t k = 1 + rng() % 20000;
            auto a = test::randomFiniteCodes(f, k, rng);
            auto b = test::randomFiniteCodes(f, k, rng);
            if (round % 3 == 0)
                for (std::size_t i = 0; i + 1 < k; i += 3) {  // max * max, then -(max * max)
                    a[i] = b[i] = b[i + 1] = largest;
                    a[i + 1] = largest | static_cast<std::uint32_t>(f.signMask());
                }
            mpq_class reference = 0;
            for (std::size_t i = 0; i < k; ++i)
                reference += test::exactProduct(f, a[i], b[i]);
            ExactSum sum(f);
            sum.add(dyadicFromDouble(0.75));
            sum.addProducts(decoder, a, b);
            ASSERT_EQ(sum.value().value(), reference + mpq_class(3, 4)) << name << " round " << round;
        }
    }
}

TEST(ExactSum, NonFiniteTermsFollowIeee)
{
    const Format& bf16 = namedFormat("bf16");
    const OperandDecoder d(bf16);
    ExactSum s(bf16);
    s.add(multiply(d(0x7F80), d(0x3F80), 7));  // inf * 1
    EXPECT_EQ(s.value().kind(), ExactValue::Kind::Infinite);
    s.add(multiply(d(0xFF80), d(0x3F80), 7));  // + (-inf)
    EXPECT_EQ(s.value().kind(), ExactValue::Kind::NaN);
    ExactSum z(bf16);
    z.add(multiply(d(0x7F80), d(0x0000), 7));  // inf * 0
    EXPECT_EQ(z.value().kind(), ExactValue::Kind::NaN);
}

}  // namespace
}  // namespace floatscope::dot
