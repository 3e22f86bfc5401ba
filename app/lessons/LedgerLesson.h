#pragma once

#include <optional>
#include <string>
#include <vector>

#include <QString>

#include "app/figures/LedgerFigure.h"
#include "app/lessons/ExportView.h"
#include "app/lessons/LessonOption.h"

namespace floatscope::gui {

// The memory ledger's options (lessons/LedgerLesson.cpp): the model and the cluster, the schemes,
// activations (when a sequence length is given) and the GPU's memory, as the panel's fields and
// `floatscope export ledger` take them.
const std::vector<LessonOption>& ledgerOptions();

// Why the options cannot make a ledger: the option at fault and the reason, in the interface's
// language; the command line says "--OPTION: REASON", the panel shows the reason by its field.
struct LedgerRefusal {
    std::string option;
    QString reason;
};

// The ledger's inputs from its checked options; the schemes apart, as the panel's editor holds its
// own (the command line's from --scheme and --add-scheme: ledgerArguments). Activations are counted
// where "seq" is given; hidden, heads and layers come from the model's shape where absent. Refused,
// every reason in `refusals` in the fields' order (the count and the GPU's memory each for itself).
std::optional<LedgerInputs> ledgerInputsOf(const OptionValues& options, std::vector<LedgerScheme> schemes,
                                           std::vector<LedgerRefusal>& refusals);

// The ledger's inputs as the command line gives them (`floatscope export ledger`, `floatscope
// ledger`): its schemes from --scheme and --add-scheme, and an activation option without --seq
// refused; refused, every reason in `refusals`.
std::optional<LedgerInputs> ledgerArguments(const OptionValues& options, const ViewArguments& args,
                                            std::vector<LedgerRefusal>& refusals);

// The model a parameter count means: named ("anchor"), or typed as that model's exact count.
std::optional<ModelPreset> modelFor(const ParameterCountParse& parse);

}  // namespace floatscope::gui
