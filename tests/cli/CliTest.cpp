// The command line, run as a user runs it: the real executable in a child process, headless (no
// DISPLAY), stdout and stderr captured. Golden files hold the lecture notes' examples; the JSON is also
// checked field by field here and against the schema (validate_json.py, a separate test).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "CliSupport.h"

namespace {

using namespace clitest;

// Compares with tests/cli/golden/NAME; FLOATSCOPE_UPDATE_GOLDEN=1 rewrites the file instead
// (review the diff before committing it).
void expectGolden(const std::string& name, const std::string& actual)
{
    const std::string path = std::string(FLOATSCOPE_GOLDEN_DIR) + "/" + name;
    if (std::getenv("FLOATSCOPE_UPDATE_GOLDEN") != nullptr) {
        std::ofstream(path, std::ios::binary) << actual;
        return;
    }
    EXPECT_EQ(actual, slurp(path)) << "golden file " << path;
}

QJsonObject resultFor(const QJsonDocument& doc, const QString& format)
{
    for (const QJsonValue& r : doc.object()["results"].toArray())
        if (r.toObject()["format"].toString() == format)
            return r.toObject();
    ADD_FAILURE() << "no result for " << format.toStdString();
    return {};
}

// `floatscope ARGS --json`, which must succeed quietly with one JSON document.
QJsonDocument commandJson(std::vector<std::string> args)
{
    args.push_back("--json");
    const Outcome run = floatscope(args);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(run.out), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << run.out;
    return doc;
}

QJsonDocument withCommand(const char* command, const std::vector<std::string>& args)
{
    std::vector<std::string> all = {command};
    all.insert(all.end(), args.begin(), args.end());
    return commandJson(all);
}

QJsonDocument showJson(const std::vector<std::string>& args) { return withCommand("show", args); }

// The lecture notes' examples (../shared/lecture-notes), in human and JSON form.
struct Golden {
    const char* name;
    std::vector<std::string> args;
};

class LectureNotesGolden : public testing::TestWithParam<Golden> {};

TEST_P(LectureNotesGolden, MatchesFile)
{
    const Golden& g = GetParam();
    const Outcome run = floatscope(g.args);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    expectGolden(g.name, run.out);
}

INSTANTIATE_TEST_SUITE_P(
    LectureNotes, LectureNotesGolden,
    testing::Values(Golden{"show_257_bf16.txt", {"show", "257", "-f", "bf16,fp16,fp32"}},
                    Golden{"show_257_bf16.json", {"show", "257", "-f", "bf16", "--json"}},
                    Golden{"show_0.1.txt", {"show", "0.1"}},
                    Golden{"show_0.1.json", {"show", "0.1", "-f", "fp32,bf16", "--json"}},
                    Golden{"show_70000_fp16.txt", {"show", "70000", "-f", "fp16,bf16,e4m3fn,e5m2"}},
                    Golden{"show_70000_fp16.json", {"show", "70000", "-f", "fp16", "--json"}},
                    Golden{"show_1e-8_fp16.txt", {"show", "1e-8", "-f", "fp16,bf16,fp32"}},
                    Golden{"show_1e-8_fp16.json", {"show", "1e-8", "-f", "fp16", "--json"}},
                    Golden{"show_1e-6_fp16.txt", {"show", "1e-6", "-f", "fp16,bf16"}},
                    Golden{"show_1e-6_fp16.json", {"show", "1e-6", "-f", "fp16", "--json"}},
                    Golden{"show_double_rounding.txt", {"show", "0x1.01000004p0", "-f", "bf16", "--via", "fp32"}},
                    Golden{"formats.txt", {"formats"}},
                    Golden{"accumulate_1e-3.txt", {"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "1000"}},
                    Golden{"accumulate_1e-3.json",
                           {"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "1000", "-f", "fp16,bf16", "--json"}},
                    Golden{"accumulate_1e-4.txt", {"accumulate", "--start", "0", "--delta", "1e-4", "--steps", "10000"}},
                    Golden{"accumulate_master.txt", {"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10",
                                                     "--mode", "fp32-master", "-f", "bf16,fp16,fp32"}},
                    Golden{"accumulate_1e-3.csv", {"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "20",
                                                   "-f", "fp32,fp16,bf16", "--csv", "--every", "4"}}),
    [](const testing::TestParamInfo<Golden>& info) {
        std::string n = info.param.name;
        for (char& c : n)
            if (!std::isalnum(static_cast<unsigned char>(c)))
                c = '_';
        return n;
    });

TEST(ShowJson, LectureNotesValuesFieldByField)
{
    const QJsonDocument bf16 = showJson({"257", "-f", "bf16"});
    EXPECT_EQ(bf16.object()["exact"].toString(), "257");
    EXPECT_EQ(resultFor(bf16, "bf16")["bits"].toString(), "0x4380");
    EXPECT_EQ(resultFor(bf16, "bf16")["value"].toString(), "256");
    EXPECT_TRUE(resultFor(bf16, "bf16")["tie"].toBool());
    EXPECT_EQ(resultFor(bf16, "bf16")["rounding_reason"].toString(), "tie-to-even");

    const QJsonDocument tenth = showJson({"0.1", "-f", "fp32,bf16"});
    EXPECT_EQ(tenth.object()["exact"].toString(), "1/10");
    EXPECT_EQ(resultFor(tenth, "fp32")["bits"].toString(), "0x3dcccccd");
    const QJsonObject b = resultFor(tenth, "bf16");
    EXPECT_EQ(b["bits"].toString(), "0x3dcd");
    EXPECT_EQ(b["binary"].toString(), "0 01111011 1001101");
    EXPECT_EQ(b["exponent"].toInt(), 123);
    EXPECT_EQ(b["mantissa"].toInt(), 77);
    EXPECT_EQ(b["value"].toString(), "0.10009765625");
    EXPECT_EQ(b["shortest"].toString(), "0.1");
    EXPECT_EQ(b["abs_error"].toString(), "0.00009765625");
    EXPECT_EQ(b["ulp"].toString(), "0.00048828125");
    EXPECT_EQ(b["prev"].toObject()["bits"].toString(), "0x3dcc");
    EXPECT_EQ(b["next"].toObject()["bits"].toString(), "0x3dce");
    EXPECT_FALSE(b["via_fp32"].toObject()["double_rounding"].toBool());

    EXPECT_EQ(resultFor(showJson({"70000", "-f", "fp16"}), "fp16")["class"].toString(), "inf");
    EXPECT_EQ(resultFor(showJson({"1e-8", "-f", "fp16"}), "fp16")["bits"].toString(), "0x0000");
    EXPECT_EQ(resultFor(showJson({"1e-6", "-f", "fp16"}), "fp16")["class"].toString(), "subnormal");
    const QJsonObject dr = resultFor(showJson({"0x1.01000004p0", "-f", "bf16"}), "bf16");
    EXPECT_EQ(dr["bits"].toString(), "0x3f81");
    EXPECT_EQ(dr["via_fp32"].toObject()["bits"].toString(), "0x3f80");
    EXPECT_TRUE(dr["via_fp32"].toObject()["double_rounding"].toBool());
}

TEST(ShowJson, OptionsChangeTheResult)
{
    EXPECT_EQ(resultFor(showJson({"465", "-f", "e4m3fn"}), "e4m3fn")["bits"].toString(), "0x7f");
    EXPECT_EQ(resultFor(showJson({"465", "-f", "e4m3fn", "--saturate"}), "e4m3fn")["bits"].toString(), "0x7e");
    EXPECT_EQ(resultFor(showJson({"70000", "-f", "fp16", "--saturate"}), "fp16")["bits"].toString(), "0x7bff");
    EXPECT_EQ(resultFor(showJson({"0.1", "-f", "bf16", "--rounding", "toward-zero"}), "bf16")["bits"].toString(),
              "0x3dcc");
    EXPECT_EQ(resultFor(showJson({"0x1.01000004p0", "-f", "bf16", "--via", "fp32"}), "bf16")["bits"].toString(),
              "0x3f80");
    EXPECT_EQ(resultFor(showJson({"bf16:0x3DCD", "-f", "float8_e4m3fn"}), "e4m3fn")["bits"].toString(), "0x1d");
    EXPECT_EQ(resultFor(showJson({"-0.5", "-f", "fp16"}), "fp16")["bits"].toString(), "0xb800");
    // Same seed, same draw.
    const auto sr = [] { return resultFor(showJson({"0.1", "-f", "e4m3fn", "--rounding", "sr", "--seed", "7"}), "e4m3fn")["bits"]; };
    EXPECT_EQ(sr(), sr());
}

// Regression: the neighbours were printed as their shortest round-trip text, so 256's e4m3fn
// neighbour 288 read "300". The values here are the spec tables' (OCP 8-bit formats v1.0 §5.3:
// e4m3fn steps by 32 above 256, e5m2 by 64; e8m0 is powers of two).
TEST(ShowNeighbours, ShortestTextIsNotTheNeighbour)
{
    const Outcome run = floatscope({"show", "257", "-f", "e4m3fn,e5m2"});
    EXPECT_EQ(run.status, 0);
    EXPECT_NE(run.out.find("e4m3fn  0x77      240               0x79  288"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("e5m2    0x5b      224               0x5d  320"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find(" 300"), std::string::npos) << run.out;

    const QJsonObject e4m3fn = resultFor(showJson({"257", "-f", "e4m3fn"}), "e4m3fn");
    EXPECT_EQ(e4m3fn["next"].toObject()["value"].toString(), "288");
    EXPECT_EQ(e4m3fn["next"].toObject()["shortest"].toString(), "300");
    EXPECT_EQ(e4m3fn["prev"].toObject()["value"].toString(), "240");
    const QJsonObject top = resultFor(showJson({"448", "-f", "e4m3fn"}), "e4m3fn");
    EXPECT_EQ(top["prev"].toObject()["value"].toString(), "416");
    EXPECT_TRUE(top["next"].isNull());  // 0x7f is NaN: 448 is the end
    const QJsonObject e8m0 = resultFor(showJson({"512", "-f", "e8m0"}), "e8m0");
    EXPECT_EQ(e8m0["prev"].toObject()["value"].toString(), "256");
    EXPECT_EQ(e8m0["next"].toObject()["value"].toString(), "1024");
    // Every digit where there are many: fp32's neighbours of 0.1 (0x3dcccccc, 0x3dccccce).
    const QJsonObject fp32 = resultFor(showJson({"0.1", "-f", "fp32"}), "fp32");
    EXPECT_EQ(fp32["prev"].toObject()["value"].toString(), "0.0999999940395355224609375");
    EXPECT_EQ(fp32["next"].toObject()["value"].toString(), "0.10000000894069671630859375");
    EXPECT_NE(floatscope({"show", "0.1", "-f", "fp32"}).out.find("0.10000000894069671630859375"), std::string::npos);
}

// The trap the inspector had: NaN rows decoded their exponent as a power of two ("e=255 -> 2^128")
// and drew neighbours a NaN does not have. The spec's NaN codes (IEEE 754 for bf16; OCP 8-bit v1.0
// for e4m3fn, S.1111.111; MX v1.0 for e8m0, 0xFF) and no neighbours, in text and JSON.
TEST(ShowNan, NanHasItsCodeAndNoNeighboursNorPowerOfTwo)
{
    const Outcome run = floatscope({"show", "nan", "-f", "bf16,e4m3fn,e8m0", "--no-color"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("bf16    0x7fc0  0 11111111 1000000      nan    nan"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("e4m3fn  0x7f    0 1111 111              nan    nan"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("e8m0    0xff    11111111                nan    nan"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("2^"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("nbsp"), std::string::npos) << run.out;
    for (const char* format : {"bf16", "e4m3fn", "e8m0"}) {
        const QJsonObject r = resultFor(showJson({"nan", "-f", format}), format);
        EXPECT_EQ(r["class"].toString(), "nan") << format;
        EXPECT_TRUE(r["prev"].isNull()) << format;
        EXPECT_TRUE(r["next"].isNull()) << format;
        EXPECT_TRUE(r["ulp"].isNull()) << format;
    }
}

QJsonDocument accumulateJson(const std::vector<std::string>& args) { return withCommand("accumulate", args); }

TEST(AccumulateJson, LectureDemosFieldByField)
{
    // the BF16 lesson: 1 + 10^-3, a thousand times. fp16 adds one ulp (2^-10) per step: 1 + 1000/1024.
    const QJsonDocument thousandth = accumulateJson({"--start", "1", "--delta", "1e-3", "--steps", "1000"});
    EXPECT_EQ(thousandth.object()["exact_final"].toString(), "2");
    EXPECT_EQ(thousandth.object()["mode"].toString(), "stored");
    const QJsonObject fp16 = resultFor(thousandth, "fp16");
    EXPECT_EQ(fp16["bits"].toString(), "0x3fe8");
    EXPECT_EQ(fp16["value"].toString(), "1.9765625");
    EXPECT_EQ(fp16["effective_adds"].toInt(), 1000);
    EXPECT_TRUE(fp16["first_stall_step"].isNull());
    EXPECT_EQ(fp16["abs_error"].toString(), "0.0234375");
    const QJsonObject bf16 = resultFor(thousandth, "bf16");
    EXPECT_EQ(bf16["value"].toString(), "1");
    EXPECT_EQ(bf16["effective_adds"].toInt(), 0);
    EXPECT_EQ(bf16["first_stall_step"].toInt(), 1);
    EXPECT_EQ(bf16["first_stall"].toObject()["reason"].toString(), "below-half-gap");
    EXPECT_EQ(bf16["first_stall"].toObject()["ulp"].toString(), "0.0078125");
    EXPECT_EQ(bf16["first_stall"].toObject()["threshold"].toString(), "0.00390625");
    EXPECT_EQ(bf16["delta_stored"].toObject()["value"].toString(), "0.00099945068359375");

    // lecture 10: 10^-4 from 0, ten thousand times: fp16 stops at 0.25, bf16 at 2^-5.
    const QJsonDocument tenThousandth = accumulateJson({"--start", "0", "--delta", "1e-4", "--steps", "10000"});
    EXPECT_EQ(resultFor(tenThousandth, "fp16")["value"].toString(), "0.25");
    EXPECT_EQ(resultFor(tenThousandth, "fp16")["first_stall_step"].toInt(), 2182);
    EXPECT_EQ(resultFor(tenThousandth, "bf16")["value"].toString(), "0.03125");
    EXPECT_EQ(resultFor(tenThousandth, "bf16")["first_stall_step"].toInt(), 274);

    // lesson 14: the bf16 copy of an fp32 master first moves at step 4 (the notes say 8).
    const QJsonDocument master =
        accumulateJson({"--start", "1", "--delta", "1e-3", "--steps", "10", "--mode", "fp32-master", "-f", "bf16"});
    EXPECT_EQ(resultFor(master, "bf16")["first_change_step"].toInt(), 4);
    EXPECT_EQ(resultFor(master, "bf16")["master"].toObject()["format"].toString(), "fp32");
}

TEST(AccumulateCsv, EveryKthStepAndTheLast)
{
    const Outcome run = floatscope(
        {"accumulate", "--start", "0", "--delta", "1e-4", "--steps", "10000", "-f", "fp16", "--csv", "--every", "3000"});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, "step,fp16,exact\n"
                       "0,0,0\n"
                       "3000,0.25,0.3\n"
                       "6000,0.25,0.6\n"
                       "9000,0.25,0.9\n"
                       "10000,0.25,1\n");
}

TEST(Formats, JsonListsEveryFormatWithAliases)
{
    const Outcome run = floatscope({"formats", "--json"});
    ASSERT_EQ(run.status, 0);
    const QJsonArray formats = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object()["formats"].toArray();
    ASSERT_EQ(formats.size(), 14);
    bool sawTeaching = false;
    for (const QJsonValue& v : formats) {
        const QJsonObject f = v.toObject();
        if (f["format"].toString() == "e4m3") {
            sawTeaching = true;
            EXPECT_EQ(f["max"].toString(), "240");
        }
        if (f["format"].toString() == "e4m3fn") {
            EXPECT_EQ(f["max"].toString(), "448");
            EXPECT_TRUE(f["aliases"].toArray().contains("float8_e4m3fn"));
        }
        if (f["format"].toString() == "fp16") {
            EXPECT_EQ(f["binades"].toInt(), 40);
            EXPECT_EQ(f["normal_binades"].toInt(), 30);
        }
    }
    EXPECT_TRUE(sawTeaching);
}

// Every error path: status 2, one line on stderr naming the offending text, nothing on stdout.
struct ErrorCase {
    std::vector<std::string> args;
    const char* says;
};

class Errors : public testing::TestWithParam<ErrorCase> {};

TEST_P(Errors, OneLineOnStderrAndStatus2)
{
    const ErrorCase& c = GetParam();
    const Outcome run = floatscope(c.args);
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find(c.says), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
}

INSTANTIATE_TEST_SUITE_P(
    CommandLine, Errors,
    testing::Values(ErrorCase{{"frobnicate"}, "unknown command 'frobnicate'"},
                    ErrorCase{{"show"}, "show needs a VALUE"},
                    ErrorCase{{"show", "1", "2"}, "got '1' and '2'"},
                    ErrorCase{{"show", "abc"}, "'abc': unexpected 'a' at position 1"},
                    ErrorCase{{"show", "1e400000"}, "'1e400000': the exponent at position 3 is out of range"},
                    ErrorCase{{"show", "0x3DCD"}, "needs a binary exponent"},
                    ErrorCase{{"show", "0.1", "-f", "bf17"}, "-f: No format is named “bf17”"},
                    ErrorCase{{"show", "0.1", "-f", "fp32,"}, "-f: A format name is missing in “fp32,”"},
                    ErrorCase{{"show", "0.1", "-f", "e12m3"}, "-f: “e12m3” names no format: exponent bits must be 1..11"},
                    ErrorCase{{"show", "e4m3fn:0x1FF"}, "wider than e4m3fn's 8 bits"},
                    ErrorCase{{"show", "bf17:0x1"}, "unknown format 'bf17'"},
                    ErrorCase{{"show", "0.1", "--rounding", "banker"}, "--rounding: Needs one of nearest-even, nearest-away, toward-zero, up, down, odd, stochastic, got “banker”"},
                    ErrorCase{{"show", "0.1", "--via", "fp16"}, "--via: Needs one of direct, fp32, fp64, got “fp16”"},
                    ErrorCase{{"show", "0.1", "--saturate", "--no-saturate"}, "contradict"},
                    ErrorCase{{"show", "0.1", "--frob"}, "unknown option '--frob'"},
                    ErrorCase{{"show", "0.1", "-f"}, "option '-f' needs a value"},
                    ErrorCase{{"show", "0.1", "--json=yes"}, "option '--json' takes no value"},
                    ErrorCase{{"show", "0.1", "--random-bits", "99"}, "--random-bits: Needs a whole number from 1 to 64, got “99”"},
                    ErrorCase{{"show", "0.1", "--seed", "-1"}, "--seed: Needs a whole number from 0 to 1000000000, got “-1”"},
                    ErrorCase{{"show", "0.1", "--seed", "12abc"}, "--seed: Unexpected 'a' at position 3"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "-f", "e8m0", "--mode",
                               "kahan"},
                              "needs a zero and negative values, which e8m0 lacks"},
                    ErrorCase{{"formats", "fp16"}, "formats takes no values, got 'fp16'"},
                    ErrorCase{{"formats", "--yaml"}, "unknown option '--yaml'"},
                    ErrorCase{{"accumulate", "--delta", "1e-3", "--steps", "10"}, "accumulate needs --start"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3"}, "accumulate needs --steps"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "0"},
                              "--steps: Needs a whole number from 1 to 10000000, got “0”"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "-3"}, "--steps: Needs a whole number from 1 to 10000000, got “-3”"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "2e7"},
                              "--steps: Needs a whole number from 1 to 10000000, got “2e7”"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "1e40"},
                              "--steps: Needs a whole number from 1 to 10000000, got “1e40”"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "2.5"},
                              "--steps: Needs a whole number, got “2.5”"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "nan", "--steps", "10"},
                              "--delta: Needs a finite number, got “nan”"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "-inf", "--steps", "10"},
                              "--delta: Needs a finite number, got “-inf”"},
                    ErrorCase{{"accumulate", "--start", "inf", "--delta", "1", "--steps", "10"},
                              "--start: Needs a finite number, got “inf”"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3x", "--steps", "10"},
                              "--delta: Unexpected 'x' at position 5"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "-f", "fp17"},
                              "-f: No format is named “fp17”"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "--mode", "master"},
                              "--mode: Needs one of stored, fp32-master, kahan, stochastic, got “master”"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "--json", "--csv"},
                              "contradict"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "--every", "2"},
                              "use it with --csv"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "--csv", "--every", "0"},
                              "--every must be at least 1, got 0"},
                    ErrorCase{{"accumulate", "1", "--delta", "1e-3", "--steps", "10"}, "takes options only, got '1'"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "--mode", "stochastic",
                               "--random-bits", "0"},
                              "--random-bits: Needs a whole number from 1 to 64, got “0”"}));

