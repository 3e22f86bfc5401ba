#include "app/charts/AxisTicks.h"

#include <algorithm>
#include <cmath>

#include "app/text/LessonText.h"

namespace floatscope::gui {

std::vector<AxisTick> AxisTicks::make(double lo, double hi, int maxTicks, AxisScale scale, bool integers)
{
    const TickKind kind = scale != AxisScale::Linear ? TickKind::Exponent : integers ? TickKind::Integer : TickKind::Real;
    const NiceTicks ticks = niceTicks(lo, hi, maxTicks, kind);
    std::vector<AxisTick> out;
    for (const double v : ticks.values) {
        switch (scale) {
        case AxisScale::Linear: out.push_back({v, LessonText::fixed(v, ticks.decimals)}); break;
        case AxisScale::Log2: out.push_back({v, LessonText::powerOfTwo(std::lround(v))}); break;
        case AxisScale::Log10: out.push_back({v, LessonText::powerOfTen(std::lround(v))}); break;
        }
    }
    return out;
}

int AxisTicks::fitting(double length, double extent)
{
    // Each label with a gap of half its extent to the next.
    return std::max(2, static_cast<int>(std::floor(length / std::max(1.0, extent * 1.5))) + 1);
}

}  // namespace floatscope::gui
