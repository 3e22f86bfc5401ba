#pragma once

#include <optional>

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QString>

#include "app/style/Theme.h"

namespace floatscope::gui {

// How a figure looks: on screen, or on a slide (large type, thick lines), light or dark, with or
// without a background. Every figure and exported file takes its fonts and colours from here, so
// the same inputs give the same pixels (and byte-identical SVG) on every machine with the packages.
struct FigureStyle {
    Theme theme = Theme::Light;
    bool slide = false;
    bool transparent = false;

    static FigureStyle screen(Theme theme);
    static FigureStyle forSlides(Theme theme, bool transparent);
    // On screen inside a widget: the widget's palette and font size.
    static FigureStyle fromPalette(const QPalette& palette, double bodyPoints);

    QColor background() const;   // transparent when asked
    QColor foreground() const;   // text and axes
    QColor muted() const;        // secondary text, grid
    QColor accent() const;       // highlights (a chosen neighbour, a midpoint)
    // What text is drawn on: the background, or the theme's when it is transparent (a slide's
    // own background is not known, the theme's stands for it).
    QColor ground() const;
    // A colour (a format's) for text on the ground, darkened or lightened to 4.5:1 (WCAG AA):
    // every format name painted in its colour goes through here.
    QColor readable(const QColor& colour) const;
    QFont font(double points = 0, bool bold = false) const;  // 0: the body size
    QFont monoFont(double points = 0, bool bold = false) const;
    double bodyPoints() const { return m_bodyPoints > 0 ? m_bodyPoints : slide ? 16.0 : 10.0; }
    double lineWidth() const { return slide ? 3.0 : 1.5; }

private:
    std::optional<QColor> m_background;
    std::optional<QColor> m_foreground;
    std::optional<QColor> m_muted;
    std::optional<QColor> m_accent;
    double m_bodyPoints = 0;
};

}  // namespace floatscope::gui
