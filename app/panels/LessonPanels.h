#pragma once

namespace floatscope::gui {

class MainWindow;

// The lesson panels of the seeds (absorption over N steps, range bars, loss scaling, logits and
// epsilon, absorbed updates), each in a dock of its own (MainWindow::addPanel).
void installLessonPanels(MainWindow& window);

}  // namespace floatscope::gui
