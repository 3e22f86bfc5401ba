#include "app/lessons/LessonDeck.h"

#include <QDir>
#include <QFileInfo>

#include "app/lessons/InspectorViews.h"
#include "app/lessons/InspectorPresets.h"
#include "app/lessons/LessonRegistry.h"

namespace floatscope::gui {

namespace {

// The inspector's deck: its bits and its neighbours for each preset of the lecture notes.
Deck inspectorDeck()
{
    Deck deck{"inspector", [] { return LessonDeck::tr("Inspector"); }, {}};
    const std::vector<ExportView> views = inspectorViews();
    for (const Preset& p : loadPresets())
        for (const ExportView& view : views)
            deck.pages.push_back({view, {p.value.toStdString(), "-f", p.formats.join(QLatin1Char(',')).toStdString()}});
    return deck;
}

// Which page of which deck the i-th page of them all is.
std::pair<const Deck*, std::size_t> pageAt(const std::vector<Deck>& decks, int index)
{
    for (const Deck& d : decks) {
        if (index < static_cast<int>(d.pages.size()))
            return {&d, static_cast<std::size_t>(index)};
        index -= static_cast<int>(d.pages.size());
    }
    return {nullptr, 0};
}

std::shared_ptr<const Figure> makePage(const Deck& deck, std::size_t page, QString& error)
{
    const DeckPage& p = deck.pages[page];
    std::string why;
    std::shared_ptr<const Figure> figure = makeViewFigure(p.view, p.arguments, why);
    if (!figure)
        error = LessonDeck::tr("%1, page %2: %3").arg(QString::fromStdString(deck.name)).arg(page + 1).arg(QString::fromStdString(why));
    return figure;
}

}  // namespace

std::vector<Deck> decks()
{
    std::vector<Deck> out = {inspectorDeck()};
    for (const Lesson& lesson : lessons()) {
        Deck deck{lesson.view.name, lesson.title, {}};  // named as its tab is
        for (const std::vector<std::string>& arguments : lesson.deck)
            deck.pages.push_back({lesson.view, arguments});
        if (deck.pages.empty())
            deck.pages.push_back({lesson.view, lesson.viewExample});
        out.push_back(std::move(deck));
    }
    return out;
}

QString LessonDeck::fileName(const Deck& deck, std::size_t page, const QString& suffix)
{
    return QStringLiteral("%1-%2.%3").arg(QString::fromStdString(deck.name)).arg(page + 1, 2, 10, QLatin1Char('0')).arg(suffix);
}

DeckResult LessonDeck::write(const std::vector<Deck>& decks, const DeckOutput& output,
                             const std::function<bool(int done, int total)>& progress)
{
    int total = 0;
    for (const Deck& d : decks)
        total += static_cast<int>(d.pages.size());
    DeckResult result;
    if (total == 0) {
        result.error = tr("no pages to export");
        return result;
    }
    const auto page = [&](int i, QString& error) {
        const auto [deck, index] = pageAt(decks, i);
        return makePage(*deck, index, error);
    };
    if (!output.folder) {
        QStringList titles;
        for (const Deck& d : decks)
            titles << d.title();
        result.error = exportPdfPages(
            total, page, output.path, titles.join(QStringLiteral(" · ")), output.size, output.style,
            [&](int done) { return !progress || progress(done, total); }, &result.cancelled);
        result.pages = result.error.isEmpty() ? total : 0;
        return result;
    }
    if (!QDir().mkpath(output.path)) {
        result.error = tr("cannot make the folder %1").arg(output.path);
        return result;
    }
    for (int i = 0; i < total; ++i) {
        const auto [deck, index] = pageAt(decks, i);
        QString error;
        const std::shared_ptr<const Figure> figure = makePage(*deck, index, error);
        if (!figure) {
            result.error = error;
            return result;
        }
        const QString path = QDir(output.path).filePath(fileName(*deck, index, output.suffix));
        if (const QString problem = exportFigure(*figure, path, output.size, output.style); !problem.isEmpty()) {
            result.error = problem;
            return result;
        }
        ++result.pages;
        if (progress && !progress(i + 1, total)) {
            result.cancelled = true;
            result.error = tr("cancelled after %1 of %2 pages").arg(i + 1).arg(total);
            return result;
        }
    }
    return result;
}

}  // namespace floatscope::gui
