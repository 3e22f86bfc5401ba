// Every exported figure as a lecturer puts it on a slide, for every page of every deck (the
// inspector's views for its presets, each registered lesson's for its .deck), so that a new lesson
// is covered by registering: tick labels as a person would write them (a nice step, the digits it
// needs, thousands grouped), a page filled at any size, no table cell cut, format names readable
// on both themes; and the traps found on them, each by name.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <memory>
#include <set>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTabWidget>
#include <QLocale>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTranslator>

#include "FigureSupport.h"
#include "app/charts/AxisTicks.h"
#include "app/figures/FigureExport.h"
#include "app/lessons/LessonDeck.h"
#include "app/lessons/LessonRegistry.h"
#include "app/window/DeckDialog.h"
#include "app/window/MainWindow.h"
#include "app/style/Palette.h"
#include "app/text/LessonText.h"
#include "core/format/Registry.h"

namespace floatscope::gui {
namespace {

using test::svgItems;
using test::SvgItem;
using test::textsOf;

QByteArray svgAt(const Figure& figure, const ExportSize& size, const FigureStyle& style)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("f.svg"));
    EXPECT_EQ(exportFigure(figure, path, size, style), QString());
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A page of a deck, drawn the first time a test asks for it and kept for the tests after (the
// training deck's pages train their recipes, seconds each; a test that needs a deck's first page
// draws only that).
class NamedPage {
public:
    NamedPage(std::string name, DeckPage source) : name(std::move(name)), m_source(std::move(source)) {}
    std::string name;  // "accumulation, page 3"

    // Null, and a failure, where the view refuses the page's arguments.
    const Figure* figure() const
    {
        if (!m_drawn) {
            m_drawn = true;
            std::string error;
            m_figure = makeViewFigure(m_source.view, m_source.arguments, error);
            EXPECT_NE(m_figure, nullptr) << name << ": " << error;
        }
        return m_figure.get();
    }

private:
    DeckPage m_source;
    mutable bool m_drawn = false;
    mutable std::unique_ptr<Figure> m_figure;
};

// Every page of every deck.
const std::vector<NamedPage>& allPages()
{
    static const std::vector<NamedPage> pages = [] {
        std::vector<NamedPage> out;
        for (const Deck& deck : decks())
            for (std::size_t i = 0; i < deck.pages.size(); ++i)
                out.emplace_back(deck.name + ", page " + std::to_string(i + 1), deck.pages[i]);
        return out;
    }();
    return pages;
}

// A page's figure lent to a deck: what LessonDeck::write draws, without drawing it again.
class LentFigure : public Figure {
public:
    explicit LentFigure(const Figure& figure) : m_figure(figure) {}
    QString title() const override { return m_figure.title(); }
    QSizeF preferredSize(const FigureStyle& style) const override { return m_figure.preferredSize(style); }
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override
    {
        m_figure.paint(painter, size, style);
    }
    double heightForWidth(double width, const FigureStyle& style) const override { return m_figure.heightForWidth(width, style); }
    double minimumWidth(const FigureStyle& style) const override { return m_figure.minimumWidth(style); }
    bool fillsHeight() const override { return m_figure.fillsHeight(); }

private:
    const Figure& m_figure;
};

// decks() as LessonDeck::write takes them, each page's arguments still read by its view's options,
// the figure the one allPages() drew from them.
std::vector<Deck> decksOfDrawnPages()
{
    std::vector<Deck> out = decks();
    std::size_t index = 0;
    for (Deck& deck : out)
        for (std::size_t i = 0; i < deck.pages.size(); ++i) {
            DeckPage& page = deck.pages[i];
            const NamedPage* drawn = &allPages().at(index++);
            EXPECT_EQ(drawn->name, deck.name + ", page " + std::to_string(i + 1));
            page.view.make = [drawn](const ViewArguments&, std::string& error) -> std::unique_ptr<Figure> {
                if (drawn->figure() == nullptr) {
                    error = drawn->name + " is not drawn";
                    return nullptr;
                }
                return std::make_unique<LentFigure>(*drawn->figure());
            };
        }
    return out;
}

// The pixel size tick labels are written at (AxisTicks' callers: 0.85 of the body size).
double tickPixels(const FigureStyle& style)
{
    return style.bodyPoints() * 0.85 * 96.0 / 72.0;
}

// "1,000" -> 1000; nullopt for anything but a plain or grouped decimal number.
std::optional<double> numberOf(const QString& text, QString& why)
{
    static const QRegularExpression plain(QStringLiteral("^-?[0-9,]+(\\.[0-9]+)?$"));
    if (!plain.match(text).hasMatch())
        return std::nullopt;
    const QString integer = text.section(QLatin1Char('.'), 0, 0).remove(QLatin1Char('-'));
    const QString digits = QString(integer).remove(QLatin1Char(','));
    // Grouped in thousands as titles are (LessonText::count): 1,000 and 200,000, never 250000.
    static const QRegularExpression grouped(QStringLiteral("^[0-9]{1,3}(,[0-9]{3})*$"));
    if (digits.size() > 3 && !grouped.match(integer).hasMatch())
        why = QStringLiteral("'%1' is not grouped in thousands").arg(text);
    if (digits.size() <= 3 && integer.contains(QLatin1Char(',')))
        why = QStringLiteral("'%1' has a stray separator").arg(text);
    return QString(text).remove(QLatin1Char(',')).toDouble();
}

int decimalsOf(const QString& text)
{
    const int point = static_cast<int>(text.indexOf(QLatin1Char('.')));
    return point < 0 ? 0 : static_cast<int>(text.size()) - point - 1;
}

// A group of one axis's labels: equally spaced by 1, 2, 2.5 or 5 × 10^k and each with exactly the
// decimals that step needs, or decades (1, 10, 100) without decimals. Empty when so, else why not.
QString checkAxis(std::vector<std::pair<double, QString>> labels)
{
    std::sort(labels.begin(), labels.end());
    QStringList texts;
    for (const auto& [v, t] : labels)
        texts << t;
    const QString all = texts.join(QStringLiteral(" "));
    const double step = labels[1].first - labels[0].first;
    bool arithmetic = step > 0;
    bool decades = labels[0].first > 0;
    for (std::size_t i = 1; i < labels.size(); ++i) {
        arithmetic = arithmetic && std::fabs((labels[i].first - labels[i - 1].first) - step) <= 1e-9 * std::fabs(step);
        decades = decades && std::fabs(labels[i].first / labels[i - 1].first - 10) < 1e-9;
    }
    if (decades) {
        for (const auto& [v, t] : labels)
            if (decimalsOf(t) != 0)
                return QStringLiteral("decades with decimals: ") + all;
        return {};
    }
    if (!arithmetic)
        return QStringLiteral("not evenly spaced: ") + all;
    const int power = static_cast<int>(std::floor(std::log10(step) + 1e-12));
    const double mantissa = step / std::pow(10.0, power);
    bool nice = false;
    for (const double m : {1.0, 2.0, 2.5, 5.0})
        nice = nice || std::fabs(mantissa - m) < 1e-9;
    if (!nice)
        return QStringLiteral("step %1 is not 1, 2, 2.5 or 5 × 10^k: ").arg(step) + all;
    const int needed = std::max(0, -power + (std::fabs(mantissa - 2.5) < 1e-9 ? 1 : 0));
    for (const auto& [v, t] : labels) {
        const double multiple = v / step;
        if (std::fabs(multiple - std::round(multiple)) > 1e-6)
            return QStringLiteral("'%1' is not a multiple of the step %2: ").arg(t).arg(step) + all;
    }
    for (const auto& [v, t] : labels)
        if (decimalsOf(t) != needed)
            return QStringLiteral("'%1' has %2 decimals, the step needs %3: ").arg(t).arg(decimalsOf(t)).arg(needed) + all;
    return {};
}

// A tick-sized number in an SVG, where it stands.
struct PlacedLabel {
    QRectF box;
    std::pair<double, QString> label;  // its value and its text
};

// Labels in order along an axis (x for a row, y for a column): an axis only when their values rise
// or fall along it, each value once; a table's column of numbers is not one.
bool isAxis(std::vector<PlacedLabel> group, bool vertical)
{
    std::sort(group.begin(), group.end(), [vertical](const PlacedLabel& a, const PlacedLabel& b) {
        return vertical ? a.box.y() < b.box.y() : a.box.x() < b.box.x();
    });
    bool rising = true;
    bool falling = true;
    for (std::size_t i = 1; i < group.size(); ++i) {
        rising = rising && group[i].label.first > group[i - 1].label.first;
        falling = falling && group[i].label.first < group[i - 1].label.first;
    }
    return rising || falling;
}

// Every axis of an SVG: the tick-sized numeric labels, grouped by the line they sit on (an x axis)
// or, for the others, by the right edge they are aligned to (a y axis); groups of three labels or
// more whose values run in order along the group are checked.
QStringList axisProblems(const QByteArray& svg, const FigureStyle& style)
{
    QStringList problems;
    std::map<long, std::vector<PlacedLabel>> rows;
    for (const SvgItem& t : textsOf(svg)) {
        if (std::fabs(t.fontPixels - tickPixels(style)) > 0.01)
            continue;
        QString why;
        const auto v = numberOf(t.text, why);
        if (!why.isEmpty())
            problems << why;
        if (v)
            rows[std::lround(t.box.y())].push_back({t.box, {*v, t.text}});
    }
    const auto check = [&](const std::vector<PlacedLabel>& group, bool vertical) {
        if (group.size() < 3 || !isAxis(group, vertical))
            return;
        std::vector<std::pair<double, QString>> values;
        for (const PlacedLabel& p : group)
            values.push_back(p.label);
        if (const QString why = checkAxis(values); !why.isEmpty())
            problems << why;
    };
    std::map<long, std::vector<PlacedLabel>> columns;
    for (const auto& [y, row] : rows) {
        if (row.size() >= 3 && isAxis(row, false)) {
            check(row, false);
            continue;
        }
        for (const PlacedLabel& p : row)  // side by side charts put their y labels on one line
            columns[std::lround(p.box.right())].push_back(p);
    }
    for (const auto& [right, column] : columns)
        check(column, true);
    return problems;
}

TEST(AxisTicks, LabelsGroupThousandsAsTitlesDoInEitherLanguage)
{
    for (const QLocale& locale : {QLocale(QLocale::English, QLocale::UnitedStates), QLocale(QLocale::Chinese, QLocale::China)}) {
        QLocale::setDefault(locale);
        QStringList labels;
        for (const AxisTick& t : AxisTicks::make(0, 1e6, 6, AxisScale::Linear, true))
            labels << t.label;
        EXPECT_EQ(labels, (QStringList{"0", "200,000", "400,000", "600,000", "800,000", "1,000,000"}));
        EXPECT_EQ(labels.back(), LessonText::count(1'000'000)) << "as a title writes it";
        QStringList fractions;
        for (const AxisTick& t : AxisTicks::make(1, 2.001953125, 5))
            fractions << t.label;
        EXPECT_EQ(fractions, (QStringList{"1.00", "1.25", "1.50", "1.75", "2.00"}));
    }
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

TEST(AxisTicks, LogAxesAreLabelledWithPowersOfTheirBase)
{
    QStringList twos;
    for (const AxisTick& t : AxisTicks::make(-149, 128, 7, AxisScale::Log2))
        twos << t.label;
    EXPECT_EQ(twos, (QStringList{"2⁻¹⁰⁰", "2⁻⁵⁰", "2⁰", "2⁵⁰", "2¹⁰⁰"}));
    QStringList tens;
    for (const AxisTick& t : AxisTicks::make(0, 8, 9, AxisScale::Log10))
        tens << t.label;
    EXPECT_EQ(tens, (QStringList{"1", "10", "100", "1,000", "10,000", "100,000", "1,000,000", "10⁷", "10⁸"}));
}

// The trap: the absorption chart labelled 2.00004673 and 1.750035048, the N = 10^6 steps 1, 251,
// 501, the loss-scale chart 9.75 and 23.25; the ledger counted in steps of its own.
TEST(ExportedFigures, NoTickLabelLongerThanTheDataNeeds)
{
    for (const FigureStyle& style : {FigureStyle::forSlides(Theme::Light, false), FigureStyle::screen(Theme::Dark)})
        for (const NamedPage& page : allPages()) {
            const Figure* figure = page.figure();
            if (figure == nullptr)
                continue;
            const QStringList problems = axisProblems(svgAt(*figure, {}, style), style);
            EXPECT_TRUE(problems.isEmpty()) << page.name << (style.slide ? " (slide)" : " (screen)") << ": "
                                            << problems.join(QStringLiteral("; ")).toStdString();
        }
}

// The checker itself, on the labels once found on screen: it must refuse them.
TEST(ExportedFigures, TheTickCheckerRefusesTheLabelsIssue12Found)
{
    EXPECT_FALSE(checkAxis({{1, "1"}, {1.250011683, "1.250011683"}, {1.500023365, "1.500023365"}}).isEmpty());
    EXPECT_FALSE(checkAxis({{1, "1"}, {251, "251"}, {501, "501"}}).isEmpty());
    EXPECT_FALSE(checkAxis({{0, "0"}, {9.75, "9.75"}, {19.5, "19.5"}}).isEmpty());
    EXPECT_FALSE(checkAxis({{0, "0.0"}, {1, "1.0"}, {2, "2.0"}}).isEmpty()) << "a decimal the step does not need";
    EXPECT_TRUE(checkAxis({{0, "0.00"}, {0.25, "0.25"}, {0.5, "0.50"}}).isEmpty());
    EXPECT_TRUE(checkAxis({{1, "1"}, {10, "10"}, {100, "100"}, {1000, "1,000"}}).isEmpty());
    QString why;
    numberOf(QStringLiteral("250000"), why);
    EXPECT_FALSE(why.isEmpty());
}

// The content's bounding box on a PNG: the pixels that are not the background.
QRect contentBox(const QImage& image, QRgb background)
{
    int left = image.width();
    int right = -1;
    int top = image.height();
    int bottom = -1;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if ((image.pixel(x, y) & 0xFFFFFF) != (background & 0xFFFFFF)) {
                left = std::min(left, x);
                right = std::max(right, x);
                top = std::min(top, y);
                bottom = std::max(bottom, y);
            }
    return right < 0 ? QRect() : QRect(QPoint(left, top), QPoint(right, bottom));
}

// The trap: `--size 25.4x14.3cm` left a third of the page blank; the bits figure ignored the size.
// Now every figure is laid out or scaled to the page: its content spans the page from margin to
// margin one way (at least 90 %) and most of it the other (60 %), or, where it is short (a value
// in two formats, at twice its size), sits in the middle of that way.
TEST(ExportedFigures, SizeFillsThePage)
{
    QTemporaryDir dir;
    const FigureStyle style = FigureStyle::forSlides(Theme::Light, false);
    const ExportSize size = ExportSize::fromCentimetres(25.4, 14.3);
    ASSERT_EQ(size.pixels, QSize(960, 540));
    std::set<std::string> seen;
    for (const NamedPage& page : allPages()) {
        const std::string deck = page.name.substr(0, page.name.find(','));
        if (!seen.insert(deck).second && deck != "inspector")
            continue;  // each deck's first page; every inspector page
        const Figure* figure = page.figure();
        if (figure == nullptr)
            continue;
        const QString path = dir.filePath(QStringLiteral("p.png"));
        ASSERT_EQ(exportFigure(*figure, path, size, style), QString());
        const QImage image(path);
        ASSERT_EQ(image.size(), QSize(960, 540)) << page.name;
        const QRect box = contentBox(image, qRgb(255, 255, 255));
        const double wide = box.width() / 960.0;
        const double tall = box.height() / 540.0;
        const bool centred = std::abs(box.top() - (539 - box.bottom())) <= 54 && std::abs(box.left() - (959 - box.right())) <= 96;
        EXPECT_TRUE(std::max(wide, tall) >= 0.9 && (std::min(wide, tall) >= 0.6 || centred))
            << page.name << ": content " << box.width() << " x " << box.height() << " at " << box.left() << ", "
            << box.top() << " of 960 x 540";
    }
}

// Where a text's glyphs lie: its advance, from a little above its cap height to its descent.
QRectF glyphBox(const SvgItem& t)
{
    if (t.rotated)
        return t.box;
    const double h = t.box.height();
    return QRectF(t.box.left(), t.box.top() - h * 0.72, t.box.width(), h * 0.92);
}

// What a page gives a lecturer, measured on the slide's own 1280 x 720 page: the smallest text as
// painted (pixels), the share of the page the drawn content spans, the texts cut, and the texts
// that overlap another text or the data (a coloured line or shape).
struct SlideReport {
    double smallestText = 1e9;
    QString smallest;
    double covered = 0;
    QStringList problems;
};

// A colour that draws data: saturated, not one of the greys that draw grids, axes and rules.
bool dataColour(const QColor& c)
{
    return c.isValid() && c.alpha() > 0 && c.hsvSaturationF() > 0.25 && c.valueF() > 0.15;
}

// Whether a line through `points` (a series, a marker's outline) passes through `box`.
bool crosses(const QPolygonF& points, const QRectF& box)
{
    if (box.isEmpty())
        return false;
    const QLineF edges[] = {{box.topLeft(), box.topRight()}, {box.topRight(), box.bottomRight()},
                            {box.bottomRight(), box.bottomLeft()}, {box.bottomLeft(), box.topLeft()}};
    for (qsizetype i = 0; i < points.size(); ++i) {
        if (box.contains(points[i]))
            return true;
        if (i == 0)
            continue;
        const QLineF segment(points[i - 1], points[i]);
        for (const QLineF& e : edges)
            if (segment.intersects(e) == QLineF::BoundedIntersection)
                return true;
    }
    return false;
}

SlideReport slideReport(const Figure& figure, const FigureStyle& style, const QString& wideTexts)
{
    SlideReport r;
    const QSizeF page(exportPixels(figure, {}, style));
    const std::vector<SvgItem> items = svgItems(svgAt(figure, {}, style));
    std::vector<const SvgItem*> texts;
    std::vector<QPolygonF> data;
    for (const SvgItem& i : items) {
        if (i.kind == SvgItem::Kind::Text) {
            if (i.text.trimmed().isEmpty())
                continue;
            texts.push_back(&i);
            const double px = i.fontPixels * i.scale;
            if (px < r.smallestText) {
                r.smallestText = px;
                r.smallest = i.text;
            }
            const QRectF glyphs = glyphBox(i);
            if (glyphs.left() < -1 || glyphs.right() > page.width() + 1 || glyphs.top() < -1 || glyphs.bottom() > page.height() + 1)
                r.problems << QStringLiteral("off the page: '%1'").arg(i.text);
            const bool ellipsis = i.text.contains(QChar(0x2026)) || i.text.endsWith(QLatin1String("..."));
            if (ellipsis && !wideTexts.contains(i.text.simplified()))
                r.problems << QStringLiteral("cut: '%1'").arg(i.text);
        } else if ((i.kind == SvgItem::Kind::Polyline || i.kind == SvgItem::Kind::Path) && dataColour(i.stroke)
                   && (i.box.width() > 2 || i.box.height() > 2)) {
            data.push_back(i.points);
        }
    }
    for (std::size_t a = 0; a < texts.size(); ++a) {
        const QRectF box = glyphBox(*texts[a]);
        for (std::size_t b = a + 1; b < texts.size(); ++b) {
            const QRectF both = box.intersected(glyphBox(*texts[b]));
            if (both.width() > 1 && both.height() > 1)
                r.problems << QStringLiteral("'%1' overlaps '%2'").arg(texts[a]->text, texts[b]->text);
        }
        if (texts[a]->rotated)
            continue;
        const QRectF inner = box.adjusted(2, 2, -2, -2);
        for (const QPolygonF& d : data)
            if (crosses(d, inner)) {
                r.problems << QStringLiteral("'%1' on data").arg(texts[a]->text);
                break;
            }
    }
    QImage image(page.toSize(), QImage::Format_RGB32);
    image.fill(style.background());
    {
        QPainter painter(&image);
        paintFitted(painter, figure, page, style);
    }
    const QRect box = contentBox(image, style.background().rgb());
    r.covered = box.isEmpty() ? 0.0 : (box.width() * box.height()) / (page.width() * page.height());
    return r;
}

// Every page of every deck, in English and Chinese, as a lecturer puts it on a slide: no text
// cut ("…" or Qt's "..." where a wider page has the whole text), none under 11.5 pixels on the
// 1280 x 720 slide (the tick labels of the densest page, the training lab's fp8 recipes with both
// of their tables; the body text of every page is larger), none over another
// text or over the data (a coloured line), and the drawn content spanning at least 60 % of the
// page's area. On the screen's smaller page too, nothing cut and nothing overlapping.
TEST(ExportedFigures, EveryPageIsAWholeSlideInEitherLanguage)
{
    constexpr double kLeastPixels = 11.5;
    constexpr double kLeastCovered = 0.6;
    for (const char* language : {"en", "zh_CN"}) {
        QTranslator translator;
        const bool chinese = std::string_view(language) == "zh_CN";
        if (chinese) {
            ASSERT_TRUE(translator.load(QStringLiteral(":/i18n/floatscope_zh_CN")));
            QCoreApplication::installTranslator(&translator);
        }
        std::size_t index = 0;
        for (const Deck& deck : decks())
            for (const DeckPage& source : deck.pages) {
                const NamedPage& page = allPages().at(index++);
                std::string error;
                // English pages are the ones the other tests drew; Chinese ones are drawn here.
                std::unique_ptr<Figure> own = chinese ? makeViewFigure(source.view, source.arguments, error) : nullptr;
                const Figure* figure = chinese ? own.get() : page.figure();
                ASSERT_NE(figure, nullptr) << page.name << ": " << error;
                const std::string name = page.name + " (" + language + ")";
                QStringList wide;
                for (const SvgItem& t : textsOf(svgAt(*figure, {QSize(4096, 2304), 1}, FigureStyle::forSlides(Theme::Light, false))))
                    wide << t.text.simplified();
                const QString wideTexts = wide.join(QLatin1Char(' '));
                const SlideReport slide = slideReport(*figure, FigureStyle::forSlides(Theme::Light, false), wideTexts);
                EXPECT_GE(slide.smallestText, kLeastPixels) << name << ": '" << slide.smallest.toStdString() << "'";
                EXPECT_GE(slide.covered, kLeastCovered) << name;
                EXPECT_TRUE(slide.problems.isEmpty()) << name << ": " << slide.problems.join(QStringLiteral("; ")).toStdString();
                const SlideReport screen = slideReport(*figure, FigureStyle::screen(Theme::Light), wideTexts);
                EXPECT_TRUE(screen.problems.isEmpty()) << name << " on screen: " << screen.problems.join(QStringLiteral("; ")).toStdString();
            }
        if (chinese)
            QCoreApplication::removeTranslator(&translator);
    }
}

// The checks above catch what they are for: a text cut, one on a line of data, one on another.
TEST(ExportedFigures, TheSlideCheckerFindsCutsAndOverlaps)
{
    class Crowded : public Figure {
    public:
        QString title() const override { return QStringLiteral("crowded"); }
        QSizeF preferredSize(const FigureStyle&) const override { return {1280, 720}; }
        void paint(QPainter& p, const QSizeF&, const FigureStyle& style) const override
        {
            p.setFont(style.font());
            p.setPen(style.foreground());
            p.drawText(QPointF(100, 100), QStringLiteral("bits per cha..."));
            p.drawText(QPointF(100, 300), QStringLiteral("first words"));
            p.drawText(QPointF(120, 300), QStringLiteral("second words"));
            p.setPen(QPen(QColor(0xD5, 0x5E, 0x00), 3));
            p.drawLine(QPointF(600, 180), QPointF(700, 220));
            p.setPen(style.foreground());
            p.drawText(QPointF(620, 205), QStringLiteral("on the line"));
        }
    };
    const SlideReport r = slideReport(Crowded(), FigureStyle::forSlides(Theme::Light, false), QString());
    const QString all = r.problems.join(QStringLiteral("; "));
    EXPECT_TRUE(all.contains(QStringLiteral("cut: 'bits per cha...'"))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("'first words' overlaps 'second words'"))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("'on the line' on data"))) << all.toStdString();
    EXPECT_FALSE(all.contains(QStringLiteral("'first words' on data"))) << all.toStdString();
    EXPECT_LT(r.covered, 0.6);
}

TEST(ExportedFigures, DefaultPagesAreSixteenByNine)
{
    const Figure* figure = allPages().front().figure();
    ASSERT_NE(figure, nullptr);
    EXPECT_EQ(exportPixels(*figure, {}, FigureStyle::forSlides(Theme::Light, false)), QSize(1280, 720));
    EXPECT_EQ(exportPixels(*figure, {}, FigureStyle::screen(Theme::Light)), QSize(960, 540));
}

// The trap: `--screen` elided table cells ("softm…", "fp16 s…", "first expert chan…"). An ellipsis
// in an export is one the figure writes itself (a long value it shortens on purpose, a range
// "p₁ … p₄"): the same text is in an export four times as wide, where nothing needs cutting, as a
// text of its own or, where it is a line of a wrapped sentence, within that sentence's lines there;
// on a narrow page too.
TEST(ExportedFigures, ScreenStyleCutsNoTableCell)
{
    for (const NamedPage& page : allPages()) {
        const Figure* figure = page.figure();
        if (figure == nullptr)
            continue;
        QStringList wide;
        for (const SvgItem& t : textsOf(svgAt(*figure, {QSize(4096, 2304), 1}, FigureStyle::forSlides(Theme::Light, false))))
            wide << t.text.simplified();
        const QString lines = wide.join(QLatin1Char(' '));
        // The screen's page, a slide's, and half a slide's width (a figure beside a text).
        const std::pair<FigureStyle, ExportSize> exports[] = {{FigureStyle::screen(Theme::Light), {}},
                                                              {FigureStyle::forSlides(Theme::Light, false), {}},
                                                              {FigureStyle::forSlides(Theme::Light, false), {QSize(640, 720), 1}}};
        for (const auto& [style, size] : exports)
            for (const SvgItem& t : textsOf(svgAt(*figure, size, style))) {
                if (t.text.contains(QChar(0x2026))) {
                    EXPECT_TRUE(lines.contains(t.text.simplified()))
                        << page.name << " (" << (style.slide ? "slide " : "screen ") << exportPixels(*figure, size, style).width()
                        << " px): '" << t.text.toStdString() << "' is cut";
                }
            }
    }
}


// The traps: the router's title ran off the page ("… computed in eac"), and the dot product's
// step sentence, measured in the regular font but painted bold, ran into the grid's place labels
// ("~-1.30385e-8 is lost." over "2⁰"). Every text lies on the page, clear of every other.
TEST(ExportedFigures, NoTextRunsOffThePageOrIntoAnother)
{
    for (const NamedPage& page : allPages()) {
        const Figure* figure = page.figure();
        if (figure == nullptr)
            continue;
        for (const FigureStyle& style : {FigureStyle::screen(Theme::Light), FigureStyle::forSlides(Theme::Light, false)}) {
            const QSizeF pageSize(exportPixels(*figure, {}, style));
            const std::vector<SvgItem> texts = textsOf(svgAt(*figure, {}, style));
            for (std::size_t i = 0; i < texts.size(); ++i) {
                const QRectF a = glyphBox(texts[i]);
                if (texts[i].text.trimmed().isEmpty())
                    continue;
                EXPECT_TRUE(a.left() >= -1 && a.right() <= pageSize.width() + 1 && a.top() >= -1 && a.bottom() <= pageSize.height() + 1)
                    << page.name << (style.slide ? " (slide)" : " (screen)") << ": '" << texts[i].text.toStdString() << "' off the page";
                for (std::size_t j = i + 1; j < texts.size(); ++j) {
                    if (texts[j].text.trimmed().isEmpty())
                        continue;
                    const QRectF both = a.intersected(glyphBox(texts[j]));
                    EXPECT_FALSE(both.width() > 1 && both.height() > 1)
                        << page.name << (style.slide ? " (slide)" : " (screen)") << ": '" << texts[i].text.toStdString()
                        << "' overlaps '" << texts[j].text.toStdString() << "'";
                }
            }
        }
    }
}

// The trap: e2m1's grey and e8m0's olive read at under 3:1 as text on white. Every format name
// painted on its own (a row's name, a bar's) reaches 4.5:1 against the page, light and dark.
TEST(ExportedFigures, FormatNamesAreReadableTextOnBothThemes)
{
    std::set<QString> names;
    for (const Format& f : namedFormats())
        names.insert(QString::fromStdString(f.name()));
    int checked = 0;
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        const FigureStyle style = FigureStyle::forSlides(theme, false);
        for (const NamedPage& page : allPages()) {
            const Figure* figure = page.figure();
            if (figure == nullptr)
                continue;
            for (const SvgItem& t : textsOf(svgAt(*figure, {}, style))) {
                if (names.count(t.text) == 0 || !t.fill.isValid())
                    continue;
                ++checked;
                EXPECT_GE(contrastRatio(t.fill, style.ground()), 4.5)
                    << page.name << ": " << t.text.toStdString() << " in " << t.fill.name().toStdString()
                    << (theme == Theme::Dark ? " on dark" : " on light");
            }
        }
    }
    EXPECT_GT(checked, 100);
}

