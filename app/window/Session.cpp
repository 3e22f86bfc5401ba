#include "app/window/Session.h"

#include <variant>

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/io/AtomicFile.h"
#include "app/text/FileProblemText.h"
#include "core/format/Registry.h"
#include "core/io/RegularFile.h"
#include "core/round/Route.h"
#include "core/text/Parse.h"

namespace floatscope::gui {

namespace {

// Translation context "Session" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct SessionText {
    Q_DECLARE_TR_FUNCTIONS(Session)
};

const QLatin1String kKind("floatscope-session");

QStringList stringList(const QJsonValue& value, bool& ok)
{
    QStringList out;
    if (!value.isArray()) {
        ok = false;
        return out;
    }
    for (const QJsonValue& v : value.toArray()) {
        if (!v.isString())
            ok = false;
        out << v.toString();
    }
    return out;
}

bool parses(const QString& text) { return std::holds_alternative<ParsedValue>(parseValue(text.toStdString())); }

// What JSON value a document holds instead of an object, for the refusal.
QString jsonKind(const QJsonDocument& doc)
{
    if (doc.isArray())
        return SessionText::tr("a JSON array");
    return SessionText::tr("a JSON value that is not an object");
}

}  // namespace

SessionRead readSession(const QString& path)
{
    SessionRead out;
    const FileBytes file = readRegularFile(QFile::encodeName(path).toStdString(), kMaxSessionBytes);
    if (file.problem != FileProblem::None) {
        out.error = SessionText::tr("Cannot open %1: %2")
                        .arg(path, text::fileProblemText(file.problem, file.systemError, kMaxSessionBytes));
        return out;
    }
    return parseSession(QByteArray::fromStdString(file.bytes), path);
}

SessionRead parseSession(const QByteArray& bytes, const QString& path)
{
    SessionRead out;
    // 1. A JSON object of our kind and a version this build reads.
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        out.error = SessionText::tr("%1 is damaged or not a Floatscope session (%2 at byte %3)")
                        .arg(path, parseError.errorString())
                        .arg(parseError.offset);
        return out;
    }
    if (!doc.isObject()) {
        out.error = SessionText::tr("%1 is not a Floatscope session: it holds %2, not an object").arg(path, jsonKind(doc));
        return out;
    }
    const QJsonObject o = doc.object();
    if (o.value(QLatin1String("kind")).toString() != kKind) {
        out.error = SessionText::tr("%1 is not a Floatscope session").arg(path);
        return out;
    }
    const int version = o.value(QLatin1String("version")).toInt(-1);
    if (version > kSessionVersion) {
        out.error = SessionText::tr("%1 was saved by a newer Floatscope (session version %2; this one reads up to %3)")
                        .arg(path)
                        .arg(version)
                        .arg(kSessionVersion);
        return out;
    }
    if (version < 1) {
        out.error = SessionText::tr("%1 has no valid session version").arg(path);
        return out;
    }

    // 2. The fields, bounded before anything is parsed: repeats go, then rows past the bound.
    SessionData d;
    bool ok = true;
    d.value = o.value(QLatin1String("value")).toString();
    const QStringList formats = stringList(o.value(QLatin1String("formats")), ok);
    const QStringList bookmarks = stringList(o.value(QLatin1String("bookmarks")), ok);
    d.rounding = o.value(QLatin1String("rounding")).toString();
    d.overflow = o.value(QLatin1String("overflow")).toString();
    d.route = o.value(QLatin1String("route")).toString();
    int repeats = 0;
    for (const QString& f : formats) {
        const auto format = lookupFormat(f.toStdString()).format;
        if (!format) {
            ok = false;
            break;
        }
        const QString name = QString::fromStdString(format->name());
        if (d.formats.contains(name))
            ++repeats;
        else if (d.formats.size() < kMaxSessionFormats)
            d.formats << name;
    }
    d.bookmarks = bookmarks.mid(0, kMaxSessionBookmarks);

    // 3. Every field must mean something to this version before anything is applied.
    ok = ok && parses(d.value) && !d.formats.isEmpty();
    for (const QString& b : std::as_const(d.bookmarks))
        ok = ok && parses(b);
    ok = ok && parseRoundingMode(d.rounding.toStdString()).has_value() && parseRoute(d.route.toStdString()).has_value();
    ok = ok
        && (d.overflow == QLatin1String("format-default") || d.overflow == QLatin1String("saturate")
            || d.overflow == QLatin1String("no-saturate"));
    if (!ok) {
        out.error = SessionText::tr("%1 is damaged: a value, format or setting in it is not valid").arg(path);
        return out;
    }
    if (repeats > 0)
        out.notes << SessionText::tr("formats left out: %1 repeated").arg(repeats);
    const qsizetype extraFormats = formats.size() - repeats - d.formats.size();
    if (extraFormats > 0)
        out.notes << SessionText::tr("formats left out: %1 past the first %2").arg(extraFormats).arg(kMaxSessionFormats);
    if (bookmarks.size() > d.bookmarks.size())
        out.notes << SessionText::tr("bookmarks left out: %1 past the first %2")
                         .arg(bookmarks.size() - d.bookmarks.size())
                         .arg(kMaxSessionBookmarks);
    out.data = d;
    return out;
}

QString writeSession(const QString& path, const SessionData& d)
{
    const QJsonObject o{
        {QLatin1String("kind"), kKind},
        {QLatin1String("version"), kSessionVersion},
        {QLatin1String("value"), d.value},
        {QLatin1String("formats"), QJsonArray::fromStringList(d.formats)},
        {QLatin1String("rounding"), d.rounding},
        {QLatin1String("overflow"), d.overflow},
        {QLatin1String("route"), d.route},
        {QLatin1String("bookmarks"), QJsonArray::fromStringList(d.bookmarks)},
    };
    if (const QString error = io::writeFileAtomically(path, QJsonDocument(o).toJson(QJsonDocument::Indented));
        !error.isEmpty())
        return SessionText::tr("Cannot write %1: %2. A file already there is unchanged.").arg(path, error);
    return {};
}

}  // namespace floatscope::gui
