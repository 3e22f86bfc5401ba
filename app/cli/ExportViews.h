#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/ArgParser.h"
#include "app/lessons/ExportView.h"

namespace floatscope::cli {

// A view `floatscope export` can render: its options (beyond the export's own) and how to build its
// figure from them: the inspector's bits and neighbourhood (lessons/InspectorViews.h), then every lesson's
// view from its registration (lessons/LessonRegistry.h), in the order of the window's tabs.
struct ExportView {
    std::string name;
    std::string summary;  // one line for --help
    std::string usage;    // the view's own arguments, for --help
    std::vector<ArgParser::Option> options;
    // Builds the figure, or sets `error` (one line naming the offending text).
    std::function<std::unique_ptr<gui::Figure>(const ArgParser& args, std::string& error)> make;
};

const std::vector<ExportView>& exportViews();

// The parsed command line as the figures' views read their arguments.
using gui::ParsedArguments;

}  // namespace floatscope::cli
