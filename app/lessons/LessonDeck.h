#pragma once

#include <functional>
#include <string>
#include <vector>

#include <QCoreApplication>
#include <QString>

#include "app/lessons/ExportView.h"
#include "app/figures/FigureExport.h"

namespace floatscope::gui {

// One page of a deck: a view and the arguments it is drawn from.
struct DeckPage {
    ExportView view;
    std::vector<std::string> arguments;
};

// Every view of a lesson as slides: the inspector's bits and neighbours for each of its presets
// (resources/presets.json), then each registered lesson's view for each entry of its
// registration's .deck (lessons/LessonRegistry.h; one page of viewExample where that is empty). The
// registry alone says what a deck holds: a new lesson brings its deck with its registration.
struct Deck {
    std::string name;                // what `floatscope export deck NAME` takes: "inspector", "accumulation"
    std::function<QString()> title;  // in the interface's language
    std::vector<DeckPage> pages;
};

std::vector<Deck> decks();

// Where decks go: one PDF, a page each, or a folder of figures (SVG, PNG or PDF), a file each
// named <deck>-<page>.<suffix> (accumulation-01.png).
struct DeckOutput {
    QString path;
    bool folder = false;
    QString suffix = QStringLiteral("png");  // a folder's files
    ExportSize size;
    FigureStyle style = FigureStyle::forSlides(Theme::Light, false);
};

struct DeckResult {
    QString error;  // empty on success
    int pages = 0;  // written (a PDF's, all or none)
    bool cancelled = false;
};

class LessonDeck {
    Q_DECLARE_TR_FUNCTIONS(LessonDeck)

public:
    // Every page of the decks, in order, each file through the atomic writer: a failed or cancelled
    // PDF leaves the old file as it was; a folder keeps the pages written before (each whole) and
    // every other file as it was. `progress(done, total)` after each page; false from it cancels.
    static DeckResult write(const std::vector<Deck>& decks, const DeckOutput& output,
                            const std::function<bool(int done, int total)>& progress = {});
    static QString fileName(const Deck& deck, std::size_t page, const QString& suffix);
};

}  // namespace floatscope::gui
