#pragma once

#include <QByteArray>
#include <QByteArrayView>
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

private:
    bool fail(const QString& reason);

    QString m_path;
    QSaveFile m_file;
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
