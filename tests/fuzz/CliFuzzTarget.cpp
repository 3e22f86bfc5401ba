// Fuzz target for the command line itself. The bytes choose a command (an export view and the deck
// count as commands), then arguments: the command's own options (read from its --help, so a new
// option is fuzzed the day it is written), values from a list of hostile ones (every format name,
// bounds and one past them, special files) and the bytes themselves. The command runs in process,
// in a scratch folder, its output thrown away. No crash, no signal, no exception, no exit(): the
// status is 0, 1 or 2, or 130 where the time limit stopped it (after two seconds the Ctrl-C a user
// would press, Interruption::request; a command that polls it stops, the others end within their
// bounds' minute).
#include <unistd.h>

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "app/cli/Commands.h"
#include "app/cli/Interruption.h"

namespace {

namespace fs = std::filesystem;
using floatscope::cli::Io;

using Runner = std::function<int(const std::vector<std::string>&, const Io&)>;

struct Command {
    std::vector<std::string> words;  // after "floatscope": {"dot"}, {"export", "bits"}
    Runner run;
    std::vector<std::string> options;
};

// Two seconds, then the stop; the commands that poll stop within a second of it (RobustnessTest's
// Interrupt tests time that), the rest end within the minute their bounds allow.
constexpr auto kTimeLimit = std::chrono::seconds(2);
constexpr auto kStopWithin = std::chrono::seconds(60);

// Hostile values: each format name and a name that is none, numbers at and past the bounds the
// commands document, specs, shapes, texts a parser trips on, and files of every awkward kind (made
// in the scratch folder by prepare()).
const std::vector<std::string> kValues = {
    "", " ", "0", "-0", "1", "-1", "2", "3", "7", "16", "64", "128", "1000", "4096", "8192", "8193", "65536",
    "1048576", "16777216", "16777217", "67108864", "4294967296", "18446744073709551615", "18446744073709551616",
    "1e308", "1e309", "1e-400", "-1e-400", "0.1", "nan", "-nan", "inf", "-inf", "0x1p-149", "0x", "1e", "1,2,3",
    ",", ",,", "1,,2", "fp64", "fp32", "tf32", "fp16", "bf16", "e4m3fn", "e4m3", "e5m2", "e4m3fnuz", "e5m2fnuz",
    "e2m3", "e3m2", "e2m1", "e8m0", "fp7", "bfloat16", "bf16:0x3f80", "e8m0:0xff", "fp32,bf16", "fp16,fp16",
    "avx512bf16", "avx512bf16:nearest-even", "fixed:13", "fixed:0", "fixed:41:3", "h100-fp8", "a100-bf16",
    "fp32:nearest-even:blocked:64", "fp32:odd:pairwise", "bf16:stochastic", "tensor", "tile:128", "tile:0",
    "block:32x64", "block:0x0", "mx", "nvfp4", "exact", "rceil", "floor", "softmax", "moments", "rmsnorm", "router",
    "64x64", "8192x8192", "8193x8192", "0x0", "4294967296x4294967296", "-1x5", "normal", "uniform", "heavy",
    "ones", "small", "own", "all", "nearest-even", "toward-zero", "stochastic", "x86-f16c", "x86-avx512bf16",
    "nvidia-host", "cuda", "0x3f800000-0x3f8000ff", "0xffffffff-0x0", "fp32-master", "kahan", "bf16-master",
    "fp32,bf16-pure", "name=mine base=bf16-master matmul=fp8", "name=", "anchor", "7B", "llama3-70b", "80GiB",
    "master:fp32,weights:e2m1", "png", "svg", "pdf", "dark", "light", "zh_CN", "en", "1920x1080", "4096x4096",
    "16x16", "\xef\xbb\xbf" "bf16", "\xe5\x90\x8d\xe5\xad\x97", "\xff\xfe", "a\tb", "a\nb", "$(x)", "--", "-",
    "--json", "-h", "t.csv", "t.npy", "r.recipe", "bom.csv", "nul.recipe", "empty.csv", "dir", "dir/",
    "dir/out.svg", "fifo", "missing.csv", "out.svg", "out.pdf", "out.png", "deck.pdf", "/dev/null", "/dev/full",
    "/dev/zero", "/proc/self/status",
};

std::string scratchFolder;
std::set<std::string> prepared;
std::vector<Command> commands;
std::FILE* sink = nullptr;

// What a command's --help prints.
std::string helpOf(const Command& c)
{
    char* text = nullptr;
    std::size_t size = 0;
    std::FILE* out = open_memstream(&text, &size);
    std::vector<std::string> args(c.words.begin() + 1, c.words.end());
    args.push_back("--help");
    c.run(args, Io{out, sink, false});
    std::fclose(out);
    std::string help(text, size);
    std::free(text);
    return help;
}

// Every --long option and -x short option the help names.
std::vector<std::string> optionsIn(const std::string& help)
{
    std::set<std::string> found;
    for (std::size_t at = 0; (at = help.find('-', at)) != std::string::npos; ++at) {
        if (at > 0 && (std::isalnum(static_cast<unsigned char>(help[at - 1])) != 0 || help[at - 1] == '-'))
            continue;
        std::size_t end = at + 1;
        const bool isLong = end < help.size() && help[end] == '-';
        if (isLong)
            ++end;
        const std::size_t start = end;
        while (end < help.size() && (std::isalnum(static_cast<unsigned char>(help[end])) != 0 || help[end] == '-'))
            ++end;
        if (end == start || std::isalpha(static_cast<unsigned char>(help[start])) == 0 || (!isLong && end - start != 1))
            continue;
        found.insert(help.substr(at, end - at));
    }
    return {found.begin(), found.end()};
}

// The export views, as `export --help` lists them: "  NAME  what it draws".
std::vector<std::string> exportViews()
{
    const Command exportCommand{{"export"}, floatscope::cli::runExport, {}};
    std::vector<std::string> views;
    std::string help = helpOf(exportCommand);
    for (std::size_t at = 0; (at = help.find("\n  ", at)) != std::string::npos;) {
        at += 3;
        std::size_t end = at;
        while (end < help.size() && (std::islower(static_cast<unsigned char>(help[end])) != 0 || help[end] == '-'))
            ++end;
        if (end > at && end + 1 < help.size() && help[end] == ' ' && help[end + 1] == ' ')
            views.push_back(help.substr(at, end - at));
    }
    return views;
}

void writeFile(const std::string& name, const std::string& bytes)
{
    std::ofstream(name, std::ios::binary) << bytes;
    prepared.insert(name);
}

// The scratch folder and the files the values name.
void prepare()
{
    char folder[] = "/tmp/floatscope-cli-fuzz.XXXXXX";
    if (mkdtemp(folder) == nullptr || chdir(folder) != 0)
        std::abort();
    scratchFolder = folder;
    writeFile("t.csv", "0.5,-1.25,3\n1e-3,448,-0\n");
    writeFile("bom.csv", "\xef\xbb\xbf" "1,2\n");
    writeFile("empty.csv", "");
    std::string npy = std::string("\x93NUMPY\x01\x00", 8);
    std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }";
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    npy += static_cast<char>(header.size());
    npy += '\0';
    const double values[2] = {0.1, -65504.0};
    npy += header + std::string(reinterpret_cast<const char*>(values), sizeof values);
    writeFile("t.npy", npy);
    writeFile("r.recipe", "name=mine\nbase=bf16-master\nmatmul=fp8\n");
    writeFile("nul.recipe", std::string("name=a\0b\nbase=fp32\n", 20));
    fs::create_directory("dir");
    prepared.insert("dir");
    if (mkfifo("fifo", 0600) != 0)
        std::abort();
    prepared.insert("fifo");
}

