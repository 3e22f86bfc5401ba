#include "CliSupport.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

namespace clitest {

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

Outcome shell(const std::string& commandLine)
{
    std::string command = commandLine;
    for (std::size_t at = command.find("FLOATSCOPE"); at != std::string::npos; at = command.find("FLOATSCOPE", at + 1))
        if (at + 10 >= command.size() || command[at + 10] == ' ')
            command.replace(at, 10, quote(FLOATSCOPE_EXECUTABLE));
    // One file per test process: ctest runs them side by side.
    const std::string errFile = ::testing::TempDir() + "floatscope_cli_stderr_" + std::to_string(getpid()) + ".txt";
    command = "( " + command + " ) 2>" + quote(errFile);
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

Outcome floatscope(const std::vector<std::string>& args)
{
    std::string command = "env -u DISPLAY -u WAYLAND_DISPLAY FLOATSCOPE";
    for (const std::string& a : args)
        command += " " + quote(a);
    return shell(command);
}

}  // namespace clitest
