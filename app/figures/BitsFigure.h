#pragma once

#include <vector>

#include "app/figures/Figure.h"
#include "core/format/Format.h"
#include "core/inspect/Inspection.h"

namespace floatscope::gui {

// A value's bits in each format, one row per format: the bit strip, the hex code and the stored
// value. The "bits" export, for slides.
class BitsFigure : public Figure {
public:
    BitsFigure(QString input, std::vector<Format> formats, std::vector<Inspection> results);

    QString title() const override;
    QSizeF preferredSize(const FigureStyle& style) const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;
    // Its own size at any width: exports scale it to the page and spread the rest (FigureExport).
    double heightForWidth(double width, const FigureStyle& style) const override;
    double minimumWidth(const FigureStyle& style) const override;

private:
    // The columns, measured: format names, bit strips with their captions, hex and value.
    struct Columns {
        double margin = 0;
        double header = 0;  // title and subtitle
        double names = 0;
        double strips = 0;
        double texts = 0;
        std::vector<double> rows;  // each format's row: its strip and captions (one or two lines)
        double width = 0;   // all of it, with the gaps
        double height = 0;
    };
    Columns columns(const FigureStyle& style) const;
    double stripScale(const FigureStyle& style) const { return style.slide ? 1.6 : 1.0; }

    QString m_input;
    std::vector<Format> m_formats;
    std::vector<Inspection> m_results;
};

}  // namespace floatscope::gui
