#pragma once

#include <vector>

#include "app/lessons/ExportView.h"

namespace floatscope::gui {

// The inspector's figures as export views: "bits" (BitsFigure) and "neighbours" (NeighboursFigure),
// each drawn from VALUE [-f FMTS] [--rounding MODE] [--saturate|--no-saturate] [--via ROUTE], as
// `floatscope show` reads them. `floatscope export` lists them before the lessons' views, and the
// inspector's deck draws them for each of its presets (lessons/LessonDeck.h).
std::vector<ExportView> inspectorViews();

// What `floatscope show` takes beside VALUE and its output's own flags: the figures' options (-f,
// --rounding, --saturate, --no-saturate, --via), and --seed and --random-bits for stochastic rounding.
std::vector<LessonOption> showOptions();

// --rounding MODE, --saturate / --no-saturate and --via ROUTE from the declaration's checked values,
// as `show` and the figures read them; the two overflow flags together are refused.
struct RoundingChoice {
    RoundOptions options;
    Route route = Route::Direct;
};
std::optional<RoundingChoice> roundingChoiceOf(const OptionValues& values, std::string& error);

}  // namespace floatscope::gui