std::unique_ptr<Figure> view(const std::string& name, const std::vector<std::string>& arguments)
{
    std::string error;
    auto figure = test::exportViewFigure(name, arguments, error);
    EXPECT_NE(figure, nullptr) << error;
    return figure;
}

// The trap: "e4m3fnuz" and "e5m2fnuz" ran into the sign box (the name column was 7 body widths,
// whatever the names).
TEST(BitsFigureExport, LongNamesStayLeftOfTheirFirstCell)
{
    const auto figure = view("bits", {"0.1", "-f", "fp32,e4m3fnuz,e5m2fnuz,e2m3,e8m0"});
    ASSERT_NE(figure, nullptr);
    std::set<QRgb> cells;
    for (const BitField field : {BitField::Sign, BitField::Exponent, BitField::Mantissa})
        for (const QColor& c : {fieldColour(field), fieldColour(field).lighter(175)})
            cells.insert(c.rgb());
    for (const FigureStyle& style : {FigureStyle::forSlides(Theme::Light, false), FigureStyle::screen(Theme::Light)}) {
        const std::vector<SvgItem> items = svgItems(svgAt(*figure, {}, style));
        int names = 0;
        for (const SvgItem& name : items) {
            if (name.kind != SvgItem::Kind::Text || !name.text.startsWith(QLatin1Char('e')) || name.text.contains(QLatin1Char('=')))
                continue;
            ++names;
            // The row's cells: bit boxes level with the name's baseline.
            double firstCell = 1e9;
            for (const SvgItem& p : items)
                if (p.kind == SvgItem::Kind::Path && p.fill.isValid() && cells.count(p.fill.rgb()) != 0
                    && p.box.top() <= name.box.y() && p.box.bottom() >= name.box.y() - name.box.height() * 0.5)
                    firstCell = std::min(firstCell, p.box.left());
            EXPECT_LT(name.box.right() + 2, firstCell) << name.text.toStdString();
        }
        EXPECT_EQ(names, 4);
    }
}

