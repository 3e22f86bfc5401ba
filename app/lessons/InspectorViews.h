#pragma once

#include <vector>

#include "app/lessons/ExportView.h"

namespace floatscope::gui {

// The inspector's figures as export views: "bits" (BitsFigure) and "neighbours" (NeighboursFigure),
// each drawn from VALUE [-f FMTS] [--rounding MODE] [--saturate|--no-saturate] [--via ROUTE], as
// `floatscope show` reads them. `floatscope export` lists them before the lessons' views, and the
// inspector's deck draws them for each of its presets (lessons/LessonDeck.h).
std::vector<ExportView> inspectorViews();

}  // namespace floatscope::gui
