#pragma once

// The driver of the engine's own exhaustive sweeps: every fp32 bit pattern, in chunks handed out
// to every core, each chunk checked by a worker that owns its buffers.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace floatscope::exhaustive {

constexpr std::uint64_t kAllFp32 = std::uint64_t{1} << 32;
constexpr std::uint64_t kChunk = std::uint64_t{1} << 16;

struct SweepOutcome {
    std::uint64_t mismatches = 0;
    std::uint64_t firstBad = kAllFp32;  // the smallest input that disagreed
};

// makeWorker() is called once per thread. The worker it returns is called as worker(start, bad)
// for the kChunk inputs from `start` and calls bad(input) for each input where the paths disagree.
template <class MakeWorker>
SweepOutcome sweepAllFp32(MakeWorker makeWorker)
{
    std::atomic<std::uint64_t> next{0};
    std::atomic<std::uint64_t> mismatches{0};
    std::atomic<std::uint64_t> firstBad{kAllFp32};
    const auto bad = [&](std::uint64_t input) {
        mismatches.fetch_add(1);
        std::uint64_t seen = firstBad.load();
        while (input < seen && !firstBad.compare_exchange_weak(seen, input)) {
        }
    };
    const auto run = [&] {
        auto worker = makeWorker();
        for (std::uint64_t start; (start = next.fetch_add(kChunk)) < kAllFp32;)
            worker(start, bad);
    };
    std::vector<std::jthread> threads;
    for (unsigned t = 1; t < std::max(1u, std::thread::hardware_concurrency()); ++t)
        threads.emplace_back(run);
    run();
    threads.clear();
    return {mismatches.load(), firstBad.load()};
}

}  // namespace floatscope::exhaustive
