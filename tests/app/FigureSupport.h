#pragma once

#include <memory>
#include <string>
#include <vector>

#include <QByteArray>
#include <QColor>
#include <QPolygonF>
#include <QRectF>
#include <QString>

class QTemporaryDir;

#include "app/figures/Figure.h"
#include "app/style/FigureStyle.h"

namespace floatscope::gui::test {

// The SVG that the export dialog would write for `figure` (empty if it could not be written).
QByteArray svgOf(const Figure& figure, const FigureStyle& style = FigureStyle::forSlides(Theme::Light, false));

// The figure `floatscope export <name> <arguments>` draws, or null with the command line's reason in `error`.
std::unique_ptr<Figure> exportViewFigure(const std::string& name, const std::vector<std::string>& arguments,
                                         std::string& error);

// What an SVG from QSvgGenerator draws, in page coordinates (its groups' transforms applied): each
// text with its font, each path, polyline and rectangle with its bounding box, fill and stroke.
struct SvgItem {
    enum class Kind { Text, Path, Polyline, Rect };
    Kind kind = Kind::Text;
    QString text;
    QPolygonF points;  // a path's or polyline's vertices on the page (a path's commands dropped)
    QRectF box;      // a text: its baseline start (x, y) and its advance as width, `size` tall (see rotated)
    QColor fill;
    QColor stroke;
    bool dashed = false;
    double fontPixels = 0;  // as written, before the group's scale
    double scale = 1;       // the group's
    bool rotated = false;   // a turned text: `box` is its glyphs' box on the page
    QString family;
    bool bold = false;
};
std::vector<SvgItem> svgItems(const QByteArray& svg);
inline std::vector<SvgItem> textsOf(const QByteArray& svg)
{
    std::vector<SvgItem> out;
    for (SvgItem& i : svgItems(svg))
        if (i.kind == SvgItem::Kind::Text)
            out.push_back(std::move(i));
    return out;
}

// Writes `contents` to `name` in `dir`; the file's path (empty if it could not be written).
QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& contents);

}  // namespace floatscope::gui::test
