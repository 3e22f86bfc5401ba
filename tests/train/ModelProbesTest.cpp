// The training lab's model for the other lessons (core/train/ModelProbes.h): the trained weights are
// the fp32 run's at step k, the loss-scaling column (lecture 10, demo 3) is ||g_S - g32|| / ||g32||
// of the real backward pass, summed here again in MPFR from gradients probed independently, and the
// gap against the learning rate for several recipes is the one-recipe sweep's. Recipe files are read
// only when they are regular files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include <mpfr.h>
#include <sys/stat.h>
#include <unistd.h>

#include "TrainTestSupport.h"
#include "core/train/ModelProbes.h"

namespace floatscope::train {
namespace {

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

TEST(TrainedWeights, AreTheFp32RunsParametersAtStepK)
{
    const TrainConfig config = test::tinyConfig(6);
    Trainer trainer(Corpus::builtin(), config, *findPreset("fp32"));
    for (int k = 0; k < 4; ++k)
        trainer.advance();
    const auto weights = trainedWeights(config, 4);
    ASSERT_TRUE(weights);
    ASSERT_EQ(weights->size(), trainer.parameters().size());
    for (std::size_t i = 0; i < weights->size(); ++i)
        ASSERT_TRUE(sameBits((*weights)[i], trainer.parameters()[i])) << i;
}

// At step 0 the norms' gains are exactly 1.0 (the trap the lesson is about) and nothing else is.
TEST(TrainedWeights, StepZeroIsTheInitialWeightsWithGainsAtOne)
{
    const TrainConfig config = test::tinyConfig(3);
    const auto weights = trainedWeights(config, 0);
    ASSERT_TRUE(weights);
    ModelShape shape = config.model;
    shape.vocabulary = Corpus::builtin().vocabulary();
    const ParameterLayout layout(shape);
    std::size_t gains = 0;
    for (const TensorSlot& t : layout.tensors())
        gains += t.kind == TensorKind::Gain ? t.size() : 0;
    EXPECT_EQ(static_cast<std::size_t>(std::count(weights->begin(), weights->end(), 1.0)), gains);
    const std::vector<float> initial = initialParameters(layout, config.seed);
    EXPECT_TRUE(std::equal(weights->begin(), weights->end(), initial.begin()));
    const auto later = trainedWeights(config, 3);
    EXPECT_LT(std::count(later->begin(), later->end(), 1.0), static_cast<std::ptrdiff_t>(gains)) << "gains moved";
}

TEST(TrainedWeights, CancelReturnsNothingAndProgressReachesOne)
{
    const TrainConfig config = test::tinyConfig(5);
    std::atomic<bool> cancel{true};
    EXPECT_FALSE(trainedWeights(config, 5, &cancel));
    double last = 0;
    int calls = 0;
    EXPECT_TRUE(trainedWeights(config, 5, nullptr, [&](double share) {
        EXPECT_GE(share, last);
        last = share;
        ++calls;
    }));
    EXPECT_EQ(calls, 5);
    EXPECT_EQ(last, 1.0);
}

TEST(BackwardRecipe, HoldsEveryRoleInTheFormatOrNone)
{
    const auto fp16 = backwardRecipe(namedFormat("fp16"));
    ASSERT_TRUE(fp16);
    EXPECT_EQ(fp16->params.name(), "fp16");
    EXPECT_EQ(fp16->matmul.name(), "fp16");
    EXPECT_EQ(fp16->attention.name(), "fp16");
    EXPECT_EQ(fp16->gradients.name(), "fp16");
    EXPECT_EQ(fp16->lossScale.kind, LossScaleKind::None);
    EXPECT_EQ(backwardRecipe(namedFormat("bf16"))->gradients.name(), "bf16");
    EXPECT_FALSE(backwardRecipe(namedFormat("e8m0")));  // no zero
    EXPECT_FALSE(backwardRecipe(namedFormat("fp64")));  // wider than fp32
}

// ||a - b|| / ||b|| with every square and sum in 512-bit MPFR.
double mpfrRelativeError(const std::vector<float>& a, const std::vector<float>& b)
{
    mpfr_t diff, ref, term;
    mpfr_inits2(512, diff, ref, term, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_zero(diff, 1);
    mpfr_set_zero(ref, 1);
    for (std::size_t i = 0; i < a.size(); ++i) {
        mpfr_set_flt(term, a[i], MPFR_RNDN);
        mpfr_sub_d(term, term, static_cast<double>(b[i]), MPFR_RNDN);  // exact at 512 bits
        mpfr_sqr(term, term, MPFR_RNDN);
        mpfr_add(diff, diff, term, MPFR_RNDN);
        mpfr_set_flt(term, b[i], MPFR_RNDN);
        mpfr_sqr(term, term, MPFR_RNDN);
        mpfr_add(ref, ref, term, MPFR_RNDN);
    }
    mpfr_div(diff, diff, ref, MPFR_RNDN);
    mpfr_sqrt(diff, diff, MPFR_RNDN);
    const double out = mpfr_get_d(diff, MPFR_RNDN);
    mpfr_clears(diff, ref, term, static_cast<mpfr_ptr>(nullptr));
    return out;
}

// Lecture 10's demo 3 on the lab's model at step 20: the column of relative errors against fp32, and
// the shares flushed and overflowed, are those of fp16 backward passes probed here on a trainer of
// our own and measured in MPFR.
TEST(ModelGradients, RelativeErrorColumnAgainstAnIndependentSum)
{
    const TrainConfig config = test::lessonConfig();
    const std::vector<int> scales = lossScaleSweep();
    const auto model = modelGradients(namedFormat("fp16"), config, 20, scales);
    ASSERT_TRUE(model);
    ASSERT_EQ(model->scales.size(), scales.size());

    Trainer trainer(Corpus::builtin(), config, *findPreset("fp32"));
    for (int k = 0; k < 20; ++k)
        trainer.advance();
    const std::vector<float> fp32 = trainer.probeGradients(*findPreset("fp32"), 1.0).gradients;
    ASSERT_EQ(model->gradients.size(), fp32.size());
    for (std::size_t i = 0; i < fp32.size(); ++i)
        ASSERT_TRUE(sameBits(model->gradients[i], fp32[i])) << i;
    Recipe fp16 = *findPreset("fp16-noscale");  // fp16 everywhere, no loss scale
    for (std::size_t s = 0; s < scales.size(); ++s) {
        const std::vector<float> g = trainer.probeGradients(fp16, std::ldexp(1.0, scales[s])).gradients;
        std::size_t flushed = 0;
        std::size_t infinite = 0;
        for (std::size_t i = 0; i < g.size(); ++i) {
            flushed += g[i] == 0 && fp32[i] != 0 ? 1 : 0;
            infinite += std::isfinite(g[i]) ? 0 : 1;
        }
        const ScaleProbe& row = model->scales[s];
        EXPECT_EQ(row.flushedShare, static_cast<double>(flushed) / static_cast<double>(g.size())) << scales[s];
        EXPECT_EQ(row.overflowShare, static_cast<double>(infinite) / static_cast<double>(g.size())) << scales[s];
        if (infinite > 0) {
            EXPECT_FALSE(row.relativeError) << scales[s];
            continue;
        }
        ASSERT_TRUE(row.relativeError) << scales[s];
        EXPECT_NEAR(*row.relativeError, mpfrRelativeError(g, fp32), 1e-12 * mpfrRelativeError(g, fp32)) << scales[s];
    }
    // The lecture's shape: the error falls from 2^0 to 2^12 and 2^24 overflows.
    EXPECT_LT(*model->scales[3].relativeError, *model->scales[0].relativeError);
    EXPECT_GT(model->scales[0].flushedShare, model->scales[3].flushedShare);
    EXPECT_GT(model->scales[6].overflowShare, 0.0);
}

TEST(ModelGradients, FillTheLossScalingTablesBackwardColumn)
{
    const TrainConfig config = test::tinyConfig(4);
    const auto model = modelGradients(namedFormat("fp16"), config, 2, lossScaleSweep());
    ASSERT_TRUE(model);
    const LossScalingData d = lossScalingOfModel(namedFormat("fp16"), *model, 8, DynamicScalingSetup{});
    EXPECT_EQ(d.modelStep, 2);
    EXPECT_TRUE(d.fromValues);
    EXPECT_EQ(d.valueCount, static_cast<std::int64_t>(model->gradients.size()));
    ASSERT_EQ(d.sweep.size(), model->scales.size());
    for (std::size_t s = 0; s < d.sweep.size(); ++s) {
        ASSERT_TRUE(d.sweep[s].backward);
        EXPECT_EQ(d.sweep[s].backward->relativeError, model->scales[s].relativeError);
        EXPECT_EQ(d.sweep[s].backward->flushedShare, model->scales[s].flushedShare);
    }
    // A format that cannot hold the model's roles still shows the window, without the column.
    const auto e8m0 = modelGradients(namedFormat("e8m0"), config, 2, lossScaleSweep());
    ASSERT_TRUE(e8m0);
    EXPECT_TRUE(e8m0->scales.empty());
    EXPECT_EQ(e8m0->gradients, model->gradients);
    EXPECT_FALSE(lossScalingOfModel(namedFormat("e8m0"), *e8m0, 0, DynamicScalingSetup{}).sweep[0].backward);
}

TEST(GapsAgainstLearningRate, ShareTheReferenceAndMatchOneRecipeSweeps)
{
    const TrainConfig config = test::tinyConfig(4);
    const std::vector<double> peaks = {3e-4, 3e-3};
    const Recipe fp32 = *findPreset("fp32");
    const std::vector<Recipe> recipes = {*findPreset("bf16-pure"), *findPreset("fp16-pure")};
    int runs = 0;
    std::set<std::size_t> indices;
    const auto both = gapsAgainstLearningRate(Corpus::builtin(), config, recipes, fp32, peaks,
                                              [&](std::size_t run, const StepRecord& r) {
                                                  indices.insert(run);
                                                  runs += r.step == 4 ? 1 : 0;
                                              });
    EXPECT_EQ(runs, 6) << "two peaks, the reference once and two recipes at each";
    EXPECT_EQ(indices, (std::set<std::size_t>{0, 1, 2, 3, 4, 5}));
    ASSERT_EQ(both.size(), 2u);
    for (std::size_t r = 0; r < recipes.size(); ++r) {
        const auto one = gapAgainstLearningRate(Corpus::builtin(), config, recipes[r], fp32, peaks);
        ASSERT_EQ(both[r].size(), one.size());
        for (std::size_t i = 0; i < one.size(); ++i) {
            EXPECT_EQ(both[r][i].peak, peaks[i]);
            EXPECT_TRUE(sameBits(*both[r][i].gap, *one[i].gap)) << recipes[r].name << " at " << peaks[i];
            EXPECT_TRUE(sameBits(both[r][i].meanAbsorbedShare, one[i].meanAbsorbedShare));
        }
    }
}

std::filesystem::path scratch(const std::string& name)
{
    const auto dir = std::filesystem::path(::testing::TempDir()) / ("floatscope_recipes_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    std::filesystem::remove(dir / name);
    return dir / name;
}

TEST(RecipeFile, ReadsWhatRecipeTextWrites)
{
    const auto path = scratch("mine.recipe");
    const Recipe mine = test::recipe("base=bf16-pure name=mine update=stochastic adam-m=bf16");
    std::ofstream(path) << "# my recipe\n" << recipeFileText(mine);
    const RecipeFileRead read = readRecipeFile(path.string());
    EXPECT_EQ(read.problem, FileProblem::None);
    ASSERT_TRUE(read.recipe);
    EXPECT_TRUE(*read.recipe == mine);

    std::ofstream(path) << "name=x grads=bf17\n";
    const RecipeFileRead bad = readRecipeFile(path.string());
    ASSERT_TRUE(bad.error);
    EXPECT_EQ(bad.error->kind, RecipeErrorKind::UnknownFormat);
    EXPECT_EQ(bad.error->value, "bf17");
}

// The trap: --recipe-file /dev/zero read until memory ran out, and a FIFO blocked forever.
TEST(RecipeFile, DeviceFifoAndHugeFilesAreRefusedAtOnce)
{
    EXPECT_EQ(readRecipeFile("/dev/zero").problem, FileProblem::NotRegular);
    const auto fifo = scratch("fifo.recipe");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_EQ(readRecipeFile(fifo.string()).problem, FileProblem::NotRegular);
    const auto huge = scratch("huge.recipe");
    std::ofstream(huge) << std::string(kMaxRecipeFileBytes + 1, '#');
    EXPECT_EQ(readRecipeFile(huge.string()).problem, FileProblem::TooLarge);
    EXPECT_EQ(readRecipeFile(scratch("missing.recipe").string()).problem, FileProblem::Missing);
}

}  // namespace
}  // namespace floatscope::train
