#pragma once

#include <optional>

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace floatscope::gui {

// A .floatscope file: JSON with a kind and a version, the value, the formats, the rounding settings
// and the bookmarks. Written atomically (io::AtomicFile); a damaged file, or one from a newer
// Floatscope, is refused with a message and nothing is changed.
struct SessionData {
    QString value;
    QStringList formats;   // canonical names, as `floatscope show -f` takes them
    QString rounding;      // RoundingMode name
    QString overflow;      // "format-default", "saturate" or "no-saturate"
    QString route;         // "direct", "fp32" or "fp64"
    QStringList bookmarks;

    bool operator==(const SessionData&) const = default;
};

inline constexpr int kSessionVersion = 1;
// Bounds on what a session may ask of the window: every format is a row the inspector computes
// (a 1.7 KB file with 200 fp16 rows froze the window for 112 s), every bookmark a value parsed.
// A file with more opens with the first ones and says what it left out. The file itself is read
// only if it is a regular file of at most kMaxSessionBytes (a FIFO or /dev/zero is refused).
inline constexpr int kMaxSessionFormats = 32;
inline constexpr int kMaxSessionBookmarks = 200;
inline constexpr qint64 kMaxSessionBytes = 1024 * 1024;

struct SessionRead {
    std::optional<SessionData> data;
    QString error;      // why the file was refused
    QStringList notes;  // what an accepted file had that was left out (repeats, rows past the bound)
};

SessionRead readSession(const QString& path);
// The same from the file's bytes; `name` is how messages call the file.
SessionRead parseSession(const QByteArray& bytes, const QString& name);
QString writeSession(const QString& path, const SessionData& data);  // empty on success, else why not

}  // namespace floatscope::gui
