#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/ArgParser.h"
#include "app/figures/Figure.h"

namespace floatscope::cli {

// A view `floatscope export` can render: its options (beyond the export's own) and how to build its
// figure from them. Every panel's figure is listed in exportViews(), in ExportViews.cpp.
struct ExportView {
    std::string name;
    std::string summary;  // one line for --help
    std::string usage;    // the view's own arguments, for --help
    std::vector<ArgParser::Option> options;
    // Builds the figure, or sets `error` (one line naming the offending text).
    std::function<std::unique_ptr<gui::Figure>(const ArgParser& args, std::string& error)> make;
};

const std::vector<ExportView>& exportViews();

// The lesson panels' views (LessonExportViews.cpp) and the scaling panels' (ScalingExportViews.cpp).
std::vector<ExportView> lessonExportViews();
std::vector<ExportView> scalingExportViews();

// Shared by views that take a value and formats as `floatscope show` does.
std::vector<ArgParser::Option> valueOptions();

}  // namespace floatscope::cli
