#pragma once

#include <optional>
#include <vector>

#include <QDialog>

#include "core/format/Format.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QListWidget;
class QSpinBox;

namespace floatscope::gui {

// Choose, order and add formats: the named ones, and custom eXmY formats with a convention.
class FormatsDialog : public QDialog {
    Q_OBJECT

public:
    FormatsDialog(const std::vector<Format>& chosen, QWidget* parent = nullptr);
    std::vector<Format> formats() const;

private:
    void addCustom();
    void move(int delta);
    void addItem(const Format& format, bool checked);

    QListWidget* m_list = nullptr;
    std::vector<Format> m_formats;  // one per list item, in list order
};

// Asks for a custom format; empty when cancelled.
class CustomFormatDialog : public QDialog {
    Q_OBJECT

public:
    explicit CustomFormatDialog(QWidget* parent = nullptr);
    std::optional<Format> format() const { return m_format; }

private:
    void validate();

    std::optional<Format> m_format;
    QLabel* m_hint = nullptr;
    QSpinBox* m_exponent = nullptr;
    QSpinBox* m_mantissa = nullptr;
    QComboBox* m_convention = nullptr;
    QCheckBox* m_customBias = nullptr;
    QSpinBox* m_bias = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

}  // namespace floatscope::gui
