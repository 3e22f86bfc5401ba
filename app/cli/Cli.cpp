#include "cli/Cli.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace floatscope::cli {

namespace {

constexpr const char* kUsage = R"(usage: floatscope [COMMAND] [OPTIONS]

With no command, opens the window.

Commands:
  formats    every format with its layout, range and special values

Options:
  -h, --help     show this help
  --version      show the version
)";

}  // namespace

bool isCommandLine(const char* first)
{
    if (first == nullptr || first[0] == '\0')
        return false;
    if (first[0] != '-')
        return true;
    return std::strcmp(first, "--help") == 0 || std::strcmp(first, "-h") == 0 || std::strcmp(first, "--version") == 0;
}

int run(int argc, char** argv)
{
    const std::string command = argc > 1 ? argv[1] : "";
    if (command == "--help" || command == "-h") {
        std::fputs(kUsage, stdout);
        return 0;
    }
    if (command == "--version") {
        std::printf("floatscope %s\n", FLOATSCOPE_VERSION);
        return 0;
    }
    std::fprintf(stderr, "floatscope: unknown command '%s' (see 'floatscope --help')\n", command.c_str());
    return 2;
}

}  // namespace floatscope::cli
