#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <QWidget>

#include "gpu/Backend.h"
#include "gpu/Device.h"
#include "gpu/dot/DotBackend.h"
#include "gpu/lessons/AccumulationOnDevice.h"
#include "gpu/dot/DotCheck.h"
#include "gpu/sweep/Sweep.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QVBoxLayout;

namespace floatscope::gui {

class BackgroundJob;
class InspectorState;

// The hardware cross-check: the device (or, plainly, that there is none and what still works), the
// current value and the lesson presets through every backend beside the engine, an exhaustive verify
// with progress and cancel, the accumulation demo on the device's own adds (switched off without a
// GPU), and the operators: the VDPBF16PS model against this CPU's instruction, the GPU's tensor
// cores against their preset (or, for a GPU no preset models, what the probing method finds), and
// the probe run on a preset's model. Every result is kept as data and worded again when the
// language changes; the long ones run on the panel's background job.
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
    // The operators' cross-check.
    QPushButton* laneCheckButton() const { return m_laneStart; }
    QPushButton* tensorCoreButton() const { return m_tcStart; }
    QPushButton* probeButton() const { return m_probeStart; }
    QComboBox* probePresetBox() const { return m_probePreset; }
    QComboBox* laneCountBox() const { return m_laneCount; }
    QString laneSummary() const;
    QString tensorCoreSummary() const;
    QString probeSummary() const;
    void startLaneCheck();
    void startTensorCoreCheck();
    void probeModel();
    void cancelOperators();

signals:
    void verifyFinished();
    void operatorsFinished();  // a VDPBF16PS or tensor-core check ended (done or cancelled)

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
    void createDeviceWidgets();
    void createVerifyWidgets();
    void createDemoWidgets();
    QVBoxLayout* arrangeDeviceAndVerify();
    void createOperatorWidgets();
    void arrangeOperators(QVBoxLayout* layout);
    void showOperators();
    void setRunning(bool running);
    // Text in the red of the panel's refusals and failures, as rich text.
    static QString red(const QString& text);

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
    QLabel* m_opsTitle = nullptr;
    QLabel* m_laneTitle = nullptr;
    QComboBox* m_laneCount = nullptr;
    QPushButton* m_laneStart = nullptr;
    QLabel* m_laneResult = nullptr;
    QLabel* m_tcTitle = nullptr;
    QPushButton* m_tcStart = nullptr;
    QLabel* m_tcResult = nullptr;
    QLabel* m_probeTitle = nullptr;
    QComboBox* m_probePreset = nullptr;
    QPushButton* m_probeStart = nullptr;
    QLabel* m_probeResult = nullptr;
    QProgressBar* m_opsProgress = nullptr;
    QPushButton* m_opsCancel = nullptr;
    QProgressBar* m_activeProgress = nullptr;  // the bar the running job reports to
    std::unique_ptr<gpu::DotBackend> m_cpuDot;
    std::unique_ptr<gpu::DotBackend> m_gpuDot;
    std::optional<gpu::DotComparison> m_lanes;        // the last VDPBF16PS check
    std::optional<gpu::TensorCoreReport> m_tensorCores;  // the last tensor-core check
    std::optional<std::pair<std::string, std::optional<dot::ProbeReport>>> m_probe;  // preset, findings
    std::function<QString()> m_verifyText;          // the last verify's outcome, worded on demand
    std::optional<gpu::AccumulationOnDevice> m_demo;  // the last demo run
    BackgroundJob* m_job;
};

}  // namespace floatscope::gui
