// The hardware panel's operators' checks (HardwarePanel.h): VDPBF16PS against its model on this
// CPU, the GPU's tensor cores against their presets, and the probing method run on a preset's model;
// their widgets, their runs on the panel's job, and their results in words.
#include "app/panels/HardwarePanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/panels/BackgroundJob.h"
#include "app/text/HardwareText.h"
#include "app/text/OperatorsText.h"
#include "app/text/StdString.h"
#include "core/dot/TensorCorePresets.h"
#include "core/format/Registry.h"

namespace floatscope::gui {

// The operators' checks below the demo: lanes, tensor cores, probes, and their shared progress.
void HardwarePanel::arrangeOperators(QVBoxLayout* layout)
{
    auto* laneRow = new QHBoxLayout;
    laneRow->addWidget(m_laneCount);
    laneRow->addWidget(m_laneStart);
    laneRow->addStretch();
    auto* probeRow = new QHBoxLayout;
    probeRow->addWidget(m_probePreset);
    probeRow->addWidget(m_probeStart);
    probeRow->addStretch();
    auto* opsProgressRow = new QHBoxLayout;
    opsProgressRow->addWidget(m_opsProgress, 1);
    opsProgressRow->addWidget(m_opsCancel);
    layout->addWidget(m_opsTitle);
    layout->addWidget(m_laneTitle);
    layout->addLayout(laneRow);
    layout->addWidget(m_laneResult);
    layout->addWidget(m_tcTitle);
    layout->addWidget(m_tcStart, 0, Qt::AlignLeft);
    layout->addWidget(m_tcResult);
    layout->addWidget(m_probeTitle);
    layout->addLayout(probeRow);
    layout->addWidget(m_probeResult);
    layout->addLayout(opsProgressRow);
}

void HardwarePanel::createOperatorWidgets()
{
    m_cpuDot = gpu::makeDotBackend("x86-avx512bf16");
    m_gpuDot = gpu::makeDotBackend("cuda");
    m_opsTitle = new QLabel(this);
    m_laneTitle = new QLabel(this);
    m_laneCount = new QComboBox(this);
    for (const qlonglong n : {100'000LL, 1'000'000LL, 10'000'000LL})
        m_laneCount->addItem(QString(), n);
    m_laneCount->setCurrentIndex(1);
    m_laneStart = new QPushButton(this);
    m_laneResult = new QLabel(this);
    m_tcTitle = new QLabel(this);
    m_tcStart = new QPushButton(this);
    m_tcResult = new QLabel(this);
    m_probeTitle = new QLabel(this);
    m_probePreset = new QComboBox(this);
    for (const dot::TensorCorePreset& p : dot::tensorCorePresets())
        m_probePreset->addItem(QString::fromLatin1(p.id), QString::fromLatin1(p.id));
    m_probePreset->setCurrentIndex(m_probePreset->findData(QStringLiteral("h100-bf16")));
    m_probeStart = new QPushButton(this);
    m_probeResult = new QLabel(this);
    m_opsProgress = new QProgressBar(this);
    m_opsProgress->setRange(0, 1000);
    m_opsCancel = new QPushButton(this);
    m_opsCancel->setEnabled(false);
    for (QLabel* label : {m_opsTitle, m_laneTitle, m_laneResult, m_tcTitle, m_tcResult, m_probeTitle, m_probeResult}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    connect(m_laneStart, &QPushButton::clicked, this, &HardwarePanel::startLaneCheck);
    connect(m_tcStart, &QPushButton::clicked, this, &HardwarePanel::startTensorCoreCheck);
    connect(m_probeStart, &QPushButton::clicked, this, &HardwarePanel::probeModel);
    connect(m_opsCancel, &QPushButton::clicked, this, &HardwarePanel::cancelOperators);
}

void HardwarePanel::startLaneCheck()
{
    if (m_job->running() || !m_cpuDot->status().available())
        return;
    const auto cases = static_cast<std::uint64_t>(m_laneCount->currentData().toLongLong());
    m_opsProgress->setValue(0);
    m_activeProgress = m_opsProgress;
    setRunning(true);
    m_laneResult->setText(tr("Comparing %1 lanes…").arg(QLocale(QLocale::English).toString(static_cast<qulonglong>(cases))));
    m_job->start([this, cases](const BackgroundJob::Control& job) {
        gpu::DotComparison r = gpu::checkVdpbf16psLanes(cases, 1, dot::RunControl{job.cancelFlag(), job.progressFunction()});
        return [this, r] {
            m_lanes = r;
            setRunning(false);
            showOperators();
            emit operatorsFinished();
        };
    });
}

void HardwarePanel::startTensorCoreCheck()
{
    if (m_job->running() || !m_gpuDot->status().available())
        return;
    m_opsProgress->setValue(0);
    m_activeProgress = m_opsProgress;
    setRunning(true);
    m_tcResult->setText(tr("Running the tensor cores…"));
    m_job->start([this](const BackgroundJob::Control& job) {
        gpu::TensorCoreReport r = gpu::checkTensorCores(*m_gpuDot, 317, 5, dot::RunControl{job.cancelFlag(), job.progressFunction()});
        return [this, r] {
            m_tensorCores = r;
            setRunning(false);
            showOperators();
            emit operatorsFinished();
        };
    });
}

void HardwarePanel::probeModel()
{
    // A model answers at once (a few hundred short inner products): no job needed.
    const std::string id = m_probePreset->currentData().toString().toStdString();
    const dot::TensorCorePreset* preset = dot::findTensorCorePreset(id);
    if (preset == nullptr)
        return;
    const std::string inputs = preset->inputFormats;
    const Format& input = namedFormat(inputs.substr(0, inputs.find(',')));
    const dot::Accumulator model{preset->adder(), std::nullopt, preset->id};
    m_probe.emplace(id, dot::probeAccumulator(input, dot::modelOracle(input, model)));
    showOperators();
}

void HardwarePanel::cancelOperators()
{
    if (m_activeProgress == m_opsProgress)
        m_job->cancel();
}

void HardwarePanel::showOperators()
{
    // VDPBF16PS: this CPU's, or plainly why not.
    if (!m_cpuDot->status().available())
        m_laneResult->setText(tr("Switched off: this CPU has no AVX512-BF16 instructions. The VDPBF16PS model still runs in "
                                 "the operators lessons (avx512bf16)."));
    else if (m_lanes)
        m_laneResult->setText(text::dotComparisonText(tr("VDPBF16PS against its model"), *m_lanes));
    else
        m_laneResult->setText(tr("Not run yet."));

    // The tensor cores: the device's, or plainly that there is none and what still works.
    if (!m_gpuDot->status().available()) {
        m_tcResult->setText(tr("<b>Switched off: this machine has no usable GPU.</b> What still works: the VDPBF16PS check "
                               "above, every tensor-core preset as a model in the operators lessons, and the probing "
                               "method run on a model below.")
                            + QStringLiteral("<br><span style='color:gray'>%1</span>")
                                  .arg(tr("Why: %1").arg(text::backendStatusText(m_gpuDot->status())).toHtmlEscaped()));
    } else if (m_tensorCores) {
        const gpu::TensorCoreReport& r = *m_tensorCores;
        QStringList lines;
        if (!r.checks.empty())
            lines << tr("%1, against its presets:").arg(qs(r.device).toHtmlEscaped());
        for (const gpu::TensorCoreCheck& c : r.checks)
            lines << text::dotComparisonText(tr("%1, K = %2").arg(qs(c.preset)).arg(c.k), c.comparison);
        for (const gpu::TensorCoreProbe& p : r.probes) {
            if (!p.report) {
                lines << tr("%1 with %2 inputs: the device failed while probing.").arg(qs(r.device).toHtmlEscaped(), qs(p.inputs));
                continue;
            }
            lines << tr("No preset models %1; the probing method finds, for %2 inputs:").arg(qs(r.device).toHtmlEscaped(), qs(p.inputs));
            for (const QString& f : text::probeFindings(*p.report))
                lines << QStringLiteral("&nbsp;&nbsp;") + f.toHtmlEscaped();
        }
        if (!r.status.available())
            lines << red(text::backendStatusText(r.status));
        if (r.cancelled)
            lines << tr("Cancelled.");
        m_tcResult->setText(lines.join(QStringLiteral("<br>")));
    } else {
        const QString device = qs(m_gpuDot->deviceName());
        m_tcResult->setText(tr("%1: not run yet.").arg(device.toHtmlEscaped()));
    }

    // The probe on a model.
    if (!m_probe) {
        m_probeResult->setText(QString());
    } else if (!m_probe->second) {
        m_probeResult->setText(red(tr("The probe found nothing for %1.").arg(qs(m_probe->first))));
    } else {
        QStringList lines = {tr("On the %1 model (parameters from %2), the probe finds:")
                                 .arg(qs(m_probe->first).toHtmlEscaped(),
                                      text::presetSourceText(dot::findTensorCorePreset(m_probe->first)->source).toHtmlEscaped())};
        for (const QString& f : text::probeFindings(*m_probe->second))
            lines << QStringLiteral("&nbsp;&nbsp;") + f.toHtmlEscaped();
        m_probeResult->setText(lines.join(QStringLiteral("<br>")));
    }
    setRunning(m_job->running());
}

QString HardwarePanel::laneSummary() const
{
    return m_laneResult->text();
}

QString HardwarePanel::tensorCoreSummary() const
{
    return m_tcResult->text();
}

QString HardwarePanel::probeSummary() const
{
    return m_probeResult->text();
}

}  // namespace floatscope::gui
