// The value inspector as a user drives it: typing, clicking bits, stepping with the keyboard, undo,
// sessions. Offscreen; the widgets are the real ones.
#include <gtest/gtest.h>

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "core/format/Registry.h"
#include "app/inspector/BitStrip.h"
#include "app/inspector/FormatRow.h"
#include "app/inspector/HistoryDock.h"
#include "app/inspector/InspectorState.h"
#include "app/inspector/InspectorView.h"
#include "app/inspector/NeighbourhoodView.h"
#include "app/inspector/Presets.h"
#include "app/inspector/ValueEntry.h"
#include "app/window/MainWindow.h"

QT_BEGIN_NAMESPACE
inline void PrintTo(const QString& s, std::ostream* os)
{
    *os << '"' << s.toStdString() << '"';
}
QT_END_NAMESPACE

namespace floatscope::gui {
namespace {

class Inspector : public testing::Test {
protected:
    void SetUp() override
    {
        window = std::make_unique<MainWindow>();
        window->state()->setFormats({namedFormat("fp32"), namedFormat("bf16"), namedFormat("fp16")});
        window->state()->setValueText(QStringLiteral("0.1"));
        window->show();
    }

    void type(const QString& text)
    {
        QLineEdit* edit = window->entry()->lineEdit();
        edit->setFocus();
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Backspace);
        QTest::keyClicks(edit, text);
    }

    FormatRow* row(int index) { return window->inspector()->row(index); }

    std::unique_ptr<MainWindow> window;
};

TEST_F(Inspector, Typing257ShowsBf16TieToEven256)
{
    type(QStringLiteral("257"));
    EXPECT_EQ(window->state()->text(), QStringLiteral("257"));
    EXPECT_EQ(row(1)->hexText(), QStringLiteral("0x4380"));
    EXPECT_EQ(row(1)->valueText(), QStringLiteral("256"));
    EXPECT_EQ(row(0)->valueText(), QStringLiteral("257"));
    EXPECT_TRUE(window->neighbourhood()->sentence(1).contains(QStringLiteral("ties go to the even mantissa")));
}

TEST_F(Inspector, BadInputShowsHintAndKeepsLastGoodValue)
{
    type(QStringLiteral("257"));
    type(QStringLiteral("25x"));
    EXPECT_FALSE(window->entry()->hint().isEmpty());
    EXPECT_TRUE(window->entry()->hint().contains(QStringLiteral("'x'")));
    EXPECT_EQ(window->state()->text(), QStringLiteral("25"));  // the last good value, as typed
    // Typed key by key, "bf16:0x1FFF" was valid on the way; the fifth F makes it too wide.
    type(QStringLiteral("bf16:0x1FFFF"));
    EXPECT_TRUE(window->entry()->hint().contains(QStringLiteral("wider")));
    EXPECT_EQ(window->state()->text(), QStringLiteral("bf16:0x1FFF"));
    EXPECT_EQ(row(1)->hexText(), QStringLiteral("0x1fff"));
    type(QStringLiteral("1e-8"));
    EXPECT_TRUE(window->entry()->hint().isEmpty());
    EXPECT_EQ(row(2)->hexText(), QStringLiteral("0x0000"));  // fp16(1e-8) = 0
}

TEST_F(Inspector, ClickingABitFlipsItAndEveryOtherRowRounds)
{
    type(QStringLiteral("257"));
    BitStrip* strip = row(1)->bitStrip();
    QTest::mouseClick(strip, Qt::LeftButton, Qt::NoModifier, strip->bitRect(15).center());  // bf16 sign bit
    EXPECT_EQ(window->state()->text(), QStringLiteral("bf16:0xc380"));
    EXPECT_EQ(row(1)->valueText(), QStringLiteral("-256"));
    EXPECT_EQ(row(0)->hexText(), QStringLiteral("0xc3800000"));
    QTest::mouseClick(strip, Qt::LeftButton, Qt::NoModifier, strip->bitRect(0).center());  // mantissa LSB
    EXPECT_EQ(row(1)->valueText(), QStringLiteral("-258"));
    EXPECT_EQ(row(2)->valueText(), QStringLiteral("-258"));
}

TEST_F(Inspector, UpAndDownStepTheFocusedRow)
{
    type(QStringLiteral("257"));
    FormatRow* bf16 = row(1);
    bf16->setFocus();
    QTest::keyClick(bf16, Qt::Key_Up);
    EXPECT_EQ(window->state()->text(), QStringLiteral("bf16:0x4381"));
    EXPECT_EQ(row(1)->valueText(), QStringLiteral("258"));
    QTest::keyClick(row(1), Qt::Key_Down);
    QTest::keyClick(row(1), Qt::Key_Down);
    EXPECT_EQ(row(1)->valueText(), QStringLiteral("255"));
    // Across zero and to infinity in fp16.
    window->state()->setValueText(QStringLiteral("fp16:0x7bff"));
    row(2)->setFocus();
    QTest::keyClick(row(2), Qt::Key_Up);
    EXPECT_EQ(row(2)->valueText(), QStringLiteral("inf"));
}

TEST_F(Inspector, UndoAndRedoValueChanges)
{
    type(QStringLiteral("257"));  // typing merges into one undo step
    window->state()->stepValue(1, 1);
    QUndoStack* undo = window->state()->undoStack();
    undo->undo();
    EXPECT_EQ(window->state()->text(), QStringLiteral("257"));
    undo->undo();
    EXPECT_EQ(window->state()->text(), QStringLiteral("0.1"));
    EXPECT_EQ(window->entry()->lineEdit()->text(), QStringLiteral("0.1"));
    undo->redo();
    EXPECT_EQ(window->state()->text(), QStringLiteral("257"));
}

TEST_F(Inspector, DoubleRoundingBadge)
{
    type(QStringLiteral("0x1.01000004p0"));
    EXPECT_TRUE(row(1)->badgeVisible());   // bf16: direct 0x3f81, via fp32 0x3f80
    EXPECT_FALSE(row(0)->badgeVisible());
}

TEST_F(Inspector, CopyRowAsJsonAndLatex)
{
    type(QStringLiteral("257"));
    row(1)->setFocus();
    emit window->inspector()->copyRequested(1, QStringLiteral("json"));
    const QJsonObject json = QJsonDocument::fromJson(QApplication::clipboard()->text().toUtf8()).object();
    EXPECT_EQ(json[QStringLiteral("bits")].toString(), QStringLiteral("0x4380"));
    EXPECT_EQ(json[QStringLiteral("value")].toString(), QStringLiteral("256"));
    emit window->inspector()->copyRequested(1, QStringLiteral("latex"));
    EXPECT_TRUE(QApplication::clipboard()->text().startsWith(QStringLiteral("\\texttt{bf16} & \\texttt{0\\,10000111\\,0000000}")));
}

TEST_F(Inspector, SessionRoundTrip)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.floatscope"));
    type(QStringLiteral("257"));
    window->state()->setMode(RoundingMode::TowardZero);
    window->state()->setOverflow(OverflowPolicy::Saturate);
    window->history()->addBookmark(QStringLiteral("1e-6"));
    ASSERT_EQ(window->saveSession(path), QString());
    const SessionData saved = window->sessionData();

