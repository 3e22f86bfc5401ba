#include "app/figures/Figure.h"

namespace floatscope::gui {

double Figure::heightForWidth(double, const FigureStyle& style) const
{
    return preferredSize(style).height();
}

double Figure::minimumWidth(const FigureStyle&) const
{
    return 0;
}

QSizeF FlowFigure::preferredSize(const FigureStyle& style) const
{
    const double width = style.slide ? 1280 : 720;
    return {width, heightForWidth(width, style)};
}

QString FlowFigure::toolTipAt(const QPointF&, const QSizeF&, const FigureStyle&) const
{
    return {};
}

}  // namespace floatscope::gui
