#pragma once

#include <memory>
#include <vector>

#include <QWidget>

#include "app/figures/Figure.h"
#include "app/lessons/LessonDeck.h"
#include "app/style/Theme.h"

namespace floatscope::gui {

class BackgroundJob;

// View > Presentation (F11): the view on show as a slide, full screen, controls hidden: its figure
// and the sentences that explain it, laid out on a 16:9 page in the slide style (large type) and
// scaled to the screen, as `floatscope export` draws it. The arrow keys (and Page Up/Down, Space)
// step through the lesson's presets, the pages of its deck; Home and End go to the ends; Escape or
// F11 leaves. A page whose figure takes time (the training lab trains) is drawn on a worker
// thread, with a word that it is coming.
class PresentationView : public QWidget {
    Q_OBJECT

public:
    // `first`: the figure of the view as it is on screen now (page 1); the deck's pages follow it.
    PresentationView(std::unique_ptr<Figure> first, Deck deck, Theme theme, QWidget* parent = nullptr);
    ~PresentationView() override;

    int page() const { return m_page; }
    int pageCount() const { return static_cast<int>(m_pages.size()); }
    // The figure of the page on show; null while it is being drawn (or where its view refused it).
    const Figure* figure() const;
    void showPage(int index);

signals:
    void closed();

protected:
    void paintEvent(QPaintEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    struct Page {
        std::shared_ptr<const Figure> figure;  // shared: made on the worker, handed to the UI thread
        bool drawing = false;
        QString problem;  // why the view refused the page, if it did
    };
    void draw(int index);

    Deck m_deck;
    Theme m_theme;
    std::vector<Page> m_pages;
    int m_page = 0;
    BackgroundJob* m_job = nullptr;
};

}  // namespace floatscope::gui