    MainWindow other;
    ASSERT_EQ(other.openSession(path), QString());
    EXPECT_EQ(other.sessionData(), saved);
    EXPECT_EQ(other.state()->mode(), RoundingMode::TowardZero);
    EXPECT_EQ(other.inspector()->row(1)->hexText(), QStringLiteral("0x4380"));
}

TEST_F(Inspector, CorruptOrNewerSessionIsRefusedAndNothingChanges)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.floatscope"));
    type(QStringLiteral("257"));
    const SessionData before = window->sessionData();
    const QByteArray cases[] = {
        "{\"kind\": \"floatscope-session\", \"version\": 1, \"value\": ",  // truncated
        "[1, 2, 3]",
        "{\"kind\": \"floatscope-session\", \"version\": 99, \"value\": \"1\"}",
        "{\"kind\": \"floatscope-session\", \"version\": 1, \"value\": \"abc\", \"formats\": [\"fp32\"],"
        " \"rounding\": \"nearest-even\", \"overflow\": \"format-default\", \"route\": \"direct\", \"bookmarks\": []}",
    };
    for (const QByteArray& content : cases) {
        {
            QFile f(path);
            ASSERT_TRUE(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        const QString error = window->openSession(path);
        EXPECT_FALSE(error.isEmpty()) << content.constData();
        EXPECT_EQ(window->sessionData(), before);
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::ReadOnly));
        EXPECT_EQ(f.readAll(), content);  // the refused file is untouched
    }
    EXPECT_TRUE(readSession(path).error.contains(QStringLiteral("damaged")));
}

TEST(Presets, SeedsExamplesAreData)
{
    const std::vector<Preset> presets = loadPresets();
    ASSERT_GE(presets.size(), 10u);
    QStringList values;
    for (const Preset& p : presets) {
        values << p.value;
        EXPECT_FALSE(p.titleEnglish.isEmpty());
        EXPECT_FALSE(p.titleChinese.isEmpty());
    }
    for (const char* seed : {"0.1", "257", "1e-8", "70000", "1e-6", "1000", "1001", "1002", "1003"})
        EXPECT_TRUE(values.contains(QString::fromLatin1(seed))) << seed;
}

}  // namespace
}  // namespace floatscope::gui
