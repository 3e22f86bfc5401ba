#include "app/window/MainWindow.h"

#include <map>
#include <utility>
#include <vector>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include "app/figures/FigureExport.h"
#include "core/format/Registry.h"
#include "core/text/Parse.h"
#include "app/inspector/HistoryDock.h"
#include "app/inspector/InspectorState.h"
#include "app/lessons/InspectorPresets.h"
#include "app/inspector/ValueEntry.h"
#include "app/lessons/LessonDeck.h"
#include "app/panels/LessonPanel.h"
#include "app/lessons/LessonRegistry.h"
#include "app/style/Theme.h"
#include "app/window/DeckDialog.h"
#include "app/window/InspectorPage.h"
#include "app/window/PresentationView.h"
#include "app/text/LectureNotesText.h"

namespace floatscope::gui {

namespace {

QString overflowName(std::optional<OverflowPolicy> o)
{
    return o ? QString::fromLatin1(toString(*o)) : QStringLiteral("format-default");
}

std::optional<OverflowPolicy> overflowFromName(const QString& name)
{
    if (name == QLatin1String("saturate"))
        return OverflowPolicy::Saturate;
    if (name == QLatin1String("no-saturate"))
        return OverflowPolicy::NonSaturating;
    return std::nullopt;
}

std::vector<Format> formatsFromNames(const QStringList& names)
{
    std::vector<Format> out;
    for (const QString& n : names)
        if (auto f = lookupFormat(n.toStdString()).format)
            out.push_back(*f);
    return out.empty() ? defaultFormats() : out;
}

QStringList namesOf(const std::vector<Format>& formats)
{
    QStringList out;
    for (const Format& f : formats)
        out << QString::fromStdString(f.name());
    return out;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    m_state = new InspectorState(this);
    createWidgets();
    createActions();
    createMenus();
    installLessons();
    readSettings();
    m_inspectorPage->followState();
    retranslate();
}

MainWindow::~MainWindow() = default;

void MainWindow::createWidgets()
{
    // The inspector is the first tab; the lesson panels join it (addPanel).
    m_inspectorPage = new InspectorPage(m_state);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_inspectorPage, QString());
    setCentralWidget(m_tabs);

    // The hint in the status bar is a widget, so that an action's status tip or a message only
    // covers it for a while; it follows the tab.
    m_statusHint = new QLabel(this);
    statusBar()->addWidget(m_statusHint, 1);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::showStatusHint);

    connect(m_inspectorPage, &InspectorPage::statusMessage, statusBar(), &QStatusBar::showMessage);
    // Window shortcuts that a focused line edit would otherwise take for itself (with X11's key
    // bindings Ctrl+E is "end of line"): the value field has the focus at start-up.
    entry()->lineEdit()->installEventFilter(this);
    for (InspectorPage::PageFigure& f : m_inspectorPage->figures())
        addFigureSource(std::move(f.figure), f.page);
}

// The inspector page's parts, as the menus and the tests reach them.
ValueEntry* MainWindow::entry() const { return m_inspectorPage->entry(); }
InspectorView* MainWindow::inspector() const { return m_inspectorPage->inspector(); }
NeighbourhoodView* MainWindow::neighbourhood() const { return m_inspectorPage->neighbourhood(); }
HistoryDock* MainWindow::history() const { return m_inspectorPage->history(); }
HardwarePanel* MainWindow::hardware() const { return m_inspectorPage->hardware(); }

void MainWindow::installLessons()
{
    for (const Lesson& lesson : lessons()) {
        LessonPanel* panel = lesson.makePanel();
        addPanel(panel, QString::fromLatin1(lesson.objectName), lesson.title,
                 FigureSource{lesson.figureTitle ? lesson.figureTitle : lesson.title,
                              [panel] { return panel->makeFigure(); }},
                 lesson.shortTitle);
    }
}

void MainWindow::addPanel(QWidget* panel, const QString& objectName, std::function<QString()> title,
                          std::optional<FigureSource> figure, std::function<QString()> shortTitle)
{
    panel->setObjectName(objectName);
    m_tabs->addTab(panel, title());
    QAction* show = m_panelsMenu->addAction(title(), this, [this, panel] { m_tabs->setCurrentWidget(panel); });
    show->setData(QVariant::fromValue(static_cast<QObject*>(panel)));
    m_panels.push_back({panel, std::move(title), std::move(shortTitle)});
    if (figure)
        addFigureSource(std::move(*figure), panel);
}

