// The product hook (core/train/Products.h): every matrix product of a training step goes through the
// run's engine, with its operands already on their formats' grids (so that a device engine converts
// them exactly), the default engine is the BLAS's fp32 products bit for bit, and a failing engine
// stops its run with the engine's reason.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "TrainTestSupport.h"
#include "core/train/Blas.h"

namespace floatscope::train {
namespace {

// What an engine saw, shared by the engines a factory makes.
struct Seen {
    std::size_t calls = 0;
    std::uint64_t multiplyAdds = 0;  // m * n * k summed over the products
    std::map<std::pair<std::string, std::string>, std::size_t> grids;  // (A's format, B's format) -> products
    std::uint64_t offGrid = 0;       // operand values that rounding into their grid would change
};

// The stored matrix of op(X) (rows x cols, `ld` apart): values that are not values of the grid.
std::uint64_t offGrid(const ProductOperand& x, int opRows, int opCols)
{
    const int rows = x.transposed ? opCols : opRows;
    const int cols = x.transposed ? opRows : opCols;
    thread_local std::map<std::string, FloatRounder> rounders;
    auto found = rounders.find(x.grid->name());
    if (found == rounders.end())
        found = rounders.emplace(x.grid->name(), *FloatRounder::make(*x.grid)).first;
    const FloatRounder* round = &found->second;
    std::vector<float> row(static_cast<std::size_t>(cols));
    std::uint64_t count = 0;
    for (int r = 0; r < rows; ++r) {
        const float* in = x.values + static_cast<std::ptrdiff_t>(r) * x.ld;
        round->round({in, row.size()}, row);
        for (int c = 0; c < cols; ++c)
            count += std::bit_cast<std::uint32_t>(row[static_cast<std::size_t>(c)]) != std::bit_cast<std::uint32_t>(in[c]);
    }
    return count;
}

// Counts every product and hands it on to `next`.
class CountingEngine final : public ProductEngine {
public:
    CountingEngine(Seen& seen, ProductEngine& next) : m_seen(seen), m_next(next) {}
    std::string name() const override { return "counting"; }
    void multiply(const Product& p) override
    {
        ++m_seen.calls;
        m_seen.multiplyAdds += static_cast<std::uint64_t>(p.m) * static_cast<std::uint64_t>(p.n)
                             * static_cast<std::uint64_t>(p.k);
        ++m_seen.grids[{p.a.grid->name(), p.b.grid->name()}];
        m_seen.offGrid += offGrid(p.a, p.m, p.k) + offGrid(p.b, p.k, p.n);
        m_next.multiply(p);
    }

private:
    Seen& m_seen;
    ProductEngine& m_next;
};

ProductEngineFactory counting(Seen& seen)
{
    return [&seen](const Recipe&) { return std::make_unique<CountingEngine>(seen, emulatedProducts()); };
}

// The model's products counted from its shape, as Transformer.h writes the passes out: per layer the
// four linear layers (qkv d -> 3d, out d -> d, up d -> hidden, down hidden -> d) and per sequence and
// head QK^T and PV (t x t x dh each); the head d -> V. Backward, each linear layer has two products
// of its forward size (dX, dW) and attention four (dP, dV, dQ, dK).
struct Expected {
    std::size_t calls;
    std::uint64_t multiplyAdds;
};

Expected forwardAndBackward(const TrainConfig& c, int vocabulary)
{
    const std::uint64_t rows = static_cast<std::uint64_t>(c.batch) * c.model.context;
    const std::uint64_t d = c.model.width, h = c.model.hidden, t = c.model.context;
    const std::uint64_t heads = c.model.heads, dh = d / heads, layers = c.model.layers;
    const std::uint64_t sequences = static_cast<std::uint64_t>(c.batch) * heads;
    const std::uint64_t linear = layers * rows * (d * 3 * d + d * d + d * h + h * d) + rows * d * vocabulary;
    const std::uint64_t attention = layers * sequences * t * t * dh;
    return {static_cast<std::size_t>(layers * (4 + 2 * sequences) + 1 + layers * (8 + 4 * sequences) + 2),
            3 * linear + 6 * attention};
}

TrainConfig noValidation(int steps)
{
    TrainConfig c = test::tinyConfig(steps);
    c.evalEvery = steps;  // validated only after the last step
    return c;
}

// A trainer of the tiny model whose products `seen` counts.
Trainer countingTrainer(Seen& seen, const char* recipe)
{
    TrainConfig config = noValidation(3);
    config.products = counting(seen);
    return Trainer(Corpus::builtin(), config, *findPreset(recipe));
}

TEST(Products, EveryProductOfAStepGoesThroughTheRunsEngine)
{
    for (const char* name : {"fp32", "bf16-master", "fp16-amp", "fp8-current"}) {
        Seen seen;
        Trainer trainer = countingTrainer(seen, name);
        EXPECT_EQ(trainer.products().name(), "counting");
        trainer.advance();
        const Expected e = forwardAndBackward(trainer.config(), Corpus::builtin().vocabulary());
        EXPECT_EQ(seen.calls, e.calls) << name;
        EXPECT_EQ(seen.multiplyAdds, e.multiplyAdds) << name;
        EXPECT_EQ(seen.offGrid, 0u) << name << ": an operand reached the engine before its rounding point";
    }
}

TEST(Products, EachProductNamesTheFormatsOfItsOperands)
{
    Seen seen;
    Trainer trainer = countingTrainer(seen, "fp8-current");
    const TrainConfig& config = trainer.config();
    trainer.advance();
    // Per layer: Y = X W in e4m3fn x e4m3fn, dX = dY W^T in e5m2 x e4m3fn, dW = X^T dY in e4m3fn x e5m2;
    // attention and the head in the recipe's 16-bit format (bf16).
    const std::size_t layers = static_cast<std::size_t>(config.model.layers);
    EXPECT_EQ((seen.grids[{"e4m3fn", "e4m3fn"}]), 4 * layers);
    EXPECT_EQ((seen.grids[{"e5m2", "e4m3fn"}]), 4 * layers);
    EXPECT_EQ((seen.grids[{"e4m3fn", "e5m2"}]), 4 * layers);
    const std::size_t sequences = static_cast<std::size_t>(config.batch * config.model.heads);
    EXPECT_EQ((seen.grids[{"bf16", "bf16"}]), layers * 6 * sequences + 3);
    EXPECT_EQ(seen.grids.size(), 4u);
}

TEST(Products, ValidationAndGradientProbesUseTheRunsEngineToo)
{
    Seen seen;
    Trainer trainer = countingTrainer(seen, "bf16-master");
    trainer.validationBitsPerChar();
    const std::size_t validation = seen.calls;
    EXPECT_GT(validation, 0u);
    trainer.probeGradients(*findPreset("fp16-noscale"), 1024.0);
    EXPECT_EQ(seen.calls - validation, forwardAndBackward(trainer.config(), Corpus::builtin().vocabulary()).calls);
    EXPECT_EQ(seen.offGrid, 0u);
}

// An engine whose products are all zero: the logits are zero, so every row's loss is ln(V) exactly
// as the cross-entropy of a uniform guess; the loss is the engine's product, not another one's.
class ZeroEngine final : public ProductEngine {
public:
    std::string name() const override { return "zero"; }
    void multiply(const Product& p) override
    {
        for (int i = 0; i < p.m; ++i)
            std::fill_n(p.c + static_cast<std::ptrdiff_t>(i) * p.ldc, p.n, 0.0f);
    }
};

TEST(Products, TheLossIsMadeOfTheEnginesProducts)
{
    TrainConfig config = noValidation(3);
    config.products = [](const Recipe&) { return std::make_unique<ZeroEngine>(); };
    Trainer trainer(Corpus::builtin(), config, *findPreset("fp32"));
    const StepRecord step = trainer.advance();
    EXPECT_NEAR(step.trainLoss, std::log(static_cast<double>(Corpus::builtin().vocabulary())), 1e-6);
}

// The BLAS itself, called as the passes called it before the hook existed.
class BlasEngine final : public ProductEngine {
public:
    std::string name() const override { return "blas"; }
    void multiply(const Product& p) override
    {
        gemm(p.a.transposed, p.b.transposed, p.m, p.n, p.k, p.a.values, p.a.ld, p.b.values, p.b.ld, 0.0f, p.c, p.ldc);
    }
};

TEST(Products, TheEmulatedEngineIsTheBlasBitForBit)
{
    const TrainConfig plain = test::tinyConfig(6);
    TrainConfig blas = plain;
    blas.products = [](const Recipe&) { return std::make_unique<BlasEngine>(); };
    const std::vector<Recipe> recipes = {*findPreset("bf16-stochastic"), *findPreset("fp16-amp"), *findPreset("fp8-delayed"),
                                         test::recipe("name=block base=bf16-master matmul=fp8 fp8-scaling=block")};
    const std::vector<RunResult> one = runAll(Corpus::builtin(), plain, recipes, {}, nullptr, 1);
    const std::vector<RunResult> two = runAll(Corpus::builtin(), blas, recipes, {}, nullptr, 2);
    for (std::size_t r = 0; r < recipes.size(); ++r) {
        EXPECT_EQ(one[r].products, "emulated");
        EXPECT_EQ(two[r].products, "blas");
        ASSERT_EQ(one[r].steps.size(), two[r].steps.size());
        for (std::size_t s = 0; s < one[r].steps.size(); ++s)
            EXPECT_TRUE(test::identical(one[r].steps[s], two[r].steps[s])) << recipes[r].name << " step " << s + 1;
    }
}

// Fails from the n-th product on, as a device that lost its context would.
class FailingEngine final : public ProductEngine {
public:
    explicit FailingEngine(std::size_t failAt) : m_failAt(failAt) {}
    std::string name() const override { return "failing"; }
    void multiply(const Product& p) override
    {
        if (++m_calls < m_failAt) {
            emulatedProducts().multiply(p);
            return;
        }
        m_failure = "cudaErrorLaunchFailure";
        for (int i = 0; i < p.m; ++i)
            std::fill_n(p.c + static_cast<std::ptrdiff_t>(i) * p.ldc, p.n, NAN);
    }
    std::string failure() const override { return m_failure; }

private:
    std::size_t m_failAt;
    std::size_t m_calls = 0;
    std::string m_failure;
};

TEST(Products, AFailingEngineEndsItsRunWithTheReasonAndTheStepsBefore)
{
    TrainConfig config = test::tinyConfig(6);
    config.evalEvery = 100;
    const std::size_t perStep = forwardAndBackward(config, Corpus::builtin().vocabulary()).calls;
    config.products = [perStep](const Recipe&) { return std::make_unique<FailingEngine>(2 * perStep + 5); };
    const RunResult r = run(Corpus::builtin(), config, *findPreset("bf16-master"));
    EXPECT_EQ(r.steps.size(), 2u);
    EXPECT_EQ(r.productFailure, "cudaErrorLaunchFailure");
    EXPECT_FALSE(r.finalValBitsPerChar);
    EXPECT_FALSE(r.cancelled);
    for (const StepRecord& s : r.steps)
        EXPECT_TRUE(std::isfinite(s.trainLoss));
}

}  // namespace
}  // namespace floatscope::train
