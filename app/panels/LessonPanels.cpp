#include "panels/LessonPanels.h"

#include "window/MainWindow.h"

namespace floatscope::gui {

void installLessonPanels(MainWindow&)
{
}

}  // namespace floatscope::gui
