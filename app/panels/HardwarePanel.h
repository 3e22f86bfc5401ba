#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <QWidget>

#include "gpu/Backend.h"
#include "gpu/Device.h"
#include "gpu/lessons/AccumulationOnDevice.h"
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

// The hardware cross-check: the device (or, plainly, that there is none and what still works), the
// current value and the lesson presets through every backend beside the engine, an exhaustive verify
// with progress and cancel, and the accumulation demo on the device's own adds (switched off without
// a GPU). Every result is kept as data and worded again when the language changes.
class HardwarePanel : public QWidget {
    Q_OBJECT

public:
    explicit HardwarePanel(InspectorState* state, QWidget* parent = nullptr);

    QTableWidget* agreementTable() const { return m_table; }
    QPushButton* deviceDemoButton() const { return m_demoRun; }
    QString deviceText() const;
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
    void showDemo();
    void onVerifyDone(const gpu::SweepReport& report, const QString& format, const QString& backend);
    void setVerifyText(std::function<QString()> text);

    InspectorState* m_state;
    std::vector<std::unique_ptr<gpu::Backend>> m_backends;
    gpu::DeviceReport m_deviceReport;
    QLabel* m_device = nullptr;
    QLabel* m_deviceDetail = nullptr;
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
    std::function<QString()> m_verifyText;          // the last verify's outcome, worded on demand
    std::optional<gpu::AccumulationOnDevice> m_demo;  // the last demo run
    BackgroundJob* m_job;
};

}  // namespace floatscope::gui
