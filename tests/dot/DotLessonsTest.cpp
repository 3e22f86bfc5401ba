// The operators lab's inner-product lessons: generated inputs, error against K, the stalled sum of
// ones and what promotion does to it; relative errors checked against GMP.
#include <gtest/gtest.h>

#include <cmath>

#include "DotTestSupport.h"
#include "core/dot/DotLessons.h"

namespace floatscope::dot {
namespace {

using test::spec;

TEST(DotLessons, InputsAreReplayableValuesOfTheFormat)
{
    const DotInputs a = generateInputs(namedFormat("e4m3fn"), Distribution::Heavy, 1000, 42);
    const DotInputs b = generateInputs(namedFormat("e4m3fn"), Distribution::Heavy, 1000, 42);
    EXPECT_EQ(a.a, b.a);
    EXPECT_EQ(a.b, b.b);
    EXPECT_NE(a.a, generateInputs(namedFormat("e4m3fn"), Distribution::Heavy, 1000, 43).a);
    for (const std::uint32_t c : a.a)
        EXPECT_NE(namedFormat("e4m3fn").classify(c), ValueClass::NaN) << "heavy tails saturate, never NaN";
    const DotInputs u = generateInputs(namedFormat("bf16"), Distribution::Uniform, 1000, 1);
    for (const std::uint32_t c : u.a) {
        const double v = nearestDouble(ExactValue::fromCode(namedFormat("bf16"), c));
        EXPECT_TRUE(v > 0 && v <= 1) << v;
    }
    for (const std::uint32_t c : generateInputs(namedFormat("fp16"), Distribution::Ones, 10, 1).b)
        EXPECT_EQ(c, 0x3C00u);
}

TEST(DotLessons, ErrorAgainstKIsTheExactRelativeError)
{
    ErrorSweep sweep{namedFormat("bf16"), Distribution::Uniform, 7, 4, 12, {spec("bf16"), spec("fp32"), spec("fp16")}};
    const ErrorSweepResult r = errorVersusK(sweep);
    ASSERT_FALSE(r.error);
    ASSERT_EQ(r.curves.size(), 3u);
    for (const ErrorCurve& curve : r.curves) {
        ASSERT_EQ(curve.points.size(), 9u);
        for (const ErrorPoint& p : curve.points) {
            const mpq_class q = abs(p.value.value() - p.exact.value()) / abs(p.exact.value());
            EXPECT_EQ(*p.relativeError, nearestDouble(ExactValue::fromRational(q)));
        }
    }
    // A bf16 accumulator of positive products loses far more than fp32 as K grows.
    EXPECT_GT(*r.curves[0].points.back().relativeError, 1e-2);
    EXPECT_LT(*r.curves[1].points.back().relativeError, 1e-5);
    // Each K's exact value is the first K products': the curves share their inputs.
    EXPECT_EQ(r.curves[0].points[3].exact, r.curves[1].points[3].exact);
}

TEST(DotLessons, OnesCurveShowsTheStall)
{
    ErrorSweep sweep{namedFormat("bf16"), Distribution::Ones, 1, 4, 12, {spec("bf16"), spec("fp16")}};
    const ErrorSweepResult r = errorVersusK(sweep);
    for (const ErrorPoint& p : r.curves[0].points)
        EXPECT_EQ(nearestDouble(p.value), std::min<double>(static_cast<double>(p.k), 256));
    for (const ErrorPoint& p : r.curves[1].points)
        EXPECT_EQ(nearestDouble(p.value), std::min<double>(static_cast<double>(p.k), 2048));
}

TEST(DotLessons, OnesStallWhereThePrecisionEnds)
{
    const Format& bf16 = namedFormat("bf16");
    const auto b = onesStall(bf16, spec("bf16"), 1 << 16);
    ASSERT_TRUE(b);
    EXPECT_EQ(b->k, 257u);
    EXPECT_EQ(nearestDouble(b->value), 256);
    const auto h = onesStall(bf16, spec("fp16"), 1 << 16);
    ASSERT_TRUE(h);
    EXPECT_EQ(h->k, 2049u);
    EXPECT_EQ(nearestDouble(h->value), 2048);
    Accumulator promoted = spec("bf16");
    promoted.promoteEvery = 128;
    EXPECT_FALSE(onesStall(bf16, promoted, 1 << 16)) << "promotion into fp32 keeps counting";
    EXPECT_FALSE(onesStall(bf16, spec("fp32"), 1 << 16));
    // H100's fp8 adder keeps 13 fraction bits: 1 + ... + 1 stops at 2^14 (16384), then truncates.
    const auto fp8 = onesStall(namedFormat("e4m3fn"), spec("h100-fp8"), 1 << 16);
    ASSERT_TRUE(fp8);
    EXPECT_EQ(fp8->k, 16385u);
    EXPECT_EQ(nearestDouble(fp8->value), 16384);
}

// DeepSeek-V3's remedy (section 3.3.2): H100 sums fp8 products with 13 fraction bits, truncating,
// so the error of a long sum grows with K; promoted into fp32 every 128 products, it stays at the
// error of one 128-product partial sum, whatever K.
TEST(DotLessons, PromotionEvery128StopsTheErrorGrowingWithK)
{
    Accumulator promoted = spec("h100-fp8");
    promoted.promoteEvery = 128;
    ErrorSweep sweep{namedFormat("e4m3fn"), Distribution::Uniform, 3, 10, 16, {spec("h100-fp8"), promoted}};
    const ErrorSweepResult r = errorVersusK(sweep);
    const auto error = [&](std::size_t curve, std::size_t point) { return *r.curves[curve].points[point].relativeError; };
    EXPECT_GT(error(0, 6), 20 * error(0, 0)) << "K = 2^16 against K = 2^10, without promotion";
    EXPECT_GT(error(0, 6), 0.01);
    EXPECT_LT(error(1, 6), 2 * error(1, 0)) << "with promotion";
    EXPECT_LT(error(1, 6), std::ldexp(1.0, -10));
}

TEST(DotLessons, CancelStopsTheSweep)
{
    std::atomic<bool> cancel{true};
    ErrorSweep sweep{namedFormat("bf16"), Distribution::Normal, 1, 4, 20, {spec("bf16")}};
    const ErrorSweepResult r = errorVersusK(sweep, RunControl{&cancel, {}});
    EXPECT_TRUE(r.cancelled || r.curves.size() == 1);
    ErrorSweep bad{namedFormat("fp32"), Distribution::Normal, 1, 4, 6, {spec("h100-fp8")}};
    EXPECT_EQ(errorVersusK(bad).error->kind, DotErrorKind::PresetInputs);
}

// e8m0 holds scales: no sign, no zero. As inputs or as the sum it is refused by name, in every
// sweep, rather than summed into NaN or aborting.
TEST(DotLessons, AnUnsignedFormatIsRefusedAsInputsAndAsTheSum)
{
    const Format& e8m0 = namedFormat("e8m0");
    ASSERT_EQ(e8m0.signBits(), 0);
    EXPECT_FALSE(acceptsInputs(e8m0));
    for (const Format& f : namedFormats()) {
        if (f.signBits() == 1 && f.mantissaBits() <= 10) {
            EXPECT_TRUE(acceptsInputs(f)) << f.name();
        }
    }
    for (const char* accumulator : {"e8m0", "e8m0:toward-zero", "e8m0:nearest-even:pairwise"}) {
        const auto refused = checkDot(namedFormat("bf16"), spec(accumulator));
        ASSERT_TRUE(refused) << accumulator;
        EXPECT_EQ(refused->kind, DotErrorKind::ResultUnsigned) << accumulator;
        EXPECT_EQ(refused->detail, "e8m0");
        ErrorSweep sweep{namedFormat("bf16"), Distribution::Normal, 1, 0, 3, {spec("fp32"), spec(accumulator)}};
        const ErrorSweepResult r = errorVersusK(sweep);
        ASSERT_TRUE(r.error);
        EXPECT_EQ(r.error->kind, DotErrorKind::ResultUnsigned);
        EXPECT_TRUE(r.curves.empty());
        EXPECT_FALSE(onesStall(namedFormat("bf16"), spec(accumulator), 4096));
    }
    const auto inputs = checkDot(e8m0, spec("fp32"));
    ASSERT_TRUE(inputs);
    EXPECT_EQ(inputs->kind, DotErrorKind::InputsUnsigned);
    const auto outcome = innerProduct(DotInputs{namedFormat("fp16"), {0x3C00}, {0x3C00}, 0}, spec("e8m0"));
    ASSERT_TRUE(outcome && std::holds_alternative<DotError>(*outcome));
    EXPECT_EQ(std::get<DotError>(*outcome).kind, DotErrorKind::ResultUnsigned);
}

}  // namespace
}  // namespace floatscope::dot
