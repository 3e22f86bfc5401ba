#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QTimer;

namespace floatscope::gui {

class InspectorState;

// The value field: the command line's syntax, checked as the user types. A bad value shows a red
// hint naming the problem and leaves the inspector on the last good value, said as such.
class ValueEntry : public QWidget {
    Q_OBJECT

public:
    explicit ValueEntry(InspectorState* state, QWidget* parent = nullptr);

    QLineEdit* lineEdit() const { return m_edit; }
    QString hint() const;  // empty while the text is valid
    QString exactText() const;  // the line under the field
    bool isEditing() const { return m_editing; }  // typed into and not yet accepted
    void focusEntry();

signals:
    // The user accepted a typed value (Enter or leaving the field) and it parses.
    void accepted(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    void onEdited();
    void applyTyped();
    void showState();
    void showExact();
    void retranslate();

    InspectorState* m_state;
    QLineEdit* m_edit = nullptr;
    QLabel* m_exact = nullptr;
    QLabel* m_hint = nullptr;
    QLabel* m_label = nullptr;
    QTimer* m_apply = nullptr;  // what was typed, applied once the keys already queued are in
    bool m_editing = false;
};

}  // namespace floatscope::gui
