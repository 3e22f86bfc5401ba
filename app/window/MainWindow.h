#pragma once

#include <functional>
#include <optional>

#include <QMainWindow>
#include <QTranslator>

#include "app/window/ExportDialog.h"
#include "app/window/AppSettings.h"
#include "app/window/Session.h"

class QAction;
class QActionGroup;
class QLabel;
class QMenu;
class QTabWidget;

namespace floatscope::gui {

class HardwarePanel;
class HistoryDock;
class InspectorPage;
class InspectorState;
class InspectorView;
class NeighbourhoodView;
class PresentationView;
class ValueEntry;

// The main window: the value inspector (InspectorPage) as the first tab, a tab for every lesson
// panel; the menus and their actions, sessions, the language, the theme and the settings.

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    InspectorState* state() const { return m_state; }
    InspectorPage* inspectorPage() const { return m_inspectorPage; }
    InspectorView* inspector() const;
    ValueEntry* entry() const;
    NeighbourhoodView* neighbourhood() const;
    HistoryDock* history() const;
    HardwarePanel* hardware() const;
    QString statusHint() const;  // the status bar's hint for the tab on show
    // The deck File > Export lesson… offers first: the tab on show's ("inspector", "accumulation").
    std::string currentDeck() const;

    // Session files; the string is empty on success, else the message shown to the user.
    QString openSession(const QString& path);
    QString saveSession(const QString& path);
    SessionData sessionData() const;

    // Views that export as figures (File > Export figure); `page` is the dock or tab that shows it
    // (null: the inspector), so that the active one is offered first.
    void addFigureSource(FigureSource source, QWidget* page = nullptr);
    // A lesson panel as a tab beside the inspector, in View > Lessons, its figure in File > Export
    // figure. The title is asked again when the language changes.
    void addPanel(QWidget* panel, const QString& objectName, std::function<QString()> title,
                  std::optional<FigureSource> figure = std::nullopt, std::function<QString()> shortTitle = {});
    QTabWidget* tabs() const { return m_tabs; }
    std::vector<FigureSource> figureSources() const;

    void setLanguage(const QString& language);  // "en" or "zh_CN", switched at run time
    QString language() const { return m_language; }
    void setTheme(Theme theme);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createWidgets();
    void createActions();
    void createMenus();
    void installLessons();  // a tab per registered lesson (lessons/LessonRegistry.h)
    void retranslate();
    void readSettings();
    void writeSettings();
    void fitToScreen();
    void showStatusHint();
    void applySettings(const QString& rounding, const QString& overflow, const QString& route);
    void rebuildPresetsMenu();
    void open();
    bool save();
    bool saveAs();
    void exportFigureDialog();
    void exportLessonDialog();
    void copyFigure();
    // View > Presentation (F11): the view on show as a full-screen slide (PresentationView).
    void present();
    // Help > Notes on the lecture notes: every correction together, with the views it concerns.
    void showLectureNotes();
    int activeFigureSource() const;

    InspectorState* m_state = nullptr;
    InspectorPage* m_inspectorPage = nullptr;
    QLabel* m_statusHint = nullptr;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_presetsMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_themeMenu = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    QAction* m_copyTextAction = nullptr;
    QAction* m_copyJsonAction = nullptr;
    QAction* m_copyLatexAction = nullptr;
    QAction* m_focusEntryAction = nullptr;
    QAction* m_bookmarkAction = nullptr;
    QAction* m_formatsAction = nullptr;
    QAction* m_englishAction = nullptr;
    QAction* m_chineseAction = nullptr;
    QAction* m_lightAction = nullptr;
    QAction* m_darkAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_exportLessonAction = nullptr;
    QAction* m_copyFigureAction = nullptr;
    QAction* m_presentAction = nullptr;
    QAction* m_lectureNotesAction = nullptr;
    PresentationView* m_presentation = nullptr;  // while one is open
    struct Source {
        FigureSource figure;
        QWidget* page;  // the dock or tab showing it; null: the inspector
    };
    std::vector<Source> m_figureSources;
    struct Tab {
        QWidget* page;
        std::function<QString()> title;
        std::function<QString()> shortTitle;  // empty: the title
    };
    std::vector<Tab> m_panels;
    // The tabs' full titles where they fit the bar's width, their short ones where not, so that no
    // tab hides behind the bar's scroll arrows (the full title is the tab's tooltip).
    void fitTabTitles();
    QTabWidget* m_tabs = nullptr;
    QMenu* m_panelsMenu = nullptr;

    AppSettings m_settings;
    QString m_sessionPath;
    QString m_language = QStringLiteral("en");
    QTranslator m_translator;
    QTranslator m_qtTranslator;
    Theme m_theme = Theme::Light;
};

}  // namespace floatscope::gui
