#pragma once

// A benchmark that is a whole process: spawned once per iteration (its stdout to /dev/null) and
// waited for, the exit status checked, so that the time is what a user waits from spawn to exit.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace floatscope::bench {

// `environment` empty: this process's own.
inline void spawnEachIteration(benchmark::State& state, std::vector<std::string> argv,
                               std::vector<std::string> environment = {})
{
    const auto pointers = [](std::vector<std::string>& strings) {
        std::vector<char*> out;
        for (std::string& s : strings)
            out.push_back(s.data());
        out.push_back(nullptr);
        return out;
    };
    std::vector<char*> args = pointers(argv);
    std::vector<char*> env = pointers(environment);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    for (auto _ : state) {
        pid_t pid = 0;
        if (posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environment.empty() ? environ : env.data()) != 0) {
            state.SkipWithError("cannot spawn");
            break;
        }
        int status = 0;
        waitpid(pid, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            state.SkipWithError("the process did not exit with 0");
            break;
        }
    }
    posix_spawn_file_actions_destroy(&actions);
}

}  // namespace floatscope::bench
