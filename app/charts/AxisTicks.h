#pragma once

#include <vector>

#include <QString>

#include "core/text/NiceTicks.h"

namespace floatscope::gui {

// How an axis maps its values: as they are, or by their logarithm (ticks at powers of the base).
enum class AxisScale { Linear, Log2, Log10 };

// A labelled tick: where it is, in the axis's own coordinate (a log axis's exponent), and its text.
struct AxisTick {
    double at = 0;
    QString label;
};

// The one place axis ticks are chosen and written, for the charts (charts/Chart.cpp) and every
// figure that paints an axis of its own (Log2Axis, the ledger's bars, the heatmap's colour bar):
// nice steps from core/text/NiceTicks, labels with the digits the step needs and no more, grouped as
// titles group them (LessonText::count: 1,000,000), powers of two as 2⁻²⁴ on log2 axes and powers
// of ten as 1, 10, ..., 1,000,000, 10⁷ on log10 axes.
class AxisTicks {
public:
    // At most maxTicks ticks over [lo, hi]; log axes take and return exponents. `integers`: a
    // linear axis of whole numbers (steps, counts).
    static std::vector<AxisTick> make(double lo, double hi, int maxTicks, AxisScale scale = AxisScale::Linear,
                                      bool integers = false);
    // How many labels `extent` pixels wide (or tall) fit along `length` pixels, a gap between them.
    static int fitting(double length, double extent);
};

}  // namespace floatscope::gui