// The trap: fp6 and fp4 captions were cut to "e=3 …" and "m=…" (their fields are two cells wide).
TEST(BitsFigureExport, NarrowFormatsKeepWholeCaptions)
{
    // 0.1 in e2m3 is 0x01 (2^0 × 1/8, subnormal: e=0 means 1 - bias = 0), in e3m2 0x02 (bias 3),
    // in e2m1 0x0 (0.1 is below half of 0.5).
    const auto figure = view("bits", {"0.1", "-f", "e2m3,e3m2,e2m1"});
    ASSERT_NE(figure, nullptr);
    QStringList texts;
    for (const SvgItem& t : textsOf(svgAt(*figure, {}, FigureStyle::forSlides(Theme::Light, false))))
        texts << t.text;
    for (const char* caption : {"e=0 → 2^0", "m=1", "e=0 → 2^-2", "m=2", "m=0"})
        EXPECT_TRUE(texts.contains(QString::fromUtf8(caption))) << caption;
    for (const QString& t : texts)
        EXPECT_FALSE(t.contains(QChar(0x2026))) << t.toStdString();
}

// The trap: the range bars' end labels ("~6.10352e-5") were struck through by the eps line.
TEST(RangeBarsExport, MarkLinesStrikeThroughNoLabel)
{
    const auto figure = view("range", {});
    ASSERT_NE(figure, nullptr);
    const FigureStyle style = FigureStyle::forSlides(Theme::Light, false);
    const std::vector<SvgItem> items = svgItems(svgAt(*figure, {}, style));
    std::vector<QRectF> marks;
    for (const SvgItem& i : items)
        if (i.kind == SvgItem::Kind::Polyline && i.dashed && i.stroke.rgb() == style.accent().rgb() && i.box.width() < 0.5)
            marks.push_back(i.box);
    ASSERT_EQ(marks.size(), 2u) << "gradient and eps";
    const double small = style.bodyPoints() * 0.78 * 96.0 / 72.0;
    int labels = 0;
    for (const SvgItem& t : items) {
        if (t.kind != SvgItem::Kind::Text || std::fabs(t.fontPixels - small) > 0.01 || t.text.contains(QLatin1Char('=')))
            continue;
        ++labels;
        const QRectF text(t.box.left(), t.box.top() - t.box.height() * 0.8, t.box.width(), t.box.height());  // above the baseline
        for (const QRectF& line : marks)
            EXPECT_FALSE(line.center().x() > text.left() - 1 && line.center().x() < text.right() + 1
                         && line.bottom() > text.top() && line.top() < text.bottom())
                << t.text.toStdString() << " at " << line.center().x();
    }
    EXPECT_GT(labels, 5);
}

