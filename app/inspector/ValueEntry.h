#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;

namespace floatscope::gui {

class InspectorState;

// The value field: the command line's syntax, checked as the user types. A bad value shows a red
// hint naming the problem and leaves the inspector on the last good value.
class ValueEntry : public QWidget {
    Q_OBJECT

public:
    explicit ValueEntry(InspectorState* state, QWidget* parent = nullptr);

    QLineEdit* lineEdit() const { return m_edit; }
    QString hint() const;  // empty while the text is valid
    void focusEntry();

protected:
    void changeEvent(QEvent* event) override;

private:
    void onEdited(const QString& text);
    void showState();
    void retranslate();

    InspectorState* m_state;
    QLineEdit* m_edit = nullptr;
    QLabel* m_exact = nullptr;
    QLabel* m_hint = nullptr;
    QLabel* m_label = nullptr;
};

}  // namespace floatscope::gui
