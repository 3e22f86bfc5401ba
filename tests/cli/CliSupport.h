#pragma once

// Running the real executable as a user does, for the command-line tests.

#include <string>
#include <vector>

namespace clitest {

struct Outcome {
    int status = -1;  // the exit status (134 when it aborted)
    std::string out;
    std::string err;
};

std::string quote(const std::string& arg);
std::string slurp(const std::string& path);

// `floatscope ARGS...` without a display (no DISPLAY, no WAYLAND_DISPLAY), stdout and stderr captured.
Outcome floatscope(const std::vector<std::string>& args);
// A shell command line as it is; FLOATSCOPE stands for the quoted executable in it.
Outcome shell(const std::string& command);

}  // namespace clitest
