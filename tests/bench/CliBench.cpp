// `floatscope show 0.1` answers in <= 50 ms wall (DESIGN.md budget): the whole process, from spawn
// to exit, against spawning /bin/true in the same run (the floor any command pays). And any
// accepted input answers as fast (DESIGN.md; before, 1e-100000 took 4.4 s, 8.9 s in 14
// formats): the worst inputs the parser accepts, at the exponent limit and the text length limit,
// in the default formats and in all 14 with --json (every exact digit of every error).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "BenchReport.h"
#include "Spawn.h"

namespace {

void spawnAndWait(benchmark::State& state, std::vector<std::string> argv)
{
    floatscope::bench::spawnEachIteration(state, std::move(argv));
}

// The worst accepted inputs: the largest and smallest exponents, with the longest digit strings
// (every fraction digit adds a power of ten to the denominator), in decimal and hex.
struct Worst {
    const char* name;
    std::string text;
};

std::vector<Worst> worstInputs()
{
    const std::size_t digits = 9980;  // within the 10000-byte text limit
    return {
        {"1e-100000", "1e-100000"},
        {"-1e100000", "-1e100000"},
        {"1.5e-100000", "1.5e-100000"},
        {"0.(9980 digits)e-100000", "0." + std::string(digits, '9') + "e-100000"},
        {"(9980 digits)e100000", std::string(digits, '9') + "e100000"},
        {"0x(9980 digits)p-100000", "0x" + std::string(digits, 'f') + "p-100000"},
        {"0x1.(9980 digits)p100000", "0x1." + std::string(digits, 'f') + "p100000"},
        {"nan(0x7ffffffffffff)", "nan(0x7ffffffffffff)"},
    };
}

constexpr const char* kAllFormats = "fp64,fp32,tf32,fp16,bf16,e4m3fn,e4m3,e5m2,e4m3fnuz,e5m2fnuz,e2m3,e3m2,e2m1,e8m0";

void summary(const floatscope::bench::Recorder& recorder)
{
    using floatscope::bench::verdict;
    const std::map<std::string, double> ms = recorder.times();
    const auto show = ms.find("floatscope show 0.1");
    const auto floor = ms.find("/bin/true");
    if (show == ms.end() || floor == ms.end())
        return;
    std::printf("\nfloatscope show 0.1: %.1f ms wall (target <= 50 ms: %s); spawning /bin/true: %.1f ms; ratio %.1f x\n",
                show->second, verdict(show->second <= 50), floor->second, show->second / floor->second);
    std::printf("\nthe worst accepted inputs (target <= 50 ms each; ratio to show 0.1):\n");
    std::printf("  %-26s %22s %28s\n", "input", "default formats (ms)", "all 14 formats, --json (ms)");
    for (const Worst& w : worstInputs()) {
        const auto few = ms.find(std::string("show ") + w.name);
        const auto all = ms.find(std::string("show ") + w.name + " -f all --json");
        if (few == ms.end() || all == ms.end())
            continue;
        std::printf("  %-26s %8.1f %4.1fx %-7s %14.1f %4.1fx %-7s\n", w.name, few->second, few->second / show->second,
                    verdict(few->second <= 50), all->second, all->second / show->second, verdict(all->second <= 50));
    }
}

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
    for (const Worst& w : worstInputs()) {
        benchmark::RegisterBenchmark((std::string("show ") + w.name).c_str(), spawnAndWait,
                                     std::vector<std::string>{FLOATSCOPE_EXECUTABLE, "show", w.text})
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
        benchmark::RegisterBenchmark((std::string("show ") + w.name + " -f all --json").c_str(), spawnAndWait,
                                     std::vector<std::string>{FLOATSCOPE_EXECUTABLE, "show", w.text, "-f", kAllFormats,
                                                              "--json"})
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
    }
    return floatscope::bench::runAndSummarize(argc, argv, summary);
}
