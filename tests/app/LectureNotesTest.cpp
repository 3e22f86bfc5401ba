// Where the lecture notes are wrong, said beside the view it concerns and all together in Help >
// Notes on the lecture notes, in English and Chinese.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QLabel>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>

#include "app/lessons/LessonDeck.h"
#include "app/lessons/LessonRegistry.h"
#include "app/text/LectureNotesText.h"
#include "app/window/MainWindow.h"

namespace floatscope::gui {
namespace {

TEST(LectureNotes, EachNamesAViewThatExistsAndHasItsChinese)
{
    std::set<std::string> views;
    for (const Deck& d : decks())
        views.insert(d.name);
    const std::vector<text::LectureNote> english = text::lectureNotes();
    EXPECT_GE(english.size(), 20u);
    std::set<std::string> ids;
    for (const text::LectureNote& n : english) {
        EXPECT_TRUE(ids.insert(n.id).second) << n.id;
        EXPECT_FALSE(n.lessons.empty()) << n.id;
        for (const std::string& lesson : n.lessons)
            EXPECT_TRUE(views.count(lesson) == 1) << n.id << ": no view " << lesson;
        EXPECT_TRUE(n.text.startsWith(QLatin1String("Lesson 14")) || n.text.startsWith(QLatin1String("The BF16")) ||
                    n.text.startsWith(QLatin1String("Lecture 10")))
            << "names the note by its topic: " << n.text.toStdString();
    }
    // The corrections the lecturers asked for by name are among them.
    const auto has = [&](const char* words) {
        return std::any_of(english.begin(), english.end(), [&](const text::LectureNote& n) { return n.text.contains(QLatin1String(words)); });
    };
    EXPECT_TRUE(has("78.6"));
    EXPECT_TRUE(has("5.17 cards"));
    EXPECT_TRUE(has("GradScaler is fp16 loss scaling"));
    EXPECT_TRUE(has("block of 32"));
    EXPECT_TRUE(has("become subnormals"));

    MainWindow window;
    window.setLanguage(QStringLiteral("zh_CN"));
    const std::vector<text::LectureNote> chinese = text::lectureNotes();
    ASSERT_EQ(chinese.size(), english.size());
    for (std::size_t i = 0; i < english.size(); ++i)
        EXPECT_NE(chinese[i].text, english[i].text) << english[i].id << " has no Chinese";
    window.setLanguage(QStringLiteral("en"));
}

// Beside each view its notes, in a label under the lesson's fields (or under the inspector's rows),
// in the interface's language.
TEST(LectureNotes, EachViewShowsItsOwn)
{
    MainWindow window;
    window.setLanguage(QStringLiteral("en"));
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    const auto notesOf = [&](int tab) {
        window.tabs()->setCurrentIndex(tab);
        QTest::qWait(50);
        const auto* label = window.tabs()->widget(tab)->findChild<QLabel*>(QStringLiteral("lectureNotes"));
        return label != nullptr && label->isVisible() ? label->text() : QString();
    };
    std::map<std::string, int> tabOf = {{"inspector", 0}};
    for (const Lesson& lesson : lessons())
        for (int i = 0; i < window.tabs()->count(); ++i)
            if (window.tabs()->widget(i)->objectName() == QLatin1String(lesson.objectName))
                tabOf[lesson.view.name] = i;
    for (const text::LectureNote& n : text::lectureNotes())
        for (const std::string& lesson : n.lessons) {
            ASSERT_TRUE(tabOf.count(lesson)) << lesson;
            EXPECT_TRUE(notesOf(tabOf[lesson]).contains(n.text.left(40).toHtmlEscaped())) << n.id << " beside " << lesson;
        }
    EXPECT_TRUE(notesOf(tabOf["accumulation"]).contains(QLatin1String("step 4")));
    window.setLanguage(QStringLiteral("zh_CN"));
    EXPECT_TRUE(notesOf(tabOf["range"]).contains(QStringLiteral("数量级")));
    window.setLanguage(QStringLiteral("en"));
}

TEST(LectureNotes, TheHelpMenuListsThemAll)
{
    MainWindow window;
    window.setLanguage(QStringLiteral("en"));
    QAction* notes = nullptr;
    for (QAction* a : window.findChildren<QAction*>())
        if (a->text() == QLatin1String("&Notes on the lecture notes"))
            notes = a;
    ASSERT_NE(notes, nullptr);
    QString shown;
    QTimer::singleShot(0, [&] {
        for (QWidget* w : QApplication::topLevelWidgets())
            if (auto* dialog = qobject_cast<QDialog*>(w); dialog && dialog->objectName() == QLatin1String("lectureNotesDialog")) {
                shown = dialog->findChild<QTextBrowser*>()->toPlainText();
                dialog->reject();
            }
    });
    notes->trigger();
    for (const text::LectureNote& n : text::lectureNotes())
        EXPECT_TRUE(shown.contains(n.text)) << n.id;
    EXPECT_TRUE(shown.contains(QLatin1String("(Memory ledger)")));
}

}  // namespace
}  // namespace floatscope::gui
