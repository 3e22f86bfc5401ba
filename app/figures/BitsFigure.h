#pragma once

#include <vector>

#include <QStringList>

#include "app/figures/Figure.h"
#include "core/format/Format.h"
#include "core/inspect/Inspection.h"

namespace floatscope::gui {

// A value's bits in each format, one row per format: the bit strip with the formula its fields
// make, the hex code, the stored value with every digit (wrapped, never cut) and its error. The
// "bits" export, for slides.
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
    // A format's row, measured: the strip and its captions, the formula under them, and the text
    // column beside them (hex, the value's lines, the error).
    struct Row {
        QSizeF strip;
        QStringList formula;  // wrapped to the strip's width
        QStringList value;    // "= 0.1000000014901161" and the rest of the digits, wrapped
        QString error;
        double height = 0;
    };
    struct Layout {
        double margin = 0;
        double header = 0;  // title and subtitle
        double names = 0;
        double strips = 0;
        double texts = 0;
        std::vector<Row> rows;
        double width = 0;   // all of it, with the gaps
        double height = 0;
        bool under = false;  // the text under each strip, not beside it
    };
    // Text beside the strips, or under them where that fills a 16:9 page better (a value in one
    // or two formats would otherwise be a thin band across a slide).
    Layout layout(const FigureStyle& style) const;
    Layout layout(const FigureStyle& style, bool under) const;
    double stripScale(const FigureStyle& style) const { return style.slide ? 1.6 : 1.0; }

    QString m_input;
    std::vector<Format> m_formats;
    std::vector<Inspection> m_results;
};

}  // namespace floatscope::gui
