#pragma once

// The command line's parser lives with the export views, whose arguments the window's lesson decks
// parse too (app/lessons/ArgParser.h).
#include "app/lessons/ArgParser.h"

namespace floatscope::cli {

using gui::ArgParser;

}  // namespace floatscope::cli
