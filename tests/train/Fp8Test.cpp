// fp8 casts and scaled products: each element against the scalar path applied to Transformer
// Engine's arithmetic (x * scale in fp32, then the format, saturating), the per-block scales of
// DeepSeek-V3's tiles and blocks, the products against fp64 sums, and delayed scaling's history.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "TrainTestSupport.h"
#include "core/train/Fp8.h"

namespace floatscope::train {
namespace {

const Format& e4m3 = namedFormat("e4m3fn");

FloatRounder saturating(const Format& f)
{
    return *FloatRounder::make(f, RoundingMode::NearestEven, OverflowPolicy::Saturate);
}

std::vector<float> matrix(std::size_t rows, std::size_t cols, unsigned seed)
{
    std::mt19937 rng(seed);
    std::lognormal_distribution<float> magnitude(0.0f, 2.0f);
    std::vector<float> x(rows * cols);
    for (float& v : x)
        v = (rng() & 1 ? -1.0f : 1.0f) * magnitude(rng);
    x[5] = 0.0f;
    return x;
}

TEST(Fp8, PerTensorCastIsTransformerEnginesArithmetic)
{
    const std::vector<float> x = matrix(7, 50, 1);
    Fp8Operand stats;
    const ScaledMatrix q = quantize(x.data(), 7, 50, 0, 0, saturating(e4m3), 448.0f, std::nullopt, stats);
    float amax = 0;
    for (const float v : x)
        amax = std::max(amax, std::fabs(v));
    const float scale = 448.0f / amax;
    EXPECT_EQ(stats.amax, amax);
    EXPECT_EQ(stats.scale, scale);
    ASSERT_EQ(q.scaleInv.size(), 1u);
    EXPECT_EQ(q.scaleInv[0], 1.0f / scale);
    std::uint64_t flushed = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const float scaled = x[i] * scale;
        ASSERT_EQ(q.values[i], test::roundScalar(e4m3, scaled, test::withMode(RoundingMode::NearestEven,
                                                                               OverflowPolicy::Saturate)))
            << i;
        flushed += x[i] != 0 && q.values[i] == 0 ? 1 : 0;
    }
    EXPECT_EQ(stats.flushed, flushed);
    EXPECT_GT(flushed, 0u);  // a log-normal spread of 2 sigma has values below 2^-9 of amax
    EXPECT_EQ(stats.elements, x.size());
}

// A fixed (delayed) scale below what the amax needs: the elements above 448 saturate and are counted.
TEST(Fp8, DelayedScaleSaturatesAndCounts)
{
    const std::vector<float> x = {1.0f, -1000.0f, 500.0f, 2.0f};
    Fp8Operand stats;
    const ScaledMatrix q = quantize(x.data(), 1, 4, 0, 0, saturating(e4m3), 448.0f, 1.0f, stats);
    EXPECT_EQ(stats.saturated, 2u);
    EXPECT_EQ(q.values[1], -448.0f);
    EXPECT_EQ(q.values[2], 448.0f);
    EXPECT_EQ(q.scaleInv[0], 1.0f);
}

TEST(Fp8, TilesHaveTheirOwnScales)
{
    const std::size_t rows = 3;
    const std::size_t cols = 300;  // tiles of 128, 128 and 44
    std::vector<float> x = matrix(rows, cols, 2);
    Fp8Operand stats;
    const ScaledMatrix q = quantize(x.data(), rows, cols, 1, 128, saturating(e4m3), 448.0f, std::nullopt, stats);
    ASSERT_EQ(q.scaleInv.size(), 9u);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t tile = 0; tile < 3; ++tile) {
            float amax = 0;
            for (std::size_t c = tile * 128; c < std::min(cols, tile * 128 + 128); ++c)
                amax = std::max(amax, std::fabs(x[r * cols + c]));
            EXPECT_EQ(q.scaleInv[r * 3 + tile], 1.0f / (448.0f / amax));
            for (std::size_t c = tile * 128; c < std::min(cols, tile * 128 + 128); ++c)
                EXPECT_EQ(q.values[r * cols + c], test::roundScalar(e4m3, x[r * cols + c] * (448.0f / amax)));
        }
}

// The scaled product equals the fp64 sum of the dequantized operands' products up to fp32's
// rounding, per tensor and with K split into blocks of 128 (transposed operands included).
TEST(Fp8, ScaledProductsAgreeWithFp64Sums)
{
    const std::size_t m = 5;
    const std::size_t k = 300;
    const std::size_t n = 130;
    const std::vector<float> a = matrix(m, k, 3);
    const std::vector<float> bt = matrix(n, k, 4);  // B^T, so that B is used transposed
    Fp8Operand stats;
    const FloatRounder r = saturating(e4m3);
    for (const bool block : {false, true}) {
        const ScaledMatrix qa = quantize(a.data(), m, k, block ? 1 : 0, block ? 128 : 0, r, 448.0f, {}, stats);
        const ScaledMatrix qb = quantize(bt.data(), n, k, block ? 128 : 0, block ? 128 : 0, r, 448.0f, {}, stats);
        std::vector<float> c(m * n);
        scaledProduct(emulatedProducts(), qa, false, qb, true, block ? 128 : k, c.data());
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < n; ++j) {
                double sum = 0;
                double size = 0;
                for (std::size_t p = 0; p < k; ++p) {
                    const double term = static_cast<double>(qa.values[i * k + p]) * qa.scaleInvAt(i, p)
                                      * qb.values[j * k + p] * qb.scaleInvAt(j, p);
                    sum += term;
                    size += std::fabs(term);
                }
                ASSERT_NEAR(c[i * n + j], sum, 1e-5 * size) << (block ? "block " : "tensor ") << i << "," << j;
            }
    }
}

TEST(Fp8, AmaxHistoryKeepsTheLastSteps)
{
    AmaxHistory h(3);
    EXPECT_FALSE(h.largest());
    for (const float a : {5.0f, 1.0f, 2.0f})
        h.record(a);
    EXPECT_EQ(*h.largest(), 5.0f);
    h.record(3.0f);  // 5 leaves the window
    EXPECT_EQ(*h.largest(), 3.0f);
}

TEST(Fp8, RecipesReportAmaxScaleAndSaturation)
{
    Trainer current(Corpus::builtin(), test::tinyConfig(), *findPreset("fp8-current"));
    const StepRecord c = current.advance();
    ASSERT_TRUE(c.fp8Forward && c.fp8Backward);
    EXPECT_EQ(static_cast<float>(c.fp8Forward->scale), 448.0f / static_cast<float>(c.fp8Forward->amax));
    EXPECT_EQ(static_cast<float>(c.fp8Backward->scale), 57344.0f / static_cast<float>(c.fp8Backward->amax));
    EXPECT_LT(c.fp8Forward->saturatedShare, 1e-3);
    Trainer delayed(Corpus::builtin(), test::tinyConfig(), *findPreset("fp8-delayed"));
    const StepRecord d = delayed.advance();
    EXPECT_EQ(d.fp8Forward->scale, 1.0);  // no history yet
    const StepRecord d2 = delayed.advance();
    EXPECT_NE(d2.fp8Forward->scale, 1.0);
    EXPECT_FALSE(Trainer(Corpus::builtin(), test::tinyConfig(), *findPreset("bf16-master")).advance().fp8Forward);
}

}  // namespace
}  // namespace floatscope::train
