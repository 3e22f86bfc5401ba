// 'floatscope train' run as a user runs it: bad recipes, formats, step counts and learning rates
// get one line on stderr, exit status 2 and nothing on stdout; --json follows the contract
// (the schema check is tests/cli/train.schema.json); --csv has one row per recipe and step.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <QFile>
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
    // The lab's declared options, refused in the declaration's words (as the panel and `floatscope
    // export training` refuse them).
    expectRefused("--recipe fp32 --steps 0", "--steps: Needs a whole number from 1 to 100000, got “0”");
    expectRefused("--recipe fp32 --steps 3.5", "--steps: Needs a whole number, got “3.5”");
    expectRefused("--recipe fp32 --steps 1000001", "“1000001”");
    expectRefused("--recipe fp32 --steps 3 --seed 1000000001", "--seed: Needs a whole number from 0 to 1000000000");
    expectRefused("--recipe fp32 --steps 3 --final-lr 2", "--final-lr: ");
    expectRefused("--recipe fp32", "--steps");
    expectRefused("--steps 3", "--recipe");
    expectRefused("--preset nope", "--preset: Needs one of lecture, small-lr, loss-scaling, fp8, gap, got “nope”");
    expectRefused("--preset gap", "'floatscope export training --preset gap' trains it");
    expectRefused("--recipe fp32 --steps 3 --lr fast", "'fast'");
    expectRefused("--recipe fp32 --steps 3 --lr 2", "(0, 1]");
    expectRefused("--recipe fp32 --steps 3 --json --csv", "--csv");
    expectRefused("--recipe-file /nonexistent/recipe --steps 3", "/nonexistent/recipe");
    expectRefused("--recipe fp32 --steps 3 --products tpu", "--products: Needs one of emulated, gpu, emulated,gpu, gpu,emulated, got “tpu”");
    expectRefused("--recipe fp32 --steps 3 --products emulated,emulated", "“emulated,emulated”");
    // The traps: `--steps 100000` trained 15 silent minutes a recipe, and 999 recipes were taken. The
    // work is bounded before it starts; the bound is in the help.
    expectRefused("--recipe fp32 --steps 100000", "at most 8192 recipe-steps (runs x --steps), got 1 x 100000 = 100000");
    expectRefused("--recipe fp32,bf16-pure --steps 4097", "got 2 x 4097 = 8194");
    expectRefused("--recipe fp32,fp32,fp32,fp32,fp32,fp32,fp32,fp32,fp32 --steps 1", "at most 8 recipes at once, got 9");
    expectRefused("--recipe 'base=fp32;name=" + std::string(41, 'n') + "' --steps 1", "a name of 1 to 40 bytes without commas");
    EXPECT_NE(floatscope("--help").out.find("runs x steps at most 8192"), std::string::npos);
    const Outcome export_ = clitest::shell("env -u DISPLAY FLOATSCOPE export training --steps 100000 -o /tmp/never.svg");
    EXPECT_EQ(export_.status, 2);
    EXPECT_NE(export_.err.find("at most 8192 recipe-steps"), std::string::npos) << export_.err;
}

// Issue 15, part 7: with a usable GPU the runs say where their products ran; without one, --products
// gpu is refused with the reason, in one line.
TEST(TrainCli, ProductsOnTheGpuRunBesideTheEngineOrSayWhyNot)
{
    const Outcome r = floatscope("--recipe bf16-master --steps 2 --products emulated,gpu --json");
    if (r.status == 2) {
        EXPECT_TRUE(r.out.empty());
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_NE(r.err.find("--products gpu: no usable GPU here ("), std::string::npos) << r.err;
        return;
    }
    ASSERT_EQ(r.status, 0) << r.err;
    const QJsonArray runs = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object()["runs"].toArray();
    ASSERT_EQ(runs.size(), 2);
    EXPECT_EQ(runs[0].toObject()["products"].toString(), "emulated");
    EXPECT_EQ(runs[1].toObject()["products"].toString(), "gpu");
    EXPECT_EQ(runs[1].toObject()["recipe"].toString(), "bf16-master");
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
    EXPECT_EQ(pure["products"].toString(), "emulated");
    EXPECT_EQ(pure["bytes_per_param"].toDouble(), 12.0);
    const QJsonArray steps = pure["steps"].toArray();
    ASSERT_EQ(steps.size(), 3);
    EXPECT_TRUE(steps[0].toObject()["val_bits_per_char"].isNull());
    EXPECT_TRUE(steps[1].toObject()["val_bits_per_char"].isDouble());
    EXPECT_EQ(pure["final_val_bits_per_char"].toDouble(), steps[2].toObject()["val_bits_per_char"].toDouble());
    EXPECT_GT(steps[2].toObject()["absorbed_share"].toDouble(), 0.0);
    EXPECT_EQ(doc.object().keys(), QStringList{"runs"});
}

