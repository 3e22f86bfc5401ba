#pragma once

#include <atomic>

namespace floatscope::cli {

// Ctrl-C (SIGINT) or SIGTERM during a command whose long work can stop. While an Interruption
// lives, the first such signal only sets a flag that the work polls (a training run checks it
// every step); the command then prints what was done, says so, and exits with kExitStatus. A
// second signal ends the process at once, as it would have without one. Only commands that poll
// hold an Interruption: in any other, Ctrl-C keeps its default and ends the process.
class Interruption {
public:
    static constexpr int kExitStatus = 130;  // 128 + SIGINT, as a shell reports it

    Interruption();
    Interruption(const Interruption&) = delete;
    Interruption& operator=(const Interruption&) = delete;
    ~Interruption();  // the handlers before it, back

    // What the work polls; stays valid while this object lives.
    const std::atomic<bool>* flag() const;
    bool requested() const;

    // Asks the work of the Interruption alive now to stop, as a first signal would, without a signal
    // (the command-line fuzz target's time limit). With none alive it does nothing.
    static void request();
    // The flag of the Interruption alive now, or null (what an export view polls).
    static const std::atomic<bool>* active();
};

}  // namespace floatscope::cli
