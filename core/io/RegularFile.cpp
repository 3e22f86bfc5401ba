#include "core/io/RegularFile.h"

#include <cerrno>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace floatscope {

namespace {

FileProblem problemOf(int error)
{
    switch (error) {
    case ENOENT:
    case ENOTDIR: return FileProblem::Missing;
    case EACCES:
    case EPERM: return FileProblem::NoPermission;
    case EISDIR: return FileProblem::NotRegular;
    default: return FileProblem::Failed;
    }
}

}  // namespace

RegularFile::~RegularFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

FileProblem RegularFile::open(const std::string& path, std::uint64_t maxBytes)
{
    m_maxBytes = maxBytes;
    // 1. Without blocking: a FIFO opens at once instead of waiting for a writer (then fstat refuses it).
    m_fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (m_fd < 0) {
        m_errno = errno;
        return m_problem = problemOf(m_errno);
    }
    // 2. What was opened, not what the path named a moment before.
    struct stat info {};
    if (::fstat(m_fd, &info) != 0) {
        m_errno = errno;
        return m_problem = FileProblem::Failed;
    }
    if (!S_ISREG(info.st_mode))
        return m_problem = FileProblem::NotRegular;
    m_size = static_cast<std::uint64_t>(info.st_size);
    if (m_size > maxBytes)
        return m_problem = FileProblem::TooLarge;
    // 3. Plain blocking reads from here on (a regular file never returns EAGAIN).
    const int flags = ::fcntl(m_fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(m_fd, F_SETFL, flags & ~O_NONBLOCK);
    return m_problem = FileProblem::None;
}

std::size_t RegularFile::read(char* buffer, std::size_t capacity)
{
    if (m_fd < 0 || m_problem != FileProblem::None || capacity == 0)
        return 0;
    // One byte past the bound is asked for, so that a file larger than it is noticed, not cut short.
    const std::uint64_t allowed = m_maxBytes - m_read + 1;
    const std::size_t want = allowed < capacity ? static_cast<std::size_t>(allowed) : capacity;
    for (;;) {
        const ssize_t n = ::read(m_fd, buffer, want);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            m_errno = errno;
            m_problem = FileProblem::Failed;
            return 0;
        }
        m_read += static_cast<std::uint64_t>(n);
        if (m_read > m_maxBytes) {
            m_size = m_read;
            m_problem = FileProblem::TooLarge;
            return 0;
        }
        return static_cast<std::size_t>(n);
    }
}

FileBytes readRegularFile(const std::string& path, std::uint64_t maxBytes)
{
    FileBytes out;
    RegularFile file;
    out.problem = file.open(path, maxBytes);
    out.size = file.size();
    out.systemError = file.systemError();
    if (out.problem != FileProblem::None)
        return out;
    // The size fstat gave, plus room for a file that grew since.
    out.bytes.resize(static_cast<std::size_t>(file.size()) + 1);
    std::size_t used = 0;
    for (;;) {
        if (used == out.bytes.size())
            out.bytes.resize(out.bytes.size() * 2);
        const std::size_t n = file.read(out.bytes.data() + used, out.bytes.size() - used);
        if (n == 0)
            break;
        used += n;
    }
    out.bytes.resize(used);
    out.problem = file.problem();
    out.systemError = file.systemError();
    out.size = file.problem() == FileProblem::TooLarge ? file.size() : used;
    if (out.problem != FileProblem::None)
        out.bytes.clear();
    return out;
}

}  // namespace floatscope
