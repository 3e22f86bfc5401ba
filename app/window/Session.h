#pragma once

#include <optional>

#include <QString>
#include <QStringList>

namespace floatscope::gui {

// A .floatscope file: JSON with a kind and a version, the value, the formats, the rounding settings
// and the bookmarks. Written atomically; a damaged file, or one from a newer Floatscope, is refused
// with a message and nothing is changed.
struct SessionData {
    QString value;
    QStringList formats;   // names as `floatscope show -f` takes them
    QString rounding;      // RoundingMode name
    QString overflow;      // "format-default", "saturate" or "no-saturate"
    QString route;         // "direct", "fp32" or "fp64"
    QStringList bookmarks;

    bool operator==(const SessionData&) const = default;
};

inline constexpr int kSessionVersion = 1;

struct SessionRead {
    std::optional<SessionData> data;
    QString error;  // why the file was refused
};

SessionRead readSession(const QString& path);
QString writeSession(const QString& path, const SessionData& data);  // empty on success, else why not

}  // namespace floatscope::gui
