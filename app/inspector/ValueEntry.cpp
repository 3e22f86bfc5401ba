#include "app/inspector/ValueEntry.h"

#include <variant>

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>

#include "app/inspector/InspectorState.h"
#include "core/text/Parse.h"
#include "app/text/ParseErrorText.h"

namespace floatscope::gui {

ValueEntry::ValueEntry(InspectorState* state, QWidget* parent) : QWidget(parent), m_state(state)
{
    m_label = new QLabel(this);
    m_edit = new QLineEdit(this);
    m_edit->setClearButtonEnabled(true);
    QFont big = m_edit->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    m_edit->setFont(big);
    m_label->setBuddy(m_edit);
    m_exact = new QLabel(this);
    m_exact->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hint = new QLabel(this);
    m_hint->setStyleSheet(QStringLiteral("QLabel { color: #c0392b; font-weight: bold; }"));
    m_hint->hide();

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label, 0, 0);
    layout->addWidget(m_edit, 0, 1);
    layout->addWidget(m_hint, 1, 1);
    layout->addWidget(m_exact, 2, 1);
    layout->setColumnStretch(1, 1);

    // Typing recomputes every view, which for a value of thousands of digits costs more than the
    // time between keys typed fast (or pasted one at a time): the keys already queued go into the
    // field first, then what it says is applied once (the monkey test froze the window for 10 s).
    m_apply = new QTimer(this);
    m_apply->setSingleShot(true);
    m_apply->setInterval(0);
    connect(m_apply, &QTimer::timeout, this, &ValueEntry::applyTyped);
    connect(m_edit, &QLineEdit::textEdited, this, &ValueEntry::onEdited);
    // Enter, or leaving the field, accepts what it says (when that parses): the value History keeps.
    connect(m_edit, &QLineEdit::editingFinished, this, [this] {
        if (m_apply->isActive()) {
            m_apply->stop();
            applyTyped();
        }
        if (!m_editing || !hint().isEmpty())
            return;
        m_editing = false;
        emit accepted(m_state->text());
    });
    connect(state, &InspectorState::changed, this, &ValueEntry::showState);
    retranslate();
    showState();
}

QString ValueEntry::hint() const
{
    return m_hint->isHidden() ? QString() : m_hint->text();
}

QString ValueEntry::exactText() const { return m_exact->text(); }

void ValueEntry::focusEntry()
{
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
}

void ValueEntry::onEdited()
{
    m_editing = true;
    m_apply->start();
}

void ValueEntry::applyTyped()
{
    const QString text = m_edit->text();
    const ParseOutcome parsed = parseValue(text.toStdString());
    if (const auto* error = std::get_if<ParseError>(&parsed)) {
        m_hint->setText(text::parseErrorHint(*error, text));
        m_hint->show();
        showExact();  // the inspector keeps the last good value, and says so
        return;
    }
    m_hint->hide();
    m_hint->clear();
    m_state->setValue(text, std::get<ParsedValue>(parsed).value, true);
    showExact();  // also when the text is the value already shown (no change to announce)
}

void ValueEntry::showState()
{
    // Typing changes the state to what the field says; any other change (a bit flip, a step, undo)
    // replaces what the field says, a half-typed bad value included.
    if (!m_apply->isActive() && m_edit->text().trimmed() != m_state->text()) {
        m_edit->setText(m_state->text());
        m_hint->hide();
        m_editing = false;
    }
    showExact();
}

void ValueEntry::showExact()
{
    // Under a value that does not parse, "exactly ..." would describe another value: name the one
    // the rows still show instead.
    if (!m_hint->isHidden()) {
        m_exact->setText(tr("the rows show %1, the last value that parsed").arg(m_state->text()));
        m_exact->setEnabled(false);
        return;
    }
    m_exact->setEnabled(true);
    const std::string exact = m_state->value().rationalText();
    m_exact->setText(tr("exactly %1").arg(QString::fromStdString(exact.size() > 120 ? exact.substr(0, 117) + "…" : exact)));
}

void ValueEntry::retranslate()
{
    m_label->setText(tr("&Value:"));
    m_edit->setPlaceholderText(tr("0.1, 257, 1e-8, 0x1.8p3, inf, bf16:0x3DCD"));
    m_edit->setToolTip(tr("Decimal, scientific, hex float (0x1.8p3), inf or nan, or a format's bits (bf16:0x3DCD, "
                          "e4m3fn:0b0111_1110)"));
    showExact();
}

void ValueEntry::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace floatscope::gui
