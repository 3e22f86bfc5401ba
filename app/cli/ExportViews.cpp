#include "app/cli/ExportViews.h"

#include "app/cli/Commands.h"
#include "app/cli/Interruption.h"
#include "app/lessons/InspectorViews.h"
#include "app/lessons/LessonRegistry.h"

namespace floatscope::cli {

namespace {

// A view (the inspector's, a lesson's) with the command line's parser behind its arguments, and
// Ctrl-C behind its stop() where the command holds an Interruption.
ExportView fromView(const gui::ExportView& view)
{
    return {view.name, view.summary, view.usage, gui::parserOptions(view),
            [make = view.make](const ArgParser& args, std::string& error) {
                return make(ParsedArguments(args, Interruption::active()), error);
            }};
}

}  // namespace

const std::vector<ExportView>& exportViews()
{
    static const std::vector<ExportView> views = [] {
        std::vector<ExportView> all;
        for (const gui::ExportView& view : gui::inspectorViews())
            all.push_back(fromView(view));
        for (const gui::Lesson& lesson : gui::lessons())
            all.push_back(fromView(lesson.view));
        return all;
    }();
    return views;
}

}  // namespace floatscope::cli