// The trap: the ledger's title wrapped onto a second line and was cut, and "BF16 mixed precision,
// fp32 grad…" was elided.
// Whether the title is drawn whole on one line: its runs (one per font, CJK and Latin), in order,
// on one baseline.
bool titleOnOneLine(const std::vector<SvgItem>& texts, const QString& title)
{
    for (std::size_t i = 0; i < texts.size(); ++i) {
        QString joined;
        for (std::size_t j = i; j < texts.size() && title.startsWith(joined + texts[j].text); ++j) {
            if (std::fabs(texts[j].box.y() - texts[i].box.y()) > 0.5)
                break;
            joined += texts[j].text;
            if (joined == title && !joined.isEmpty())
                return true;
        }
    }
    return false;
}

TEST(LedgerExport, TitleOnOneLineAndSchemeNamesWholeInEitherLanguage)
{
    QTranslator chinese;
    ASSERT_TRUE(chinese.load(QStringLiteral(":/i18n/floatscope_zh_CN")));
    for (const bool zh : {false, true}) {
        if (zh)
            QCoreApplication::installTranslator(&chinese);
        const auto figure = view("ledger", {"--params", "anchor", "--seq", "4096", "--gpu-memory", "80 GiB"});
        ASSERT_NE(figure, nullptr);
        for (const FigureStyle& style : {FigureStyle::forSlides(Theme::Light, false), FigureStyle::screen(Theme::Light)}) {
            const std::vector<SvgItem> texts = textsOf(svgAt(*figure, {}, style));
            for (const SvgItem& t : texts)
                EXPECT_FALSE(t.text.contains(QChar(0x2026))) << t.text.toStdString();
            EXPECT_TRUE(titleOnOneLine(texts, figure->title())) << (zh ? "zh_CN" : "en");
        }
    }
    QCoreApplication::removeTranslator(&chinese);
}

