#include "app/window/Session.h"

#include <variant>

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include "core/format/Registry.h"
#include "core/round/Route.h"
#include "core/text/Parse.h"

namespace floatscope::gui {

namespace {

// Translation context "Session" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct SessionText {
    Q_DECLARE_TR_FUNCTIONS(Session)
};

constexpr qint64 kMaxSessionBytes = 4 * 1024 * 1024;
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

}  // namespace

SessionRead readSession(const QString& path)
{
    SessionRead out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        out.error = SessionText::tr("Cannot open %1: %2").arg(path, file.errorString());
        return out;
    }
    if (file.size() > kMaxSessionBytes) {
        out.error = SessionText::tr("%1 is too large to be a Floatscope session").arg(path);
        return out;
    }
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        out.error = SessionText::tr("%1 is damaged or not a Floatscope session (%2)").arg(path, parseError.errorString());
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
    SessionData d;
    bool ok = true;
    d.value = o.value(QLatin1String("value")).toString();
    d.formats = stringList(o.value(QLatin1String("formats")), ok);
    d.bookmarks = stringList(o.value(QLatin1String("bookmarks")), ok);
    d.rounding = o.value(QLatin1String("rounding")).toString();
    d.overflow = o.value(QLatin1String("overflow")).toString();
    d.route = o.value(QLatin1String("route")).toString();
    // Every field must mean something to this version before anything is applied.
    ok = ok && std::holds_alternative<ParsedValue>(parseValue(d.value.toStdString())) && !d.formats.isEmpty();
    for (const QString& f : d.formats)
        ok = ok && lookupFormat(f.toStdString()).format.has_value();
    for (const QString& b : d.bookmarks)
        ok = ok && std::holds_alternative<ParsedValue>(parseValue(b.toStdString()));
    ok = ok && parseRoundingMode(d.rounding.toStdString()).has_value() && parseRoute(d.route.toStdString()).has_value();
    ok = ok
        && (d.overflow == QLatin1String("format-default") || d.overflow == QLatin1String("saturate")
            || d.overflow == QLatin1String("no-saturate"));
    if (!ok) {
        out.error = SessionText::tr("%1 is damaged: a value, format or setting in it is not valid").arg(path);
        return out;
    }
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
    // QSaveFile writes beside the target and renames over it only when everything was written.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return SessionText::tr("Cannot write %1: %2").arg(path, file.errorString());
    file.write(QJsonDocument(o).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return SessionText::tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

}  // namespace floatscope::gui