// A preset of the Training lab tab: its recipes in the tab's order and its learning rate; 300 steps
// unless --steps says otherwise. The text's first line names the schedule it trains with.
TEST(TrainCli, APresetTrainsTheTabsRecipes)
{
    const Outcome r = floatscope("--preset small-lr --steps 2 --eval-every 2 --json");
    ASSERT_EQ(r.status, 0) << r.err;
    const QJsonArray runs = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object()["runs"].toArray();
    QStringList recipes;
    for (const QJsonValue& run : runs)
        recipes << run.toObject()["recipe"].toString();
    EXPECT_EQ(recipes, (QStringList{"fp32", "bf16-pure", "bf16-master", "bf16-stochastic"}));
    EXPECT_EQ(runs[0].toObject()["steps"].toArray().size(), 2);
    const Outcome text = floatscope("--preset loss-scaling --steps 1");
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("1 steps, learning rate 0.003 -> 0.0003 (cosine)"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("fp16-noscale"), std::string::npos) << text.out;
}

TEST(TrainCli, CsvHasARowPerRecipeAndStep)
{
    const Outcome r = floatscope("--recipe fp16-amp --steps 2 --csv");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
              "recipe,step,train_loss,val_bits_per_char,absorbed_share,underflow_share,overflow_share,loss_scale,"
              "skipped,fp8_forward_amax,fp8_forward_scale,fp8_forward_saturated_share,fp8_forward_flushed_share,"
              "fp8_backward_amax,fp8_backward_scale,fp8_backward_saturated_share,fp8_backward_flushed_share,products");
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 3);
    EXPECT_NE(r.out.find("\nfp16-amp,2,"), std::string::npos);
    EXPECT_NE(r.out.find(",65536,0,,,,,,,,,emulated\n"), std::string::npos) << "no fp8 statistics for fp16";
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

