#include "app/panels/LessonRegistry.h"

#include <algorithm>

namespace floatscope::gui {

namespace {

// Filled before main() by the registrations; a function's static, so that it exists before the
// first of them, whichever file that is in.
std::vector<Lesson>& registered()
{
    static std::vector<Lesson> all;
    return all;
}

}  // namespace

LessonRegistration::LessonRegistration(Lesson lesson)
{
    registered().push_back(std::move(lesson));
}

std::vector<Lesson> lessons()
{
    std::vector<Lesson> out = registered();
    std::stable_sort(out.begin(), out.end(), [](const Lesson& a, const Lesson& b) { return a.place < b.place; });
    return out;
}

}  // namespace floatscope::gui
