#include "app/window/AppSettings.h"

namespace floatscope::gui {

AppSettings::AppSettings() : m_settings(QStringLiteral("Floatscope"), QStringLiteral("Floatscope")) {}

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
Theme AppSettings::theme() const
{
    return m_settings.value("view/theme", QStringLiteral("light")).toString() == QLatin1String("dark") ? Theme::Dark
                                                                                                        : Theme::Light;
}
void AppSettings::setTheme(Theme v)
{
    m_settings.setValue("view/theme", v == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light"));
}

}  // namespace floatscope::gui
