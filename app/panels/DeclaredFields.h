#pragma once

#include <optional>

#include "app/lessons/LessonOption.h"

class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;
class QWidget;

namespace floatscope::gui {

class FormatChecklist;
class HintedField;

// A lesson's fields built from its declaration (lessons/LessonOption.h), so that a range, a fallback
// or a check changed there changes the panel with the command line. Each field is named after its
// option (QObject::objectName "spread"), as tests/app/LessonDeclarationTest.cpp finds it.

// A spin box over a Whole option's range, at its fallback.
QSpinBox* declaredSpinBox(const LessonOption& option, QWidget* parent);
// A slider over a Whole option's range, at its fallback.
QSlider* declaredSlider(const LessonOption& option, QWidget* parent);
// A line edit with its red hint, at the option's fallback.
HintedField* declaredField(const LessonOption& option, QWidget* parent);
// A combo box of a Choice or Format option's choices, at its fallback; each item's data is its choice
// as the command line takes it (a panel may word the items' text).
QComboBox* declaredComboBox(const LessonOption& option, QWidget* parent);

// A combo box of a Preset option's presets, at its fallback, after an item for the user's own
// settings (its data empty, its text the panel's); each preset's data its id.
QComboBox* declaredPresetBox(const LessonOption& option, QWidget* parent);
// Every field of `options` under `root` set to what the preset `id` gives it (or its option's
// fallback), and the preset box to `id`, without their signals: the panel computes next. Flags (how
// a figure is drawn) and the options the panel lacks keep theirs.
void applyDeclaredPreset(QWidget* root, const std::vector<LessonOption>& options, const std::string& id);

// The field's text through the option's check: the value, or nullopt with the reason (OptionText)
// shown beside the field. The hint is cleared when the text is accepted.
std::optional<OptionValue> readField(const LessonOption& option, HintedField* field);
// A format checklist for a Formats option, its fallback's formats checked.
FormatChecklist* declaredChecklist(const LessonOption& option, QWidget* parent);
// The fallback's formats checked again, and only they (a lesson whose fallback changes with a choice).
void checkFallback(const LessonOption& option, FormatChecklist* checklist);
// The checked formats through the option's check (at least one): the value (its text the names,
// comma-separated), or nullopt with the reason in `hint`.
std::optional<OptionValue> readChecklist(const LessonOption& option, const FormatChecklist* checklist, QLabel* hint);

// A declared spin box's value (always within the option's range).
OptionValue spinBoxValue(const LessonOption& option, const QSpinBox* box);
// A declared combo box's choice, as the command line names it (its item's data).
OptionValue comboBoxValue(const QComboBox* box);

}  // namespace floatscope::gui
