#include "app/cli/Interruption.h"

#include <csignal>

namespace floatscope::cli {

namespace {

std::atomic<bool> g_requested{false};
std::atomic<int> g_alive{0};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

struct sigaction g_savedInt {};
struct sigaction g_savedTerm {};

extern "C" void onSignal(int signal)
{
    if (g_requested.exchange(true)) {
        // The second: as if nothing had caught either.
        std::signal(signal, SIG_DFL);
        std::raise(signal);
    }
}

}  // namespace

Interruption::Interruption()
{
    g_requested = false;
    ++g_alive;
    struct sigaction action {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    // A signal the caller ignores (nohup, a background job without job control) stays ignored.
    sigaction(SIGINT, nullptr, &g_savedInt);
    sigaction(SIGTERM, nullptr, &g_savedTerm);
    if (g_savedInt.sa_handler != SIG_IGN)
        sigaction(SIGINT, &action, nullptr);
    if (g_savedTerm.sa_handler != SIG_IGN)
        sigaction(SIGTERM, &action, nullptr);
}

Interruption::~Interruption()
{
    --g_alive;
    sigaction(SIGINT, &g_savedInt, nullptr);
    sigaction(SIGTERM, &g_savedTerm, nullptr);
}

const std::atomic<bool>* Interruption::flag() const { return &g_requested; }

bool Interruption::requested() const { return g_requested.load(); }

const std::atomic<bool>* Interruption::active() { return g_alive.load() > 0 ? &g_requested : nullptr; }

void Interruption::request()
{
    if (g_alive.load() > 0)
        g_requested = true;
}

}  // namespace floatscope::cli
