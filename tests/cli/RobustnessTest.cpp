// The command line against hostile files, bad usage and a full disk: each test is named after the
// trap it reproduces. Nothing may be lost, nothing may hang, every refusal is one line and status 2.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "CliSupport.h"

namespace {

using namespace clitest;
namespace fs = std::filesystem;

void expectOneLineRefusal(const Outcome& run, const std::string& says)
{
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find(says), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
}

fs::path scratch(const std::string& name)
{
    const fs::path dir = fs::path(::testing::TempDir()) / ("floatscope_robust_" + std::to_string(getpid()));
    fs::create_directories(dir);
    const fs::path path = dir / name;
    fs::remove(path);
    return path;
}

// A NumPy .npy file (numpy.lib.format 1.0): magic, version, header length, dict, '\n', data.
std::string npy(const std::string& dict, const std::vector<double>& values)
{
    std::string header = dict;
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    std::string out = std::string("\x93NUMPY\x01\x00", 8);
    out += static_cast<char>(header.size() & 0xFF);
    out += static_cast<char>(header.size() >> 8);
    std::string data(values.size() * sizeof(double), '\0');
    std::memcpy(data.data(), values.data(), data.size());
    return out + header + data;
}

void write(const fs::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

// ---------------------------------------------------------------------------------------------
// Data loss.

// The trap: on a full disk `export` exited 0 with 28,672 of 45,968 bytes where the old file was
// (QSaveFile::commit() on Qt 6.4 returns true after a short write). A 32 KiB tmpfs in a private
// mount namespace stands for the full disk.
// `floatscope export ARGS -o FILE` onto a 32 KiB tmpfs holding FILE = "OLD": its status, what
// FILE then holds and what else is left there.
void expectFullDiskKeepsTheOldFile(const std::string& arguments, const std::string& file)
{
    const Outcome run = shell(
        "unshare -rm sh -c \"D=\\$(mktemp -d) && mount -t tmpfs -o size=32k tmpfs \\$D && echo OLD > \\$D/" + file + " && "
        "(env -u DISPLAY FLOATSCOPE export " + arguments + " -o \\$D/" + file + "; echo status=\\$?) && "
        "cat \\$D/" + file + " && ls -A \\$D\"");
    EXPECT_EQ(run.out, "status=2\nOLD\n" + file + "\n") << "the old file is whole and no temporary file is left";
    EXPECT_NE(run.err.find("No space left on device"), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
}

TEST(FullDisk, ExportToAFullDiskFailsAndKeepsTheOldFile)
{
    if (shell("unshare -rm true").status != 0)
        GTEST_SKIP() << "no user namespace here to mount a 32 KiB tmpfs in (unshare -rm)";
    expectFullDiskKeepsTheOldFile("bits 257 -f bf16,fp16,e4m3fn", "a.svg");
}

// The same for a deck: every page is drawn before the PDF is written, and the old file stays.
TEST(FullDisk, DeckToAFullDiskFailsAndKeepsTheOldFile)
{
    if (shell("unshare -rm true").status != 0)
        GTEST_SKIP() << "no user namespace here to mount a 32 KiB tmpfs in (unshare -rm)";
    expectFullDiskKeepsTheOldFile("deck accumulation", "a.pdf");
}

// The same trap on standard output: a redirect to a full disk printed nothing and exited 0.
TEST(FullDisk, StandardOutputToAFullDiskIsAFailure)
{
    const Outcome run = shell("env -u DISPLAY FLOATSCOPE quantize --generate 64x64 --json > /dev/full");
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("cannot write to standard output: No space left on device"), std::string::npos) << run.err;
}

// The trap: run as root, `--save-recipe /dev/null` turned /dev/null into a regular file and exited
// 0, `/dev/full` did the same and said it had saved, and `export bits -o` and `export deck -o` did it
// to a device or a link to one: the temporary file was renamed over the device. Inside a private
// mount namespace /dev/null and /dev/full are bound onto files of a scratch tmpfs (a relapse then
// fails to rename onto the mount point instead of replacing the machine's /dev/null), with links to
// each: /dev/null takes the output and stays a device, /dev/full says "No space left on device".
TEST(SpecialFiles, DevicesAreWrittenInPlaceNeverReplaced)
{
    if (shell("unshare -rm true").status != 0)
        GTEST_SKIP() << "no user namespace here to bind /dev/null and /dev/full in (unshare -rm)";
    const std::vector<std::pair<std::string, std::string>> commands = {
        {"export bits 257 -f bf16 -o", ".svg"},
        {"export deck accumulation -o", ".pdf"},
        {"train --recipe fp32 --save-recipe", ".recipe"},
    };
    for (const auto& [command, suffix] : commands) {
        const std::string null = "null" + suffix, full = "full" + suffix;
        const Outcome run = shell(
            "unshare -rm sh -c \"cd \\$(mktemp -d) && mount -t tmpfs tmpfs . && cd . && touch " + null + " " + full + " && "
            "mount --bind /dev/null " + null + " && mount --bind /dev/full " + full + " && "
            "ln -s \\$PWD/" + null + " to-" + null + " && ln -s \\$PWD/" + full + " to-" + full + " && "
            "echo; for F in " + null + " " + full + " to-" + null + " to-" + full + "; do "
            "env -u DISPLAY FLOATSCOPE " + command + " \\$F 2>&1; echo \\$F status=\\$?; done; "
            "stat -c %F " + null + " " + full + "; ls -A\"");
        std::size_t messages = 0;
        for (std::size_t at = run.out.find("floatscope: "); at != std::string::npos; at = run.out.find("floatscope: ", at + 1))
            ++messages;
        EXPECT_EQ(messages, 2u) << command << ": one line for each full device, none for null\n" << run.out << run.err;
        for (const std::string& line : {null + " status=0", "to-" + null + " status=0", full + " status=2", "to-" + full + " status=2"})
            EXPECT_NE(run.out.find("\n" + line + "\n"), std::string::npos) << command << ": " << line << "\n" << run.out;
        EXPECT_NE(run.out.find("No space left on device"), std::string::npos) << command << "\n" << run.out;
        EXPECT_NE(run.out.find("character special file\ncharacter special file\n"), std::string::npos)
            << command << ": both are still devices\n" << run.out;
        EXPECT_NE(run.out.find(full + "\n" + null + "\nto-" + full + "\nto-" + null + "\n"), std::string::npos)
            << command << ": no temporary file left\n" << run.out;
    }
}

// A FIFO with a reader takes the figure and stays a FIFO; one nobody reads is refused at once
// rather than blocking for ever.
TEST(SpecialFiles, AFifoIsWrittenInPlaceOrRefusedWhenNobodyReads)
{
    const fs::path fifo = scratch("pipe.svg");
    ASSERT_EQ(shell("mkfifo " + quote(fifo)).status, 0);
    expectOneLineRefusal(shell("timeout 20 env -u DISPLAY FLOATSCOPE export bits 257 -f bf16 -o " + quote(fifo)),
                         "it is a FIFO that nothing is reading from");
    const fs::path copy = scratch("copy.svg");
    const Outcome run = shell("(timeout 20 cat " + quote(fifo) + " > " + quote(copy) + " &) ; sleep 0.5; "
                              "timeout 20 env -u DISPLAY FLOATSCOPE export bits 257 -f bf16 -o " + quote(fifo));
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(fs::is_fifo(fifo));
    shell("sleep 0.5");
    std::ifstream in(copy);
    const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(svg.find("</svg>"), std::string::npos) << svg.size() << " bytes came through";
}

// Ctrl-C during a deck: it stops between pages, exits 130 and says so; the old PDF is whole.
TEST(SpecialFiles, AnInterruptedDeckLeavesTheOldPdf)
{
    const fs::path pdf = scratch("interrupted.pdf");
    write(pdf, "OLD");
    const Outcome run = shell("env --default-signal=INT -u DISPLAY FLOATSCOPE export deck -o " + quote(pdf)
                              + " & P=$!; sleep 1.5; kill -INT $P; wait $P; echo status=$?");
    EXPECT_NE(run.out.find("status=130"), std::string::npos) << run.out << run.err;
    EXPECT_NE(run.err.find("floatscope: interrupted: cancelled: "), std::string::npos) << run.err;
    std::ifstream in(pdf);
    const std::string kept((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(kept, "OLD");
    for (const fs::directory_entry& e : fs::directory_iterator(pdf.parent_path()))
        EXPECT_TRUE(e.path().filename().string().rfind("interrupted.pdf.", 0) != 0) << "a temporary file left: " << e.path();
}

// `floatscope ARGS --json --progress`, sent SIGNAL `seconds` after its progress on stderr first
// matches `progress` (an extended regular expression; empty: after it starts): its status, how
// many milliseconds it took to stop, its stderr and its JSON. A shell starts a background job with
// SIGINT ignored; env --default-signal gives the run the default a terminal's would have.
struct Interrupted {
    Outcome run;
    int status = -1;
    int milliseconds = -1;
    std::string err;
    std::string json;
};

Interrupted interrupt(const std::string& arguments, const std::string& signal, double seconds,
                      const std::string& progress = "")
{
    const fs::path out = scratch("interrupted.json");
    const fs::path err = scratch("interrupted.err");
    Interrupted i;
    i.run = shell("env --default-signal=INT -u DISPLAY FLOATSCOPE " + arguments + " --json --progress > " + quote(out)
                  + " 2> " + quote(err) + " & P=$!; "
                  + (progress.empty() ? "" : "for _ in $(seq 600); do grep -qE " + quote(progress) + " " + quote(err)
                                                 + " && break; sleep 0.05; done; ")
                  + "sleep " + std::to_string(seconds) + "; S=$(date +%s%N); kill -" + signal
                  + " $P; wait $P; echo status=$? ms=$(( ($(date +%s%N) - S) / 1000000 ))");
    std::sscanf(i.run.out.c_str(), "status=%d ms=%d", &i.status, &i.milliseconds);
    std::ifstream jsonIn(out);
    i.json.assign(std::istreambuf_iterator<char>(jsonIn), std::istreambuf_iterator<char>());
    std::ifstream errIn(err);
    i.err.assign(std::istreambuf_iterator<char>(errIn), std::istreambuf_iterator<char>());
    return i;
}

// The trap: a 2^24-product dot or a router of 4 million logits ignored Ctrl-C until the end (or
// died with nothing printed). Now each stops within a second, prints the whole results it has and
// says it was interrupted, exit 130; its progress was on stderr.
TEST(Interrupt, DotPrintsTheInnerProductsDoneAndExits130)
{
    // Twelve fused adders, each at K = 1000 and 2^22 (about 0.2 s each here), stopped once a tenth
    // of the products are done: the first adder is done, the last is not.
    std::string twelve = "dot --inputs fp16 --k 1000,4194304 --accumulator fixed:13";
    for (int w = 14; w <= 24; ++w)
        twelve += ",fixed:" + std::to_string(w);
    for (const char* signal : {"INT", "TERM"}) {
        const Interrupted i = interrupt(twelve, signal, 0, "\\(([1-9][0-9])%\\)");
        EXPECT_EQ(i.status, 130) << signal << ": " << i.run.out << i.err;
        EXPECT_GE(i.milliseconds, 0);
        EXPECT_LT(i.milliseconds, 1000) << signal << ": stopped within a second";
        EXPECT_NE(i.err.find("products ("), std::string::npos) << "the progress: " << i.err;
        EXPECT_NE(i.err.find("floatscope: interrupted after "), std::string::npos) << i.err;
        EXPECT_NE(i.json.find("\"interrupted\": true"), std::string::npos) << i.json;
        EXPECT_NE(i.json.find("\"accumulator\": \"fixed:13\""), std::string::npos) << "the first was done: " << i.json;
        EXPECT_EQ(i.json.find("\"accumulator\": \"fixed:24\""), std::string::npos) << "the last was not: " << i.json;
    }
    // Stopped while the inputs are drawn: nothing done, and still within a second.
    const Interrupted early = interrupt("dot --inputs bf16 --accumulator fp32 --k 16777216", "INT", 0.3);
    EXPECT_EQ(early.status, 130) << early.err;
    EXPECT_LT(early.milliseconds, 1000);
    EXPECT_NE(early.err.find("floatscope: interrupted after 0 of 1 inner products"), std::string::npos) << early.err;
}

TEST(Interrupt, ReducePrintsTheFormatsFinishedAndExits130)
{
    // The exact RMSNorm of 2^24 values, the bulk of the work, stops too.
    const Interrupted norm = interrupt("reduce rmsnorm --hidden 65536 --rows 256", "TERM", 1.5);
    EXPECT_EQ(norm.status, 130) << norm.err;
    EXPECT_LT(norm.milliseconds, 1000) << "stopped within a second";
    EXPECT_NE(norm.err.find("reduce rmsnorm: "), std::string::npos) << "the progress: " << norm.err;
    const Interrupted i = interrupt("reduce router --tokens 16384 --experts 256", "INT", 1.5);
    EXPECT_EQ(i.status, 130) << i.run.out << i.err;
    EXPECT_LT(i.milliseconds, 1000) << "stopped within a second";
    EXPECT_NE(i.err.find("reduce router: "), std::string::npos) << "the progress: " << i.err;
    EXPECT_NE(i.err.find("floatscope: interrupted: no format was finished"), std::string::npos) << i.err;
    EXPECT_NE(i.json.find("\"interrupted\": true"), std::string::npos) << i.json;
    EXPECT_NE(i.json.find("\"results\": [\n    ]"), std::string::npos) << i.json;
}

// An export view that trains: stopped within a second, nothing written, the old file kept.
TEST(Interrupt, AnExportViewThatTrainsWritesNothing)
{
    const fs::path svg = scratch("training.svg");
    write(svg, "OLD");
    const Outcome run = shell("env --default-signal=INT -u DISPLAY FLOATSCOPE export training --steps 2000 -o " + quote(svg)
                              + " & P=$!; sleep 1.5; S=$(date +%s%N); kill -INT $P; wait $P; echo status=$? ms=$(( ($(date +%s%N) - S) / 1000000 ))");
    int status = -1, milliseconds = -1;
    std::sscanf(run.out.c_str(), "status=%d ms=%d", &status, &milliseconds);
    EXPECT_EQ(status, 130) << run.out << run.err;
    EXPECT_LT(milliseconds, 1000);
    EXPECT_NE(run.err.find("floatscope: interrupted: " + svg.string() + " was not written"), std::string::npos) << run.err;
    std::ifstream in(svg);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()), "OLD");
}

TEST(Interrupt, VerifyPrintsTheInputsComparedAndExits130)
{
    if (floatscope({"verify", "-f", "fp16", "--against", "x86-f16c", "--inputs", "0-15"}).status != 0)
        GTEST_SKIP() << "this CPU has no F16C";
    const Interrupted i = interrupt("verify -f fp16 --against x86-f16c --threads 1", "INT", 1);
    EXPECT_EQ(i.status, 130) << i.run.out << i.err;
    EXPECT_LT(i.milliseconds, 1000) << "stopped within a second";
    EXPECT_NE(i.err.find("fp16 vs x86-f16c: "), std::string::npos) << "the progress: " << i.err;
    EXPECT_NE(i.json.find("\"interrupted\": true"), std::string::npos) << i.json;
    EXPECT_NE(i.json.find("\"unexplained\": 0"), std::string::npos) << "the inputs compared: " << i.json;
}

// The trap: `export deck -o existing_folder.pdf` wrote PNG pages into the folder and exited 0.
TEST(SpecialFiles, ADeckOntoAFolderNamedPdfIsRefused)
{
    const fs::path folder = scratch("deck.pdf");
    fs::create_directories(folder);
    expectOneLineRefusal(shell("env -u DISPLAY FLOATSCOPE export deck accumulation -o " + quote(folder)),
                         "is a folder: give a file name for one PDF, or -o " + folder.string() + "/ for a folder of pages");
    EXPECT_TRUE(fs::is_empty(folder));
}

// ---------------------------------------------------------------------------------------------
// Hostile files.

// `command` with a path appended that is a device (under a 2 GB memory limit), then a FIFO named
// `fifoName`: both refused at once, as not regular files.
void expectDeviceAndFifoRefused(const std::string& command, const fs::path& device, const std::string& fifoName)
{
    expectOneLineRefusal(shell("ulimit -v 2000000; timeout 20 env -u DISPLAY FLOATSCOPE " + command + " " + quote(device)),
                         "not a regular file");
    const fs::path fifo = scratch(fifoName);
    ASSERT_EQ(shell("mkfifo " + quote(fifo)).status, 0);
    expectOneLineRefusal(shell("timeout 20 env -u DISPLAY FLOATSCOPE " + command + " " + quote(fifo)), "not a regular file");
}

// The trap: a tensor path that is a device (ln -s /dev/zero x.npy) read until memory ran out, and
// a FIFO blocked forever. Both now answer at once; the memory and time bounds only catch a relapse.
TEST(HostileFiles, DeviceOrFifoAsTensorIsRefusedAtOnce)
{
    const fs::path zero = scratch("zero.npy");
    fs::create_symlink("/dev/zero", zero);
    expectDeviceAndFifoRefused("quantize --input", zero, "fifo.csv");
}

// The same trap for recipe files: `train --recipe-file /dev/zero` read until memory ran
// out, and a FIFO blocked forever.
TEST(HostileFiles, DeviceOrFifoAsRecipeIsRefusedAtOnce)
{
    expectDeviceAndFifoRefused("train --steps 1 --recipe-file", "/dev/zero", "fifo.recipe");
}

// The trap: "W.NPY" was loaded as .npy but the JSON said its values were stored in fp32.
TEST(HostileFiles, NpyInCapitalsIsExactNotFp32Storage)
{
    const fs::path path = scratch("W.NPY");
    write(path, npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }", {0.1, 3.0}));
    const Outcome run = floatscope({"quantize", "--input", path.string(), "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("\"storage\": null"), std::string::npos);
    EXPECT_NE(run.out.find("\"input\": \"0.1\""), std::string::npos) << "fp64's 0.1, not fp32's";
}

// The trap: a 9-byte .npy that starts with the magic was said "not to start with \x93NUMPY".
TEST(HostileFiles, TruncatedNpySaysTruncated)
{
    const fs::path path = scratch("short.npy");
    write(path, std::string("\x93NUMPY\x01\x00\x76", 9));
    const Outcome run = floatscope({"quantize", "--input", path.string()});
    expectOneLineRefusal(run, "truncated .npy file: it ends after 9 bytes");
    EXPECT_EQ(run.err.find("does not start"), std::string::npos) << run.err;
}

// The trap: 'descr' inside another key's string was taken as the dtype.
TEST(HostileFiles, DescrInsideAStringIsNotTheDtype)
{
    const fs::path path = scratch("quoted.npy");
    write(path, npy("{'note': \"'descr': '<f2'\", 'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", {0.1}));
    const Outcome run = floatscope({"quantize", "--input", path.string(), "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("\"input\": \"0.1\""), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Usage.

// The trap: without a display, `floatscope --frob`, `-x` and an empty first argument aborted in Qt
// (SIGABRT, status 134) instead of answering.
TEST(Usage, UnknownOptionsWithoutADisplayAreOneLineNotAnAbort)
{
    expectOneLineRefusal(floatscope({"--frob"}), "unknown option '--frob'");
    expectOneLineRefusal(floatscope({"-x"}), "unknown option '-x'");
    expectOneLineRefusal(floatscope({""}), "unknown command ''");
    expectOneLineRefusal(shell("env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM FLOATSCOPE"),
                         "cannot open the window");
}

// The trap: with a display, unknown options opened the window as if nothing were wrong. Qt's own
// -style still works (the window paints and, told to, quits).
TEST(Usage, UnknownOptionsWithADisplayDoNotOpenTheWindow)
{
    const std::string window = "QT_QPA_PLATFORM=offscreen FLOATSCOPE_EXIT_AFTER_FIRST_PAINT=1 timeout 60 FLOATSCOPE";
    expectOneLineRefusal(shell(window + " --frob"), "unknown option '--frob'");
    expectOneLineRefusal(shell(window + " -platform"), "option '-platform' needs a value");
    EXPECT_EQ(shell(window + " -style fusion").status, 0);
}

// The trap: `-f bf16 -f fp16` silently kept the last.
TEST(Usage, AnOptionGivenTwiceIsAnError)
{
    expectOneLineRefusal(floatscope({"quantize", "1", "-f", "bf16", "-f", "fp16"}), "option '-f' is given twice ('bf16' and 'fp16')");
    expectOneLineRefusal(floatscope({"quantize", "1", "-f", "bf16", "--format", "fp16"}), "is given twice");
    expectOneLineRefusal(floatscope({"show", "1", "-f", "bf16", "-f", "fp16"}), "is given twice");
}

// The trap: `show 1 -f fp16,fp16` printed two identical rows. A format named twice in one list is
// refused as an option given twice is, by any of its names, in every command that takes a list.
TEST(Usage, AFormatGivenTwiceInOneListIsAnError)
{
    expectOneLineRefusal(floatscope({"show", "1", "-f", "fp16,fp16"}), "-f: “fp16” is given twice");
    expectOneLineRefusal(floatscope({"show", "1", "-f", "bf16,fp32,bfloat16"}),
                         "-f: “bfloat16 (bf16)” is given twice");
    expectOneLineRefusal(floatscope({"accumulate", "--start", "1", "--delta", "1e-3", "--steps", "3", "-f", "fp32,FP32"}),
                         "is given twice");
    expectOneLineRefusal(floatscope({"export", "bits", "1", "-f", "e5m2,e5m2", "-o", scratch("twice.svg").string()}),
                         "is given twice");
    EXPECT_EQ(floatscope({"show", "1", "-f", "fp16,bf16"}).status, 0);
}

// The trap: `--size 0.1x0.1` silently drew the default size, and `--size 20000x20000` held 1.6 GB.
TEST(Usage, ExportSizeOutsideWhatASlideNeedsIsRefused)
{
    const std::string out = scratch("size.png").string();
    expectOneLineRefusal(floatscope({"export", "bits", "1", "-o", out, "--size", "0.1x0.1"}),
                         "each side must be 16 to 4096 pixels");
    expectOneLineRefusal(floatscope({"export", "bits", "1", "-o", out, "--size", "20000x20000"}),
                         "each side must be 16 to 4096 pixels");
    expectOneLineRefusal(floatscope({"export", "bits", "1", "-o", out, "--size", "4000x2000", "--scale", "4"}),
                         "a PNG of 16000 pixels a side; at most 8192");
    EXPECT_FALSE(fs::exists(out));
}

// A deck: lessons by name, one PDF or a folder; anything else is refused in one line.
TEST(Usage, ExportDeckRefusesWhatItCannotWrite)
{
    const std::string out = scratch("deck.pdf").string();
    expectOneLineRefusal(floatscope({"export", "deck", "nosuch", "-o", out}), "unknown lesson 'nosuch' (inspector, ");
    expectOneLineRefusal(floatscope({"export", "deck", "-o", scratch("deck.txt").string()}), "export deck writes DECK.pdf");
    expectOneLineRefusal(floatscope({"export", "deck", "-o", out, "--format", "gif"}), "--format takes png, svg or pdf");
    expectOneLineRefusal(floatscope({"export", "deck"}), "export deck needs -o DECK.pdf or -o FOLDER/");
    expectOneLineRefusal(floatscope({"export", "deck", "-o", out, "--scale", "9"}), "--scale takes a number from 1 to 4");
    EXPECT_FALSE(fs::exists(out));
}

// `export deck --help` lists each lesson with its pages; the PDF has that many, the folder a file
// for each, named LESSON-NN.
TEST(ExportDeck, WritesAPageForEachPresetItsHelpLists)
{
    const Outcome help = floatscope({"export", "deck", "--help"});
    ASSERT_EQ(help.status, 0);
    std::map<std::string, int> pages;
    std::istringstream lines(help.out.substr(help.out.find("lessons:")));
    for (std::string line; std::getline(lines, line);) {
        std::istringstream words(line);
        std::string name;
        int count = 0;
        if (words >> name >> count)
            pages[name] = count;
    }
    ASSERT_GE(pages.size(), 8u);
    ASSERT_GT(pages["accumulation"], 1);
    const std::string pdf = scratch("two.pdf").string();
    const Outcome run = floatscope({"export", "deck", "accumulation", "ledger", "-o", pdf, "--lang", "zh_CN"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, "");
    const std::string bytes = slurp(pdf);
    int found = 0;
    for (std::size_t at = bytes.find("/Type /Page"); at != std::string::npos; at = bytes.find("/Type /Page", at + 1))
        found += bytes.compare(at, 12, "/Type /Pages") == 0 ? 0 : 1;
    EXPECT_EQ(found, pages["accumulation"] + pages["ledger"]);

    const fs::path folder = scratch("figures");
    fs::remove_all(folder);
    ASSERT_EQ(floatscope({"export", "deck", "range", "-o", folder.string() + "/", "--format", "svg", "--theme", "dark"}).status, 0);
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(folder))
        files.push_back(entry.path().filename().string());
    std::sort(files.begin(), files.end());
    ASSERT_EQ(static_cast<int>(files.size()), pages["range"]);
    EXPECT_EQ(files.front(), "range-01.svg");
}

// ---------------------------------------------------------------------------------------------
// Quantize.

// The trap: values that overflowed while being generated were blamed on "element 1 is inf".
TEST(Quantize, GeneratedOverflowNamesTheGenerator)
{
    // The generator's bounds (|mean| and std at most 10^6) keep fp64 storage safe; fp16's max is 65504.
    const Outcome run = floatscope({"quantize", "--generate", "4", "--mean", "1e6", "--storage", "fp16"});
    expectOneLineRefusal(run, "generated values overflow fp16 storage");
    EXPECT_EQ(run.err.find("element"), std::string::npos) << run.err;
}

// The traps: MSE 0 and SQNR "inf (exact)" with every element flushed; MSE inf and SQNR -nan.
TEST(Quantize, StatisticsOfTinyAndHugeValuesAreRight)
{
    const Outcome tiny = floatscope({"quantize", "1e-300", "1e-310", "--storage", "fp64"});
    ASSERT_EQ(tiny.status, 0) << tiny.err;
    EXPECT_NE(tiny.out.find("MSE 5e-601,"), std::string::npos) << tiny.out;
    EXPECT_NE(tiny.out.find("SQNR 0 dB"), std::string::npos) << tiny.out;
    const Outcome huge = floatscope({"quantize", "1e300", "1", "--storage", "fp64"});
    ASSERT_EQ(huge.status, 0) << huge.err;
    const std::string summary = huge.out.substr(huge.out.find("summary:"));
    EXPECT_NE(summary.find("MSE 5e+599,"), std::string::npos) << summary;
    EXPECT_EQ(summary.find("nan"), std::string::npos) << summary;
    EXPECT_EQ(summary.find(" inf"), std::string::npos) << summary;
    // The JSON said "nan" where the text said -nan: the same statistics, as numbers JSON can hold.
    const Outcome json = floatscope({"quantize", "1e300", "1", "--storage", "fp64", "--json"});
    ASSERT_EQ(json.status, 0) << json.err;
    EXPECT_NE(json.out.find(R"("mse": "5.0000000000000005e+599")"), std::string::npos) << json.out;
    EXPECT_NE(json.out.find(R"("sqnr_db": 0,)"), std::string::npos) << json.out;
    for (const char* never : {R"("nan")", R"("inf")", R"("-inf")"})
        EXPECT_EQ(json.out.find(never), std::string::npos) << never << " in " << json.out;
}

TEST(Quantize, MoreValuesThanTheLimitAreRefusedBeforeAnyAreMade)
{
    expectOneLineRefusal(floatscope({"quantize", "--generate", "8193x8192"}), "more than 67108864 values");
    // The trap: a shape whose product overflows 64 bits was said to be "not positive".
    expectOneLineRefusal(floatscope({"quantize", "--generate", "4294967296x4294967296"}), "more than 67108864 values");
    expectOneLineRefusal(floatscope({"quantize", "--generate", "0x5"}), "with positive whole numbers");
}

// A command and its lesson's export view read one declaration (show and `export bits`, accumulate
// and `export accumulation`, dot and `export dot`): a bad value gets the same line from both, and neither writes a file.
TEST(Usage, ACommandAndItsLessonsViewRefuseAlike)
{
    const std::string out = scratch("alike.svg").string();
    struct Pair {
        std::vector<std::string> command;
        std::vector<std::string> view;
        std::vector<std::vector<std::string>> bad;
    };
    const std::vector<Pair> pairs = {
        {{"show", "0.1"},
         {"export", "bits", "0.1", "-o", out},
         {{"-f", "bf17"}, {"-f", "fp32,"}, {"-f", "e12m3"}, {"-f", "bf16,bfloat16"}, {"--rounding", "banker"},
          {"--via", "fp16"}, {"--saturate", "--no-saturate"}}},
        {{"accumulate", "--start", "1", "--delta", "1e-3"},
         {"export", "accumulation", "--start", "1", "--delta", "1e-3", "-o", out},
         {{"--steps", "0"}, {"--steps", "2.5"}, {"--steps", "2e7"}, {"--steps", "10", "--seed", "2000000000"},
          {"--steps", "10", "--mode", "master"}, {"--steps", "10", "--via", "x"}, {"--steps", "10", "-f", "fp17"},
          {"--steps", "10", "-f", "e8m0", "--mode", "kahan"}}},
        {{"dot", "--accumulator", "fp32", "--k", "16"},
         {"export", "dot", "--accumulator", "fp32", "-o", out},
         {{"--inputs", "e8m0"}, {"--inputs", "bf17"}, {"--inputs", "bf16", "--promote", "2000000"},
          {"--inputs", "bf16", "--seed", "-1"}, {"--inputs", "bf16", "--distribution", "cauchy"}}},
    };
    for (const Pair& pair : pairs)
        for (const std::vector<std::string>& bad : pair.bad) {
            std::vector<std::string> command = pair.command;
            std::vector<std::string> view = pair.view;
            command.insert(command.end(), bad.begin(), bad.end());
            view.insert(view.end(), bad.begin(), bad.end());
            const Outcome byCommand = floatscope(command);
            const Outcome byView = floatscope(view);
            expectOneLineRefusal(byCommand, "floatscope: ");
            EXPECT_EQ(byCommand.err, byView.err) << pair.command.front() << " " << bad.back();
            EXPECT_EQ(byView.status, 2);
            EXPECT_FALSE(fs::exists(out));
        }
}

}  // namespace
