#pragma once

namespace floatscope::gui {

// Creates the QApplication, loads the translation and settings, shows the main window.
int run(int argc, char** argv);

}  // namespace floatscope::gui
