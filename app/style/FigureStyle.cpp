#include "app/style/FigureStyle.h"

#include <QStringList>

#include "app/style/Palette.h"

namespace floatscope::gui {

namespace {

// DejaVu first (Latin, digits, symbols), WenQuanYi Micro Hei for CJK: numbers look the same in both
// languages and no glyph is missing. Both come from Debian packages the set-up script installs.
const QStringList kSans = {QStringLiteral("DejaVu Sans"), QStringLiteral("WenQuanYi Micro Hei"),
                           QStringLiteral("sans-serif")};
const QStringList kMono = {QStringLiteral("DejaVu Sans Mono"), QStringLiteral("WenQuanYi Micro Hei Mono"),
                           QStringLiteral("monospace")};

}  // namespace

FigureStyle FigureStyle::screen(Theme theme)
{
    FigureStyle s;
    s.theme = theme;
    return s;
}

FigureStyle FigureStyle::forSlides(Theme theme, bool transparent)
{
    FigureStyle s;
    s.theme = theme;
    s.slide = true;
    s.transparent = transparent;
    return s;
}

FigureStyle FigureStyle::fromPalette(const QPalette& palette, double bodyPoints)
{
    FigureStyle s;
    s.theme = palette.color(QPalette::Window).lightness() < 128 ? Theme::Dark : Theme::Light;
    s.m_background = palette.color(QPalette::Window);
    s.m_foreground = palette.color(QPalette::WindowText);
    s.m_muted = palette.color(QPalette::PlaceholderText);
    s.m_accent = palette.color(QPalette::Highlight);
    s.m_bodyPoints = bodyPoints;
    return s;
}

QColor FigureStyle::background() const
{
    if (transparent)
        return Qt::transparent;
    if (m_background)
        return *m_background;
    return theme == Theme::Dark ? QColor(0x1e, 0x1f, 0x22) : QColor(Qt::white);
}

QColor FigureStyle::ground() const
{
    if (!transparent && m_background)
        return *m_background;
    return theme == Theme::Dark ? QColor(0x1e, 0x1f, 0x22) : QColor(Qt::white);
}

QColor FigureStyle::readable(const QColor& colour) const
{
    return readableOn(colour, ground());
}

QColor FigureStyle::foreground() const
{
    if (m_foreground)
        return *m_foreground;
    return theme == Theme::Dark ? QColor(0xe8, 0xea, 0xed) : QColor(0x20, 0x21, 0x24);
}

QColor FigureStyle::muted() const
{
    if (m_muted)
        return *m_muted;
    return theme == Theme::Dark ? QColor(0x9a, 0xa0, 0xa6) : QColor(0x70, 0x75, 0x7a);
}

QColor FigureStyle::accent() const
{
    if (m_accent)
        return *m_accent;
    return theme == Theme::Dark ? QColor(0x56, 0xB4, 0xE9) : QColor(0x00, 0x72, 0xB2);
}

QFont FigureStyle::font(double points, bool bold) const
{
    QFont f;
    f.setFamilies(kSans);
    f.setPointSizeF(points > 0 ? points : bodyPoints());
    f.setBold(bold);
    f.setHintingPreference(QFont::PreferNoHinting);  // the same shapes in SVG, PDF and PNG
    return f;
}

QFont FigureStyle::monoFont(double points, bool bold) const
{
    QFont f = font(points, bold);
    f.setFamilies(kMono);
    return f;
}

}  // namespace floatscope::gui
