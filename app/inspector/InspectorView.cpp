#include "app/inspector/InspectorView.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include "app/inspector/FormatRow.h"
#include "app/inspector/InspectorState.h"
#include "app/text/LectureNotesText.h"

namespace floatscope::gui {

InspectorView::InspectorView(InspectorState* state, QWidget* parent) : QScrollArea(parent), m_state(state)
{
    m_content = new QWidget(this);
    auto* layout = new QVBoxLayout(m_content);
    layout->setSpacing(6);
    layout->addStretch();
    // Under the rows, where the lecture notes differ from what the rows show.
    m_notes = new QLabel(m_content);
    m_notes->setObjectName(QStringLiteral("lectureNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::RichText);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->setForegroundRole(QPalette::PlaceholderText);
    m_notes->setText(text::lectureNotesHtml("inspector"));
    layout->addWidget(m_notes);
    setWidget(m_content);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    connect(state, &InspectorState::changed, this, &InspectorView::refresh);
    refresh();
}

int InspectorView::focusedRow() const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i]->hasFocus())
            return static_cast<int>(i);
    return -1;
}

void InspectorView::refresh()
{
    auto* layout = static_cast<QVBoxLayout*>(m_content->layout());
    const auto& results = m_state->results();
    // Rows are reused; only a change in the number of formats adds or removes widgets.
    while (m_rows.size() > results.size()) {
        m_rows.back()->hide();
        m_rows.back()->deleteLater();  // it may be the row whose menu asked for this
        m_rows.pop_back();
    }
    while (m_rows.size() < results.size()) {
        const int index = static_cast<int>(m_rows.size());
        auto* row = new FormatRow(m_content);
        layout->insertWidget(index, row);
        connect(row, &FormatRow::stepRequested, this, [this, index](int d) { m_state->stepValue(index, d); });
        connect(row, &FormatRow::bitFlipRequested, this, [this, index](int bit) { m_state->flipBit(index, bit); });
        connect(row, &FormatRow::jumpRequested, this, [this, index](std::uint64_t code) {
            m_state->setValueFromCode(m_state->formats()[static_cast<std::size_t>(index)], code);
        });
        connect(row, &FormatRow::copyRequested, this, [this, index](const QString& kind) { emit copyRequested(index, kind); });
        connect(row, &FormatRow::removeRequested, this, [this, index] {
            auto formats = m_state->formats();
            if (formats.size() > 1) {
                formats.erase(formats.begin() + index);
                m_state->setFormats(formats);
            }
        });
        m_rows.push_back(row);
    }
    for (std::size_t i = 0; i < results.size(); ++i)
        m_rows[i]->display(m_state->formats()[i], results[i]);
}

void InspectorView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        m_notes->setText(text::lectureNotesHtml("inspector"));
    QScrollArea::changeEvent(event);
}

}  // namespace floatscope::gui
