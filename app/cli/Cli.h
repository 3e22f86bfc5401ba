#pragma once

namespace floatscope::cli {

// True when the first argument asks for the command line rather than the window: a subcommand
// word (an empty one too), --help/-h or --version. Other options go to the window, which takes a
// few of Qt's own (-platform, -style, ...) and refuses the rest (gui::run).
bool isCommandLine(const char* firstArgument);

// Runs a subcommand headless: exit status 0 success, 1 a check found mismatches, 2 bad input or
// usage (one line on stderr naming the offending text; nothing on stdout).
int run(int argc, char** argv);

}  // namespace floatscope::cli
