#pragma once

#include <cstddef>

#include "core/scaling/QuantizeReport.h"

// The block-scaling lesson's choices, in the order of its declaration (lessons/QuantizeLesson.cpp)
// and so of its panel's boxes (panels/QuantizePanel.cpp, QuantizeWidgets.cpp): a box's index is an
// index into these.
namespace floatscope::gui::quantize {

inline constexpr SchemeKind kSchemes[] = {SchemeKind::Tensor, SchemeKind::Tile, SchemeKind::Block, SchemeKind::Mx,
                                          SchemeKind::Nvfp4};
inline constexpr MxScaleRule kMxRules[] = {MxScaleRule::Floor, MxScaleRule::Ceil, MxScaleRule::RoundUp};
inline constexpr RoundingMode kRoundings[] = {RoundingMode::NearestEven, RoundingMode::NearestAway,
                                              RoundingMode::TowardZero,  RoundingMode::Up,
                                              RoundingMode::Down,        RoundingMode::ToOdd,
                                              RoundingMode::Stochastic};
inline constexpr const char* kStorages[] = {"fp32", "fp64", "bf16", "fp16"};

// A value's index in its list (0 when it is not there).
template <class T, std::size_t N>
int indexOf(const T (&list)[N], T value)
{
    for (std::size_t i = 0; i < N; ++i)
        if (list[i] == value)
            return static_cast<int>(i);
    return 0;
}

}  // namespace floatscope::gui::quantize
