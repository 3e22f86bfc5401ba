// The Chinese window shows no English: every tab of the main window (a tab per registered lesson) and
// every dock, every choice of every combo box (the presets among them), the error each field of a tab
// or a dock gives for bad input, every menu and submenu, the whole window after each of their actions
// (the inspector's presets among them) and the dialogs they open (Qt's own buttons included), the
// context menus, every figure the window exports, and every message kind core and gpu can return.
// Generic: it walks what the window holds and what gui::lessons() registers, so a lesson panel added
// later is covered without touching this file. What may stay English is the explicit list in
// EnglishText.cpp.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDialog>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QGroupBox>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QSvgGenerator>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QTextEdit>
#include <QTimer>
#include <QValueAxis>
#include <QXmlStreamReader>

#include "EnglishText.h"
#include "FigureSupport.h"
#include "app/panels/HardwarePanel.h"
#include "app/lessons/LessonRegistry.h"
#include "app/text/AccumulationText.h"
#include "app/text/FileProblemText.h"
#include "app/text/FormatText.h"
#include "app/text/HardwareText.h"
#include "app/text/LedgerText.h"
#include "app/text/OperatorsText.h"
#include "app/text/ParseErrorText.h"
#include "app/text/QuantizeText.h"
#include "app/text/TensorErrorText.h"
#include "app/text/TrainText.h"
#include "app/window/MainWindow.h"
#include "core/format/Registry.h"
#include "core/ledger/ModelPresets.h"

namespace floatscope::gui {
namespace {

// Every English text seen, with the first place it was seen.
class Collector {
public:
    void add(const QString& text, const QString& where)
    {
        if (text.trimmed().isEmpty())
            return;
        const QStringList words = test::englishWords(text);
        if (!words.isEmpty() && !m_found.count(text))
            m_found.emplace(text, where + QStringLiteral(" [") + words.join(QLatin1Char(' ')) + QLatin1Char(']'));
        ++m_texts;
    }

