#pragma once

#include <vector>

#include <QByteArray>
#include <QMainWindow>

#include "app/window/ExportDialog.h"

class QComboBox;
class QDockWidget;
class QLabel;
class QPushButton;
class QTimer;

namespace floatscope::gui {

class HardwarePanel;
class HistoryDock;
class InspectorState;
class InspectorView;
class NeighbourhoodView;
class ValueEntry;

// The inspector, the window's first tab: the value field, the rounding, overflow and route boxes, the
// formats button and a row per format, with the neighbourhood, the hardware check and the history
// docked beside them. A main window of its own, so that its docks belong to it: they stay off the
// lesson tabs, and the window's tab bar spans the whole window. The window (MainWindow) keeps the
// menus, the sessions and the settings, and reads and writes the state this page shows.
class InspectorPage : public QMainWindow {
    Q_OBJECT

public:
    explicit InspectorPage(InspectorState* state, QWidget* parent = nullptr);

    ValueEntry* entry() const { return m_entry; }
    InspectorView* inspector() const { return m_inspector; }
    NeighbourhoodView* neighbourhood() const { return m_neighbourhood; }
    QDockWidget* neighbourhoodDock() const { return m_neighbourhoodDock; }
    HistoryDock* history() const { return m_history; }
    HardwarePanel* hardware() const { return m_hardware; }
    QDockWidget* hardwareDock() const { return m_hardwareDock; }

    // Its views that export as figures, each with the dock that shows it (null: the inspector).
    struct PageFigure {
        FigureSource figure;
        QWidget* page;
    };
    std::vector<PageFigure> figures();

    // From now on the boxes, the neighbourhood and the history follow the state; the window calls it
    // once it has read the settings, so that the values they restore are not history.
    void followState();
    // Edit > Copy row: the row with the keyboard focus (else the first) on the clipboard.
    void copyFocusedRow(const QString& kind);  // "text", "json" or "latex"
    // Edit > Formats… and the formats button: the formats dialog, over the window.
    void chooseFormats();
    // The status bar's hint while the page is on show.
    QString statusHint() const;
    // The docks a third of the window's width, less where the rows would then scroll sideways.
    void fitDocks(int width);
    // The docks' layout as the settings keep it (an older one is not restored).
    QByteArray saveLayout() const;
    void restoreLayout(const QByteArray& layout);
    void retranslate();  // the window calls it with its own

signals:
    void statusMessage(const QString& text, int timeout);  // for the window's status bar

private:
    QWidget* createCentral();
    void createDocks();
    void connectInputs();
    void onStateChanged();
    void syncControls();
    void copyRow(int row, const QString& kind);

    InspectorState* m_state;
    ValueEntry* m_entry = nullptr;
    InspectorView* m_inspector = nullptr;
    NeighbourhoodView* m_neighbourhood = nullptr;
    QDockWidget* m_neighbourhoodDock = nullptr;
    HistoryDock* m_history = nullptr;
    HardwarePanel* m_hardware = nullptr;
    QDockWidget* m_hardwareDock = nullptr;
    QComboBox* m_rounding = nullptr;
    QComboBox* m_overflow = nullptr;
    QComboBox* m_route = nullptr;
    QPushButton* m_formatsButton = nullptr;
    QLabel* m_roundingLabel = nullptr;
    QLabel* m_overflowLabel = nullptr;
    QLabel* m_routeLabel = nullptr;
    QTimer* m_historyTimer = nullptr;
};

}  // namespace floatscope::gui
