#include "app/io/AtomicFile.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QCoreApplication>

namespace floatscope::io {

namespace {

// fsync on the open file: a delayed-allocation file system (ext4, XFS) may report a full disk only
// here. True when synced, or when the device is not a file that can be synced.
bool sync(QFileDevice& device, QString& error)
{
    const int fd = device.handle();
    if (fd < 0)
        return true;
    while (::fsync(fd) != 0) {
        if (errno == EINTR)
            continue;
        if (errno == EINVAL || errno == EROFS)
            return true;  // a pipe or special file: nothing to sync
        error = QString::fromLocal8Bit(std::strerror(errno));
        return false;
    }
    return true;
}

// Why a write came back short: the device's error, else errno's (a short write sets no Qt error).
QString shortWriteReason(const QFileDevice& device, int savedErrno)
{
    if (device.error() != QFileDevice::NoError)
        return device.errorString();
    return QString::fromLocal8Bit(std::strerror(savedErrno != 0 ? savedErrno : ENOSPC));
}

QString tr(const char* text)
{
    return QCoreApplication::translate("AtomicFile", text);
}

// What is at the path now, symbolic links followed.
enum class Target { None, Regular, Folder, CharDevice, Fifo, Other };

Target targetAt(const QString& path)
{
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return Target::None;  // nothing yet (or a dangling link, which QSaveFile follows)
    if (S_ISREG(st.st_mode))
        return Target::Regular;
    if (S_ISDIR(st.st_mode))
        return Target::Folder;
    if (S_ISCHR(st.st_mode))
        return Target::CharDevice;
    if (S_ISFIFO(st.st_mode))
        return Target::Fifo;
    return Target::Other;  // a block device or a socket
}

}  // namespace

AtomicFile::AtomicFile(const QString& path) : m_path(path), m_save(path) {}

AtomicFile::~AtomicFile()
{
    if (m_save.isOpen())
        m_save.cancelWriting();
}

bool AtomicFile::fail(const QString& reason)
{
    if (!m_failed) {
        m_failed = true;
        m_error = reason;
    }
    if (m_save.isOpen())
        m_save.cancelWriting();
    if (m_direct.isOpen())
        m_direct.close();
    return false;
}

bool AtomicFile::open()
{
    switch (targetAt(m_path)) {
    case Target::None:
    case Target::Regular:
        break;
    case Target::Folder:
        return fail(tr("it is a folder, not a file"));
    case Target::CharDevice:
        return openInPlace(false);
    case Target::Fifo:
        return openInPlace(true);
    case Target::Other:
        return fail(tr("it is a block device or a socket, not a file: nothing was written"));
    }
    // Unbuffered: each write reaches the file at once, so its length tells whether it landed.
    m_file = &m_save;
    if (!m_save.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(m_save.errorString());
    return true;
}

// Renaming a temporary file over a device or FIFO would replace it with a regular file: it is
// opened and written as it is. A FIFO is opened without blocking first, so that one nobody reads
// is refused at once (ENXIO) instead of waiting for ever.
bool AtomicFile::openInPlace(bool fifo)
{
    int fd = -1;
    do {
        fd = ::open(QFile::encodeName(m_path).constData(), O_WRONLY | O_NOCTTY | O_CLOEXEC | (fifo ? O_NONBLOCK : 0));
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        if (fifo && errno == ENXIO)
            return fail(tr("it is a FIFO that nothing is reading from"));
        return fail(QString::fromLocal8Bit(std::strerror(errno)));
    }
    if (fifo && ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
        const int saved = errno;
        ::close(fd);
        return fail(QString::fromLocal8Bit(std::strerror(saved)));
    }
    m_file = &m_direct;
    if (!m_direct.open(fd, QIODevice::WriteOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return fail(m_direct.errorString());
    }
    return true;
}

bool AtomicFile::write(QByteArrayView bytes)
{
    if (m_failed || m_file == nullptr || !m_file->isOpen())
        return fail(m_error.isEmpty() ? QStringLiteral("not open") : m_error);
    qint64 done = 0;
    while (done < bytes.size()) {
        errno = 0;
        const qint64 n = m_file->write(bytes.data() + done, bytes.size() - done);
        if (n <= 0)
            return fail(shortWriteReason(*m_file, errno));
        done += n;
    }
    return true;
}

bool AtomicFile::commit()
{
    if (m_failed || m_file == nullptr || !m_file->isOpen())
        return fail(m_error.isEmpty() ? QStringLiteral("not open") : m_error);
    QString error;
    if (!m_file->flush() || m_file->error() != QFileDevice::NoError)
        return fail(m_file->errorString());
    if (!sync(*m_file, error))
        return fail(error);
    if (inPlace()) {
        m_direct.close();
        return true;
    }
    if (!m_save.commit()) {
        m_failed = true;
        m_error = m_save.errorString();
        return false;
    }
    return true;
}

QString writeFileAtomically(const QString& path, QByteArrayView bytes)
{
    AtomicFile file(path);
    if (file.open() && file.write(bytes) && file.commit())
        return {};
    return file.errorString();
}

bool writeAllAndSync(QFileDevice& device, QByteArrayView bytes)
{
    qint64 done = 0;
    while (done < bytes.size()) {
        const qint64 n = device.write(bytes.data() + done, bytes.size() - done);
        if (n <= 0)
            return false;
        done += n;
    }
    QString ignored;
    return device.flush() && device.error() == QFileDevice::NoError && sync(device, ignored);
}

}  // namespace floatscope::io
