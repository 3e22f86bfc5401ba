#include "app/panels/DeclaredFields.h"

#include <algorithm>
#include <climits>

#include <QComboBox>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

#include "app/panels/FormatChecklist.h"
#include "app/panels/HintedField.h"
#include "app/panels/PanelKit.h"
#include "app/text/OptionText.h"

namespace floatscope::gui {

namespace {

// A Whole option's bound as a widget's int (the widgets' own limits where the option has none).
int intBound(double bound)
{
    return static_cast<int>(std::clamp(bound, static_cast<double>(INT_MIN), static_cast<double>(INT_MAX)));
}

int fallbackInt(const LessonOption& option)
{
    OptionRefusal refusal;
    const auto value = checkOption(option, option.fallback, refusal);
    return value ? intBound(static_cast<double>(value->whole)) : intBound(option.min);
}

// The formats a Formats option's fallback names, canonically.
std::vector<std::string> fallbackFormats(const LessonOption& option)
{
    OptionRefusal refusal;
    std::vector<std::string> names;
    if (const auto value = checkOption(option, option.fallback, refusal)) {
        std::size_t start = 0;
        while (start <= value->text.size()) {
            const std::size_t comma = std::min(value->text.find(',', start), value->text.size());
            names.push_back(value->text.substr(start, comma - start));
            start = comma + 1;
        }
    }
    return names;
}

}  // namespace

QSpinBox* declaredSpinBox(const LessonOption& option, QWidget* parent)
{
    auto* box = new QSpinBox(parent);
    box->setObjectName(QString::fromStdString(option.name));
    box->setRange(intBound(option.min), intBound(option.max));
    box->setValue(fallbackInt(option));
    return box;
}

QSlider* declaredSlider(const LessonOption& option, QWidget* parent)
{
    auto* slider = new QSlider(Qt::Horizontal, parent);
    slider->setRange(intBound(option.min), intBound(option.max));
    slider->setValue(fallbackInt(option));
    return slider;
}

HintedField* declaredField(const LessonOption& option, QWidget* parent)
{
    auto* field = new HintedField(QString::fromStdString(option.fallback), parent);
    field->setObjectName(QString::fromStdString(option.name));
    return field;
}

QComboBox* declaredComboBox(const LessonOption& option, QWidget* parent)
{
    auto* box = new QComboBox(parent);
    box->setObjectName(QString::fromStdString(option.name));
    for (const std::string& choice : option.choices)
        box->addItem(QString::fromStdString(choice), QString::fromStdString(choice));
    box->setCurrentIndex(box->findData(QString::fromStdString(option.fallback)));
    return box;
}

QComboBox* declaredPresetBox(const LessonOption& option, QWidget* parent)
{
    auto* box = new QComboBox(parent);
    box->setObjectName(QString::fromStdString(option.name));
    box->addItem(QString(), QString());
    for (const std::string& choice : option.choices)
        box->addItem(QString::fromStdString(choice), QString::fromStdString(choice));
    box->setCurrentIndex(box->findData(QString::fromStdString(option.fallback)));
    return box;
}

namespace {

// The field named after `option` under `root` set to `text`, which the option's check takes.
void setDeclaredField(QWidget* root, const LessonOption& option, const std::string& text)
{
    const QString name = QString::fromStdString(option.name);
    const QString value = QString::fromStdString(text);
    if (auto* field = root->findChild<HintedField*>(name)) {
        const QSignalBlocker blocker(field);
        field->setText(value);
        field->setHint(QString());
    } else if (auto* box = root->findChild<QSpinBox*>(name)) {
        const QSignalBlocker blocker(box);
        box->setValue(value.toInt());
    } else if (auto* combo = root->findChild<QComboBox*>(name)) {
        const QSignalBlocker blocker(combo);
        combo->setCurrentIndex(combo->findData(value));
    } else if (auto* checklist = root->findChild<FormatChecklist*>(name)) {
        const QSignalBlocker blocker(checklist);
        LessonOption given = option;
        given.fallback = text;
        checklist->setChecked(fallbackFormats(given));
    }
}

}  // namespace

void applyDeclaredPreset(QWidget* root, const std::vector<LessonOption>& options, const std::string& id)
{
    for (const LessonOption& option : options) {
        if (option.type != OptionType::Preset)
            continue;
        for (const LessonPreset& preset : option.presets) {
            if (preset.id != id)
                continue;
            for (const LessonOption& other : options)
                if (other.inPanel && other.type != OptionType::Flag && other.type != OptionType::Text
                    && other.type != OptionType::Preset)
                    setDeclaredField(root, other, withPreset(other, preset).fallback);
            setDeclaredField(root, option, id);
        }
    }
}

std::optional<OptionValue> readField(const LessonOption& option, HintedField* field)
{
    OptionRefusal refusal;
    const auto value = checkOption(option, field->text().toStdString(), refusal);
    field->setHint(value ? QString() : OptionText::reason(option, refusal));
    return value;
}

FormatChecklist* declaredChecklist(const LessonOption& option, QWidget* parent)
{
    auto* checklist = new FormatChecklist(fallbackFormats(option), parent);
    checklist->setObjectName(QString::fromStdString(option.name));
    return checklist;
}

void checkFallback(const LessonOption& option, FormatChecklist* checklist)
{
    checklist->setChecked(fallbackFormats(option));
}

std::optional<OptionValue> readChecklist(const LessonOption& option, const FormatChecklist* checklist, QLabel* hint)
{
    std::string names;
    for (const Format& f : checklist->checkedFormats())
        names += (names.empty() ? "" : ",") + f.name();
    OptionRefusal refusal;
    const auto value = checkOption(option, names, refusal);
    setErrorHint(hint, value ? QString() : OptionText::reason(option, refusal));
    return value;
}

OptionValue spinBoxValue(const LessonOption& option, const QSpinBox* box)
{
    OptionRefusal refusal;
    const auto value = checkOption(option, std::to_string(box->value()), refusal);
    return value ? *value : OptionValue{};
}

OptionValue comboBoxValue(const QComboBox* box)
{
    return OptionValue{.text = box->currentData().toString().toStdString()};
}

}  // namespace floatscope::gui
