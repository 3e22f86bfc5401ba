#pragma once

#include <memory>
#include <string>
#include <vector>

#include <QByteArray>
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

// Writes `contents` to `name` in `dir`; the file's path (empty if it could not be written).
QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& contents);

}  // namespace floatscope::gui::test