// fp8 statistics leave core: per step and direction amax, scale and the shares
// saturated and flushed. With current scaling the scale is the format's largest value over the amax
// (Transformer Engine's rule), 448 for e4m3fn forward and 57344 for e5m2 gradients; other recipes
// have nulls.
TEST(TrainCli, Fp8StatisticsPerStepInJsonCsvAndText)
{
    const Outcome r = floatscope("--recipe fp8-current,fp32 --steps 2 --json");
    ASSERT_EQ(r.status, 0) << r.err;
    const QJsonArray runs = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object()["runs"].toArray();
    ASSERT_EQ(runs.size(), 2);
    for (const QJsonValue& v : runs[0].toObject()["steps"].toArray()) {
        const QJsonObject step = v.toObject();
        for (const auto& [direction, max] : {std::pair{"forward", 448.0}, std::pair{"backward", 57344.0}}) {
            const QString key = QStringLiteral("fp8_%1_").arg(QLatin1String(direction));
            const double amax = step[key + "amax"].toDouble();
            const double scale = step[key + "scale"].toDouble();
            EXPECT_GT(amax, 0.0) << direction;
            EXPECT_NEAR(amax * scale, max, max * 1e-6) << direction;
            EXPECT_GE(step[key + "saturated_share"].toDouble(-1), 0.0);
            EXPECT_LE(step[key + "flushed_share"].toDouble(2), 1.0);
        }
        // The contract's keys are all there, and the document's keys are sorted (QJsonDocument's order).
        for (const char* contract : {"step", "train_loss", "val_bits_per_char", "absorbed_share", "underflow_share",
                                     "overflow_share", "loss_scale", "skipped"})
            EXPECT_TRUE(step.contains(QLatin1String(contract))) << contract;
    }
    const QJsonObject fp32 = runs[1].toObject()["steps"].toArray()[0].toObject();
    EXPECT_TRUE(fp32["fp8_forward_amax"].isNull());
    EXPECT_TRUE(fp32.contains("fp8_backward_saturated_share"));
    EXPECT_LT(r.out.find("\"fp8_backward_amax\""), r.out.find("\"fp8_forward_amax\""));

    const Outcome csv = floatscope("--recipe fp8-delayed --steps 1 --csv");
    ASSERT_EQ(csv.status, 0) << csv.err;
    const std::string row = csv.out.substr(csv.out.find('\n') + 1);
    EXPECT_EQ(std::count(row.begin(), row.end(), ','), 17);  // 17 fields after the recipe, the last the products
    EXPECT_EQ(row.find(",,"), std::string::npos) << row;

    const Outcome table = floatscope("--recipe fp8-current --steps 2");
    ASSERT_EQ(table.status, 0) << table.err;
    EXPECT_NE(table.out.find("fp8 casts"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("forward (e4m3fn)"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("backward (e5m2)"), std::string::npos) << table.out;
}

std::string scratchFile(const std::string& name)
{
    return testing::TempDir() + name + "_" + std::to_string(getpid());
}

TEST(TrainCli, SaveRecipeWritesWhatRecipeFileReads)
{
    const std::string path = scratchFile("saved.recipe");
    std::remove(path.c_str());
    const Outcome saved = floatscope("--recipe 'base=bf16-pure;name=mine;adam-m=bf16;update=stochastic' --save-recipe "
                                     + path);
    ASSERT_EQ(saved.status, 0) << saved.err;
    EXPECT_TRUE(saved.out.empty());
    const Outcome run = floatscope("--recipe-file " + path + " --steps 1 --json");
    ASSERT_EQ(run.status, 0) << run.err;
    const QJsonObject first = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object()["runs"][0].toObject();
    EXPECT_EQ(first["recipe"].toString(), "mine");
    EXPECT_EQ(first["bytes_per_param"].toDouble(), 10.0) << "bf16 weights, gradients and first moment, fp32 second";
    expectRefused("--recipe fp32,bf16-pure --save-recipe " + path, "one recipe");
    expectRefused("--recipe fp32 --save-recipe /nonexistent/dir/x.recipe", "/nonexistent/dir/x.recipe");
}

// The trap: a save to a full disk must fail with its reason and leave the old file whole. A 32 KiB
// tmpfs in a private mount namespace, filled up first, stands for the full disk.
TEST(TrainCli, SaveRecipeToAFullDiskFailsAndKeepsTheOldFile)
{
    if (clitest::shell("unshare -rm true").status != 0)
        GTEST_SKIP() << "no user namespace here to mount a 32 KiB tmpfs in (unshare -rm)";
    const Outcome r = clitest::shell(
        "unshare -rm sh -c \"D=\\$(mktemp -d) && mount -t tmpfs -o size=32k tmpfs \\$D && echo OLD > \\$D/a.recipe && "
        "(dd if=/dev/zero of=\\$D/fill bs=1k count=64 2>/dev/null; true) && "
        "(env -u DISPLAY FLOATSCOPE train --recipe bf16-master --save-recipe \\$D/a.recipe; echo status=\\$?) && "
        "cat \\$D/a.recipe && ls -A \\$D\"");
    EXPECT_EQ(r.out, "status=2\nOLD\na.recipe\nfill\n") << "the old file is whole and no temporary file is left";
    EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

// Ctrl-C or SIGTERM mid-run: the runs stop within a step, what was trained is printed as valid
// JSON that says "interrupted", and the status is 130, within a second of the signal. A shell starts
// a background job with SIGINT ignored (and an ignored SIGINT stays ignored, as for nohup): env
// --default-signal gives the run the default a terminal's would have.
TEST(TrainCli, InterruptedRunsPrintWhatWasDoneAndExit130)
{
    for (const char* signal : {"INT", "TERM"}) {
        const std::string dir = ::testing::TempDir();
        const std::string out = dir + "/interrupted_" + signal + ".json";
        const Outcome r = clitest::shell(
            std::string("env --default-signal=INT -u DISPLAY FLOATSCOPE train --recipe fp32,bf16-pure --steps 4000 --json --progress > ")
            + out + " & P=$!; sleep 2; S=$(date +%s%N); kill -" + signal + " $P; wait $P; echo status=$? ms=$(( ($(date +%s%N) - S) / 1000000 ))");
        EXPECT_NE(r.out.find("status=130"), std::string::npos) << signal << ": " << r.out << r.err;
        const auto ms = r.out.find("ms=");
        ASSERT_NE(ms, std::string::npos) << r.out;
        EXPECT_LT(std::stoi(r.out.substr(ms + 3)), 1000) << signal << ": stopped within a second";
        EXPECT_NE(r.err.find("recipe-steps"), std::string::npos) << "the progress: " << r.err;
        EXPECT_NE(r.err.find("floatscope: interrupted after"), std::string::npos) << r.err;
        QFile file(QString::fromStdString(out));
        ASSERT_TRUE(file.open(QIODevice::ReadOnly));
        const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        EXPECT_TRUE(json["interrupted"].toBool()) << signal;
        const QJsonArray runs = json["runs"].toArray();
        ASSERT_FALSE(runs.isEmpty()) << signal << ": two seconds train some steps";
        for (const QJsonValue& run : runs) {
            const QJsonArray steps = run.toObject()["steps"].toArray();
            ASSERT_FALSE(steps.isEmpty());
            EXPECT_LT(steps.size(), 4000) << "stopped before the end";
            EXPECT_EQ(steps.last().toObject()["step"].toInt(), steps.size()) << "whole steps, in order";
        }
    }
}

}  // namespace
