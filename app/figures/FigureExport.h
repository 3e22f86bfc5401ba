#pragma once

#include <functional>
#include <memory>

#include <QCoreApplication>
#include <QSize>
#include <QString>

#include "app/figures/Figure.h"

class QMimeData;
class QPainter;

namespace floatscope::gui {

// How big an exported figure is: pixels at 96 dpi (centimetres convert at 96 / 2.54 px per cm),
// and for PNG the scale (1 to 4 device pixels per logical pixel).
struct ExportSize {
    QSize pixels;  // empty: a 16:9 page, 1280 x 720 for slides, 960 x 540 on screen (kSlidePage)
    double scale = 1.0;
    static ExportSize fromCentimetres(double width, double height, double scale = 1.0);
};

// What a slide needs, with room to spare: each side of a figure 16 to 4096 pixels (a 4K slide is
// 3840 x 2160; 4096 px is 108 cm at 96 dpi), and a PNG at most 8192 pixels a side after its scale
// (an 8192 x 8192 image holds 256 MB while it is painted; 20000 x 20000 held 1.6 GB).
inline constexpr QSize kSlidePage{1280, 720};
inline constexpr QSize kScreenPage{960, 540};
inline constexpr int kMinExportSide = 16;
inline constexpr int kMaxExportSide = 4096;
inline constexpr int kMaxPngSide = 8192;
// Why a figure of `pixels` cannot be exported (at `scale`, for a PNG), or empty.
QString exportSizeProblem(const QSize& pixels, double scale, bool png);

// Writes FILE.svg, FILE.pdf or FILE.png (by extension) through the atomic writer: a failed write
// leaves the old file as it was. Empty on success, else why not.
QString exportFigure(const Figure& figure, const QString& path, const ExportSize& size, const FigureStyle& style);

// Pages made one at a time (`page(i, error)`: null with a reason stops the export), as one PDF of
// `count` pages of the export size, written through the atomic writer once all are drawn: a failed
// or cancelled export leaves the old file as it was. `progress(done)` after each page; false from it
// cancels (and sets *cancelled). Empty on success, else why not.
QString exportPdfPages(int count, const std::function<std::shared_ptr<const Figure>(int page, QString& error)>& page,
                       const QString& path, const QString& title, const ExportSize& size, const FigureStyle& style,
                       const std::function<bool(int done)>& progress = {}, bool* cancelled = nullptr);

// SVG, PNG (at the scale) and the title as text, for pasting into slides.
// A file name for the figure from its title ("257 in 3 formats" -> "257-in-3-formats.svg"): its
// letters, digits, points and plus signs, the rest as single dashes, at most 48 characters;
// "figure" where the title has none.
QString proposedFileName(const Figure& figure, const QString& suffix);

QMimeData* figureMimeData(const Figure& figure, const ExportSize& size, const FigureStyle& style);

// The figure's size in logical pixels for an export size.
QSize exportPixels(const Figure& figure, const ExportSize& size, const FigureStyle& style);

// How a figure fills a page: laid out at `logical` (the page divided by the scale) and painted
// `scale` times larger. A figure with a height of its own (text, tables, bits) is scaled until its
// content is as tall as the page, or as wide as it can be without cutting a table cell; one that
// takes any height (a chart) is laid out at the page's size, and shrunk only where its fixed parts
// would not fit. So `--size 25.4x14.3cm` is filled edge to edge, whatever the figure.
struct PageFit {
    double scale = 1;
    QSizeF logical;
};
PageFit fitToPage(const Figure& figure, const QSizeF& page, const FigureStyle& style);

// Paints the figure into (0, 0, page) of a painter, fitted (fitToPage); content of its own height
// that is shorter than the page is centred on it.
void paintFitted(QPainter& painter, const Figure& figure, const QSizeF& page, const FigureStyle& style);

}  // namespace floatscope::gui