    // Texts a widget and its visible children show: their own text, tooltips, items and headers of
    // views, chart titles, axes and legends, and whatever they paint (rendered to SVG, whose text
    // stays text).
    void widgets(QWidget* root, const QString& where)
    {
        QList<QWidget*> all = root->findChildren<QWidget*>();
        all.prepend(root);
        // What an editable field holds is the user's, shown or not (a folded editor's recipe name
        // is quoted by the checkbox that trains it): first, so that every message quoting it is read so.
        for (QWidget* w : all) {
            if (auto* e = qobject_cast<QLineEdit*>(w); e != nullptr && !e->isReadOnly())
                test::addUserInput(e->text());
            if (auto* e = qobject_cast<QPlainTextEdit*>(w); e != nullptr && !e->isReadOnly())
                test::addUserInput(e->toPlainText());
        }
        for (QWidget* w : all) {
            if (!w->isVisibleTo(root->window()) && w != root)
                continue;
            const QString here = where + QLatin1Char('/') + QString::fromLatin1(w->metaObject()->className());
            // A file dialog's views and path box show the file system (names, dates, Qt's file types): data.
            const bool files = qobject_cast<QFileDialog*>(w->window()) != nullptr;
            add(w->toolTip(), here + QStringLiteral(" tooltip"));
            add(w->statusTip(), here + QStringLiteral(" status tip"));
            if (w->isWindow())
                add(w->windowTitle(), here + QStringLiteral(" title"));
            if (auto* l = qobject_cast<QLabel*>(w))
                add(l->text(), here);
            if (auto* b = qobject_cast<QAbstractButton*>(w))
                add(b->text(), here);
            if (auto* g = qobject_cast<QGroupBox*>(w))
                add(g->title(), here);
            if (auto* d = qobject_cast<QDockWidget*>(w))
                add(d->windowTitle(), here + QStringLiteral(" dock title"));
            if (auto* e = qobject_cast<QLineEdit*>(w)) {
                add(e->placeholderText(), here + QStringLiteral(" placeholder"));
                if (e->isReadOnly())
                    add(e->text(), here);
            }
            if (auto* e = qobject_cast<QPlainTextEdit*>(w)) {
                add(e->placeholderText(), here + QStringLiteral(" placeholder"));
                if (e->isReadOnly())
                    add(e->toPlainText(), here);
            }
            if (auto* e = qobject_cast<QTextEdit*>(w))
                if (e->isReadOnly())
                    add(e->toPlainText(), here);
            if (auto* c = qobject_cast<QComboBox*>(w); c != nullptr && !files)
                for (int i = 0; i < c->count(); ++i) {
                    add(c->itemText(i), here + QStringLiteral(" item"));
                    add(c->itemData(i, Qt::ToolTipRole).toString(), here + QStringLiteral(" item tooltip"));
                }
            if (auto* s = qobject_cast<QSpinBox*>(w)) {
                add(s->prefix() + QLatin1Char(' ') + s->suffix(), here);
                add(s->specialValueText(), here);
            }
            if (auto* p = qobject_cast<QProgressBar*>(w))
                add(p->format(), here + QStringLiteral(" format"));
            if (auto* t = qobject_cast<QTabBar*>(w))
                for (int i = 0; i < t->count(); ++i) {
                    add(t->tabText(i), here + QStringLiteral(" tab"));
                    add(t->tabToolTip(i), here + QStringLiteral(" tab tooltip"));
                }
            if (auto* v = qobject_cast<QAbstractItemView*>(w); v != nullptr && !files)
                model(v->model(), here);
            if (auto* c = qobject_cast<QChartView*>(w))
                chart(c->chart(), here);
            // What standard widgets show is read above; charts and our own painted widgets (figures,
            // bit strips, number lines) are read from what they paint.
            const bool ours = QByteArray(w->metaObject()->className()).startsWith("floatscope::")
                && w->findChildren<QWidget*>(Qt::FindDirectChildrenOnly).isEmpty();
            if (!files && (ours || qobject_cast<QChartView*>(w) != nullptr))
                painted(w, here);
        }
    }

    void model(const QAbstractItemModel* m, const QString& where)
    {
        if (m == nullptr)
            return;
        for (int c = 0; c < m->columnCount(); ++c) {
            add(m->headerData(c, Qt::Horizontal).toString(), where + QStringLiteral(" header"));
            add(m->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString(), where + QStringLiteral(" header tooltip"));
        }
        // The first rows are enough: a table's rows share their words.
        const int rows = std::min(m->rowCount(), 60);
        for (int r = 0; r < rows; ++r) {
            add(m->headerData(r, Qt::Vertical).toString(), where + QStringLiteral(" row header"));
            for (int c = 0; c < m->columnCount(); ++c) {
                const QModelIndex i = m->index(r, c);
                add(m->data(i).toString(), where + QStringLiteral(" cell"));
                add(m->data(i, Qt::ToolTipRole).toString(), where + QStringLiteral(" cell tooltip"));
            }
        }
    }

    void chart(QChart* chart, const QString& where)
    {
        add(chart->title(), where + QStringLiteral(" chart title"));
        for (QAbstractAxis* axis : chart->axes())
            add(axis->titleText(), where + QStringLiteral(" axis title"));
        for (QLegendMarker* marker : chart->legend()->markers())
            add(marker->label(), where + QStringLiteral(" legend"));
    }

    // What a widget paints, as text: rendered to SVG (text stays text there).
    void painted(QWidget* w, const QString& where)
    {
        if (w->width() <= 0 || w->height() <= 0)
            return;
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(w->size());
        svg.setViewBox(QRect(QPoint(0, 0), w->size()));
        {
            QPainter painter(&svg);
            w->render(&painter);
        }
        svgText(buffer.data(), where + QStringLiteral(" (painted)"));
    }

