#pragma once

#include <string>

#include <QCoreApplication>
#include <QString>

#include "app/lessons/LessonOption.h"

namespace floatscope::gui {

// Why a lesson's option refused a text, in the interface's language: the same reason beside the
// panel's field (a sentence, in red) and on the command line's stderr (after "--NAME: ", in English),
// for one and the same check (lessons/LessonOption.h).
class OptionText {
    Q_DECLARE_TR_FUNCTIONS(OptionText)

public:
    static QString reason(const LessonOption& option, const OptionRefusal& refusal);
    // "--spread: At most 20 decades, got “40”", as `floatscope export` says it (-f for an option with
    // a short name).
    static std::string commandLine(const LessonOption& option, const OptionRefusal& refusal);
};

}  // namespace floatscope::gui