void MainWindow::addFigureSource(FigureSource source, QWidget* page)
{
    m_figureSources.push_back({std::move(source), page});
}

std::vector<FigureSource> MainWindow::figureSources() const
{
    std::vector<FigureSource> out;
    for (const Source& s : m_figureSources)
        out.push_back(s.figure);
    return out;
}

int MainWindow::activeFigureSource() const
{
    // The dock with the keyboard focus, else the lesson tab on show, else the inspector.
    const QWidget* focus = QApplication::focusWidget();
    for (std::size_t i = 0; i < m_figureSources.size(); ++i) {
        const QWidget* page = m_figureSources[i].page;
        if (qobject_cast<const QDockWidget*>(page) != nullptr && page->isAncestorOf(focus))
            return static_cast<int>(i);
    }
    for (std::size_t i = 0; i < m_figureSources.size(); ++i)
        if (m_figureSources[i].page != nullptr && m_figureSources[i].page == m_tabs->currentWidget())
            return static_cast<int>(i);
    return 0;
}

void MainWindow::exportFigureDialog()
{
    ExportDialog dialog(figureSources(), activeFigureSource(), m_theme, &m_settings, this);
    if (dialog.exec() == QDialog::Accepted && !dialog.exportedPath().isEmpty())
        statusBar()->showMessage(tr("Exported the figure to %1").arg(QDir::toNativeSeparators(dialog.exportedPath())), 8000);
}

std::string MainWindow::currentDeck() const
{
    for (const Lesson& lesson : lessons())
        if (m_tabs->currentWidget() != nullptr && m_tabs->currentWidget()->objectName() == QLatin1String(lesson.objectName))
            return lesson.view.name;
    return "inspector";
}

void MainWindow::exportLessonDialog()
{
    DeckDialog dialog(decks(), currentDeck(), m_language, m_theme, [this](const QString& l) { setLanguage(l); },
                      &m_settings, this);
    if (dialog.exec() == QDialog::Accepted)
        statusBar()->showMessage(tr("Exported %1 pages to %2").arg(dialog.pageCount()).arg(QDir::toNativeSeparators(dialog.exportedPath())),
                                 8000);
}

void MainWindow::copyFigure()
{
    const auto figure = m_figureSources[static_cast<std::size_t>(activeFigureSource())].figure.make();
    QApplication::clipboard()->setMimeData(
        figureMimeData(*figure, ExportSize{QSize(), 2.0}, FigureStyle::forSlides(m_theme, false)));
    statusBar()->showMessage(tr("Copied the figure “%1”").arg(figure->title()), 3000);
}

void MainWindow::present()
{
    // The view on show first, then its lesson's deck; one presentation at a time.
    if (m_presentation != nullptr) {
        m_presentation->raise();
        return;
    }
    Deck deck;
    for (Deck& d : decks())
        if (d.name == currentDeck())
            deck = std::move(d);
    auto figure = m_figureSources[static_cast<std::size_t>(activeFigureSource())].figure.make();
    m_presentation = new PresentationView(std::move(figure), std::move(deck), m_theme);
    connect(m_presentation, &PresentationView::closed, this, [this] { m_presentation = nullptr; });
    if (const QScreen* screen = this->screen())  // without a window manager full screen is the size set
        m_presentation->setGeometry(screen->geometry());
    m_presentation->showFullScreen();
    m_presentation->activateWindow();
    m_presentation->setFocus();
}

