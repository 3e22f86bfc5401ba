#include "app/lessons/LessonRegistry.h"

#include <algorithm>
#include <cstdlib>

namespace floatscope::gui {

namespace {

// Filled before main() by the registrations; a function's static, so that it exists before the
// first of them, whichever file that is in.
std::vector<Lesson>& registered()
{
    static std::vector<Lesson> all;
    return all;
}

std::vector<LessonPanelEntry>& panels()
{
    static std::vector<LessonPanelEntry> all;
    return all;
}

}  // namespace

LessonRegistration::LessonRegistration(Lesson lesson)
{
    registered().push_back(std::move(lesson));
}

PanelRegistration::PanelRegistration(LessonPanelEntry panel)
{
    panels().push_back(std::move(panel));
}

std::vector<Lesson> lessons()
{
    std::vector<Lesson> out = registered();
    for (Lesson& lesson : out)
        for (const LessonPanelEntry& panel : panels())
            if (lesson.view.name == panel.lesson) {
                lesson.objectName = panel.objectName;
                lesson.makePanel = panel.makePanel;
            }
    std::stable_sort(out.begin(), out.end(), [](const Lesson& a, const Lesson& b) { return a.place < b.place; });
    return out;
}

Lesson lessonNamed(const std::string& name)
{
    for (const Lesson& lesson : registered())
        if (lesson.view.name == name)
            return lesson;
    std::abort();  // a panel asked for a lesson that is not registered
}

}  // namespace floatscope::gui
