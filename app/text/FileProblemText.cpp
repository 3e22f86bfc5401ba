#include "app/text/FileProblemText.h"

#include <cstring>

#include <QCoreApplication>

namespace floatscope::text {

namespace {

// Translation context "FileProblem" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct FileText {
    Q_DECLARE_TR_FUNCTIONS(FileProblem)
};

}  // namespace

QString bytesText(quint64 bytes)
{
    if (bytes >= (quint64{1} << 30) && bytes % (quint64{1} << 30) == 0)
        return FileText::tr("%1 GiB").arg(bytes >> 30);
    if (bytes >= (quint64{1} << 20) && bytes % (quint64{1} << 20) == 0)
        return FileText::tr("%1 MiB").arg(bytes >> 20);
    return FileText::tr("%1 bytes").arg(bytes);
}

QString shownText(const std::string& text, int length)
{
    const QString full = QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
    QString out;
    for (const QChar c : full.left(length)) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7F)
            out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return full.size() > length ? out + QStringLiteral("…") : out;
}

QString fileProblemText(FileProblem problem, int systemError, quint64 limitBytes)
{
    switch (problem) {
    case FileProblem::None: return {};
    case FileProblem::Missing: return FileText::tr("no such file");
    case FileProblem::NoPermission: return FileText::tr("permission denied");
    case FileProblem::NotRegular:
        return FileText::tr("not a regular file (a folder, device or FIFO is not read)");
    case FileProblem::TooLarge: return FileText::tr("larger than %1, the most that is read").arg(bytesText(limitBytes));
    case FileProblem::Failed:
        return FileText::tr("cannot be read: %1").arg(QString::fromLocal8Bit(std::strerror(systemError)));
    }
    return {};
}

}  // namespace floatscope::text
