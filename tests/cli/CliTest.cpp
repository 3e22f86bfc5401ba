// The command line, run as a user runs it: the real executable in a child process, headless (no
// DISPLAY), stdout and stderr captured. Golden files hold the seeds' examples; the JSON is also
// checked field by field here and against the schema (validate_json.py, a separate test).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

struct Outcome {
    int status = -1;
    std::string out;
    std::string err;
};

std::string quote(const std::string& arg)
{
    std::string q = "'";
    for (const char c : arg)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

Outcome floatscope(const std::vector<std::string>& args)
{
    std::string command = "env -u DISPLAY -u WAYLAND_DISPLAY " + quote(FLOATSCOPE_EXECUTABLE);
    for (const std::string& a : args)
        command += " " + quote(a);
    const std::string errFile = testing::TempDir() + "floatscope_cli_stderr.txt";
    command += " 2>" + quote(errFile);
    Outcome run;
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr)
        return run;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
        run.out.append(buffer.data(), n);
    const int raw = pclose(pipe);
    run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    run.err = slurp(errFile);
    return run;
}

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

QJsonDocument showJson(const std::vector<std::string>& args)
{
    std::vector<std::string> all = {"show"};
    all.insert(all.end(), args.begin(), args.end());
    all.push_back("--json");
    const Outcome run = floatscope(all);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(run.out), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << run.out;
    return doc;
}

// The seeds' examples (../shared/seeds), in human and JSON form.
struct Golden {
    const char* name;
    std::vector<std::string> args;
};

class SeedGolden : public testing::TestWithParam<Golden> {};

TEST_P(SeedGolden, MatchesFile)
{
    const Golden& g = GetParam();
    const Outcome run = floatscope(g.args);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    expectGolden(g.name, run.out);
}

INSTANTIATE_TEST_SUITE_P(
    Seeds, SeedGolden,
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

TEST(ShowJson, SeedValuesFieldByField)
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

QJsonDocument accumulateJson(const std::vector<std::string>& args)
{
    std::vector<std::string> all = {"accumulate"};
    all.insert(all.end(), args.begin(), args.end());
    all.push_back("--json");
    const Outcome run = floatscope(all);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    return QJsonDocument::fromJson(QByteArray::fromStdString(run.out));
}

TEST(AccumulateJson, SeedDemosFieldByField)
{
    // seeds/002: 1 + 10^-3, a thousand times. fp16 adds one ulp (2^-10) per step: 1 + 1000/1024.
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

    // seeds/003: 10^-4 from 0, ten thousand times: fp16 stops at 0.25, bf16 at 2^-5.
    const QJsonDocument tenThousandth = accumulateJson({"--start", "0", "--delta", "1e-4", "--steps", "10000"});
    EXPECT_EQ(resultFor(tenThousandth, "fp16")["value"].toString(), "0.25");
    EXPECT_EQ(resultFor(tenThousandth, "fp16")["first_stall_step"].toInt(), 2182);
    EXPECT_EQ(resultFor(tenThousandth, "bf16")["value"].toString(), "0.03125");
    EXPECT_EQ(resultFor(tenThousandth, "bf16")["first_stall_step"].toInt(), 274);

    // seeds/000: the bf16 copy of an fp32 master first moves at step 4 (the notes say 8).
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
                    ErrorCase{{"show", "abc"}, "unexpected 'a' at position 0 in 'abc'"},
                    ErrorCase{{"show", "1e400000"}, "exponent out of range in '1e400000'"},
                    ErrorCase{{"show", "0x3DCD"}, "needs a binary exponent"},
                    ErrorCase{{"show", "0.1", "-f", "bf17"}, "unknown format 'bf17'"},
                    ErrorCase{{"show", "0.1", "-f", "fp32,"}, "empty format name in 'fp32,'"},
                    ErrorCase{{"show", "0.1", "-f", "e12m3"}, "format 'e12m3': exponent bits must be 1..11"},
                    ErrorCase{{"show", "e4m3fn:0x1FF"}, "wider than e4m3fn's 8 bits"},
                    ErrorCase{{"show", "bf17:0x1"}, "unknown format 'bf17'"},
                    ErrorCase{{"show", "0.1", "--rounding", "banker"}, "unknown rounding mode 'banker'"},
                    ErrorCase{{"show", "0.1", "--via", "fp16"}, "unknown route 'fp16'"},
                    ErrorCase{{"show", "0.1", "--saturate", "--no-saturate"}, "contradict"},
                    ErrorCase{{"show", "0.1", "--frob"}, "unknown option '--frob'"},
                    ErrorCase{{"show", "0.1", "-f"}, "option '-f' needs a value"},
                    ErrorCase{{"show", "0.1", "--json=yes"}, "option '--json' takes no value"},
                    ErrorCase{{"show", "0.1", "--random-bits", "99"}, "--random-bits must be 1..64"},
                    ErrorCase{{"formats", "fp16"}, "formats takes no values, got 'fp16'"},
                    ErrorCase{{"formats", "--yaml"}, "unknown option '--yaml'"},
                    ErrorCase{{"accumulate", "--delta", "1e-3", "--steps", "10"}, "accumulate needs --start"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3"}, "accumulate needs --steps"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "0"},
                              "the number of steps must be at least 1, got 0"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "-3"}, "got -3"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "2e7"},
                              "must be at most 10000000 (10^7), got 20000000"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "1e40"},
                              "--steps is out of range, got '1e40'"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "2.5"},
                              "--steps must be a whole number, got '2.5'"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "nan", "--steps", "10"},
                              "the increment must be a number, got nan"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "-inf", "--steps", "10"},
                              "the increment must be finite, got -inf"},
                    ErrorCase{{"accumulate", "--start", "inf", "--delta", "1", "--steps", "10"},
                              "the start value must be finite, got inf"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3x", "--steps", "10"},
                              "--delta: unexpected 'x' at position 4 in '1e-3x'"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "-f", "fp17"},
                              "unknown format 'fp17'"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "--mode", "master"},
                              "unknown mode 'master'"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "--json", "--csv"},
                              "contradict"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "--every", "2"},
                              "use it with --csv"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "--csv", "--every", "0"},
                              "--every must be at least 1, got 0"},
                    ErrorCase{{"accumulate", "1", "--delta", "1e-3", "--steps", "10"}, "takes options only, got '1'"},
                    ErrorCase{{"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "--mode", "stochastic",
                               "--random-bits", "0"},
                              "random bits must be 1..64, got 0"}));

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

}  // namespace