    void svgText(const QByteArray& svg, const QString& where)
    {
        QXmlStreamReader xml(svg);
        int depth = 0;
        QString text;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == QLatin1String("text")) {
                ++depth;
                text.clear();
            } else if (xml.isCharacters() && depth > 0) {
                text += xml.text();
            } else if (xml.isEndElement() && xml.name() == QLatin1String("text")) {
                --depth;
                add(text, where);
            }
        }
    }

    void actions(const QList<QAction*>& actions, const QString& where)
    {
        for (QAction* a : actions) {
            const QString here = where + QStringLiteral(" > ") + a->text();
            add(a->text(), here);
            add(a->toolTip() == QString(a->text()).remove(QLatin1Char('&')) ? QString() : a->toolTip(),
                here + QStringLiteral(" tooltip"));
            add(a->statusTip(), here + QStringLiteral(" status tip"));
            if (a->menu() != nullptr) {
                emit a->menu()->aboutToShow();  // menus filled when shown
                this->actions(a->menu()->actions(), here);
            }
        }
    }

    int texts() const { return m_texts; }
    QString report() const
    {
        QString out;
        for (const auto& [text, where] : m_found)
            out += QStringLiteral("\n  %1\n    \"%2\"").arg(where, text.left(300));
        return out;
    }
    std::size_t found() const { return m_found.size(); }

private:
    std::map<QString, QString> m_found;
    int m_texts = 0;
};

// Lets the window finish what a change started (a worker's result, a queued recompute): waits until
// no progress bar is mid-way and the visible labels have stopped changing, or `limit` ms.
void settle(QWidget* root, int limit = 15000)
{
    auto snapshot = [root] {
        QString s;
        bool busy = false;
        for (const QWidget* w : root->findChildren<QWidget*>()) {
            if (!w->isVisible())
                continue;
            if (auto* l = qobject_cast<const QLabel*>(w))
                s += l->text();
            if (auto* p = qobject_cast<const QProgressBar*>(w))
                busy = busy || (p->value() > p->minimum() && p->value() < p->maximum());
        }
        return busy ? QString() : s;
    };
    QElapsedTimer timer;
    timer.start();
    QString last = QStringLiteral("\x01");
    int stable = 0;
    while (timer.elapsed() < limit && stable < 2) {
        QTest::qWait(30);
        const QString now = snapshot();
        stable = !now.isNull() && now == last ? stable + 1 : 0;
        last = now;
    }
}

// While `act` runs, every modal dialog and popup menu that opens is read and then closed (nested
// ones too).
void withDialogsRead(Collector& c, const QString& where, const std::function<void()>& act)
{
    QTimer watcher;
    watcher.setInterval(50);
    QObject::connect(&watcher, &QTimer::timeout, [&c, &where] {
        if (auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget())) {
            c.actions(menu->actions(), where + QStringLiteral(" popup menu"));
            menu->close();
            return;
        }
        QWidget* modal = QApplication::activeModalWidget();
        if (modal == nullptr) {
            for (QWidget* top : QApplication::topLevelWidgets())
                if (qobject_cast<QDialog*>(top) != nullptr && top->isVisible())
                    modal = top;
        }
        if (auto* dialog = qobject_cast<QDialog*>(modal)) {
            c.widgets(dialog, where + QStringLiteral(" dialog"));
            dialog->reject();
        }
    });
    watcher.start();
    act();
    QTest::qWait(200);
    watcher.stop();
}

