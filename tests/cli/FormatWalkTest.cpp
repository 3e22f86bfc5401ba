// Every named format through every command option that takes one (and every export view's), as a
// user would try them: each is taken, or refused in one line that names the format and what it
// lacks. The trap: e8m0 (no sign, no zero) went into storages, accumulators and reductions and came
// out as "element 0 is nan" or a silent row of NaN.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "CliSupport.h"

namespace {

using namespace clitest;

// The formats `floatscope formats` lists, by their own names (the aliases name the same formats).
std::vector<std::string> formatNames()
{
    std::istringstream in(floatscope({"formats"}).out);
    std::vector<std::string> names;
    std::string line;
    std::getline(in, line);  // the header
    while (std::getline(in, line) && !line.empty())  // the notes below the table follow an empty line
        names.push_back(line.substr(0, line.find(' ')));
    return names;
}

// The words a refusal may give as the reason a format does not fit.
bool namesWhatItLacks(const std::string& err)
{
    for (const char* reason : {"sign", "zero", "mantissa", "infinit", "negative", "significant bits", "range", "NaN",
                               "nan", "subnormal", "does not", "cannot", "only", "not offer", "needs", "lacks", "at most",
                               "must be", "takes"})
        if (err.find(reason) != std::string::npos)
            return true;
    return false;
}

// `args` with every {F} replaced by `format`.
std::vector<std::string> with(const std::vector<std::string>& args, const std::string& format)
{
    std::vector<std::string> out;
    for (std::string a : args) {
        for (std::size_t at; (at = a.find("{F}")) != std::string::npos;)
            a.replace(at, 3, format);
        out.push_back(a);
    }
    return out;
}

std::string joined(const std::vector<std::string>& args)
{
    std::string line = "floatscope";
    for (const std::string& a : args)
        line += " '" + a + "'";
    return line;
}

// Runs `command` with each format: status 0 with output, or 2 with one line naming the format and a
// reason. Returns how many formats were refused.
int walk(const std::vector<std::string>& command, const std::vector<std::string>& formats)
{
    int refused = 0;
    for (const std::string& f : formats) {
        const std::vector<std::string> args = with(command, f);
        const Outcome run = floatscope(args);
        if (run.status == 0) {
            EXPECT_FALSE(run.out.empty() && args.back() != "/dev/null" && args.back().find(".svg") == std::string::npos)
                << joined(args) << ": status 0 and nothing printed";
            continue;
        }
        ++refused;
        EXPECT_EQ(run.status, 2) << joined(args) << "\n" << run.err;
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << joined(args) << "\n" << run.err;
        EXPECT_NE(run.err.find(f), std::string::npos) << joined(args) << ": the refusal names the format\n" << run.err;
        EXPECT_TRUE(namesWhatItLacks(run.err)) << joined(args) << ": the refusal says why\n" << run.err;
        EXPECT_EQ(run.err.find("unknown format"), std::string::npos) << joined(args) << "\n" << run.err;
    }
    return refused;
}

TEST(FormatWalk, EveryCommandTakesEveryFormatOrSaysWhatItLacks)
{
    const std::vector<std::string> formats = formatNames();
    ASSERT_GE(formats.size(), 14u);
    const std::vector<std::vector<std::string>> commands = {
        {"show", "1.5", "-f", "{F}"},
        {"show", "{F}:0x1"},
        {"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "-f", "{F}"},
        {"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "10", "-f", "{F}", "--mode", "fp32-master"},
        {"quantize", "0.5", "-1.25", "3", "-f", "{F}"},
        {"quantize", "0.5", "-1.25", "3", "-f", "{F}", "--scheme", "mx"},
        {"quantize", "0.5", "1.25", "3", "--storage", "{F}"},
        {"dot", "--inputs", "{F}", "--accumulator", "fp32", "--k", "8"},
        {"dot", "--inputs", "bf16", "--accumulator", "{F}", "--k", "8"},
        {"reduce", "softmax", "--vocab", "64", "--formats", "{F}"},
        {"reduce", "softmax", "--vocab", "64", "--logits", "{F}"},
        {"reduce", "moments", "--count", "64", "--formats", "{F}"},
        {"ledger", "--params", "1e9", "--add-scheme", "mine=master:fp32,weights:{F},opt:bf16x2"},
        {"train", "--recipe", "base=bf16-master;name=walk;grads={F}", "--save-recipe", "/dev/null"},
        {"train", "--recipe", "base=bf16-master;name=walk;adam-m={F}", "--save-recipe", "/dev/null"},
        {"train", "--recipe", "base=bf16-master;name=walk;matmul=fp8;fp8-forward={F}", "--save-recipe", "/dev/null"},
    };
    for (const std::vector<std::string>& command : commands)
        walk(command, formats);
}

// Each export view's options that take a format (FMT, FMTS or a format's name after them in the
// view's usage line of `export --help`), with every format.
TEST(FormatWalk, EveryExportViewTakesEveryFormatOrSaysWhatItLacks)
{
    const std::vector<std::string> formats = formatNames();
    std::istringstream help(floatscope({"export", "--help"}).out);
    const std::string out = ::testing::TempDir() + "/format_walk.svg";
    int options = 0;
    std::vector<std::string> lines;
    for (std::string line; std::getline(help, line);)
        lines.push_back(line);
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
        // "  VIEW  what it draws", then "                VIEW ARGUMENTS".
        std::istringstream usage(lines[i + 1]);
        std::vector<std::string> words;
        for (std::string w; usage >> w;)
            words.push_back(w);
        if (lines[i].rfind("  ", 0) != 0 || lines[i + 1].rfind("                ", 0) != 0 || words.empty())
            continue;
        const std::string view = words[0];
        std::vector<std::string> base = {"export", view};
        if (words.size() > 1 && words[1] == "VALUE")
            base.push_back("1.5");
        if (words.size() > 1 && words[1] == "V1")
            base.insert(base.end(), {"0.5", "-1.25", "3"});
        if (view == "ledger")
            base.insert(base.end(), {"--params", "1e9"});
        // A view of several kinds lists each kind's own options after its name ("softmax: [--logits FMT]").
        std::string kind;
        for (std::size_t w = 1; w + 1 < words.size(); ++w) {
            if (words[w].size() > 1 && words[w].back() == ':' && std::isalpha(static_cast<unsigned char>(words[w][0]))) {
                kind = words[w].substr(0, words[w].size() - 1);
                continue;
            }
            std::string option = words[w];
            option.erase(0, option.find_first_not_of('['));
            const std::string& value = words[w + 1];
            const bool takesFormat = value.rfind("FMT", 0) == 0 || value == "e4m3fn]";
            if (option.rfind("-", 0) != 0 || !takesFormat)
                continue;
            ++options;
            std::vector<std::string> command = base;
            if (!kind.empty())
                command.push_back(kind);
            command.insert(command.end(), {option, "{F}", "-o", out});
            walk(command, formats);
        }
    }
    EXPECT_GE(options, 10) << "the views' format options were found in `export --help`";
}

}  // namespace