void MainWindow::showLectureNotes()
{
    // Each note once, with the views it concerns (their tab titles) after it.
    std::map<std::string, QString> titles = {{"inspector", tr("Inspector")}};
    for (const Lesson& lesson : lessons())
        titles[lesson.view.name] = lesson.title();
    QString html = QStringLiteral("<p>%1</p>")
                       .arg(tr("The lecture notes are the texts Floatscope teaches from. Where one of their claims is "
                               "wrong, or right only under a convention it does not state, the view it concerns says so "
                               "beside it; here they are together, each figure computed exactly.")
                                .toHtmlEscaped());
    for (const text::LectureNote& note : text::lectureNotes()) {
        QStringList views;
        for (const std::string& lesson : note.lessons)
            views << titles[lesson];
        html += QStringLiteral("<p>%1 <i>(%2)</i></p>").arg(note.text.toHtmlEscaped(), views.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("lectureNotesDialog"));
    dialog.setWindowTitle(tr("Notes on the lecture notes"));
    auto* browser = new QTextBrowser(&dialog);
    browser->setHtml(html);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(browser);
    layout->addWidget(buttons);
    dialog.resize(std::min(760, width()), std::min(640, height()));
    dialog.exec();
}

void MainWindow::createActions()
{
    m_openAction = new QAction(this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::open);
    m_saveAction = new QAction(this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::save);
    m_saveAsAction = new QAction(this);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveAs);
    m_quitAction = new QAction(this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    // Our own actions, not QUndoStack's: those write "Undo %1" in English whenever the stack moves.
    QUndoStack* undo = m_state->undoStack();
    m_undoAction = new QAction(this);
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_undoAction->setEnabled(undo->canUndo());
    connect(m_undoAction, &QAction::triggered, undo, &QUndoStack::undo);
    connect(undo, &QUndoStack::canUndoChanged, m_undoAction, &QAction::setEnabled);
    m_redoAction = new QAction(this);
    m_redoAction->setShortcut(QKeySequence::Redo);
    m_redoAction->setEnabled(undo->canRedo());
    connect(m_redoAction, &QAction::triggered, undo, &QUndoStack::redo);
    connect(undo, &QUndoStack::canRedoChanged, m_redoAction, &QAction::setEnabled);
    m_copyTextAction = new QAction(this);
    m_copyTextAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(m_copyTextAction, &QAction::triggered, this, [this] { m_inspectorPage->copyFocusedRow(QStringLiteral("text")); });
    m_copyJsonAction = new QAction(this);
    m_copyJsonAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J));
    connect(m_copyJsonAction, &QAction::triggered, this, [this] { m_inspectorPage->copyFocusedRow(QStringLiteral("json")); });
    m_copyLatexAction = new QAction(this);
    m_copyLatexAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    connect(m_copyLatexAction, &QAction::triggered, this, [this] { m_inspectorPage->copyFocusedRow(QStringLiteral("latex")); });
    m_focusEntryAction = new QAction(this);
    m_focusEntryAction->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_L), QKeySequence(Qt::Key_F6)});
    connect(m_focusEntryAction, &QAction::triggered, entry(), &ValueEntry::focusEntry);
    m_bookmarkAction = new QAction(this);
    m_bookmarkAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    connect(m_bookmarkAction, &QAction::triggered, this, [this] {
        history()->addBookmark(m_state->text());
        statusBar()->showMessage(tr("Bookmarked %1 (in the History dock)").arg(m_state->text()), 5000);
    });
    m_formatsAction = new QAction(this);
    m_formatsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(m_formatsAction, &QAction::triggered, m_inspectorPage, &InspectorPage::chooseFormats);

    auto* languages = new QActionGroup(this);
    m_englishAction = new QAction(QStringLiteral("English"), languages);
    m_chineseAction = new QAction(QStringLiteral("中文（简体）"), languages);
    for (QAction* a : {m_englishAction, m_chineseAction})
        a->setCheckable(true);
    connect(m_englishAction, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("en")); });
    connect(m_chineseAction, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("zh_CN")); });
    auto* themes = new QActionGroup(this);
    m_lightAction = new QAction(themes);
    m_darkAction = new QAction(themes);
    for (QAction* a : {m_lightAction, m_darkAction})
        a->setCheckable(true);
    connect(m_lightAction, &QAction::triggered, this, [this] { setTheme(Theme::Light); });
    connect(m_darkAction, &QAction::triggered, this, [this] { setTheme(Theme::Dark); });
    m_exportAction = new QAction(this);
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportFigureDialog);
    m_exportLessonAction = new QAction(this);
    m_exportLessonAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(m_exportLessonAction, &QAction::triggered, this, &MainWindow::exportLessonDialog);
    m_copyFigureAction = new QAction(this);
    m_copyFigureAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    connect(m_copyFigureAction, &QAction::triggered, this, &MainWindow::copyFigure);
    m_presentAction = new QAction(this);
    m_presentAction->setShortcut(QKeySequence(Qt::Key_F11));
    connect(m_presentAction, &QAction::triggered, this, &MainWindow::present);
    m_lectureNotesAction = new QAction(this);
    connect(m_lectureNotesAction, &QAction::triggered, this, &MainWindow::showLectureNotes);
    m_aboutAction = new QAction(this);
    connect(m_aboutAction, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Floatscope"),
                           tr("<b>Floatscope %1</b><p>A microscope for the number formats of machine learning: the "
                              "bits, the exact value and the rounding of every format side by side, checked "
                              "against hardware.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addActions({m_openAction, m_saveAction, m_saveAsAction});
    m_fileMenu->addSeparator();
    m_fileMenu->addActions({m_exportAction, m_exportLessonAction, m_copyFigureAction});
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);
    m_editMenu = menuBar()->addMenu(QString());
    m_editMenu->addActions({m_undoAction, m_redoAction});
    m_editMenu->addSeparator();
    m_editMenu->addActions({m_copyTextAction, m_copyJsonAction, m_copyLatexAction});
    m_editMenu->addSeparator();
    m_editMenu->addActions({m_focusEntryAction, m_bookmarkAction, m_formatsAction});
    m_presetsMenu = menuBar()->addMenu(QString());
    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->addAction(m_inspectorPage->neighbourhoodDock()->toggleViewAction());
    m_viewMenu->addAction(history()->toggleViewAction());
    m_viewMenu->addAction(m_inspectorPage->hardwareDock()->toggleViewAction());
    m_panelsMenu = m_viewMenu->addMenu(QString());
    m_viewMenu->addAction(m_presentAction);
    m_viewMenu->addSeparator();
    m_themeMenu = m_viewMenu->addMenu(QString());
    m_themeMenu->addActions({m_lightAction, m_darkAction});
    m_languageMenu = m_viewMenu->addMenu(QString());
    m_languageMenu->addActions({m_englishAction, m_chineseAction});
    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_lectureNotesAction);
    m_helpMenu->addAction(m_aboutAction);
}