// Bytes as an argument, kept inside the scratch folder: no NUL (argv cannot hold one), no absolute
// path and no way up.
std::string confined(std::string text)
{
    for (char& c : text)
        if (c == '\0')
            c = ' ';
    for (std::size_t at; (at = text.find("..")) != std::string::npos;)
        text[at] = '_';
    if (!text.empty() && text[0] == '/')
        text.insert(0, ".");
    if (!text.empty() && text[0] == '~')
        text.insert(0, "./");
    return text;
}

std::string commandLine(const Command& c, const std::vector<std::string>& args)
{
    std::string line = "floatscope " + c.words[0];
    for (const std::string& a : args)
        line += " '" + a + "'";
    return line;
}

// Runs the command with a watchdog: past the time limit it asks for the stop a Ctrl-C would; a
// command still running long after (one that does not poll ends within its bounds' minute) hangs.
int runLimited(const Command& c, const std::vector<std::string>& args, bool& stopped)
{
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::atomic<bool> fired{false};
    std::thread watchdog([&] {
        std::unique_lock lock(mutex);
        if (finished.wait_for(lock, kTimeLimit, [&] { return done; }))
            return;
        fired = true;
        const auto deadline = std::chrono::steady_clock::now() + kStopWithin;
        while (!finished.wait_for(lock, std::chrono::milliseconds(20), [&] { return done; })) {
            floatscope::cli::Interruption::request();
            if (std::chrono::steady_clock::now() > deadline) {
                std::fprintf(stderr, "cli fuzz: %s still running %lld s after the stop was asked for\n",
                             commandLine(c, args).c_str(), static_cast<long long>(kStopWithin.count()));
                std::abort();
            }
        }
    });
    const int status = c.run(args, Io{sink, sink, false});
    {
        const std::lock_guard lock(mutex);
        done = true;
    }
    finished.notify_one();
    watchdog.join();
    stopped = fired;
    return status;
}

