#pragma once

#include <optional>
#include <string>
#include <vector>

#include <QString>

#include "app/figures/ReductionsFigure.h"
#include "app/lessons/ExportView.h"
#include "app/lessons/LessonOption.h"

namespace floatscope::gui {

// The reductions lesson's options (lessons/ReductionsLesson.cpp), one set per reduction: -f/--formats
// and --seed, then the reduction's own (softmax: --logits, --vocab, --mean, --std; moments: --count,
// --mean, --std; rmsnorm: --hidden, --rows, --std, --eps; router: --tokens, --experts, --top-k,
// --std). The panel's page for a reduction, `floatscope export reduce` and `floatscope reduce` read
// the same set.
const std::vector<LessonOption>& reductionOptions(Reduction reduction);

// Why the options make no setup: the option whose field gets the reason.
struct ReductionsProblem {
    std::string option;
    QString reason;
};

// The setup the checked options ask for, the bounds between options checked (hidden x rows, tokens x
// experts, top k within the experts); or nullopt with the problem.
std::optional<ReductionsSetup> reductionsOf(Reduction reduction, const OptionValues& options, ReductionsProblem& problem);

// The reduction named first among the arguments (the default without one), every option given that
// is not the reduction's refused, and the reduction's options read: the setup, or nullopt with one
// line in `error` (a problem's reason after its flag, "--rows: ...").
std::optional<ReductionsSetup> readReductions(const ViewArguments& args, std::string& error);

// Every option name of every reduction: what the command line's parser takes.
std::vector<std::string> reductionOptionNames();

}  // namespace floatscope::gui
