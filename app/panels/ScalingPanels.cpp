#include "panels/ScalingPanels.h"

#include "window/MainWindow.h"

namespace floatscope::gui {

void installScalingPanels(MainWindow&)
{
}

}  // namespace floatscope::gui
