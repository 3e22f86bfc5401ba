#pragma once

#include <optional>

#include <QCoreApplication>
#include <QString>

#include "core/scaling/QuantizeReport.h"

namespace floatscope::gui {

// One of the lecture notes' examples: the tensor, the recipe, which element the lesson is about, and the
// lesson in words (the numbers themselves come from the engine, in the panel's trace).
struct QuantizePreset {
    QString title;
    QString note;
    TensorRequest request;
    QuantizeOptions options;
    std::optional<std::size_t> focus;
};

class QuantizePresets {
    Q_DECLARE_TR_FUNCTIONS(QuantizePresets)

public:
    // In the order of QuantizePanel::Preset.
    static QuantizePreset preset(int index);
    static int count();
};

}  // namespace floatscope::gui
