#pragma once

#include <functional>

#include <QString>

class QMenu;

namespace floatscope::gui {

// The accumulators the operators lab offers by name (the usual IEEE ones, a fixed-point adder,
// VDPBF16PS, and under "Tensor cores" every preset with its paper in the tooltip), filled into
// `menu` in the interface's language; choosing one calls `chosen` with its spec text.
void fillAccumulatorMenu(QMenu* menu, const std::function<void(const QString& spec)>& chosen);

}  // namespace floatscope::gui
