#include "app/cli/Cli.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <unistd.h>

#include "app/cli/Commands.h"
#include "app/cli/Output.h"

namespace floatscope::cli {

namespace {

constexpr const char* kUsage = R"(usage: floatscope [COMMAND] [OPTIONS]

With no command, opens the window. Commands work headless:
  formats    every format with its layout, range and special values
  show       a value's bits, exact stored value, error and neighbours in each format
  quantize   a tensor with block scaling (per tensor, 1x128 tiles, 128x128 blocks, MX, NVFP4)
  ledger     training memory per parameter and per GPU for each precision recipe, with activations
  accumulate a start value plus an increment N times in each format, and where the sum stalls
  verify     every fp32 input through the engine and a hardware or vendor reference
  dot        inner products through accumulator models (IEEE, tensor cores, VDPBF16PS) and hardware
  reduce     softmax denominators, mean and variance, RMSNorm and router top-k in low precision
  export     a view as an SVG, PDF or PNG figure for slides
  train      a tiny character transformer trained with each precision recipe: does the loss change?

'floatscope COMMAND --help' describes a command. Exit status: 0 success, 1 a check found
mismatches, 2 bad input or usage, or output that could not be written (a one-line reason on
stderr; a file that could not be written is left as it was).

Without a command the window takes these of Qt's options: -platform NAME, -style NAME,
-display X-SERVER, -geometry WxH+X+Y, -reverse.

options:
  -h, --help     this help
  --version      the version
)";

}  // namespace

bool isCommandLine(const char* first)
{
    if (first == nullptr)
        return false;
    if (first[0] == '\0')
        return true;  // an empty command: refused by name, not taken for the window
    if (first[0] != '-')
        return true;
    return std::strcmp(first, "--help") == 0 || std::strcmp(first, "-h") == 0 || std::strcmp(first, "--version") == 0;
}

namespace {

int dispatch(int argc, char** argv)
{
    Io io;
    io.colour = isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
    const std::string command = argc > 1 ? argv[1] : "";
    const std::vector<std::string> arguments(argv + 2, argv + argc);
    if (command == "--help" || command == "-h") {
        std::fputs(kUsage, io.out);
        return 0;
    }
    if (command == "--version") {
        std::printf("floatscope %s\n", FLOATSCOPE_VERSION);
        return 0;
    }
    if (command == "formats")
        return runFormats(arguments, io);
    if (command == "show")
        return runShow(arguments, io);
    if (command == "quantize")
        return runQuantize(arguments, io);
    if (command == "ledger")
        return runLedger(arguments, io);
    if (command == "accumulate")
        return runAccumulate(arguments, io);
    if (command == "verify")
        return runVerify(arguments, io);
    if (command == "export")
        return runExport(arguments, io);
    if (command == "train")
        return runTrain(arguments, io);
    if (command == "dot")
        return runDot(arguments, io);
    if (command == "reduce")
        return runReduce(arguments, io);
    return usageError(io, "unknown command '" + command + "' (see 'floatscope --help')");
}

}  // namespace

int run(int argc, char** argv)
{
    const int status = dispatch(argc, argv);
    // Output that did not arrive (a full disk behind a redirect) is a failure, not a success.
    errno = 0;
    if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
        std::fprintf(stderr, "floatscope: cannot write to standard output: %s\n", std::strerror(errno != 0 ? errno : EIO));
        return 2;
    }
    return status;
}

}  // namespace floatscope::cli
