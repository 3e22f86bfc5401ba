// Each role's rounding applied where the recipe says, on a tiny model: the storage, the master
// copy, the gradients, Adam's moments, the update's rounding and loss scaling. The check is the
// engine's scalar path: a value belongs to a format when rounding it there changes nothing.
#include <gtest/gtest.h>

#include <cmath>

#include "TrainTestSupport.h"

namespace floatscope::train {
namespace {

const Format& bf16 = namedFormat("bf16");
const Format& fp16 = namedFormat("fp16");

Trainer trained(const Recipe& recipe, int steps, TrainConfig config = test::tinyConfig())
{
    Trainer t(Corpus::builtin(), config, recipe);
    for (int i = 0; i < steps; ++i)
        t.advance();
    return t;
}

TEST(Roles, ParamsAreStoredInTheirFormat)
{
    const Trainer pure = trained(test::recipe("name=t params=bf16"), 3);
    EXPECT_EQ(test::notInFormat(pure.parameters(), bf16), 0u);
    EXPECT_TRUE(pure.masterParameters().empty());
    const Trainer fp32 = trained(*findPreset("fp32"), 3);
    EXPECT_GT(test::notInFormat(fp32.parameters(), bf16), fp32.parameters().size() / 2);
}

// With a master the optimizer updates fp32 values, and the storage is the master rounded to nearest.
TEST(Roles, MasterIsFp32AndTheStorageItsRounding)
{
    const Trainer t = trained(test::recipe("name=t params=bf16 master=fp32"), 3);
    const auto master = t.masterParameters();
    const auto stored = t.parameters();
    ASSERT_EQ(master.size(), stored.size());
    EXPECT_GT(test::notInFormat(master, bf16), master.size() / 2);
    for (std::size_t i = 0; i < master.size(); ++i)
        ASSERT_EQ(stored[i], test::roundScalar(bf16, master[i])) << i;
}

TEST(Roles, GradientsAreHeldInTheirFormat)
{
    Trainer t = trained(*findPreset("fp32"), 2);
    const GradientProbe g16 = t.probeGradients(test::recipe("name=t grads=fp16"), 1.0);
    EXPECT_EQ(test::notInFormat(g16.gradients, fp16), 0u);
    EXPECT_GT(g16.zones.nonzero, 0u);
    const GradientProbe g32 = t.probeGradients(*findPreset("fp32"), 1.0);
    EXPECT_GT(test::notInFormat(g32.gradients, fp16), g32.gradients.size() / 4);
}

TEST(Roles, AdamMomentsAreStoredInTheirFormats)
{
    const Trainer t = trained(test::recipe("name=t adam-m=bf16 adam-v=fp16"), 3);
    EXPECT_EQ(test::notInFormat(t.optimizer().firstMoment(), bf16), 0u);
    EXPECT_EQ(test::notInFormat(t.optimizer().secondMoment(), fp16), 0u);
    const Trainer fp32 = trained(*findPreset("fp32"), 3);
    EXPECT_GT(test::notInFormat(fp32.optimizer().firstMoment(), bf16), 0u);
}

// The gains start at 1.0, where bf16's neighbours are 1 - 2^-8 and 1 + 2^-7. Adam's first steps
// move a weight by about the learning rate (1e-3) plus the decay (1e-4): less than half a gap, so
// nearest-even keeps every gain at 1 (the update is absorbed), while stochastic rounding moves a
// gain with probability update / gap, about a quarter; the same seed replays the same draws.
TEST(Roles, TheUpdatesRoundingIsNearestOrStochastic)
{
    TrainConfig config = test::tinyConfig(3);
    config.peakLearningRate = config.finalLearningRate = 1e-3;
    Trainer nearest(Corpus::builtin(), config, test::recipe("name=t params=bf16"));
    Trainer stochastic(Corpus::builtin(), config, test::recipe("name=t params=bf16 update=stochastic"));
    Trainer again(Corpus::builtin(), config, test::recipe("name=t params=bf16 update=stochastic"));
    for (int i = 0; i < 3; ++i) {
        const StepRecord n = nearest.advance();
        const StepRecord s = stochastic.advance();
        again.advance();
        EXPECT_LT(s.absorbedShare, n.absorbedShare);
    }
    std::size_t gains = 0;
    std::size_t movedNearest = 0;
    std::size_t movedStochastic = 0;
    for (const TensorSlot& t : nearest.layout().tensors())
        if (t.kind == TensorKind::Gain)
            for (std::size_t i = t.offset; i < t.offset + t.size(); ++i) {
                ++gains;
                movedNearest += nearest.parameters()[i] != 1.0f ? 1 : 0;
                movedStochastic += stochastic.parameters()[i] != 1.0f ? 1 : 0;
            }
    EXPECT_EQ(movedNearest, 0u);
    EXPECT_GT(movedStochastic, gains / 10);
    EXPECT_LT(movedStochastic, gains);
    EXPECT_TRUE(std::equal(stochastic.parameters().begin(), stochastic.parameters().end(),
                           again.parameters().begin()));
}

// fp16 gradients without loss scaling lose the small ones; S = 2^12 lifts them into range.
TEST(Roles, StaticLossScaleLiftsGradientsOutOfUnderflow)
{
    Trainer t = trained(*findPreset("fp32"), 2);
    const GradientProbe plain = t.probeGradients(test::recipe("name=t grads=fp16"), 1.0);
    const GradientProbe scaled = t.probeGradients(test::recipe("name=t grads=fp16 loss-scale=4096"), 4096.0);
    ASSERT_GT(plain.zones.flushed, 0u);
    EXPECT_LT(scaled.zones.flushed * 10, plain.zones.flushed);
    Trainer run(Corpus::builtin(), test::tinyConfig(), test::recipe("name=t grads=fp16 loss-scale=4096"));
    const StepRecord r = run.advance();
    EXPECT_EQ(r.lossScale, 4096.0);
    EXPECT_FALSE(r.skipped);
}

// Dynamic scaling from a scale that overflows fp16: each overflowing step is skipped and halves the
// scale; after `interval` good steps in a row it doubles.
TEST(Roles, DynamicLossScaleSkipsOverflowsAndGrows)
{
    Trainer t(Corpus::builtin(), test::tinyConfig(40),
              test::recipe("name=t grads=fp16 loss-scale=dynamic scale-initial=1099511627776 scale-interval=3"));
    std::vector<StepRecord> steps;
    for (int i = 0; i < 40; ++i)
        steps.push_back(t.advance());
    ASSERT_TRUE(steps[0].skipped);
    EXPECT_GT(steps[0].overflowShare, 0.0);
    std::size_t first = 0;
    while (steps[first].skipped)
        ++first;
    for (std::size_t i = 1; i <= first; ++i)
        EXPECT_EQ(steps[i].lossScale, steps[i - 1].lossScale / 2);
    EXPECT_LT(steps[first].lossScale, 65504.0 * 64);
    // Parameters do not move on a skipped step.
    int grew = 0;
    for (std::size_t i = first + 1; i < steps.size(); ++i)
        grew += steps[i].lossScale == 2 * steps[i - 1].lossScale ? 1 : 0;
    EXPECT_GT(grew, 0);
}

TEST(Roles, SkippedStepsLeaveTheParametersAlone)
{
    Trainer t(Corpus::builtin(), test::tinyConfig(2), test::recipe("name=t grads=fp16 loss-scale=1099511627776"));
    const std::vector<float> before(t.parameters().begin(), t.parameters().end());
    const StepRecord r = t.advance();
    EXPECT_TRUE(r.skipped);
    EXPECT_TRUE(std::equal(before.begin(), before.end(), t.parameters().begin()));
}

}  // namespace
}  // namespace floatscope::train
