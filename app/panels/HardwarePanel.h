#pragma once

#include <memory>
#include <vector>

#include <QWidget>

#include "gpu/Backend.h"
#include "gpu/sweep/Sweep.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace floatscope::gui {

class BackgroundJob;
class InspectorState;

// The hardware cross-check: the device (or why there is none), the current value and the lesson
// presets through every backend beside the engine, an exhaustive verify with progress and cancel,
// and the accumulation demo on the device's own adds.
class HardwarePanel : public QWidget {
    Q_OBJECT

public:
    explicit HardwarePanel(InspectorState* state, QWidget* parent = nullptr);

    QTableWidget* agreementTable() const { return m_table; }
    bool verifying() const;
    void startVerify();
    void cancelVerify();
    QString verifySummary() const;

signals:
    void verifyFinished();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refreshAgreement();
    QString tableTitle() const;
    void showDevice();
    void runDemo();
    void onVerifyDone(const gpu::SweepReport& report, const QString& format, const QString& backend);

    InspectorState* m_state;
    std::vector<std::unique_ptr<gpu::Backend>> m_backends;
    QLabel* m_device = nullptr;
    QLabel* m_tableTitle = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_verifyTitle = nullptr;
    QComboBox* m_verifyFormat = nullptr;
    QComboBox* m_verifyBackend = nullptr;
    QLineEdit* m_verifyRange = nullptr;
    QPushButton* m_verifyStart = nullptr;
    QPushButton* m_verifyCancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_verifyResult = nullptr;
    QLabel* m_demoTitle = nullptr;
    QPushButton* m_demoRun = nullptr;
    QLabel* m_demoResult = nullptr;
    BackgroundJob* m_job;
};

}  // namespace floatscope::gui
