#pragma once

#include <vector>

#include <QScrollArea>

class QLabel;

namespace floatscope::gui {

class FormatRow;
class InspectorState;

// The rows of the inspector, one per chosen format, kept in step with the state.
class InspectorView : public QScrollArea {
    Q_OBJECT

public:
    explicit InspectorView(InspectorState* state, QWidget* parent = nullptr);

    int rowCount() const { return static_cast<int>(m_rows.size()); }
    FormatRow* row(int index) const { return m_rows[static_cast<std::size_t>(index)]; }
    int focusedRow() const;  // -1 when no row has focus
    void refresh();

signals:
    void copyRequested(int row, const QString& kind);

protected:
    void changeEvent(QEvent* event) override;

private:
    InspectorState* m_state;
    QWidget* m_content = nullptr;
    QLabel* m_notes = nullptr;  // where the lecture notes differ, under the rows
    std::vector<FormatRow*> m_rows;
};

}  // namespace floatscope::gui
