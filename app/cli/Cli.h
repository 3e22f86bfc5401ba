#pragma once

namespace floatscope::cli {

// True when the first argument asks for the command line rather than the window: a subcommand
// word, --help/-h or --version. Qt's own options (-platform ...) leave the window to start.
bool isCommandLine(const char* firstArgument);

// Runs a subcommand headless: exit status 0 success, 1 a check found mismatches, 2 bad input or
// usage (one line on stderr naming the offending text; nothing on stdout).
int run(int argc, char** argv);

}  // namespace floatscope::cli
