#include "app/window/AppSettings.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFile>
#include <QFileDevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/io/AtomicFile.h"

namespace floatscope::gui {

namespace {

// Translation context "AppSettings" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct SettingsText {
    Q_DECLARE_TR_FUNCTIONS(AppSettings)
};

// A settings file is small; one that is not is not read whole.
constexpr qint64 kMaxSettingsBytes = 4 * 1024 * 1024;

// Strings, string lists and bytes (window geometry, base64), the types these settings hold.
QJsonValue toJson(const QVariant& value)
{
    if (value.typeId() == QMetaType::QByteArray)
        return QJsonObject{{QStringLiteral("base64"), QString::fromLatin1(value.toByteArray().toBase64())}};
    if (value.typeId() == QMetaType::QStringList)
        return QJsonArray::fromStringList(value.toStringList());
    return QJsonValue::fromVariant(value);
}

QVariant fromJson(const QJsonValue& value)
{
    if (value.isObject() && value.toObject().contains(QStringLiteral("base64")))
        return QByteArray::fromBase64(value.toObject().value(QStringLiteral("base64")).toString().toLatin1());
    if (value.isArray()) {
        QStringList list;
        for (const QJsonValue& v : value.toArray())
            list << v.toString();
        return list;
    }
    return value.toVariant();
}

bool readJson(QIODevice& device, QSettings::SettingsMap& map)
{
    const QJsonDocument doc = QJsonDocument::fromJson(device.read(kMaxSettingsBytes));
    const QJsonObject o = doc.object();
    for (auto it = o.begin(); it != o.end(); ++it)
        map.insert(it.key(), fromJson(it.value()));
    return doc.isObject();
}

bool writeJson(QIODevice& device, const QSettings::SettingsMap& map)
{
    QJsonObject o;
    for (auto it = map.begin(); it != map.end(); ++it)
        o.insert(it.key(), toJson(it.value()));
    auto* file = qobject_cast<QFileDevice*>(&device);
    const QByteArray bytes = QJsonDocument(o).toJson(QJsonDocument::Indented);
    return file != nullptr ? io::writeAllAndSync(*file, bytes) : device.write(bytes) == bytes.size();
}

QSettings::Format jsonFormat()
{
    static const QSettings::Format format = QSettings::registerFormat(QStringLiteral("json"), readJson, writeJson);
    return format;
}

QString userFile()
{
    return QSettings(jsonFormat(), QSettings::UserScope, QStringLiteral("Floatscope"), QStringLiteral("Floatscope"))
        .fileName();
}

}  // namespace

AppSettings::AppSettings(const QString& file) : m_settings(file.isEmpty() ? userFile() : file, jsonFormat())
{
    // Read here rather than through QSettings::status(): QSettings caches a file it has read, and the
    // error went to whichever object read it first (userFile's).
    QFile stored(m_settings.fileName());
    if (stored.open(QIODevice::ReadOnly) && stored.size() > 0)
        m_damaged = !QJsonDocument::fromJson(stored.read(kMaxSettingsBytes)).isObject();
    // Settings from before the JSON file (the native INI file, Floatscope.conf) are carried over once.
    if (file.isEmpty() && m_settings.allKeys().isEmpty()) {
        const QSettings earlier(QStringLiteral("Floatscope"), QStringLiteral("Floatscope"));
        for (const QString& key : earlier.allKeys())
            m_settings.setValue(key, earlier.value(key));
    }
}

QString AppSettings::sync()
{
    m_settings.sync();
    if (m_settings.status() == QSettings::NoError)
        return {};
    return SettingsText::tr("Your settings could not be saved to %1 (the disk may be full or the folder read-only); "
                            "the file there was left as it was.")
        .arg(m_settings.fileName());
}