// What a user can choose in a page: each choice of each combo box, applied as a user applies it.
void everyChoice(QWidget* page, Collector& c, const QString& where)
{
    // Guarded: a choice may rebuild the widgets that hold other combo boxes (a table's cell editors).
    QList<QPointer<QComboBox>> combos;
    for (QComboBox* combo : page->findChildren<QComboBox*>())
        combos << combo;
    for (const QPointer<QComboBox>& combo : combos) {
        if (combo.isNull() || !combo->isVisibleTo(page->window()) || !combo->isEnabled())
            continue;
        const int original = combo->currentIndex();
        // Every choice of a short list (the presets among them); a long list (a format picker) at six
        // points spread over it.
        const int n = combo->count();
        std::set<int> choices;
        for (int k = 0; k < (n <= 8 ? n : 6); ++k)
            choices.insert(n <= 8 ? k : k * (n - 1) / 5);
        for (const int i : choices) {
            if (combo.isNull())
                break;
            combo->setCurrentIndex(i);
            emit combo->activated(i);
            settle(page->window());
            c.widgets(page, where + QStringLiteral(" (") + combo->itemText(i) + QLatin1Char(')'));
        }
        if (combo.isNull())
            continue;
        combo->setCurrentIndex(original);
        emit combo->activated(original);
    }
    settle(page->window());
}

// Each field given text it must refuse, as a user types it, then its own text back.
void everyRefusal(QWidget* page, Collector& c, const QString& where)
{
    static const QStringList kBad = {QString(), QStringLiteral("abc"), QStringLiteral("-1"), QStringLiteral("1e400"),
                                     QStringLiteral("x=brains:fp32")};
    for (const QString& bad : kBad)
        test::addUserInput(bad);
    QList<QPointer<QLineEdit>> edits;
    for (QLineEdit* edit : page->findChildren<QLineEdit*>())
        edits << edit;
    for (const QPointer<QLineEdit>& edit : edits) {
        if (edit.isNull() || !edit->isVisibleTo(page->window()) || !edit->isEnabled() || edit->isReadOnly()
            || qobject_cast<QAbstractSpinBox*>(edit->parentWidget()) != nullptr
            || qobject_cast<QComboBox*>(edit->parentWidget()) != nullptr)
            continue;
        const QString original = edit->text();
        for (const QString& bad : kBad) {
            if (edit.isNull())
                break;
            edit->selectAll();
            QTest::keyClick(edit, Qt::Key_Delete);
            QTest::keyClicks(edit, bad);
            QTest::keyClick(edit, Qt::Key_Return);
            settle(page->window(), 5000);
            c.widgets(page, where + QStringLiteral(" (typed '") + bad + QStringLiteral("')"));
        }
        if (edit.isNull())
            continue;
        // Back as it was (QTest types ASCII only; the text may hold 10⁻³).
        edit->setText(original);
        emit edit->textEdited(original);
        emit edit->returnPressed();
        emit edit->editingFinished();
        settle(page->window(), 5000);
    }
}

// The context menu of one widget of each class that is visible in `root` (a row of the inspector,
// a field, a list): a right click as the user gives it, the menu read and closed.
void everyContextMenu(QWidget* root, Collector& c, const QString& where)
{
    std::set<QByteArray> classes;
    QList<QPointer<QWidget>> targets;
    for (QWidget* w : root->findChildren<QWidget*>())
        if (w->isVisibleTo(root->window()) && w->contextMenuPolicy() != Qt::NoContextMenu
            && classes.insert(w->metaObject()->className()).second)
            targets << w;
    for (const QPointer<QWidget>& w : targets) {
        if (w.isNull() || !w->isVisible())
            continue;
        const QString here = where + QStringLiteral(" context menu of ") + QString::fromLatin1(w->metaObject()->className());
        if (w->contextMenuPolicy() == Qt::ActionsContextMenu) {
            c.actions(w->actions(), here);
            continue;
        }
        withDialogsRead(c, here, [w] {
            const QPoint centre = w->rect().center();
            if (w->contextMenuPolicy() == Qt::CustomContextMenu) {
                emit w->customContextMenuRequested(centre);
                return;
            }
            QContextMenuEvent event(QContextMenuEvent::Mouse, centre, w->mapToGlobal(centre));
            QApplication::sendEvent(w, &event);
        });
    }
}