TEST(Help, EverySubcommandAndVersion)
{
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"--help"}, {"-h"}, {"show", "--help"}, {"formats", "--help"}, {"show", "-h"}, {"accumulate", "--help"}}) {
        const Outcome run = floatscope(args);
        EXPECT_EQ(run.status, 0);
        EXPECT_NE(run.out.find("usage: floatscope"), std::string::npos);
        EXPECT_EQ(run.err, "");
    }
    const Outcome version = floatscope({"--version"});
    EXPECT_EQ(version.out, std::string("floatscope ") + FLOATSCOPE_VERSION + "\n");
}

TEST(Colour, OnlyOnATerminal)
{
    // stdout is a pipe here: no escape codes, whatever the option.
    EXPECT_EQ(floatscope({"show", "1"}).out.find('\x1b'), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// quantize and ledger: the lecture notes' block-scaling examples and memory ledger (lesson 14 §3, the BF16 lesson).

INSTANTIATE_TEST_SUITE_P(
    ScalingLectureNotes, LectureNotesGolden,
    testing::Values(
        // "0.01 的误差从整张量缩放的 12.8% 降到 0.45%": 12.8% is per tensor with e4m3fn (max 448) ...
        Golden{"quantize_e4m3fn_tensor.txt", {"quantize", "1000", "0.01", "0.02", "0.5", "-f", "e4m3fn", "--scheme", "tensor"}},
        Golden{"quantize_e4m3fn_tensor.json",
               {"quantize", "1000", "0.01", "0.02", "0.5", "-f", "e4m3fn", "--scheme", "tensor", "--json"}},
        // ... and the same in one 1x128 tile, which holds all four values ...
        Golden{"quantize_e4m3fn_tile128.txt", {"quantize", "1000", "0.01", "0.02", "0.5", "-f", "e4m3fn", "--scheme", "tile:128"}},
        // ... while 0.45% needs 1000 in another tile than 0.01.
        Golden{"quantize_e4m3fn_outlier_apart.txt",
               {"quantize", "0.01", "0.02", "0.5", "1000", "-f", "e4m3fn", "--scheme", "tile:3"}},
        // "块 [0.3, -1.2, 2.7, 0.05] 用 MX 缩放后，0.05 -> 0"
        Golden{"quantize_mxfp4.txt", {"quantize", "0.3", "-1.2", "2.7", "0.05", "--scheme", "mx", "-f", "e2m1"}},
        Golden{"quantize_mxfp4.json", {"quantize", "0.3", "-1.2", "2.7", "0.05", "--scheme", "mx", "-f", "e2m1", "--json"}},
        Golden{"quantize_nvfp4.txt", {"quantize", "0.3", "-1.2", "2.7", "0.05", "--scheme", "nvfp4"}},
        // The bytes-per-parameter table for the anchor model, and what fits on 8 GPUs.
        Golden{"ledger_anchor.txt", {"ledger", "--params", "anchor"}},
        Golden{"ledger_anchor.json", {"ledger", "--params", "anchor", "--scheme", "fp32-adam,deepseek-v3-fp8", "--json"}},
        Golden{"ledger_anchor_fit.txt", {"ledger", "--params", "anchor", "--gpus", "8", "--zero", "3", "--seq", "4096",
                                         "--units", "GiB", "--gpu-memory", "80GiB"}}),
    [](const testing::TestParamInfo<Golden>& info) {
        std::string n = info.param.name;
        for (char& c : n)
            if (!std::isalnum(static_cast<unsigned char>(c)))
                c = '_';
        return n;
    });

QJsonObject elementAt(const QJsonDocument& doc, int index)
{
    return doc.object()["elements"].toArray()[index].toObject();
}

TEST(QuantizeJson, LectureNotesNumbersFieldByField)
{
    // Per tensor: scale = fp32(1000 / 448) = 0x400edb6e; 0.01 / scale = 0.00448 -> 2 * 2^-9 (0x02).
    const QJsonDocument tensor = commandJson({"quantize", "1000", "0.01", "0.02", "0.5", "-f", "e4m3fn"});
    EXPECT_EQ(tensor.object()["scheme"].toString(), "tensor");
    EXPECT_EQ(tensor.object()["blocks"].toArray()[0].toObject()["scale_bits"].toString(), "0x400edb6e");
    const QJsonObject small = elementAt(tensor, 1);
    EXPECT_EQ(small["input"].toString(), "0.01");
    EXPECT_EQ(small["input_exact"].toString(), "0.00999999977648258209228515625");
    EXPECT_EQ(small["code"].toString(), "0x02");
    EXPECT_EQ(small["element_value"].toString(), "0.00390625");
    EXPECT_EQ(small["rel_error"].toString().left(6), "0.1280");
    EXPECT_EQ(elementAt(tensor, 0)["code"].toString(), "0x7e");

    // One 1x128 tile: the same scale and codes.
    const QJsonDocument tile = commandJson({"quantize", "1000", "0.01", "0.02", "0.5", "-f", "e4m3fn", "--scheme", "tile"});
    EXPECT_EQ(tile.object()["scheme"].toString(), "tile:128");
    EXPECT_TRUE(tile.object()["blocks"].toArray()[0].toObject()["partial"].toBool());
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(elementAt(tile, i)["dequantized"], elementAt(tensor, i)["dequantized"]);

    // 1000 apart: 0.01 / (0.5 / 448) = 8.96 -> 9, 0.446% high.
    const QJsonDocument apart = commandJson({"quantize", "0.01", "0.02", "0.5", "1000", "-f", "e4m3fn", "--scheme", "tile:3"});
    EXPECT_EQ(elementAt(apart, 0)["element_value"].toString(), "9");
    EXPECT_EQ(elementAt(apart, 0)["rel_error"].toString().left(6), "0.0044");

    // Exact scales: the rational 1000/448 = 125/56 itself.
    const QJsonDocument exact = commandJson({"quantize", "1000", "0.01", "--scale", "exact"});
    EXPECT_EQ(exact.object()["blocks"].toArray()[0].toObject()["scale_rational"].toString(), "125/56");
    EXPECT_TRUE(exact.object()["blocks"].toArray()[0].toObject()["scale_bits"].isNull());
}

TEST(QuantizeJson, Mxfp4AndNvfp4Blocks)
{
    const QJsonDocument mx = commandJson({"quantize", "0.3", "-1.2", "2.7", "0.05", "--scheme", "mx"});
    EXPECT_EQ(mx.object()["format"].toString(), "e2m1");
    EXPECT_EQ(mx.object()["scale_rule"].toString(), "floor");
    EXPECT_EQ(mx.object()["blocks"].toArray()[0].toObject()["scale_bits"].toString(), "0x7e");  // E8M0 2^-1
    const char* codes[] = {"0x1", "0xc", "0x7", "0x0"};
    const char* values[] = {"0.25", "-1", "3", "0"};
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(elementAt(mx, i)["code"].toString(), codes[i]);
        EXPECT_EQ(elementAt(mx, i)["dequantized"].toString(), values[i]);
    }
    EXPECT_TRUE(elementAt(mx, 3)["flushed"].toBool());
    EXPECT_EQ(mx.object()["summary"].toObject()["flushed"].toInt(), 1);
    EXPECT_EQ(mx.object()["summary"].toObject()["bits_per_element"].toDouble(), 4.25);

    const QJsonDocument nv = commandJson({"quantize", "0.3", "-1.2", "2.7", "0.05", "--scheme", "nvfp4", "--scale", "exact"});
    EXPECT_EQ(nv.object()["tensor_scale"].toObject()["scale_rational"].toString(),
              "1617803/1610612736");  // fp32(2.7) / 2688 = 11324621 / (2^22 * 2688), reduced by 7
    EXPECT_EQ(nv.object()["blocks"].toArray()[0].toObject()["scale_bits"].toString(), "0x7e");  // E4M3 448
    EXPECT_TRUE(elementAt(nv, 3)["flushed"].toBool());
    EXPECT_EQ(nv.object()["summary"].toObject()["bits_per_element"].toDouble(), 4.5);
}

TEST(LedgerJson, LectureNotesTotalsAndZero)
{
    const QJsonDocument doc = commandJson({"ledger", "--params", "27,781,427,952"});
    std::map<QString, double> perParam;
    for (const QJsonValue& v : doc.object()["schemes"].toArray())
        perParam[v.toObject()["id"].toString()] = v.toObject()["bytes_per_param"].toDouble();
    EXPECT_EQ(perParam["fp32-adam"], 16);
    EXPECT_EQ(perParam["bf16-mixed"], 16);
    EXPECT_EQ(perParam["bf16-mixed-fp32acc"], 20);
    EXPECT_EQ(perParam["te-fp8"], 16);
    EXPECT_EQ(perParam["deepseek-v3-fp8"], 15);
    EXPECT_EQ(perParam["fp8-lm-o3"], 9);
    EXPECT_EQ(perParam["nanotron-fp8"], 10);
    const QJsonObject fp32 = doc.object()["schemes"].toArray()[0].toObject();
    EXPECT_EQ(fp32["total_bytes"].toDouble(), 444502847232.0);
    EXPECT_EQ(fp32["total_gb"].toDouble(), 444.502847232);

    // ZeRO-1 on 64 GPUs, 7.5B parameters: 2 + 2 + 12/64 bytes per parameter per GPU (ZeRO Figure 1).
    const QJsonDocument zero = commandJson({"ledger", "--params", "7.5B", "--gpus", "64", "--zero", "1", "--scheme", "bf16-mixed"});
    EXPECT_EQ(zero.object()["schemes"].toArray()[0].toObject()["per_gpu_gb"].toDouble(), 31.40625);

    const QJsonDocument fit = commandJson({"ledger", "--params", "anchor", "--seq", "4096", "--recompute", "full",
                                           "--gpus", "8", "--zero", "3", "--gpu-memory", "80GiB", "--scheme", "bf16-mixed"});
    const QJsonObject mode = fit.object()["activations"].toObject()["modes"].toArray()[0].toObject();
    EXPECT_EQ(mode["total_gib"].toDouble(), 2.5);
    EXPECT_TRUE(fit.object()["schemes"].toArray()[0].toObject()["fit"].toArray()[0].toObject()["fits"].toBool());
}

INSTANTIATE_TEST_SUITE_P(
    QuantizeAndLedger, Errors,
    testing::Values(
        ErrorCase{{"quantize"}, "quantize needs values, --input FILE or --generate SHAPE"},
        ErrorCase{{"quantize", "1", "--scheme", "blocky"}, "unknown scheme 'blocky'"},
        ErrorCase{{"quantize", "1", "--scheme", "tile:0"}, "the tile length must be a positive whole number"},
        ErrorCase{{"quantize", "1", "nan"}, "element 1 is nan"},
        ErrorCase{{"quantize", "-inf", "1"}, "element 0 is -inf"},
        ErrorCase{{"quantize", "1", "2", "3", "--shape", "2x2"}, "shape 2x2 does not hold the 3 values given"},
        ErrorCase{{"quantize", "1", "2", "3", "--scheme", "tile:2", "--ragged", "reject"},
                  "shape 3 is not a multiple of the 1x2 block"},
        ErrorCase{{"quantize", "1", "--ragged", "trim"}, "--ragged: Needs one of pad, reject, got “trim”"},
        ErrorCase{{"quantize", "1", "--scheme", "nvfp4", "-f", "e4m3fn"}, "NVFP4 stores e2m1 elements, not e4m3fn"},
        ErrorCase{{"quantize", "1", "-f", "e8m0"}, "e8m0 has no sign bit"},
        ErrorCase{{"quantize", "1", "-f", "bf17"}, "unknown format 'bf17'"},
        ErrorCase{{"quantize", "1", "--scheme", "mx", "--scale", "exact"}, "--scale does not apply to mx"},
        ErrorCase{{"quantize", "1", "--scale", "fp16"}, "--scale: Needs one of exact, fp32, got “fp16”"},
        // The block-scaling lesson's declared bounds, as its panel and `export quantize` have them.
        ErrorCase{{"quantize", "1", "--seed", "-1"}, "--seed: Needs a whole number from 0 to 2147483647, got “-1”"},
        ErrorCase{{"quantize", "--generate", "4", "--mean", "2e6"}, "--mean: Needs a number from -1000000 to 1000000"},
        ErrorCase{{"quantize", "1", "--scale-rule", "floor"}, "--scale-rule applies to --scheme mx only"},
        ErrorCase{{"quantize", "1", "--scheme", "mx", "--scale-rule", "round"}, "--scale-rule: Needs one of floor, ceil, rceil, got “round”"},
        ErrorCase{{"quantize", "--input", "/nonexistent/w.npy"}, "'/nonexistent/w.npy': no such file"},
        ErrorCase{{"quantize", "--input", "weights.bin"}, "give a .csv or .npy file"},
        ErrorCase{{"quantize", "1", "--generate", "4"}, "not more than one"},
        ErrorCase{{"quantize", "--generate", "0x4"}, "shape '0x4' is not N or ROWSxCOLS"},
        ErrorCase{{"quantize", "--generate", "8", "--outliers", "9"}, "9 outliers do not fit in 8 elements"},
        ErrorCase{{"quantize", "1e39"}, "value 1: '1e39' overflows fp32 storage"},
        ErrorCase{{"quantize", "1", "abc"}, "value 2 ('abc'): unexpected 'a' at position 1"},
        ErrorCase{{"quantize", "1", "--limit", "some"}, "--limit takes a whole number, got 'some'"},
        ErrorCase{{"ledger"}, "ledger needs --params N"},
        ErrorCase{{"ledger", "7B"}, "ledger takes options only, got '7B'"},
        ErrorCase{{"ledger", "--params", "-7B"}, "parameter count '-7B' must be positive"},
        ErrorCase{{"ledger", "--params", "0"}, "parameter count '0' must be positive"},
        ErrorCase{{"ledger", "--params", "1.5"}, "parameter count '1.5' is not a whole number"},
        ErrorCase{{"ledger", "--params", "lots"}, "parameter count 'lots' is not a number"},
        ErrorCase{{"ledger", "--params", "7B", "--zero", "4"}, "--zero: Needs one of 0, 1, 2, 3, got “4”"},
        ErrorCase{{"ledger", "--params", "7B", "--gpus", "0"}, "--gpus: Needs a whole number from 1 to 1048576, got “0”"},
        ErrorCase{{"ledger", "--params", "7B", "--scheme", "fp9"}, "--scheme: No built-in scheme is named “fp9”"},
        ErrorCase{{"ledger", "--params", "7B", "--units", "TB"}, "--units: Needs one of GB, GiB, got “TB”"},
        ErrorCase{{"ledger", "--params", "7B", "--seq", "4096"}, "--seq: Activations need the hidden size, the heads and the layers"},
        ErrorCase{{"ledger", "--params", "7B", "--hidden", "4096"}, "--seq: Activations, which --hidden describes, need the sequence length"},
        ErrorCase{{"ledger", "--params", "anchor", "--seq", "4096", "--tp", "5"},
                  "--tp: tensor-parallel degree 5 must divide the 24 heads"},
        ErrorCase{{"ledger", "--params", "7B", "--gpu-memory", "80"}, "memory size '80' is not a positive number with a unit"},
        ErrorCase{{"ledger", "--params", "7B", "--add-scheme", "x=brains:fp32"}, "unknown component role 'brains'"},
        ErrorCase{{"ledger", "--params", "7B", "--seq", "1", "--hidden", "8", "--heads", "2", "--layers", "1",
                   "--recompute", "some"},
                  "--recompute: Needs one of none, selective, full, got “some”"}));

TEST(Help, QuantizeAndLedger)
{
    for (const char* command : {"quantize", "ledger"}) {
        const Outcome run = floatscope({command, "--help"});
        EXPECT_EQ(run.status, 0);
        EXPECT_EQ(run.out.find(std::string("usage: floatscope ") + command), 0u);
        EXPECT_EQ(run.err, "");
    }
    const Outcome models = floatscope({"ledger", "--list-models"});
    EXPECT_NE(models.out.find("27,781,427,952"), std::string::npos);
    EXPECT_NE(models.out.find("405,853,388,800"), std::string::npos);
    const Outcome schemes = floatscope({"ledger", "--list-schemes"});
    EXPECT_NE(schemes.out.find("FP8-LM itself counts 6 bytes"), std::string::npos);
}

}  // namespace
