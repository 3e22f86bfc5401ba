#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace floatscope {

// Why a file could not be read. The words are the application's (app/text); a kind and errno here.
enum class FileProblem : std::uint8_t {
    None,
    Missing,       // ENOENT, ENOTDIR
    NoPermission,  // EACCES, EPERM
    NotRegular,    // a directory, device, FIFO or socket: /dev/zero never ends, a FIFO blocks
    TooLarge,      // more bytes than the caller allows
    Failed,        // any other error: see systemError
};

// A regular file opened for reading with every read bounded. The file is opened without blocking
// (opening a FIFO for reading would wait for a writer) and checked with fstat on the opened
// descriptor, so a symbolic link to /dev/zero or a path swapped after a check is refused too. Reads
// stop at maxBytes whatever the file claims: a file that grows while it is read cannot run away.
class RegularFile {
public:
    RegularFile() = default;
    RegularFile(const RegularFile&) = delete;
    RegularFile& operator=(const RegularFile&) = delete;
    ~RegularFile();

    // Opens `path`; refuses anything but a regular file of at most maxBytes bytes.
    FileProblem open(const std::string& path, std::uint64_t maxBytes);
    // Up to `capacity` bytes into `buffer`: how many were read, 0 at the end. On an error returns 0
    // and sets problem() (Failed, or TooLarge once more than maxBytes have come).
    std::size_t read(char* buffer, std::size_t capacity);

    std::uint64_t size() const { return m_size; }  // as fstat gave it at open
    FileProblem problem() const { return m_problem; }
    int systemError() const { return m_errno; }

private:
    int m_fd = -1;
    std::uint64_t m_size = 0;
    std::uint64_t m_maxBytes = 0;
    std::uint64_t m_read = 0;
    FileProblem m_problem = FileProblem::None;
    int m_errno = 0;
};

struct FileBytes {
    std::string bytes;
    FileProblem problem = FileProblem::None;
    int systemError = 0;     // errno, for FileProblem::Failed
    std::uint64_t size = 0;  // the file's size (what TooLarge refused)
};

// A whole regular file of at most maxBytes bytes.
FileBytes readRegularFile(const std::string& path, std::uint64_t maxBytes);

}  // namespace floatscope