// Every action of a menu and of its submenus (View > Lessons, Theme, Language), depth first.
void actionsOf(QMenu* menu, QList<QPair<QString, QPointer<QAction>>>& out, const QString& where)
{
    emit menu->aboutToShow();  // menus filled when shown
    for (QAction* a : menu->actions()) {
        if (a->isSeparator())
            continue;
        const QString here = where + QStringLiteral(" > ") + a->text();
        if (a->menu() != nullptr)
            actionsOf(a->menu(), out, here);
        else
            out << qMakePair(here, QPointer<QAction>(a));
    }
}

TEST(ChineseWindow, ShowsNoEnglish)
{
    MainWindow window;
    window.setLanguage(QStringLiteral("zh_CN"));
    window.resize(1600, 1000);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settle(&window);
    Collector c;

    // 1. Every tab (one for the inspector, one for each registered lesson), every choice in it, every
    //    refusal.
    QTabWidget* tabs = window.tabs();
    ASSERT_EQ(static_cast<std::size_t>(tabs->count()), lessons().size() + 1);
    for (const Lesson& lesson : lessons())
        EXPECT_NE(tabs->findChild<QWidget*>(QString::fromLatin1(lesson.objectName)), nullptr) << lesson.objectName;
    for (int t = 0; t < tabs->count(); ++t) {
        tabs->setCurrentIndex(t);
        settle(&window);
        const QString where = QStringLiteral("tab '%1'").arg(tabs->tabText(t));

        c.widgets(&window, where);
        everyChoice(tabs->widget(t), c, where);
        everyRefusal(tabs->widget(t), c, where);
    }
    tabs->setCurrentIndex(0);

    // 2. Every dock, raised in turn, every choice and every refusal in it; the hardware dock also
    //    verifies a small range and runs the demo, in English, then the language switches: what was
    //    computed follows it.
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        dock->show();
        dock->raise();
        settle(&window);
        const QString where = QStringLiteral("dock '%1'").arg(dock->windowTitle());
        c.widgets(dock, where);
        everyChoice(dock, c, where);
        everyRefusal(dock, c, where);
    }
    if (HardwarePanel* hardware = window.hardware()) {
        // Results computed in English must follow the switch to Chinese.
        window.setLanguage(QStringLiteral("en"));
        for (QLineEdit* e : hardware->findChildren<QLineEdit*>())
            e->setText(QStringLiteral("0x3f800000-0x3f80ffff"));
        hardware->startVerify();
        EXPECT_TRUE(QTest::qWaitFor([hardware] { return !hardware->verifying(); }, 30000));
        for (QLineEdit* e : hardware->findChildren<QLineEdit*>())
            e->setText(QStringLiteral("some"));
        hardware->startVerify();
        if (hardware->deviceDemoButton()->isEnabled())
            hardware->deviceDemoButton()->click();
        settle(&window);
        window.setLanguage(QStringLiteral("zh_CN"));
        settle(&window);
        c.widgets(hardware, QStringLiteral("hardware dock after verify"));
    }

    // 3. The menus and their submenus, the status bar, and after each action (the inspector's presets
    //    among them) the whole window from the inspector's tab (or where the action led) and every
    //    dialog it opened (Qt's own buttons included).
    c.actions(window.menuBar()->actions(), QStringLiteral("menu"));
    c.widgets(window.statusBar(), QStringLiteral("status bar"));
    // Guarded: switching the language rebuilds the presets menu.
    QList<QPair<QString, QPointer<QAction>>> menuActions;
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu() != nullptr)
            actionsOf(menu->menu(), menuActions, QStringLiteral("menu > ") + menu->text());
    for (const auto& [where, a] : std::as_const(menuActions)) {
        if (a.isNull() || !a->isEnabled() || a->shortcut() == QKeySequence::Quit
            || a->text().contains(QStringLiteral("English")))
            continue;
        tabs->setCurrentIndex(0);
        withDialogsRead(c, where, [a = a] { a->trigger(); });
        settle(&window, 3000);
        c.add(window.statusBar()->currentMessage(), where + QStringLiteral(" status bar"));
        c.widgets(&window, where + QStringLiteral(", then the window"));
    }
    window.setLanguage(QStringLiteral("zh_CN"));  // in case an action switched it
    tabs->setCurrentIndex(0);
    settle(&window);

    // 4. The context menus of the inspector, of every lesson's tab and of the docks.
    for (int t = 0; t < tabs->count(); ++t) {
        tabs->setCurrentIndex(t);
        settle(&window);
        everyContextMenu(tabs->widget(t), c, QStringLiteral("tab '%1'").arg(tabs->tabText(t)));
    }
    tabs->setCurrentIndex(0);
    for (QDockWidget* dock : window.findChildren<QDockWidget*>())
        everyContextMenu(dock, c, QStringLiteral("dock '%1'").arg(dock->windowTitle()));
    settle(&window);

    // 5. Every figure the window exports, as the file it writes.
    for (const FigureSource& source : window.figureSources()) {
        const std::unique_ptr<Figure> figure = source.make();
        ASSERT_TRUE(figure) << source.name().toStdString();
        c.add(source.name(), QStringLiteral("figure name"));
        c.svgText(test::svgOf(*figure), QStringLiteral("exported figure '%1'").arg(source.name()));
    }

    window.setLanguage(QStringLiteral("en"));
    EXPECT_GT(c.texts(), 2000);
    EXPECT_EQ(c.found(), 0u) << "English in the Chinese window:" << c.report().toStdString();
}

