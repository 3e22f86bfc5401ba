#pragma once

#include <memory>
#include <optional>
#include <utility>

#include <QEvent>

#include "app/panels/FigureWidget.h"
#include "app/panels/LessonPanel.h"

namespace floatscope::gui {

// A lesson panel whose result is one Data, drawn as one figure F: on screen in the panel's figure
// widget, and the same figure for File > Export figure. The panel makes the widget where its layout
// wants it and computes the result; keeping and drawing the result is here.
template <class Data, class F>
class FigurePanel : public LessonPanel {
public:
    using LessonPanel::LessonPanel;

    std::unique_ptr<Figure> makeFigure() const override { return figureOf<F>(m_data); }
    const std::optional<Data>& data() const { return m_data; }
    FigureWidget* figureWidget() const { return m_figure; }

protected:
    // Keeps `data` as the result and draws it.
    void showResult(Data data)
    {
        m_data = std::move(data);
        redraw();
    }
    // Draws the result again: another step of it, or its words in another language.
    void redraw() { m_figure->setFigure(makeFigure()); }
    // A new language words the kept result anew, also where a field now refuses its text (the
    // panel's retranslate recomputes, and a refusal returns before anything is drawn).
    void changeEvent(QEvent* event) override
    {
        LessonPanel::changeEvent(event);
        if (event->type() == QEvent::LanguageChange && m_figure != nullptr)
            redraw();
    }

    FigureWidget* m_figure = nullptr;
    std::optional<Data> m_data;
};

}  // namespace floatscope::gui
