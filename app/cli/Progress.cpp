#include "app/cli/Progress.h"

#include <algorithm>
#include <utility>

#include <unistd.h>

namespace floatscope::cli {

Progress::Progress(std::FILE* err, bool forced, std::string label, std::string unit, std::uint64_t total)
    : m_err(err), m_on(forced || isatty(fileno(err)) != 0), m_label(std::move(label)), m_unit(std::move(unit)),
      m_total(total)
{
}

Progress::~Progress() { clear(); }

void Progress::show(std::uint64_t done)
{
    if (!m_on || m_total == 0)
        return;
    const auto now = std::chrono::steady_clock::now();
    if (m_dirty && done < m_total && now - m_last < std::chrono::milliseconds(200))
        return;
    m_last = now;
    m_dirty = true;
    const int width = std::fprintf(m_err, "\r%s: %llu of %llu %s (%.0f%%)", m_label.c_str(), static_cast<unsigned long long>(done),
                 static_cast<unsigned long long>(m_total), m_unit.c_str(),
                 100.0 * static_cast<double>(done) / static_cast<double>(m_total));
    m_width = std::max(m_width, width);
    std::fflush(m_err);
}

void Progress::showShare(double share)
{
    if (!m_on)
        return;
    const auto now = std::chrono::steady_clock::now();
    if (m_dirty && share < 1 && now - m_last < std::chrono::milliseconds(200))
        return;
    m_last = now;
    m_dirty = true;
    m_width = std::max(m_width, std::fprintf(m_err, "\r%s: %.0f%%", m_label.c_str(), 100.0 * share));
    std::fflush(m_err);
}

void Progress::clear()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    std::fprintf(m_err, "\r%*s\r", m_width, "");
    std::fflush(m_err);
}

}  // namespace floatscope::cli
