#pragma once

#include <atomic>
#include <functional>

namespace floatscope::dot {

// What a long computation is given by whoever runs it (a panel's background job, the command line):
// a flag that asks it to stop, and where to report the share done (0..1, from the computing thread).
struct RunControl {
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(double)> progress;

    bool cancelled() const { return cancel != nullptr && cancel->load(std::memory_order_relaxed); }
    void report(double share) const
    {
        if (progress)
            progress(share);
    }
};

}  // namespace floatscope::dot
