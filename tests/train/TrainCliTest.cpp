// 'floatscope train' run as a user runs it: bad recipes, formats, step counts and learning rates
// get one line on stderr, exit status 2 and nothing on stdout; --json follows the contract
// (the schema check is tests/cli/train.schema.json); --csv has one row per recipe and step.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "tests/cli/CliSupport.h"

namespace {

using clitest::Outcome;

// `floatscope train ARGUMENTS` without a display; the arguments as a shell reads them.
Outcome floatscope(const std::string& arguments)
{
    return clitest::shell("env -u DISPLAY FLOATSCOPE train " + arguments);
}

void expectRefused(const std::string& arguments, const std::string& named)
{
    const Outcome r = floatscope(arguments);
    EXPECT_EQ(r.status, 2) << arguments;
    EXPECT_TRUE(r.out.empty()) << arguments;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(named), std::string::npos) << r.err;
}

TEST(TrainCli, BadInputIsOneLineAndStatusTwo)
{
    expectRefused("--recipe fp32,bf16-purr --steps 3", "'bf16-purr'");
    expectRefused("--recipe 'name=x;grads=bf17' --steps 3", "bf17");
    expectRefused("--recipe 'name=x;params=e8m0' --steps 3", "e8m0");
    expectRefused("--recipe 'name=x;update=sometimes' --steps 3", "sometimes");
    expectRefused("--recipe 'name=x;weights=bf16' --steps 3", "'weights'");
    expectRefused("--recipe fp32 --steps 0", "'0'");
    expectRefused("--recipe fp32 --steps 3.5", "'3.5'");
    expectRefused("--recipe fp32 --steps 1000001", "'1000001'");
    expectRefused("--recipe fp32", "--steps");
    expectRefused("--steps 3", "--recipe");
    expectRefused("--recipe fp32 --steps 3 --lr fast", "'fast'");
    expectRefused("--recipe fp32 --steps 3 --lr 2", "(0, 1]");
    expectRefused("--recipe fp32 --steps 3 --json --csv", "--csv");
    expectRefused("--recipe-file /nonexistent/recipe --steps 3", "/nonexistent/recipe");
}

TEST(TrainCli, JsonFollowsTheContract)
{
    const Outcome r = floatscope("--recipe fp32,bf16-pure --steps 3 --eval-every 2 --json");
    ASSERT_EQ(r.status, 0) << r.err;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(r.out));
    const QJsonArray runs = doc.object()["runs"].toArray();
    ASSERT_EQ(runs.size(), 2);
    const QJsonObject pure = runs[1].toObject();
    EXPECT_EQ(pure["recipe"].toString(), "bf16-pure");
    EXPECT_EQ(pure["bytes_per_param"].toDouble(), 12.0);
    const QJsonArray steps = pure["steps"].toArray();
    ASSERT_EQ(steps.size(), 3);
    EXPECT_TRUE(steps[0].toObject()["val_bits_per_char"].isNull());
    EXPECT_TRUE(steps[1].toObject()["val_bits_per_char"].isDouble());
    EXPECT_EQ(pure["final_val_bits_per_char"].toDouble(), steps[2].toObject()["val_bits_per_char"].toDouble());
    EXPECT_GT(steps[2].toObject()["absorbed_share"].toDouble(), 0.0);
    EXPECT_EQ(doc.object().keys(), QStringList{"runs"});
}

TEST(TrainCli, CsvHasARowPerRecipeAndStep)
{
    const Outcome r = floatscope("--recipe fp16-amp --steps 2 --csv");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
              "recipe,step,train_loss,val_bits_per_char,absorbed_share,underflow_share,overflow_share,loss_scale,"
              "skipped");
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 3);
    EXPECT_NE(r.out.find("\nfp16-amp,2,"), std::string::npos);
    EXPECT_NE(r.out.find(",65536,0\n"), std::string::npos);
}

TEST(TrainCli, RecipeFilesAreRead)
{
    const std::string path = testing::TempDir() + "mine_" + std::to_string(getpid()) + ".recipe";
    FILE* f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs("# bf16 storage with stochastic rounding and bf16 moments\nbase=bf16-stochastic\nname=mine\n"
               "adam-m=bf16 adam-v=bf16\n",
               f);
    std::fclose(f);
    const Outcome r = floatscope("--recipe-file " + path + " --steps 2 --json");
    ASSERT_EQ(r.status, 0) << r.err;
    const QJsonObject run = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object()["runs"][0].toObject();
    EXPECT_EQ(run["recipe"].toString(), "mine");
    EXPECT_EQ(run["bytes_per_param"].toDouble(), 8.0);
}

}  // namespace