QByteArray AppSettings::geometry() const { return m_settings.value("window/geometry").toByteArray(); }
void AppSettings::setGeometry(const QByteArray& v) { m_settings.setValue("window/geometry", v); }
QByteArray AppSettings::windowState() const { return m_settings.value("window/state").toByteArray(); }
void AppSettings::setWindowState(const QByteArray& v) { m_settings.setValue("window/state", v); }

QStringList AppSettings::formats() const { return m_settings.value("inspector/formats").toStringList(); }
void AppSettings::setFormats(const QStringList& v) { m_settings.setValue("inspector/formats", v); }
QString AppSettings::value() const { return m_settings.value("inspector/value", QStringLiteral("0.1")).toString(); }
void AppSettings::setValue(const QString& v) { m_settings.setValue("inspector/value", v); }
QString AppSettings::rounding() const
{
    return m_settings.value("inspector/rounding", QStringLiteral("nearest-even")).toString();
}
void AppSettings::setRounding(const QString& v) { m_settings.setValue("inspector/rounding", v); }
QString AppSettings::overflow() const
{
    return m_settings.value("inspector/overflow", QStringLiteral("format-default")).toString();
}
void AppSettings::setOverflow(const QString& v) { m_settings.setValue("inspector/overflow", v); }
QString AppSettings::route() const { return m_settings.value("inspector/route", QStringLiteral("direct")).toString(); }
void AppSettings::setRoute(const QString& v) { m_settings.setValue("inspector/route", v); }

QStringList AppSettings::history() const { return m_settings.value("inspector/history").toStringList(); }
void AppSettings::setHistory(const QStringList& v) { m_settings.setValue("inspector/history", v); }
QStringList AppSettings::bookmarks() const { return m_settings.value("inspector/bookmarks").toStringList(); }
void AppSettings::setBookmarks(const QStringList& v) { m_settings.setValue("inspector/bookmarks", v); }

QString AppSettings::language() const { return m_settings.value("view/language").toString(); }
void AppSettings::setLanguage(const QString& v) { m_settings.setValue("view/language", v); }
QString AppSettings::exportFolder() const { return m_settings.value("export/folder").toString(); }
void AppSettings::setExportFolder(const QString& v) { m_settings.setValue("export/folder", v); }
int AppSettings::exportScale() const { return std::clamp(m_settings.value("export/scale", 2).toInt(), 1, 4); }
void AppSettings::setExportScale(int v) { m_settings.setValue("export/scale", v); }
QStringList AppSettings::deckLessons() const { return m_settings.value("export/deckLessons").toStringList(); }
void AppSettings::setDeckLessons(const QStringList& v) { m_settings.setValue("export/deckLessons", v); }
int AppSettings::deckKind() const { return std::clamp(m_settings.value("export/deckKind", 0).toInt(), 0, 2); }
void AppSettings::setDeckKind(int v) { m_settings.setValue("export/deckKind", v); }
QString AppSettings::deckTheme() const { return m_settings.value("export/deckTheme").toString(); }
void AppSettings::setDeckTheme(const QString& v) { m_settings.setValue("export/deckTheme", v); }
QString AppSettings::tab() const { return m_settings.value("view/tab").toString(); }
void AppSettings::setTab(const QString& v) { m_settings.setValue("view/tab", v); }
Theme AppSettings::theme() const
{
    return m_settings.value("view/theme", QStringLiteral("light")).toString() == QLatin1String("dark") ? Theme::Dark
                                                                                                        : Theme::Light;
}
void AppSettings::setTheme(Theme v)
{
    m_settings.setValue("view/theme", v == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light"));
}

QVariantMap AppSettings::lessonSettings(const QString& lesson) const
{
    return m_settings.value(QStringLiteral("lessons/") + lesson).toMap();
}
void AppSettings::setLessonSettings(const QString& lesson, const QVariantMap& v)
{
    if (v.isEmpty())
        m_settings.remove(QStringLiteral("lessons/") + lesson);
    else
        m_settings.setValue(QStringLiteral("lessons/") + lesson, v);
}

}  // namespace floatscope::gui
