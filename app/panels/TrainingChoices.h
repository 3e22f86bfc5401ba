#pragma once

#include <sstream>
#include <string>
#include <vector>

// The training panel's choices that its files share (TrainingPanel.cpp, TrainingWidgets.cpp,
// TrainingSettings.cpp): the boxes' special places and the fields' defaults.
namespace floatscope::gui::training {

inline constexpr int kOwnRate = 2;  // the learning-rate box's third choice: a peak of one's own
inline constexpr int kOnGpu = 1;    // the products box's second choice: the GPU beside the engine
inline constexpr const char* kDefaultOwnRate = "1e-3";

// A comma-separated list of recipe names, as the presets write them.
inline std::vector<std::string> splitNames(const std::string& list)
{
    std::vector<std::string> out;
    std::stringstream items(list);
    std::string item;
    while (std::getline(items, item, ','))
        out.push_back(item);
    return out;
}

}  // namespace floatscope::gui::training