// A PDF's pages, as its page objects count them.
int pdfPages(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?!s)"));
    int n = 0;
    for (auto it = page.globalMatch(QString::fromLatin1(f.readAll())); it.hasNext(); it.next())
        ++n;
    return n;
}

// The registry alone says what a deck holds: a page per entry of a lesson's .deck (its
// viewExample when there is none), the inspector's bits and neighbours for each of its presets in
// resources/presets.json.
TEST(LessonDeckExport, PageCountsFollowTheRegistry)
{
    QFile presets(QStringLiteral(":/presets.json"));
    ASSERT_TRUE(presets.open(QIODevice::ReadOnly));
    const int presetCount = static_cast<int>(
        QJsonDocument::fromJson(presets.readAll()).object().value(QStringLiteral("presets")).toArray().size());
    std::map<std::string, int> expected = {{"inspector", 2 * presetCount}};
    for (const Lesson& lesson : lessons())
        expected[lesson.view.name] = std::max<int>(1, static_cast<int>(lesson.deck.size()));
    const std::vector<Deck> all = decks();
    ASSERT_EQ(all.size(), expected.size());
    EXPECT_EQ(all.front().name, "inspector");
    int total = 0;
    for (const Deck& d : all) {
        EXPECT_EQ(static_cast<int>(d.pages.size()), expected[d.name]) << d.name;
        total += expected[d.name];
    }

    // Written from the figures the tests above drew (the same views and arguments; the training
    // pages are not trained again).
    const std::vector<Deck> drawn = decksOfDrawnPages();
    QTemporaryDir dir;
    DeckOutput pdf;
    pdf.path = dir.filePath(QStringLiteral("all.pdf"));
    int reported = 0;
    const DeckResult result = LessonDeck::write(drawn, pdf, [&](int done, int of) {
        EXPECT_EQ(of, total);
        reported = done;
        return true;
    });
    ASSERT_EQ(result.error, QString());
    EXPECT_EQ(result.pages, total);
    EXPECT_EQ(reported, total);
    EXPECT_EQ(pdfPages(pdf.path), total);

    // A folder: a file a page, LESSON-NN.svg, each a valid SVG.
    DeckOutput folder;
    folder.path = dir.filePath(QStringLiteral("figures"));
    folder.folder = true;
    folder.suffix = QStringLiteral("svg");
    const std::vector<Deck> two = {drawn[1], drawn.back()};
    ASSERT_EQ(LessonDeck::write(two, folder).error, QString());
    QStringList files = QDir(folder.path).entryList(QDir::Files);
    EXPECT_EQ(files.size(), expected[all[1].name] + expected[all.back().name]);
    EXPECT_TRUE(files.contains(QString::fromStdString(all[1].name) + QStringLiteral("-01.svg")));
}

