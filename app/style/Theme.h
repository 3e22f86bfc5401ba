#pragma once

namespace floatscope::gui {

enum class Theme { Light, Dark };

// Light or dark, on the Fusion style so both look the same on every desktop.
void applyTheme(Theme theme);

}  // namespace floatscope::gui