// Every kind of message core and gpu return, worded in Chinese: the error paths a walk through the
// window cannot reach are translated too.
TEST(ChineseWindow, EveryMessageKindIsTranslated)
{
    MainWindow window;
    window.setLanguage(QStringLiteral("zh_CN"));
    Collector c;
    for (const Format& f : namedFormats())
        c.add(text::formatNote(f), QStringLiteral("format note"));
    c.add(text::formatNote(*lookupFormat("e5m4").format), QStringLiteral("format note"));
    for (int k = 0; k <= static_cast<int>(FormatErrorKind::BiasOutOfRange); ++k)
        for (const char* name : {"", "e12m3"})
            c.add(text::message(FormatError{static_cast<FormatErrorKind>(k), name}), QStringLiteral("FormatError"));
    for (int k = 0; k <= static_cast<int>(LedgerErrorKind::BadMemorySize); ++k) {
        LedgerError e{static_cast<LedgerErrorKind>(k), "x", 4, FormatError{}, LedgerComponent{}};
        c.add(text::message(e), QStringLiteral("LedgerError"));
    }
    for (int k = 0; k <= static_cast<int>(ParameterCountErrorKind::TooLarge); ++k)
        c.add(text::message(ParameterCountError{static_cast<ParameterCountErrorKind>(k), "7"}), QStringLiteral("ParameterCountError"));
    for (int k = 0; k <= static_cast<int>(ActivationErrorKind::TensorParallelSplit); ++k)
        c.add(text::message(ActivationError{static_cast<ActivationErrorKind>(k), 5, 24, 5120}), QStringLiteral("ActivationError"));
    for (const LedgerScheme& s : builtinSchemes()) {
        for (const QString& t : {text::schemeName(s), text::schemeNote(s), text::schemeSource(s), text::schemeGemm(s)})
            c.add(t, QStringLiteral("ledger scheme ") + QString::fromStdString(s.id));
        for (const LedgerComponent& comp : s.components)
            c.add(text::componentLabel(comp), QStringLiteral("ledger component"));
    }
    for (const ModelPreset& m : modelPresets()) {
        c.add(text::modelName(m), QStringLiteral("model name"));
        c.add(text::modelSource(m), QStringLiteral("model source"));
    }
    for (int k = 0; k <= static_cast<int>(SchemeErrorKind::BadBlockShape); ++k)
        c.add(text::message(SchemeError{static_cast<SchemeErrorKind>(k), "tile:0"}), QStringLiteral("SchemeError"));
    for (int k = 0; k <= static_cast<int>(QuantizeErrorKind::ShapeNotMultipleOfBlock); ++k) {
        QuantizeError e;
        e.kind = static_cast<QuantizeErrorKind>(k);
        e.format = "e4m3fn";
        c.add(text::message(e), QStringLiteral("QuantizeError"));
    }
    for (const MxScaleRule r : {MxScaleRule::Floor, MxScaleRule::Ceil, MxScaleRule::RoundUp})
        c.add(text::mxRuleDescription(r), QStringLiteral("MX rule"));
    for (int k = 0; k <= static_cast<int>(SetupErrorKind::RandomBitsOutOfRange); ++k)
        c.add(text::message(SetupError{static_cast<SetupErrorKind>(k), "e8m0", 0, "inf"}), QStringLiteral("SetupError"));
    for (int k = 0; k <= static_cast<int>(BatchErrorKind::WiderThanFp32); ++k)
        c.add(text::message(BatchError{static_cast<BatchErrorKind>(k), "fp32", 32}), QStringLiteral("BatchError"));
    for (int k = 0; k <= static_cast<int>(gpu::UnavailableKind::CpuLacksAvx512Bf16); ++k) {
        // The detail is CUDA's own text and may stay English; the words around it may not.
        const gpu::Unavailable u{static_cast<gpu::UnavailableKind>(k), {}};
        c.add(text::message(u), QStringLiteral("Unavailable"));
        c.add(text::unavailableSummary(u), QStringLiteral("Unavailable summary"));
    }
    for (const auto& b : gpu::makeBackends())
        c.add(text::backendDescription(*b), QStringLiteral("backend ") + QString::fromStdString(b->name()));
    for (int k = 0; k <= static_cast<int>(gpu::SweepRefusalKind::NoBatchPath); ++k)
        for (int m = 0; m <= static_cast<int>(RoundingMode::Stochastic); ++m) {
            gpu::SweepRefusal r{static_cast<gpu::SweepRefusalKind>(k), "cuda", gpu::Unavailable{}, "e4m3fn",
                                static_cast<RoundingMode>(m), OverflowPolicy::Saturate, BatchError{}};
            c.add(text::message(r), QStringLiteral("SweepRefusal"));
        }
    // The tensor loaders' and file readers' kinds (the quantization panel's file and shape fields).
    // FileProblem::Failed shows the system's own reason (strerror), which is left out here.
    for (int k = 0; k <= static_cast<int>(FileProblem::TooLarge); ++k)
        c.add(text::fileProblemText(static_cast<FileProblem>(k), 0, 1024), QStringLiteral("FileProblem"));
    for (int k = 0; k <= static_cast<int>(TensorErrorKind::NonFinite); ++k)
        for (const bool matrix : {false, true}) {
            TensorError e;
            e.kind = static_cast<TensorErrorKind>(k);
            e.text = "1e999";
            e.path = "w.npy";
            e.format = "fp16";
            e.line = matrix ? 2 : 0;
            e.column = 3;
            e.count = 4;
            e.expected = 5;
            e.limit = 6;
            e.matrix = matrix;
            e.parse = ParseError{};
            e.fileProblem = FileProblem::Missing;
            c.add(text::tensorErrorText(e), QStringLiteral("TensorError"));
        }
    // A recipe's and an accumulator's refusals quote what the user typed: bf17, fp32:rnx.
    for (const char* typed : {"bf17", "fp32:rnx", "rnx"})
        test::addUserInput(QString::fromLatin1(typed));
    for (int k = 0; k < static_cast<int>(train::RecipeErrorKind::ControlByte); ++k)
        for (const char* key : {"loss-scale", "fp8-scaling", "scale-growth", "matmul"})
            c.add(text::recipeErrorText(train::RecipeError{static_cast<train::RecipeErrorKind>(k), key, "bf17"}),
                  QStringLiteral("RecipeError"));
    for (const char* byte : {"0x00", "0x1B"})  // the line, and the byte named as the recipe parser names it
        c.add(text::recipeErrorText(train::RecipeError{train::RecipeErrorKind::ControlByte, "2", byte}),
              QStringLiteral("RecipeError"));
    for (int k = 0; k <= static_cast<int>(train::ConfigErrorKind::Corpus); ++k)
        c.add(text::configErrorText(static_cast<train::ConfigErrorKind>(k)), QStringLiteral("ConfigError"));
    for (int k = 0; k < static_cast<int>(dot::SpecErrorKind::TooMany); ++k)
        c.add(text::specErrorText(dot::SpecError{static_cast<dot::SpecErrorKind>(k), "rnx"}, QStringLiteral("fp32:rnx")),
              QStringLiteral("SpecError"));
    c.add(text::specErrorText(dot::SpecError{dot::SpecErrorKind::TooMany, "17"}, {}), QStringLiteral("SpecError"));
    for (int k = 0; k <= static_cast<int>(dot::DotErrorKind::ResultUnsigned); ++k) {
        dot::DotError e;
        e.kind = static_cast<dot::DotErrorKind>(k);
        e.detail = "h100-fp8";
        c.add(text::dotErrorText(e), QStringLiteral("DotError"));
    }
    for (int k = 0; k <= static_cast<int>(kLastParseErrorKind); ++k) {
        ParseError e;
        e.kind = static_cast<ParseErrorKind>(k);
        e.format = "e4m3fn";
        e.formatBits = 8;
        for (const QString& t : {text::parseErrorText(e, QStringLiteral("bf17:0x1")), text::parseErrorHint(e, QStringLiteral("bf17:0x1"))})
            c.add(t, QStringLiteral("ParseError"));
    }
    window.setLanguage(QStringLiteral("en"));
    EXPECT_EQ(c.found(), 0u) << "English among the Chinese messages:" << c.report().toStdString();
}