// Cancel stops between pages: a PDF is not written at all, a folder keeps the pages done.
TEST(LessonDeckExport, CancelLeavesNoHalfDeck)
{
    QTemporaryDir dir;
    const std::vector<Deck> all = decks();
    DeckOutput pdf;
    pdf.path = dir.filePath(QStringLiteral("all.pdf"));
    const DeckResult stopped = LessonDeck::write(all, pdf, [](int done, int) { return done < 3; });
    EXPECT_TRUE(stopped.cancelled);
    EXPECT_FALSE(QFile::exists(pdf.path));
    DeckOutput folder;
    folder.path = dir.filePath(QStringLiteral("f"));
    folder.folder = true;
    const DeckResult some = LessonDeck::write(all, folder, [](int done, int) { return done < 3; });
    EXPECT_TRUE(some.cancelled);
    EXPECT_EQ(some.pages, 3);
    EXPECT_EQ(QDir(folder.path).entryList(QDir::Files).size(), 3);
}

// File > Export lesson…: the lesson of the tab on show is offered, the pages are drawn in the
// language chosen (the window's own language is back afterwards), one file a page.
TEST(LessonDeckExport, TheWindowsDialogExportsTheChosenLessonInItsLanguage)
{
    MainWindow window;
    window.setLanguage(QStringLiteral("en"));
    const int tab = window.tabs()->indexOf(window.findChild<QWidget*>(QStringLiteral("accumulationDock")));
    ASSERT_GE(tab, 1);
    window.tabs()->setCurrentIndex(tab);
    EXPECT_EQ(window.currentDeck(), "accumulation");
    DeckDialog dialog(decks(), window.currentDeck(), window.language(), Theme::Light,
                      [&](const QString& l) { window.setLanguage(l); }, nullptr, &window);
    const std::vector<Deck> chosen = dialog.chosen();
    ASSERT_EQ(chosen.size(), 1u);
    EXPECT_EQ(chosen.front().name, "accumulation");
    dialog.kindBox()->setCurrentIndex(2);      // a folder of SVG figures
    dialog.languageBox()->setCurrentIndex(1);  // 中文
    QTemporaryDir dir;
    const DeckResult result = dialog.exportTo(dir.path());
    ASSERT_EQ(result.error, QString());
    EXPECT_EQ(result.pages, static_cast<int>(chosen.front().pages.size()));
    EXPECT_EQ(window.language(), QStringLiteral("en"));
    EXPECT_EQ(window.tabs()->tabText(tab), lessons().front().title());
    QFile first(dir.filePath(QStringLiteral("accumulation-01.svg")));
    ASSERT_TRUE(first.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(first.readAll());
    EXPECT_TRUE(svg.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]")))) << "the page speaks Chinese";
}

}  // namespace
}  // namespace floatscope::gui
