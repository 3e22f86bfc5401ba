#include "app/panels/HintedField.h"

#include "app/panels/PanelKit.h"

#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace floatscope::gui {

HintedField::HintedField(const QString& text, QWidget* parent) : QWidget(parent)
{
    m_edit = new QLineEdit(text, this);
    m_hint = makeErrorHint(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_edit);
    layout->addWidget(m_hint);
    setFocusProxy(m_edit);
    connect(m_edit, &QLineEdit::textEdited, this, &HintedField::edited);
}

QString HintedField::text() const
{
    return m_edit->text();
}

void HintedField::setText(const QString& text)
{
    m_edit->setText(text);
}

void HintedField::setHint(const QString& hint)
{
    // The field's own tooltip (what the panel says it takes) gives way to the hint, and comes back
    // when the hint goes.
    if (m_edit->toolTip() != m_shownHint)
        m_ownToolTip = m_edit->toolTip();
    m_shownHint = hint;
    m_hint->setText(hint);
    m_hint->setVisible(!hint.isEmpty());
    m_edit->setToolTip(hint.isEmpty() ? m_ownToolTip : hint);
}

QString HintedField::hint() const
{
    return m_hint->isHidden() ? QString() : m_hint->text();
}

}  // namespace floatscope::gui
