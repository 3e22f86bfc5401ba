#pragma once

#include "app/window/AppSettings.h"

namespace floatscope::gui {

// Light or dark, on the Fusion style so both look the same on every desktop.
void applyTheme(Theme theme);

}  // namespace floatscope::gui
