// The value inspector as a user drives it: typing, clicking bits, stepping with the keyboard, undo,
// sessions. Offscreen; the widgets are the real ones.
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeyEvent>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QUndoStack>

#include "app/figures/BitsFigure.h"
#include "app/style/Palette.h"
#include "app/style/Theme.h"
#include "core/format/Registry.h"
#include "app/inspector/BitStrip.h"
#include "app/inspector/FormatRow.h"
#include "app/inspector/HistoryDock.h"
#include "app/inspector/InspectorState.h"
#include "app/inspector/InspectorView.h"
#include "app/inspector/NeighbourhoodView.h"
#include "app/lessons/InspectorPresets.h"
#include "app/inspector/ValueEntry.h"
#include "app/window/MainWindow.h"
#include "FigureSupport.h"

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
        // A key at a time, as a person types (keys queued faster than the window recomputes are
        // taken together: ValueEntry applies what the field says once they are in).
        QTest::keyClicks(edit, text, Qt::NoModifier, 1);
        QCoreApplication::processEvents();
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

// The monkey test's freeze: xdotool typed a 3000-digit value faster than the window recomputes, the
// keys queued up, and the window recomputed for each of them (16 s for 2000 keys) without a turn of
// the event loop. Keys that arrive together are taken together: one recompute, for the whole text.
TEST_F(Inspector, KeysQueuedTogetherRecomputeOnce)
{
    type(QStringLiteral("1"));
    int recomputes = 0;
    QObject::connect(window->state(), &InspectorState::changed, [&recomputes] { ++recomputes; });
    QLineEdit* edit = window->entry()->lineEdit();
    for (int n = 0; n < 500; ++n)
        QCoreApplication::postEvent(edit, new QKeyEvent(QEvent::KeyPress, Qt::Key_9, Qt::NoModifier, QStringLiteral("9")));
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    EXPECT_EQ(window->state()->text(), QStringLiteral("1") + QString(500, QLatin1Char('9')));
    EXPECT_EQ(recomputes, 1);
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

// What a label shows on screen, whatever its text format.
QString plain(const QString& html)
{
    QTextDocument doc;
    doc.setHtml(html);
    return doc.toPlainText();
}

QString shownText(const QLabel* label)
{
    if (label->textFormat() == Qt::PlainText || (label->textFormat() == Qt::AutoText && !Qt::mightBeRichText(label->text())))
        return label->text();
    return plain(label->text());
}

// Regression: the neighbour links showed the neighbour's shortest round-trip text, so 257's next
// e4m3fn value read "300" (it is 288). The values are the OCP 8-bit spec's (e4m3fn steps by 32
// above 256, e5m2 by 64; e8m0 holds powers of two).
TEST_F(Inspector, NeighbourLinksShowTheNeighbourNotItsShortestText)
{
    window->state()->setFormats({namedFormat("e4m3fn"), namedFormat("e5m2"), namedFormat("e8m0")});
    type(QStringLiteral("257"));
    EXPECT_EQ(row(0)->neighbourText(1), QStringLiteral("288"));
    EXPECT_EQ(row(0)->neighbourText(-1), QStringLiteral("240"));
    EXPECT_EQ(row(1)->neighbourText(1), QStringLiteral("320"));
    EXPECT_EQ(row(2)->neighbourText(1), QStringLiteral("512"));
    EXPECT_TRUE(window->neighbourhood()->figure().endsText(0).contains(QStringLiteral("0x79 = 288")));
    type(QStringLiteral("448"));
    EXPECT_EQ(row(0)->neighbourText(-1), QStringLiteral("416"));
    EXPECT_EQ(row(0)->neighbourText(1), QString());  // 0x7f is NaN: 448 is the end
    type(QStringLiteral("512"));
    EXPECT_EQ(row(2)->neighbourText(-1), QStringLiteral("256"));
    EXPECT_EQ(row(2)->neighbourText(1), QStringLiteral("1024"));
}

TEST_F(Inspector, LongNeighboursAreShortenedWithEveryDigitInTheTooltip)
{
    type(QStringLiteral("0.1"));
    EXPECT_EQ(row(0)->neighbourText(1), QStringLiteral("0.10000000894069671630859375"));  // fp32, 28 chars: whole
    window->state()->setValueText(QStringLiteral("fp32:0x00000003"));  // 3 * 2^-149: 150 decimals
    EXPECT_TRUE(row(0)->neighbourText(1).startsWith(QLatin1Char('~')));
    QLabel* links = nullptr;
    for (QLabel* label : row(0)->findChildren<QLabel*>())
        if (label->text().contains(QStringLiteral("href")))
            links = label;
    ASSERT_NE(links, nullptr);
    // 4 * 2^-149 = 2^-147, every digit (Python: format(Decimal(2) ** -147, 'f')).
    EXPECT_TRUE(links->toolTip().contains(QStringLiteral(
        "0.000000000000000000000000000000000000000000005605193857299268283694918333159664525121047767506063087028273135"
        "559164330743442405946552753448486328125")))
        << links->toolTip().toStdString();
}

TEST_F(Inspector, NanRowsShowNoMarkupNoPowerOfTwoAndNoNumberLine)
{
    type(QStringLiteral("nan"));
    for (int i = 0; i < window->inspector()->rowCount(); ++i)
        for (const QLabel* label : row(i)->findChildren<QLabel*>())
            if (label->isVisibleTo(row(i))) {
                EXPECT_FALSE(shownText(label).contains(QStringLiteral("&nbsp;"))) << shownText(label).toStdString();
                EXPECT_FALSE(shownText(label).contains(QLatin1Char('<'))) << shownText(label).toStdString();
            }
    for (int i = 0; i < window->neighbourhood()->figure().count(); ++i)
        EXPECT_FALSE(window->neighbourhood()->figure().hasLine(i));
    const QByteArray neighbours = test::svgOf(window->neighbourhood()->figure());
    EXPECT_FALSE(neighbours.contains("midpoint"));
    EXPECT_TRUE(neighbours.contains("NaN stays NaN in bf16"));

    // The exponent field of inf and NaN is no power of two (fp32 0x7f800000 has e = 255).
    const BitsFigure bits(QStringLiteral("inf"), {namedFormat("fp32"), namedFormat("e4m3fn"), namedFormat("e8m0")},
                          {inspect(ExactValue::infinity(false), namedFormat("fp32")),
                           inspect(ExactValue::nan(false), namedFormat("e4m3fn")),
                           inspect(ExactValue::nan(false), namedFormat("e8m0"))});
    const QByteArray svg = test::svgOf(bits);
    EXPECT_FALSE(svg.contains("2^128")) << svg.constData();
    EXPECT_FALSE(svg.contains("2^8"));
    EXPECT_TRUE(svg.contains("e=255: inf"));
    EXPECT_TRUE(svg.contains("e=15: NaN"));
    EXPECT_TRUE(svg.contains("e=255: NaN"));
}

// Regression: typed key by key, "0x1.8q3" passes through the values 0, 1 and 1.5, which were
// left on screen ("exactly 0" under "0x1.8q3") and recorded in History.
TEST_F(Inspector, HalfTypedInvalidValueNeverEntersHistory)
{
    window->history()->setHistory({});
    type(QStringLiteral("0x1.8q3"));
    QTest::qWait(900);  // longer than History waits for a pause
    EXPECT_FALSE(window->entry()->hint().isEmpty());
    EXPECT_FALSE(window->entry()->exactText().contains(QStringLiteral("exactly")));
    EXPECT_TRUE(window->entry()->exactText().startsWith(QStringLiteral("the rows show 0,")))
        << window->entry()->exactText().toStdString();  // "0x1.8" needs a "p" exponent to parse
    QTest::keyClick(window->entry()->lineEdit(), Qt::Key_Return);
    EXPECT_EQ(window->history()->history(), QStringList());

    type(QStringLiteral("257"));
    QTest::qWait(900);
    EXPECT_EQ(window->history()->history(), QStringList());  // not accepted yet
    QTest::keyClick(window->entry()->lineEdit(), Qt::Key_Return);
    EXPECT_EQ(window->history()->history(), QStringList{QStringLiteral("257")});
    EXPECT_EQ(window->entry()->exactText(), QStringLiteral("exactly 257"));

    // A change that is not typing is recorded once the changes pause.
    window->state()->stepValue(1, 1);
    QTest::qWait(900);
    EXPECT_EQ(window->history()->history().value(0), QStringLiteral("bf16:0x4381"));
}

// The BF16 lesson's bit lab, worked by hand: bf16 0x3dcd has e = 123, m = 77, so its value is
// 2^-4 x (1 + 77/128) = 0.0625 x 1.6015625; through fp32 (0x3dcccccd) the discarded low half is
// 0xCCCD = 1100110011001101b: guard 1, sticky 1, up.
TEST_F(Inspector, RowsShowTheFormulaAndTheGuardAndStickyBits)
{
    type(QStringLiteral("0.1"));
    EXPECT_EQ(row(1)->formulaText(),
              QStringLiteral("(−1)^0 × 2^(123−127) × (1 + 77/2^7) = 1 × 0.0625 × 1.6015625"));
    window->state()->setRoute(Route::ViaFp32);
    EXPECT_TRUE(row(1)->discardedText().contains(QStringLiteral("[1]100110011001101")));  // guard bit first
    EXPECT_TRUE(row(1)->discardedText().contains(QStringLiteral("guard 1, sticky 1")));
    EXPECT_TRUE(row(1)->discardedText().contains(QStringLiteral("0.100000001490116119384765625")))
        << row(1)->discardedText().toStdString();
    EXPECT_EQ(row(0)->discardedText(), QStringLiteral("exact: no bits discarded"));  // fp32 via fp32
    window->state()->setRoute(Route::Direct);

    // 1e-6 in fp16 is subnormal: 2^-14 x (0 + 17/1024), and 257 in bf16 is a tie kept even.
    type(QStringLiteral("1e-6"));
    EXPECT_EQ(row(2)->formulaText(),
              QStringLiteral("(−1)^0 × 2^(1−15) × (0 + 17/2^10) = 1 × 0.00006103515625 × 0.0166015625"));
    type(QStringLiteral("257"));
    EXPECT_TRUE(row(1)->discardedText().contains(QStringLiteral("guard 1, sticky 0")));
    EXPECT_TRUE(row(1)->discardedText().contains(QStringLiteral("(even)")));
    type(QStringLiteral("inf"));
    EXPECT_TRUE(row(0)->formulaText().contains(QStringLiteral("infinity")));
}

// Regression: after a switch to the dark theme the rows kept black text and dark-blue links on
// dark grey (a style sheet on the row had frozen its palette) until a new value was typed.
TEST_F(Inspector, DarkThemeRowsUseTheThemesTextColour)
{
    window->setLanguage(QStringLiteral("zh_CN"));
    window->setTheme(Theme::Dark);
    QApplication::processEvents();
    const QColor text = QApplication::palette().color(QPalette::WindowText);
    const QColor link = QApplication::palette().color(QPalette::Link);
    for (int i = 0; i < window->inspector()->rowCount(); ++i) {
        for (const QLabel* label : row(i)->findChildren<QLabel*>()) {
            if (label->styleSheet().isEmpty()) {
                EXPECT_EQ(label->palette().color(label->foregroundRole()), text) << shownText(label).toStdString();
            }
            if (label->text().contains(QStringLiteral("href"))) {
                EXPECT_TRUE(label->text().contains(link.name())) << label->text().toStdString();
            }
        }
        // No black pixel anywhere in the row: text, links and frame are all light on dark grey.
        const QImage image = row(i)->grab().toImage();
        int black = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                black += qGray(image.pixel(x, y)) < 20 ? 1 : 0;
        EXPECT_EQ(black, 0) << "row " << i;
    }
    // An unchecked box must show: its frame stands out from the base it is drawn on.
    QCheckBox box;
    box.resize(box.sizeHint());
    const QImage image = box.grab().toImage();
    double contrast = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            contrast = std::max(contrast, contrastRatio(image.pixelColor(x, y), box.palette().color(QPalette::Window)));
    EXPECT_GE(contrast, 3.0);
    window->setTheme(Theme::Light);
    window->setLanguage(QStringLiteral("en"));
}

// WCAG 2.1: format colours as lines and swatches (3:1, §1.4.11) on both themes; as the row's
// names, text (4.5:1, §1.4.3).
TEST(FormatColours, ContrastOnBothThemes)
{
    const QColor light = QColor(0xef, 0xef, 0xef);  // Fusion's light window
    const QColor dark = QColor(0x2b, 0x2d, 0x31);   // the dark theme's window
    for (const char* name : {"fp64", "e2m1", "e8m0"}) {
        EXPECT_GE(contrastRatio(formatColour(name), light), 3.0) << name;
        EXPECT_GE(contrastRatio(formatColour(name), dark), 3.0) << name;
    }
    for (const Format& f : namedFormats())
        for (const QColor& ground : {light, dark, QColor(Qt::white)})
            EXPECT_GE(contrastRatio(readableOn(formatColour(f.name()), ground), ground), 4.5) << f.name();
    EXPECT_NEAR(contrastRatio(Qt::black, Qt::white), 21.0, 1e-9);
}

// CIELAB (D65 white) of an sRGB colour.
std::array<double, 3> labOf(const QColor& c)
{
    const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    const double r = linear(c.redF()), g = linear(c.greenF()), b = linear(c.blueF());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) { return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

// CIEDE2000 (Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula", 2005) between two
// CIELAB colours: how far apart a person sees them.
double labDifference(const std::array<double, 3>& first, const std::array<double, 3>& second)
{
    const auto [l1, a1, b1] = first;
    const auto [l2, a2, b2] = second;
    const double pi = std::acos(-1.0);
    const auto rad = [pi](double d) { return d * pi / 180; };
    const double cMean = (std::hypot(a1, b1) + std::hypot(a2, b2)) / 2;
    const double g = 0.5 * (1 - std::sqrt(std::pow(cMean, 7) / (std::pow(cMean, 7) + std::pow(25.0, 7))));
    const double a1p = (1 + g) * a1, a2p = (1 + g) * a2;
    const double c1 = std::hypot(a1p, b1), c2 = std::hypot(a2p, b2);
    const auto hue = [pi](double b, double a) { return std::fmod(std::atan2(b, a) * 180 / pi + 360, 360.0); };
    const double h1 = hue(b1, a1p), h2 = hue(b2, a2p);
    double dh = h2 - h1;
    if (c1 * c2 == 0)
        dh = 0;
    else if (dh > 180)
        dh -= 360;
    else if (dh < -180)
        dh += 360;
    const double dL = l2 - l1, dC = c2 - c1, dH = 2 * std::sqrt(c1 * c2) * std::sin(rad(dh / 2));
    const double lMean = (l1 + l2) / 2, cMeanP = (c1 + c2) / 2;
    double hMean = h1 + h2;
    if (c1 * c2 != 0)
        hMean = std::fabs(h1 - h2) <= 180 ? (h1 + h2) / 2 : (h1 + h2 + (h1 + h2 < 360 ? 360 : -360)) / 2;
    const double t = 1 - 0.17 * std::cos(rad(hMean - 30)) + 0.24 * std::cos(rad(2 * hMean)) + 0.32 * std::cos(rad(3 * hMean + 6))
                   - 0.20 * std::cos(rad(4 * hMean - 63));
    const double sL = 1 + 0.015 * (lMean - 50) * (lMean - 50) / std::sqrt(20 + (lMean - 50) * (lMean - 50));
    const double sC = 1 + 0.045 * cMeanP, sH = 1 + 0.015 * cMeanP * t;
    const double rC = 2 * std::sqrt(std::pow(cMeanP, 7) / (std::pow(cMeanP, 7) + std::pow(25.0, 7)));
    const double rT = -std::sin(rad(60 * std::exp(-std::pow((hMean - 275) / 25, 2)))) * rC;
    return std::sqrt(std::pow(dL / sL, 2) + std::pow(dC / sC, 2) + std::pow(dH / sH, 2) + rT * (dC / sC) * (dH / sH));
}

double colourDifference(const QColor& first, const QColor& second) { return labDifference(labOf(first), labOf(second)); }

// Series in one chart are told apart by colour, not only from the ground: any two formats (a
// family shares its hue at another lightness) at least 10 apart, any two training recipes (lines
// in one chart, delayed scaling's two among them) at least 15.
TEST(FormatColours, EveryTwoDifferInOneChart)
{
    // The formula against Sharma et al.'s test data (pairs 1, 7 and 17 of their table 1).
    EXPECT_NEAR(labDifference({50, 2.6772, -79.7751}, {50, 0, -82.7485}), 2.0425, 1e-4);
    EXPECT_NEAR(labDifference({50, 0, 0}, {50, -1, 2}), 2.3669, 1e-4);
    EXPECT_NEAR(labDifference({50, 2.5, 0}, {73, 25, -18}), 27.1492, 1e-4);
    const std::vector<Format>& formats = namedFormats();
    for (std::size_t i = 0; i < formats.size(); ++i)
        for (std::size_t j = i + 1; j < formats.size(); ++j)
            EXPECT_GE(colourDifference(formatColour(formats[i].name()), formatColour(formats[j].name())), 10.0)
                << formats[i].name() << " and " << formats[j].name();
    const char* recipes[] = {"fp32", "bf16-pure", "fp16-pure", "bf16-master", "fp16-amp",
                             "fp16-noscale", "bf16-stochastic", "fp8-current", "fp8-delayed"};
    for (std::size_t i = 0; i < std::size(recipes); ++i)
        for (std::size_t j = i + 1; j < std::size(recipes); ++j)
            EXPECT_GE(colourDifference(recipeColour(recipes[i]), recipeColour(recipes[j])), 15.0)
                << recipes[i] << " and " << recipes[j];
}

// The docks belong to the inspector: a lesson tab gets the whole width, and its own hint.
TEST_F(Inspector, DocksAndHintFollowTheTab)
{
    ASSERT_GT(window->tabs()->count(), 1);
    EXPECT_TRUE(window->neighbourhood()->isVisible());
    const QString inspectorHint = window->statusHint();
    EXPECT_TRUE(inspectorHint.contains(QStringLiteral("flip")));
    window->tabs()->setCurrentIndex(1);
    EXPECT_FALSE(window->neighbourhood()->isVisible());
    EXPECT_NE(window->statusHint(), inspectorHint);
    EXPECT_TRUE(window->statusHint().contains(window->tabs()->tabText(1).remove(QLatin1Char('&'))));
    EXPECT_EQ(window->tabs()->currentWidget()->width(), window->tabs()->width());
    window->tabs()->setCurrentIndex(0);
    EXPECT_TRUE(window->neighbourhood()->isVisible());
    EXPECT_EQ(window->statusHint(), inspectorHint);
}

// Qt's own buttons follow the language (qtbase_zh_CN.qm from Debian's qt6-translations-l10n, loaded
// beside ours); without that file the window stays quietly in English for them.
TEST_F(Inspector, QtsOwnButtonsSpeakChinese)
{
    const QString qm = QLibraryInfo::path(QLibraryInfo::TranslationsPath) + QStringLiteral("/qtbase_zh_CN.qm");
    if (!QFile::exists(qm))
        GTEST_SKIP() << qm.toStdString() << " is not installed (Debian package qt6-translations-l10n)";
    window->setLanguage(QStringLiteral("zh_CN"));
    QDialogButtonBox buttons(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::Close);
    EXPECT_EQ(buttons.button(QDialogButtonBox::Ok)->text(), QStringLiteral("确定"));
    EXPECT_EQ(buttons.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("取消"));
    EXPECT_EQ(buttons.button(QDialogButtonBox::Close)->text(), QStringLiteral("关闭"));
    window->setLanguage(QStringLiteral("en"));
    QDialogButtonBox english(QDialogButtonBox::Ok);
    EXPECT_EQ(english.button(QDialogButtonBox::Ok)->text(), QStringLiteral("OK"));
}

// The inspector's computed words (rows, explanations, hints) follow a language switch without a
// new value being typed.
TEST_F(Inspector, ComputedTextFollowsALanguageSwitch)
{
    type(QStringLiteral("257"));
    QTest::keyClick(window->entry()->lineEdit(), Qt::Key_Return);
    const QString english = window->neighbourhood()->sentence(1);
    const QString formula = row(1)->discardedText();
    window->setLanguage(QStringLiteral("zh_CN"));
    QApplication::processEvents();  // LanguageChange reaches the widgets through the event loop
    EXPECT_NE(window->neighbourhood()->sentence(1), english);
    EXPECT_TRUE(window->neighbourhood()->sentence(1).contains(QStringLiteral("256")));
    EXPECT_NE(row(1)->discardedText(), formula);
    EXPECT_FALSE(window->statusHint().contains(QStringLiteral("flip")));
    EXPECT_FALSE(window->entry()->exactText().contains(QStringLiteral("exactly")));
    window->setLanguage(QStringLiteral("en"));
    EXPECT_EQ(window->neighbourhood()->sentence(1), english);
}

TEST(Presets, LessonExamplesAreData)
{
    const std::vector<Preset> presets = loadPresets();
    ASSERT_GE(presets.size(), 10u);
    QStringList values;
    for (const Preset& p : presets) {
        values << p.value;
        EXPECT_FALSE(p.titleEnglish.isEmpty());
        EXPECT_FALSE(p.titleChinese.isEmpty());
    }
    for (const char* example : {"0.1", "257", "1e-8", "70000", "1e-6", "1000", "1001", "1002", "1003"})
        EXPECT_TRUE(values.contains(QString::fromLatin1(example))) << example;
}

}  // namespace
}  // namespace floatscope::gui
