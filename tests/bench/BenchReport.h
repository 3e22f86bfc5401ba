#pragma once

// What every benchmark program here does around its runs: the console shows each run as it ends
// while the times are kept by name; then the program prints its summary (each target met or not,
// ratios against references measured in the same run).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace floatscope::bench {

struct Measured {
    double real = 0;  // adjusted real time, in the benchmark's unit
    double cpu = 0;   // adjusted CPU time of the benchmark's thread
    std::map<std::string, double> counters;
};

// The runs by name: the benchmark's name and arguments, without the settings the library appends
// (real_time, min_time:..., iterations:..., repeats:..., threads:...).
class Recorder : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override
    {
        for (const Run& r : runs) {
            if (r.error_occurred || r.run_type != Run::RT_Iteration)
                continue;
            Measured m{r.GetAdjustedRealTime(), r.GetAdjustedCPUTime(), {}};
            for (const auto& [name, counter] : r.counters)
                m.counters[name] = counter.value;
            m_runs[nameOf(r.benchmark_name())] = m;
        }
        ConsoleReporter::ReportRuns(runs);
    }

    const std::map<std::string, Measured>& runs() const { return m_runs; }

    // Real times by name, for summaries that look runs up and compare them.
    std::map<std::string, double> times() const
    {
        std::map<std::string, double> out;
        for (const auto& [name, m] : m_runs)
            out[name] = m.real;
        return out;
    }

private:
    static std::string nameOf(const std::string& full)
    {
        std::string out;
        std::size_t start = 0;
        while (start <= full.size()) {
            const std::size_t slash = std::min(full.find('/', start), full.size());
            const std::string part = full.substr(start, slash - start);
            const bool setting = part == "real_time" || part == "manual_time" || part == "repeats"
                || part.rfind("min_time:", 0) == 0 || part.rfind("iterations:", 0) == 0
                || part.rfind("repeats:", 0) == 0 || part.rfind("threads:", 0) == 0;
            if (!setting)
                out += (start == 0 ? "" : "/") + part;
            start = slash + 1;
        }
        return out;
    }

    std::map<std::string, Measured> m_runs;
};

inline const char* verdict(bool met) { return met ? "met" : "NOT met"; }

// One line of a summary: how many times the throughput of run `a` is run `b`'s (b's time over a's),
// and, with a target above 0, whether it is met. Silent where either run did not happen (filtered
// out, or skipped on this machine).
inline void printRatio(const std::map<std::string, double>& times, const std::string& a, const std::string& b,
                       double target = 0)
{
    const auto ia = times.find(a);
    const auto ib = times.find(b);
    if (ia == times.end() || ib == times.end())
        return;
    const double r = ib->second / ia->second;
    if (target > 0)
        std::printf("  %-44s vs %-30s %6.2f x  (target >= %.2f: %s)\n", a.c_str(), b.c_str(), r, target,
                    verdict(r >= target));
    else
        std::printf("  %-44s vs %-30s %6.2f x\n", a.c_str(), b.c_str(), r);
}

// The rest of a benchmark program's main() once its benchmarks are registered: run the ones the
// command line selects, then print the summary.
inline int runAndSummarize(int argc, char** argv, const std::function<void(const Recorder&)>& summary)
{
    benchmark::Initialize(&argc, argv);
    Recorder recorder;
    benchmark::RunSpecifiedBenchmarks(&recorder);
    summary(recorder);
    benchmark::Shutdown();
    return 0;
}

}  // namespace floatscope::bench
