// `floatscope show 0.1` answers in <= 50 ms wall (DESIGN.md budget): the whole process, from spawn
// to exit, against spawning /bin/true in the same run (the floor any command pays).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace {

void spawnAndWait(benchmark::State& state, std::vector<std::string> argv)
{
    std::vector<char*> args;
    for (std::string& a : argv)
        args.push_back(a.data());
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    for (auto _ : state) {
        pid_t pid = 0;
        if (posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ) != 0) {
            state.SkipWithError("cannot spawn");
            break;
        }
        int status = 0;
        waitpid(pid, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            state.SkipWithError("command failed");
            break;
        }
    }
    posix_spawn_file_actions_destroy(&actions);
}

class Reporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override
    {
        for (const Run& r : runs)
            if (!r.error_occurred && r.run_type == Run::RT_Iteration)
                m_ms[r.run_name.function_name] = r.GetAdjustedRealTime();
        ConsoleReporter::ReportRuns(runs);
    }
    void summary() const
    {
        const auto show = m_ms.find("floatscope show 0.1");
        const auto floor = m_ms.find("/bin/true");
        if (show == m_ms.end() || floor == m_ms.end())
            return;
        std::printf("\nfloatscope show 0.1: %.1f ms wall (target <= 50 ms: %s); spawning /bin/true: %.1f ms; ratio %.1f x\n",
                    show->second, show->second <= 50 ? "met" : "NOT met", floor->second, show->second / floor->second);
    }

private:
    std::map<std::string, double> m_ms;
};

}  // namespace

int main(int argc, char** argv)
{
    benchmark::RegisterBenchmark("/bin/true", spawnAndWait, std::vector<std::string>{"/bin/true"})
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark("floatscope show 0.1", spawnAndWait,
                                 std::vector<std::string>{FLOATSCOPE_EXECUTABLE, "show", "0.1"})
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::Initialize(&argc, argv);
    Reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    reporter.summary();
    benchmark::Shutdown();
    return 0;
}
