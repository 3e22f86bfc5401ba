#pragma once

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include "app/style/Theme.h"

namespace floatscope::gui {

// The settings Floatscope remembers between runs, typed; enums are stored by name. Kept by QSettings
// in a JSON file (~/.config/Floatscope/Floatscope.json) whose write function checks every write,
// the flush and the sync: QSettings' own INI writer ignores a short write, and its QSaveFile then
// commits a truncated file (Qt 6.4). A failed save keeps the old file and sync() says so.
class AppSettings {
public:
    // The user's settings, or (tests) those in `file`.
    explicit AppSettings(const QString& file = {});

    // Writes what was set; empty on success, else why not (the old file is left as it was).
    QString sync();
    // The file, and whether it could not be read as settings (not JSON, not an object): then every
    // setting has its default, and the file is replaced when the window next saves them.
    QString fileName() const { return m_settings.fileName(); }
    bool damaged() const { return m_damaged; }

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
    // Where figures and lessons were last exported: the folder, the PNG scale (1 to 4), and the
    // Export lesson dialog's choices (its decks by name, what they become, their theme).
    QString exportFolder() const;
    void setExportFolder(const QString& value);
    int exportScale() const;  // 2 when never set
    void setExportScale(int value);
    QStringList deckLessons() const;
    void setDeckLessons(const QStringList& value);
    int deckKind() const;
    void setDeckKind(int value);
    QString deckTheme() const;
    void setDeckTheme(const QString& value);
    // The tab on show, by its page's object name ("inspectorPage", "accumulationDock", ...).
    QString tab() const;
    void setTab(const QString& value);

    // A lesson panel's inputs (LessonPanel::settings), by the lesson's object name.
    QVariantMap lessonSettings(const QString& lesson) const;
    void setLessonSettings(const QString& lesson, const QVariantMap& value);

private:
    QSettings m_settings;
    bool m_damaged = false;
};

}  // namespace floatscope::gui
