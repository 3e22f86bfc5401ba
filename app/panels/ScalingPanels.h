#pragma once

namespace floatscope::gui {

class MainWindow;

// The block-scaling (quantization) panel and the memory ledger, each in a dock of its own
// (MainWindow::addPanel).
void installScalingPanels(MainWindow& window);

}  // namespace floatscope::gui
