#include "app/io/AtomicFile.h"

#include <cerrno>
#include <cstring>

#include <unistd.h>

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

}  // namespace

AtomicFile::AtomicFile(const QString& path) : m_path(path), m_file(path) {}

AtomicFile::~AtomicFile()
{
    if (m_file.isOpen())
        m_file.cancelWriting();
}

bool AtomicFile::fail(const QString& reason)
{
    if (!m_failed) {
        m_failed = true;
        m_error = reason;
    }
    if (m_file.isOpen())
        m_file.cancelWriting();
    return false;
}

bool AtomicFile::open()
{
    // Unbuffered: each write reaches the file at once, so its length tells whether it landed.
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(m_file.errorString());
    return true;
}

bool AtomicFile::write(QByteArrayView bytes)
{
    if (m_failed || !m_file.isOpen())
        return fail(m_error.isEmpty() ? QStringLiteral("not open") : m_error);
    qint64 done = 0;
    while (done < bytes.size()) {
        errno = 0;
        const qint64 n = m_file.write(bytes.data() + done, bytes.size() - done);
        if (n <= 0)
            return fail(shortWriteReason(m_file, errno));
        done += n;
    }
    return true;
}

bool AtomicFile::commit()
{
    if (m_failed || !m_file.isOpen())
        return fail(m_error.isEmpty() ? QStringLiteral("not open") : m_error);
    QString error;
    if (!m_file.flush() || m_file.error() != QFileDevice::NoError)
        return fail(m_file.errorString());
    if (!sync(m_file, error))
        return fail(error);
    if (!m_file.commit()) {
        m_failed = true;
        m_error = m_file.errorString();
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
