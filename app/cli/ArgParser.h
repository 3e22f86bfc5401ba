#pragma once

// The command line's parser lives with the export views, whose arguments the window's lesson decks
// parse too (app/figures/ArgParser.h).
#include "app/figures/ArgParser.h"

namespace floatscope::cli {

using gui::ArgParser;

}  // namespace floatscope::cli
