#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QFile>
#include <QSaveFile>
#include <QString>

class QFileDevice;

namespace floatscope::io {

// The one way Floatscope writes a file: either the whole new content lands, or the old file stays
// exactly as it was and errorString() says why. The bytes go to a temporary file beside the target
// (QSaveFile), unbuffered, and the length of every write is checked; the data is synced to disk and
// only then renamed over the target. QSaveFile::commit() alone is not enough: on Qt 6.4 a write cut
// short by a full disk (ENOSPC, or EFBIG past RLIMIT_FSIZE) leaves error() at NoError, and commit()
// returns true and renames the truncated file over the old one.
//
// Only a regular file (or none yet) is replaced. What is already at the path, through any symbolic
// links, decides the rest: a character device (/dev/null, /dev/full, a terminal) or a FIFO with a
// reader is written in place, every write checked, and stays what it was; a folder, a FIFO nobody
// reads, a block device or a socket is refused with the reason, and nothing is written.
//
// Several files (a deck's pages, a folder of figures) are several AtomicFiles: each one is whole.
class AtomicFile {
public:
    explicit AtomicFile(const QString& path);
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;
    ~AtomicFile();  // not committed: the temporary file is removed, the target untouched

    bool open();
    // False once anything has failed; later writes do nothing.
    bool write(QByteArrayView bytes);
    // Syncs and renames; false when anything failed, and then nothing was replaced.
    bool commit();

    const QString& path() const { return m_path; }
    QString errorString() const { return m_error; }
    // After open(): true when the path is a device or FIFO written in place, not replaced.
    bool inPlace() const { return m_file == &m_direct; }

private:
    bool fail(const QString& reason);
    bool openInPlace(bool fifo);

    QString m_path;
    QSaveFile m_save;
    QFile m_direct;                  // a device or FIFO already at the path
    QFileDevice* m_file = nullptr;   // the one of the two open() chose
    QString m_error;
    bool m_failed = false;
};

// The whole content at once: empty on success, else why not (the system's reason, e.g. "No space
// left on device"). The caller names the file in its own words.
QString writeFileAtomically(const QString& path, QByteArrayView bytes);

// For a QIODevice that Qt opened on a file (QSettings' own QSaveFile): writes all of `bytes`, then
// flushes and syncs, checking each step. False when any of it failed.
bool writeAllAndSync(QFileDevice& device, QByteArrayView bytes);

}  // namespace floatscope::io
