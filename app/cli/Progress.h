#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace floatscope::cli {

// Long work's progress on one line of stderr, "\rLABEL: DONE of TOTAL UNIT (P%)", at most five
// times a second: shown when stderr is a terminal, or when `forced` (--progress). clear() wipes the
// line before the results are printed; the destructor does too.
class Progress {
public:
    Progress(std::FILE* err, bool forced, std::string label, std::string unit, std::uint64_t total);
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;
    ~Progress();

    void show(std::uint64_t done);
    void showShare(double share);  // "LABEL: P%", for work counted in shares
    void clear();
    bool shown() const { return m_on; }

private:
    std::FILE* m_err;
    bool m_on;
    bool m_dirty = false;  // a line is on show
    int m_width = 0;       // its length, to wipe
    std::string m_label;
    std::string m_unit;
    std::uint64_t m_total;
    std::chrono::steady_clock::time_point m_last{};
};

}  // namespace floatscope::cli