void removeWhatRunsLeft()
{
    for (const fs::directory_entry& e : fs::directory_iterator(scratchFolder))
        if (prepared.count(e.path().filename().string()) == 0)
            fs::remove_all(e.path());
    for (const fs::directory_entry& e : fs::directory_iterator(scratchFolder + "/dir"))
        fs::remove_all(e.path());
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    // The export views paint without a display; nothing may be written into the user's settings.
    setenv("QT_QPA_PLATFORM", "offscreen", 1);
    unsetenv("DISPLAY");
    unsetenv("WAYLAND_DISPLAY");
    sink = std::fopen("/dev/null", "w");
    prepare();
    std::atexit([] { fs::remove_all(scratchFolder); });
    using namespace floatscope::cli;
    const std::vector<std::pair<std::string, Runner>> runners = {
        {"formats", runFormats}, {"show", runShow},   {"quantize", runQuantize},
        {"ledger", runLedger},   {"accumulate", runAccumulate}, {"verify", runVerify},
        {"train", runTrain},     {"dot", [](const std::vector<std::string>& a, const Io& io) { return runDot(a, io); }},
        {"reduce", runReduce},
    };
    for (const auto& [name, run] : runners)
        commands.push_back({{name}, run, {}});
    for (const std::string& view : exportViews())
        commands.push_back({{"export", view}, runExport, {}});
    for (Command& c : commands)
        c.options = optionsIn(helpOf(c));
    if (commands.size() < 12)
        std::abort();  // the export help changed shape: the views are not found
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const Command& c = commands[data[0] % commands.size()];
    std::vector<std::string> args(c.words.begin() + 1, c.words.end());
    std::size_t at = 1;
    const auto next = [&] { return at < size ? data[at++] : std::uint8_t{0}; };
    while (at < size && args.size() < 24) {
        const std::uint8_t op = next();
        switch (op % 8) {
        case 0:
        case 1:
        case 2:
            if (!c.options.empty())
                args.push_back(c.options[next() % c.options.size()]);
            break;
        case 3:
        case 4:
        case 5: args.push_back(kValues[(next() * 256u + next()) % kValues.size()]); break;
        case 6: {
            const std::size_t length = std::min<std::size_t>(next() % 48, size - at);
            args.push_back(confined(std::string(reinterpret_cast<const char*>(data + at), length)));
            at += length;
            break;
        }
        default: {
            std::uint64_t n = 0;
            for (int i = 0; i < 8; ++i)
                n = n << 8 | next();
            args.push_back((op & 0x80) != 0 ? std::to_string(static_cast<std::int64_t>(n)) : std::to_string(n >> (op % 64)));
            break;
        }
        }
    }
    bool stopped = false;
    const int status = runLimited(c, args, stopped);
    removeWhatRunsLeft();
    if (status == 0 || status == 1 || status == 2 || (stopped && status == floatscope::cli::Interruption::kExitStatus))
        return 0;
    std::fprintf(stderr, "cli fuzz: %s exited %d%s\n", commandLine(c, args).c_str(), status, stopped ? " after the stop" : "");
    std::abort();
}
