// What a desktop tool is expected to remember and confirm: the export dialogs propose a name and
// the last folder and keep their choices, Ctrl+D says what it bookmarked, the window opens on the
// tab it was closed on.
#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include "app/figures/FigureExport.h"
#include "app/lessons/LessonDeck.h"
#include "app/window/AppSettings.h"
#include "app/window/DeckDialog.h"
#include "app/window/ExportDialog.h"
#include "app/window/MainWindow.h"

namespace floatscope::gui {
namespace {

// A figure of a given title, for the names proposed from it.
class Titled : public Figure {
public:
    explicit Titled(QString title) : m_title(std::move(title)) {}
    QString title() const override { return m_title; }
    QSizeF preferredSize(const FigureStyle&) const override { return {100, 100}; }
    void paint(QPainter&, const QSizeF&, const FigureStyle&) const override {}

private:
    QString m_title;
};

TEST(ExportNames, AreTheTitlesLettersAndDigits)
{
    EXPECT_EQ(proposedFileName(Titled(QStringLiteral("257 in 3 formats")), QStringLiteral("svg")), QStringLiteral("257-in-3-formats.svg"));
    EXPECT_EQ(proposedFileName(Titled(QStringLiteral("1 + 0.001, added 1,000 times")), QStringLiteral("png")),
              QStringLiteral("1-+-0.001-added-1-000-times.png"));
    EXPECT_EQ(proposedFileName(Titled(QStringLiteral("范围条")), QStringLiteral("svg")), QStringLiteral("范围条.svg"));
    EXPECT_EQ(proposedFileName(Titled(QStringLiteral("—")), QStringLiteral("pdf")), QStringLiteral("figure.pdf"));
    EXPECT_LE(proposedFileName(Titled(QString(200, QLatin1Char('x'))), QStringLiteral("svg")).size(), 52);
}

TEST(ExportDialogs, RememberTheFolderTheScaleAndTheLessons)
{
    QTemporaryDir dir;
    AppSettings settings(dir.filePath(QStringLiteral("settings.json")));
    settings.setExportFolder(dir.path());
    settings.setExportScale(3);

    // Export figure: the view's name in the last folder, at the last scale.
    std::vector<FigureSource> sources = {{[] { return QStringLiteral("Bits"); },
                                          [] { return std::make_unique<Titled>(QStringLiteral("257 in 3 formats")); }}};
    ExportDialog figure(sources, 0, Theme::Light, &settings);
    EXPECT_EQ(figure.proposedPath(), QDir(dir.path()).filePath(QStringLiteral("257-in-3-formats.svg")));

    // Export lesson: what was chosen last time comes back; a folder of figures is made where it is not.
    {
        DeckDialog deck(decks(), "accumulation", QStringLiteral("en"), Theme::Light, {}, &settings);
        EXPECT_EQ(deck.scaleBox()->currentIndex(), 2);  // 3x
        ASSERT_EQ(deck.chosen().size(), 1u);
        EXPECT_EQ(deck.chosen().front().name, "accumulation");
        for (int i = 0; i < deck.deckList()->count(); ++i)
            deck.deckList()->item(i)->setCheckState(i == 2 ? Qt::Checked : Qt::Unchecked);
        deck.kindBox()->setCurrentIndex(1);  // a folder of PNG
        deck.scaleBox()->setCurrentIndex(0);
        const QString folder = QDir(dir.path()).filePath(QStringLiteral("new/slides"));
        const DeckResult result = deck.exportTo(folder);
        ASSERT_EQ(result.error, QString());
        EXPECT_FALSE(QDir(folder).entryList(QDir::Files).isEmpty());
        EXPECT_EQ(deck.exportedPath(), folder);
    }
    DeckDialog again(decks(), "inspector", QStringLiteral("en"), Theme::Light, {}, &settings);
    ASSERT_EQ(again.chosen().size(), 1u);
    EXPECT_EQ(again.chosen().front().name, decks()[2].name);
    EXPECT_EQ(again.kindBox()->currentIndex(), 1);
    EXPECT_EQ(again.scaleBox()->currentIndex(), 0);
    EXPECT_EQ(settings.exportFolder(), QDir(dir.path()).filePath(QStringLiteral("new")));
}

TEST(Window, CtrlDSaysWhatItBookmarkedAndTheTabComesBack)
{
    QString tab;
    {
        MainWindow window;
        window.setLanguage(QStringLiteral("en"));
        for (QAction* a : window.findChildren<QAction*>())
            if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_D))
                a->trigger();
        EXPECT_TRUE(window.statusBar()->currentMessage().startsWith(QStringLiteral("Bookmarked "))) << window.statusBar()->currentMessage().toStdString();
        window.tabs()->setCurrentIndex(3);
        tab = window.tabs()->currentWidget()->objectName();
        window.close();
    }
    MainWindow next;
    EXPECT_EQ(next.tabs()->currentWidget()->objectName(), tab);
    next.tabs()->setCurrentIndex(0);
    next.close();
}

// The trap: a remembered format renamed, a value from a newer version or a hand-edited file were
// dropped without a word (or, for a damaged file, every setting was lost in silence).
TEST(Window, SettingsItCannotUseAreDroppedAndNamedAtStartUp)
{
    {
        AppSettings settings;
        settings.setFormats({QStringLiteral("fp7"), QStringLiteral("bf16")});
        settings.setValue(QStringLiteral("1e"));
        settings.setRounding(QStringLiteral("sideways"));
        settings.setOverflow(QStringLiteral("wrap-around"));
        settings.setRoute(QStringLiteral("fp128"));
        settings.setLanguage(QStringLiteral("fr"));
        settings.setTab(QStringLiteral("noSuchLessonDock"));
        ASSERT_EQ(settings.sync(), QString());
    }
    {
        MainWindow window;
        QCoreApplication::processEvents();
        const QString message = window.statusBar()->currentMessage();
        for (const char* part : {"format “fp7”", "value “1e”", "rounding “sideways”", "overflow “wrap-around”",
                                 "route “fp128”", "language “fr”", "tab “noSuchLessonDock”"})
            EXPECT_TRUE(message.contains(QString::fromUtf8(part))) << part << " in: " << message.toStdString();
        EXPECT_EQ(window.tabs()->currentIndex(), 0);
        window.close();  // saves what it uses: the next start says nothing
    }
    {
        MainWindow window;
        QCoreApplication::processEvents();
        EXPECT_EQ(window.statusBar()->currentMessage(), QString());
        window.close();
    }
    // A file that is not settings at all: the defaults, and the file named.
    const QString path = AppSettings().fileName();
    {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("{\"value\": \"0.1\", not JSON");
    }
    EXPECT_TRUE(AppSettings().damaged());
    {
        MainWindow window;
        QCoreApplication::processEvents();
        const QString message = window.statusBar()->currentMessage();
        EXPECT_TRUE(message.contains(QStringLiteral("could not be read"))) << message.toStdString();
        EXPECT_TRUE(message.contains(QDir::toNativeSeparators(path))) << message.toStdString();
        window.close();
    }
    EXPECT_FALSE(AppSettings().damaged()) << "closing the window wrote whole settings";
}

}  // namespace
}  // namespace floatscope::gui
