// Fuzz target for the session loader: any bytes as a .floatscope file. No crash, no hang; either a
// session within the bounds (at most kMaxSessionFormats rows, kMaxSessionBookmarks bookmarks, every
// field valid) or a reason.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include <QByteArray>
#include <QString>

#include "app/window/Session.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace floatscope::gui;
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const SessionRead read = parseSession(bytes, QStringLiteral("fuzz.floatscope"));
    if (read.data.has_value() == !read.error.isEmpty())
        std::abort();
    if (read.data && (read.data->formats.isEmpty() || read.data->formats.size() > kMaxSessionFormats
                      || read.data->bookmarks.size() > kMaxSessionBookmarks))
        std::abort();
    return 0;
}
