#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/ArgParser.h"
#include "app/figures/ExportView.h"

namespace floatscope::cli {

// A view `floatscope export` can render: its options (beyond the export's own) and how to build its
// figure from them: the inspector's bits and neighbourhood (ExportViews.cpp), then every lesson's
// view from its registration (panels/LessonRegistry.h), in the order of the window's tabs.
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
class ParsedArguments final : public gui::ViewArguments {
public:
    explicit ParsedArguments(const ArgParser& args) : m_args(args) {}
    bool has(std::string_view longName) const override { return m_args.has(longName); }
    std::optional<std::string> value(std::string_view longName) const override { return m_args.value(longName); }
    const std::vector<std::string>& positionals() const override { return m_args.positionals(); }

private:
    const ArgParser& m_args;
};

// Shared by views that take a value and formats as `floatscope show` does.
std::vector<ArgParser::Option> valueOptions();

}  // namespace floatscope::cli