void MainWindow::rebuildPresetsMenu()
{
    m_presetsMenu->clear();
    for (const Preset& preset : loadPresets()) {
        QAction* a = m_presetsMenu->addAction(QStringLiteral("%1   —   %2").arg(preset.value, preset.title(m_language)));
        connect(a, &QAction::triggered, this, [this, preset] {
            m_state->setFormats(formatsFromNames(preset.formats));
            m_state->setValueText(preset.value);
        });
    }
}

void MainWindow::retranslate()
{
    setWindowTitle(m_sessionPath.isEmpty() ? tr("Floatscope")
                                           : tr("%1 — Floatscope").arg(QFileInfo(m_sessionPath).fileName()));
    m_fileMenu->setTitle(tr("&File"));
    m_editMenu->setTitle(tr("&Edit"));
    m_presetsMenu->setTitle(tr("&Presets"));
    m_viewMenu->setTitle(tr("&View"));
    m_themeMenu->setTitle(tr("&Theme"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_openAction->setText(tr("&Open session…"));
    m_openAction->setStatusTip(tr("Open a .floatscope session: value, formats, settings and bookmarks"));
    m_saveAction->setText(tr("&Save session"));
    m_saveAction->setStatusTip(tr("Save the value, formats, settings and bookmarks"));
    m_saveAsAction->setText(tr("Save session &as…"));
    m_quitAction->setText(tr("&Quit"));
    m_exportAction->setText(tr("&Export figure…"));
    m_exportAction->setStatusTip(tr("The inspector or a panel as SVG, PDF or PNG for slides"));
    m_exportLessonAction->setText(tr("Export &lesson…"));
    m_exportLessonAction->setStatusTip(tr("Every view of a lesson, its presets a page each, as one PDF or a folder of figures"));
    m_copyFigureAction->setText(tr("&Copy figure"));
    m_presentAction->setText(tr("&Presentation"));
    m_lectureNotesAction->setText(tr("&Notes on the lecture notes"));
    m_lectureNotesAction->setStatusTip(tr("Where the lecture notes are wrong, or right only under a convention they do not state"));
    m_presentAction->setStatusTip(tr("The view on show as a slide, full screen: ← → step through the lesson's presets, "
                                     "Esc leaves"));
    m_copyFigureAction->setStatusTip(tr("The active view as a figure on the clipboard (SVG and PNG)"));

    m_undoAction->setText(tr("&Undo value change"));
    m_redoAction->setText(tr("&Redo value change"));
    m_copyTextAction->setText(tr("Copy row as &text"));
    m_copyJsonAction->setText(tr("Copy row as &JSON"));
    m_copyLatexAction->setText(tr("Copy row as &LaTeX"));
    m_focusEntryAction->setText(tr("&Go to value field"));
    m_bookmarkAction->setText(tr("&Bookmark this value"));
    m_formatsAction->setText(tr("&Formats…"));
    m_lightAction->setText(tr("&Light"));
    m_darkAction->setText(tr("&Dark"));
    m_aboutAction->setText(tr("&About Floatscope"));
    m_panelsMenu->setTitle(tr("&Lessons"));
    for (std::size_t i = 0; i < m_panels.size(); ++i)
        m_panelsMenu->actions().at(static_cast<qsizetype>(i))->setText(m_panels[i].title());
    fitTabTitles();
    m_inspectorPage->retranslate();
    rebuildPresetsMenu();
    showStatusHint();
}

QString MainWindow::statusHint() const { return m_statusHint->text(); }

void MainWindow::showStatusHint()
{
    const int index = m_tabs->currentIndex();
    if (index <= 0) {
        m_statusHint->setText(m_inspectorPage->statusHint());
        return;
    }
    m_statusHint->setText(tr("%1 · Ctrl+E: export this lesson's figure · Ctrl+Shift+E: the whole lesson · Ctrl+Alt+C: copy it")
                              .arg(m_tabs->tabText(index).remove(QLatin1Char('&'))));
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::ShortcutOverride && watched == entry()->lineEdit()) {
        const auto* key = static_cast<QKeyEvent*>(event);
        const QKeySequence pressed(key->keyCombination());
        for (const QAction* action : {m_exportAction, m_exportLessonAction, m_copyFigureAction, m_bookmarkAction,
                                      m_formatsAction, m_copyJsonAction, m_copyLatexAction})
            for (const QKeySequence& shortcut : action->shortcuts())
                if (shortcut.matches(pressed) == QKeySequence::ExactMatch)
                    return true;  // not accepted: the window's shortcut fires
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::fitTabTitles()
{
    if (m_tabs == nullptr)
        return;
    const auto setTitles = [this](bool shortened) {
        m_tabs->setTabText(0, tr("Inspector"));
        for (const Tab& tab : m_panels) {
            const int index = m_tabs->indexOf(tab.page);
            m_tabs->setTabText(index, shortened && tab.shortTitle ? tab.shortTitle() : tab.title());
            m_tabs->setTabToolTip(index, tab.title());
        }
    };
    setTitles(false);
    if (m_tabs->tabBar()->sizeHint().width() > m_tabs->width())
        setTitles(true);
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    fitTabTitles();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

SessionData MainWindow::sessionData() const
{
    SessionData d;
    d.value = m_state->text();
    d.formats = namesOf(m_state->formats());
    d.rounding = QString::fromLatin1(toString(m_state->mode()));
    d.overflow = overflowName(m_state->overflow());
    d.route = QString::fromLatin1(toString(m_state->route()));
    d.bookmarks = history()->bookmarks();
    return d;
}

QString MainWindow::openSession(const QString& path)
{
    const SessionRead read = readSession(path);
    if (!read.data)
        return read.error;
    const SessionData& d = *read.data;
    m_state->setAll(formatsFromNames(d.formats), parseRoundingMode(d.rounding.toStdString()).value_or(m_state->mode()),
                    overflowFromName(d.overflow), parseRoute(d.route.toStdString()).value_or(m_state->route()), d.value);
    history()->setBookmarks(d.bookmarks);
    m_sessionPath = path;
    retranslate();
    if (!read.notes.isEmpty())
        statusBar()->showMessage(tr("Opened %1 (%2)").arg(path, read.notes.join(QStringLiteral("; "))));
    return {};
}

QString MainWindow::saveSession(const QString& path)
{
    const QString error = writeSession(path, sessionData());
    if (error.isEmpty()) {
        m_sessionPath = path;
        retranslate();
        statusBar()->showMessage(tr("Saved %1").arg(path), 3000);
    }
    return error;
}

void MainWindow::open()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open session"), QString(),
                                                      tr("Floatscope sessions (*.floatscope);;All files (*)"));
    if (path.isEmpty())
        return;
    if (const QString error = openSession(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Open session"), error);
}

bool MainWindow::save()
{
    if (m_sessionPath.isEmpty())
        return saveAs();
    if (const QString error = saveSession(m_sessionPath); !error.isEmpty()) {
        QMessageBox::warning(this, tr("Save session"), error);
        return false;
    }
    return true;
}

bool MainWindow::saveAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save session"), QStringLiteral("session.floatscope"),
                                                tr("Floatscope sessions (*.floatscope)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".floatscope")))
        path += QLatin1String(".floatscope");
    m_sessionPath = path;
    return save();
}

void MainWindow::applySettings(const QString& rounding, const QString& overflow, const QString& route)
{
    if (const auto mode = parseRoundingMode(rounding.toStdString()))
        m_state->setMode(*mode);
    m_state->setOverflow(overflowFromName(overflow));
    if (const auto r = parseRoute(route.toStdString()))
        m_state->setRoute(*r);
}

void MainWindow::setLanguage(const QString& language)
{
    QApplication::removeTranslator(&m_translator);
    QApplication::removeTranslator(&m_qtTranslator);
    m_language = language.startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN") : QStringLiteral("en");
    // Numbers follow the language too (LessonText::locale: ticks, counts).
    QLocale::setDefault(m_language == QLatin1String("en") ? QLocale(QLocale::English, QLocale::UnitedStates)
                                                          : QLocale(QLocale::Chinese, QLocale::China));
    if (m_language != QLatin1String("en")) {
        if (m_translator.load(QStringLiteral(":/i18n/floatscope_") + m_language))
            QApplication::installTranslator(&m_translator);
        if (m_qtTranslator.load(QStringLiteral("qtbase_") + m_language,
                                QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QApplication::installTranslator(&m_qtTranslator);
    }
    (m_language == QLatin1String("en") ? m_englishAction : m_chineseAction)->setChecked(true);
    retranslate();  // also reached through LanguageChange; the presets menu depends on the language itself
}

void MainWindow::setTheme(Theme theme)
{
    m_theme = theme;
    applyTheme(theme);
    (theme == Theme::Light ? m_lightAction : m_darkAction)->setChecked(true);
}

void MainWindow::readSettings()
{
    // A setting this version cannot use (a format renamed, a value typed into a newer version, a
    // hand-edited file) is dropped for its default and named in the status bar, in words of the
    // language the settings choose.
    enum class Dropped { Format, Rounding, Overflow, Route, Value, Language, Tab };
    std::vector<std::pair<Dropped, QString>> dropped;
    QStringList formats;
    for (const QString& name : m_settings.formats()) {
        if (lookupFormat(name.toStdString()).format)
            formats << name;
        else
            dropped.emplace_back(Dropped::Format, name);
    }
    m_state->setFormats(formatsFromNames(formats));
    QString rounding = m_settings.rounding();
    if (!rounding.isEmpty() && !parseRoundingMode(rounding.toStdString())) {
        dropped.emplace_back(Dropped::Rounding, rounding);
        rounding.clear();
    }
    const QString overflow = m_settings.overflow();
    if (!overflow.isEmpty() && overflow != QLatin1String("format-default") && !overflowFromName(overflow))
        dropped.emplace_back(Dropped::Overflow, overflow);
    const QString route = m_settings.route();
    if (!route.isEmpty() && !parseRoute(route.toStdString()))
        dropped.emplace_back(Dropped::Route, route);
    applySettings(rounding, overflow, route);
    QString value = m_settings.value();
    if (!value.isEmpty() && !std::holds_alternative<ParsedValue>(parseValue(value.toStdString()))) {
        dropped.emplace_back(Dropped::Value, value);
        value.clear();
    }
    m_state->applyValue(value);
    history()->setHistory(m_settings.history());
    history()->setBookmarks(m_settings.bookmarks());
    const QString language = m_settings.language();
    if (!language.isEmpty() && language != QLatin1String("en") && !language.startsWith(QLatin1String("zh")))
        dropped.emplace_back(Dropped::Language, language);
    setLanguage(language.isEmpty() ? QLocale().name() : language);
    setTheme(m_settings.theme());
    if (!restoreGeometry(m_settings.geometry()))
        fitToScreen();
    m_inspectorPage->restoreLayout(m_settings.windowState());
    for (LessonPanel* panel : findChildren<LessonPanel*>())
        panel->restoreSettings(m_settings.lessonSettings(panel->objectName()));
    // The tab last on show; a name no tab has any more (a lesson renamed) leaves the inspector.
    const QString tab = m_settings.tab();
    bool tabFound = tab.isEmpty();
    for (int i = 0; i < m_tabs->count(); ++i)
        if (!tab.isEmpty() && m_tabs->widget(i)->objectName() == tab) {
            m_tabs->setCurrentIndex(i);
            tabFound = true;
        }
    if (!tabFound)
        dropped.emplace_back(Dropped::Tab, tab);

    QStringList named;
    for (const auto& [kind, text] : dropped) {
        const QString quoted = QStringLiteral("“%1”").arg(text.size() > 40 ? text.left(39) + QStringLiteral("…") : text);
        switch (kind) {
        case Dropped::Format: named << tr("format %1").arg(quoted); break;
        case Dropped::Rounding: named << tr("rounding %1").arg(quoted); break;
        case Dropped::Overflow: named << tr("overflow %1").arg(quoted); break;
        case Dropped::Route: named << tr("route %1").arg(quoted); break;
        case Dropped::Value: named << tr("value %1").arg(quoted); break;
        case Dropped::Language: named << tr("language %1").arg(quoted); break;
        case Dropped::Tab: named << tr("tab %1").arg(quoted); break;
        }
    }
    // Said once the window is on show: a message shown before leaves the status bar's hint visible
    // beneath it (QStatusBar hides only widgets already visible).
    QString message;
    if (m_settings.damaged())
        message = tr("The settings in %1 could not be read (not a settings file): the defaults are used, "
                     "and the file is replaced when the window closes")
                      .arg(QDir::toNativeSeparators(m_settings.fileName()));
    else if (!named.isEmpty())
        message = tr("Remembered settings this version cannot use were left out: %1").arg(named.join(QStringLiteral("; ")));
    if (!message.isEmpty())
        QTimer::singleShot(0, this, [this, message] { statusBar()->showMessage(message); });
}

void MainWindow::fitToScreen()
{
    // The screen's room for windows (without panels and docks of the desktop), in the logical
    // pixels the window is sized in, so QT_SCALE_FACTOR=2 halves it. Small screens get all of it;
    // larger ones most of it, centred.
    const QScreen* screen = this->screen() != nullptr ? this->screen() : QGuiApplication::primaryScreen();
    if (screen == nullptr)
        return;
    const QRect available = screen->availableGeometry();
    const bool small = available.width() < 1600 || available.height() < 960;
    const QSize size = small ? available.size() : QSize(available.width() * 4 / 5, available.height() * 17 / 20);
    resize(size);
    move(available.center() - QPoint(size.width() / 2, size.height() / 2));
    if (small)
        setWindowState(windowState() | Qt::WindowMaximized);
    m_inspectorPage->fitDocks(size.width());
}

void MainWindow::writeSettings()
{
    m_settings.setGeometry(saveGeometry());
    m_settings.setWindowState(m_inspectorPage->saveLayout());
    m_settings.setFormats(namesOf(m_state->formats()));
    m_settings.setValue(m_state->text());
    m_settings.setRounding(QString::fromLatin1(toString(m_state->mode())));
    m_settings.setOverflow(overflowName(m_state->overflow()));
    m_settings.setRoute(QString::fromLatin1(toString(m_state->route())));
    m_settings.setHistory(history()->history());
    m_settings.setBookmarks(history()->bookmarks());
    m_settings.setLanguage(m_language);
    m_settings.setTheme(m_theme);
    m_settings.setTab(m_tabs->currentWidget() != nullptr ? m_tabs->currentWidget()->objectName() : QString());
    for (const LessonPanel* panel : findChildren<LessonPanel*>())
        m_settings.setLessonSettings(panel->objectName(), panel->settings());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    writeSettings();
    if (const QString error = m_settings.sync(); !error.isEmpty())
        QMessageBox::warning(this, tr("Settings"), error);
    event->accept();
}

}  // namespace floatscope::gui
