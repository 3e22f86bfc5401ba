// View > Presentation (F11): the view on show as a full-screen slide, the lesson's presets on the
// arrow keys, Escape back to the window.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QTabWidget>
#include <QTest>

#include "app/figures/BitsFigure.h"
#include "app/lessons/LessonDeck.h"
#include "app/window/MainWindow.h"
#include "app/window/PresentationView.h"

namespace floatscope::gui {
namespace {

Deck deckNamed(const std::string& name)
{
    for (Deck& d : decks())
        if (d.name == name)
            return std::move(d);
    return {};
}

TEST(Presentation, ArrowsStepThroughTheLessonsPresetsFromTheViewOnShow)
{
    const Deck deck = deckNamed("accumulation");
    ASSERT_GE(deck.pages.size(), 2u);
    auto first = std::make_unique<BitsFigure>(QStringLiteral("257"), std::vector<Format>{}, std::vector<Inspection>{});
    const Figure* shown = first.get();
    PresentationView view(std::move(first), deck, Theme::Light);
    view.resize(1280, 720);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    EXPECT_EQ(view.pageCount(), static_cast<int>(deck.pages.size()) + 1);
    EXPECT_EQ(view.figure(), shown);  // page 1: what the window showed
    QTest::keyClick(&view, Qt::Key_Right);
    EXPECT_EQ(view.page(), 1);
    // Drawn on the worker from the deck's first preset, then shown.
    EXPECT_TRUE(QTest::qWaitFor([&] { return view.figure() != nullptr; }, 10000));
    std::string error;
    const auto expected = makeViewFigure(deck.pages[0].view, deck.pages[0].arguments, error);
    ASSERT_NE(expected, nullptr) << error;
    EXPECT_EQ(view.figure()->title(), expected->title());
    QTest::keyClick(&view, Qt::Key_End);
    EXPECT_EQ(view.page(), view.pageCount() - 1);
    QTest::keyClick(&view, Qt::Key_Right);  // stays on the last
    EXPECT_EQ(view.page(), view.pageCount() - 1);
    QTest::keyClick(&view, Qt::Key_Home);
    EXPECT_EQ(view.page(), 0);
    QTest::keyClick(&view, Qt::Key_Left);  // and on the first
    EXPECT_EQ(view.page(), 0);
}

TEST(Presentation, F11InTheWindowOpensItAndEscapeCloses)
{
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    for (int i = 0; i < window.tabs()->count(); ++i)
        if (window.tabs()->widget(i)->objectName() == QLatin1String("lossScalingDock"))
            window.tabs()->setCurrentIndex(i);
    QAction* present = nullptr;
    for (QAction* a : window.findChildren<QAction*>())
        if (a->shortcut() == QKeySequence(Qt::Key_F11))
            present = a;
    ASSERT_NE(present, nullptr);
    present->trigger();
    PresentationView* view = nullptr;
    for (QWidget* w : QApplication::topLevelWidgets())
        if (w->objectName() == QLatin1String("presentation") && w->isVisible())
            view = qobject_cast<PresentationView*>(w);
    ASSERT_NE(view, nullptr);
    EXPECT_NE(view->figure(), nullptr);
    EXPECT_EQ(view->pageCount(), static_cast<int>(deckNamed("loss-scale").pages.size()) + 1);
    QTest::keyClick(view, Qt::Key_Escape);
    EXPECT_TRUE(QTest::qWaitFor([&] {
        for (QWidget* w : QApplication::topLevelWidgets())
            if (w->objectName() == QLatin1String("presentation") && w->isVisible())
                return false;
        return true;
    }));
}

}  // namespace
}  // namespace floatscope::gui
