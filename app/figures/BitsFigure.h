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

private:
    double rowHeight(const FigureStyle& style) const;
    double stripScale(const FigureStyle& style) const { return style.slide ? 1.6 : 1.0; }

    QString m_input;
    std::vector<Format> m_formats;
    std::vector<Inspection> m_results;
};

}  // namespace floatscope::gui
