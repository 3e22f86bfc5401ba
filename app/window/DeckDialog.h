#pragma once

#include <functional>
#include <string>
#include <vector>

#include <QDialog>

#include "app/lessons/LessonDeck.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;

namespace floatscope::gui {

class AppSettings;

// File > Export lesson…: every view of the chosen lessons, their presets a page each, as one PDF
// or a folder of PNG or SVG figures, in either language and theme (`floatscope export deck` in the
// window). The pages are drawn with progress and Cancel; every file goes through the atomic writer,
// and a failed write leaves the old file and says so.
class DeckDialog : public QDialog {
    Q_OBJECT

public:
    // `current`: the deck checked at first (the tab on show) where `settings` (may be null) keep no
    // choice of the last export; they also keep its kind, theme, PNG scale and folder. `switchLanguage`
    // puts the interface in a language while the pages are drawn (their words come from tr()) and
    // back afterwards.
    DeckDialog(std::vector<Deck> decks, const std::string& current, const QString& language, Theme theme,
               std::function<void(const QString&)> switchLanguage, AppSettings* settings = nullptr,
               QWidget* parent = nullptr);

    QListWidget* deckList() const { return m_decks; }
    QComboBox* kindBox() const { return m_kind; }
    QComboBox* languageBox() const { return m_language; }
    QComboBox* scaleBox() const { return m_scale; }
    std::vector<Deck> chosen() const;
    int pageCount() const;
    bool toFolder() const;

    // Writes the chosen decks to `path` (a PDF, or a folder, made where it does not exist yet), with a
    // progress dialog, and remembers the choices; for tests and the dialog's own button.
    DeckResult exportTo(const QString& path);
    QString exportedPath() const { return m_exported; }

private:
    static QString pagesText(const QString& title, int pages);
    void updatePages();
    void exportChosen();

    std::vector<Deck> m_all;
    QString m_interfaceLanguage;
    std::function<void(const QString&)> m_switchLanguage;
    QListWidget* m_decks = nullptr;
    QComboBox* m_kind = nullptr;
    QComboBox* m_language = nullptr;
    QComboBox* m_theme = nullptr;
    QCheckBox* m_slide = nullptr;
    QLabel* m_pages = nullptr;
    QComboBox* m_scale = nullptr;
    QPushButton* m_export = nullptr;
    AppSettings* m_settings = nullptr;
    QString m_exported;
};

}  // namespace floatscope::gui
