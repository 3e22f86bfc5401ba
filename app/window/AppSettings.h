#pragma once

#include <QByteArray>
#include <QSettings>
#include <QStringList>

#include "app/style/Theme.h"

namespace floatscope::gui {

// The settings Floatscope remembers between runs, typed; enums are stored by name.
class AppSettings {
public:
    AppSettings();

    QByteArray geometry() const;
    void setGeometry(const QByteArray& value);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& value);

    QStringList formats() const;  // empty: the defaults
    void setFormats(const QStringList& value);
    QString value() const;
    void setValue(const QString& value);
    QString rounding() const;
    void setRounding(const QString& value);
    QString overflow() const;
    void setOverflow(const QString& value);
    QString route() const;
    void setRoute(const QString& value);

    QStringList history() const;
    void setHistory(const QStringList& value);
    QStringList bookmarks() const;
    void setBookmarks(const QStringList& value);

    QString language() const;  // "en" or "zh_CN"; empty: follow the system
    void setLanguage(const QString& value);
    Theme theme() const;
    void setTheme(Theme value);

private:
    QSettings m_settings;
};

}  // namespace floatscope::gui
