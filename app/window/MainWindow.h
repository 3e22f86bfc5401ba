#pragma once

#include <QMainWindow>

class QTableWidget;

namespace floatscope::gui {

// The main window. For now it lists the formats the engine knows and their ranges.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);

private:
    void createActions();
    void fillFormats();

    QTableWidget* m_formats = nullptr;
};

}  // namespace floatscope::gui