// The detector itself: it must catch English and let the allowed list through.
TEST(ChineseWindow, TheDetectorCatchesEnglish)
{
    EXPECT_EQ(test::englishWords(QStringLiteral("&Run on the device")).size(), 4);
    EXPECT_EQ(test::englishWords(QStringLiteral("no CUDA device: the driver reports none")).size(), 6);
    EXPECT_TRUE(test::englishWords(QStringLiteral("zero")).contains(QStringLiteral("zero")));
    EXPECT_TRUE(test::englishWords(QStringLiteral("<b>bf16</b> 的 ulp 为 0x3f80，e4m3fnuz 最大 240，1e-3，ZeRO-3")).isEmpty());
    EXPECT_TRUE(test::englishWords(QStringLiteral("sbh(34 + 5as/h)，27,781,427,952 个参数，Llama 3.1 405B")).isEmpty());
    EXPECT_TRUE(test::englishWords(QStringLiteral("确定(&O)")).isEmpty());
    // Quoted text is literal only when it is the user's (or a name from outside, or a field's syntax
    // word): a quoted phrase of ours is English.
    EXPECT_EQ(test::englishWords(QStringLiteral("“Save the session first” 之后再试")).size(), 4);
    EXPECT_TRUE(test::englishWords(QStringLiteral("未知格式“bfloat16”，“all”")).isEmpty());
    test::addUserInput(QStringLiteral("mine=brains:fp32"));
    EXPECT_TRUE(test::englishWords(QStringLiteral("未知的角色“brains”（在“mine=brains:fp32”中）")).isEmpty());
    // The fields' syntax words pass in a list of them or in a spec, not in prose.
    EXPECT_TRUE(test::englishWords(QStringLiteral("（sequential、pairwise、blocked），如 bf16:rtz:pairwise")).isEmpty());
    EXPECT_EQ(test::englishWords(QStringLiteral("舍入 up 之后")), QStringList{QStringLiteral("up")});
}

}  // namespace
}  // namespace floatscope::gui
