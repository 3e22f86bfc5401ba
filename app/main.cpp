#include <cstring>

#include "app/cli/Cli.h"
#include "app/window/GuiMain.h"

// One executable: with a subcommand (or --help / --version) it works headless and never creates a
// widget application; with no arguments, or only Qt's own options, it opens the window.
int main(int argc, char** argv)
{
    if (argc > 1 && floatscope::cli::isCommandLine(argv[1]))
        return floatscope::cli::run(argc, argv);
    return floatscope::gui::run(argc, argv);
}
