#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;

namespace floatscope::gui {

// A line edit with a red hint under it saying what is wrong with the text, while the panel keeps
// showing its last good result (as the inspector's value entry does).
class HintedField : public QWidget {
    Q_OBJECT

public:
    explicit HintedField(const QString& text = {}, QWidget* parent = nullptr);

    QLineEdit* edit() const { return m_edit; }
    QString text() const;
    void setText(const QString& text);
    // Shows the hint, or hides it when empty.
    void setHint(const QString& hint);
    QString hint() const;

signals:
    void edited();  // the user changed the text

private:
    QLineEdit* m_edit = nullptr;
    QLabel* m_hint = nullptr;
    QString m_shownHint;   // the hint last set, shown as the edit's tooltip too
    QString m_ownToolTip;  // the tooltip the panel gave the edit
};

}  // namespace floatscope::gui
