#include "app/panels/HardwarePanel.h"

#include <algorithm>
#include <bit>
#include <variant>

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "gpu/compare/ValueComparison.h"
#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/inspect/Inspection.h"
#include "app/inspector/InspectorState.h"
#include "app/lessons/InspectorPresets.h"
#include "app/panels/BackgroundJob.h"
#include "core/text/Parse.h"
#include "app/text/HardwareText.h"
#include "app/text/OperatorsText.h"
#include "core/dot/TensorCorePresets.h"
#include "app/text/StdString.h"

namespace floatscope::gui {

namespace {

QString kindText(gpu::MismatchKind kind)
{
    switch (kind) {
    case gpu::MismatchKind::NanEncoding: return HardwarePanel::tr("NaN encoding (known)");
    case gpu::MismatchKind::SubnormalInputFlushed: return HardwarePanel::tr("subnormal input flushed (known)");
    case gpu::MismatchKind::UnsignedTakesMagnitude: return HardwarePanel::tr("|x| into e8m0 (known)");
    case gpu::MismatchKind::Unexplained: return HardwarePanel::tr("UNEXPLAINED");
    }
    return {};
}

// Why a backend gave no code for a value, for the cell's tooltip.
QString noCodeText(const gpu::Backend& backend, const gpu::BackendCode& code)
{
    switch (code.missing.value_or(gpu::NoCode::NotOffered)) {
    case gpu::NoCode::Unavailable:
        return backend.unavailable() ? text::message(*backend.unavailable()) : QString();
    case gpu::NoCode::NotOffered: return HardwarePanel::tr("%1 has no such conversion").arg(qs(backend.name()));
    case gpu::NoCode::Failed: return text::backendFailure(qs(backend.name()), code.failure);
    }
    return {};
}

// The value as the backends take it: rounded to fp32 (nearest-even).
std::uint32_t asFp32(const ExactValue& value)
{
    return static_cast<std::uint32_t>(roundExact(value, namedFormat("fp32")).code);
}

}  // namespace

QString HardwarePanel::red(const QString& text)
{
    return QStringLiteral("<span style='color:#c0392b'>%1</span>").arg(text.toHtmlEscaped());
}

HardwarePanel::HardwarePanel(InspectorState* state, QWidget* parent)
    : QWidget(parent), m_state(state), m_backends(gpu::makeBackends()), m_deviceReport(gpu::describeDevice()),
      m_job(new BackgroundJob(this))
{
    createDeviceWidgets();
    createVerifyWidgets();
    createDemoWidgets();
    for (QLabel* label : {m_tableTitle, m_verifyTitle, m_demoTitle})
        label->setWordWrap(true);

    QVBoxLayout* layout = arrangeDeviceAndVerify();
    createOperatorWidgets();
    arrangeOperators(layout);

    connect(state, &InspectorState::changed, this, &HardwarePanel::refreshAgreement);
    connect(m_verifyStart, &QPushButton::clicked, this, &HardwarePanel::startVerify);
    connect(m_verifyCancel, &QPushButton::clicked, this, &HardwarePanel::cancelVerify);
    // One job for the verify and the operators' checks; its progress goes to the bar of the one running.
    connect(m_job, &BackgroundJob::progressed, this, [this](int permille) {
        if (m_activeProgress != nullptr)
            m_activeProgress->setValue(permille);
    });
    connect(m_demoRun, &QPushButton::clicked, this, &HardwarePanel::runDemo);
    retranslate();
}

// The device, the reason there is none, and the table of the backends.
void HardwarePanel::createDeviceWidgets()
{
    m_device = new QLabel(this);
    m_device->setWordWrap(true);
    m_device->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The technical reason there is no GPU, small and grey: for whoever wants to fix it.
    m_deviceDetail = new QLabel(this);
    m_deviceDetail->setWordWrap(true);
    m_deviceDetail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_deviceDetail->setForegroundRole(QPalette::PlaceholderText);
    m_deviceDetail->setVisible(m_deviceReport.unavailable.has_value());
    m_tableTitle = new QLabel(this);
    m_table = new QTableWidget(this);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setAlternatingRowColors(true);
}

// The verify: a format, a backend and a range of codes, run in the background.
void HardwarePanel::createVerifyWidgets()
{
    m_verifyTitle = new QLabel(this);
    m_verifyFormat = new QComboBox(this);
    for (const Format& f : gpu::checkedFormats())
        m_verifyFormat->addItem(qs(f.name()));
    m_verifyBackend = new QComboBox(this);
    for (const auto& b : m_backends)
        if (b->available())
            m_verifyBackend->addItem(qs(b->name()));
    m_verifyRange = new QLineEdit(QStringLiteral("all"), this);
    m_verifyStart = new QPushButton(this);
    m_verifyCancel = new QPushButton(this);
    m_verifyCancel->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_verifyResult = new QLabel(this);
    m_verifyResult->setWordWrap(true);
    m_verifyResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

// The demo: one button, and what it found.
void HardwarePanel::createDemoWidgets()
{
    m_demoTitle = new QLabel(this);
    m_demoRun = new QPushButton(this);
    m_demoResult = new QLabel(this);
    m_demoResult->setWordWrap(true);
}

// The device, the table, the verify and the demo in one column; returns it for the operators' checks below.
QVBoxLayout* HardwarePanel::arrangeDeviceAndVerify()
{
    // Two short rows, not one long one: the dock is narrow on a small screen, and its words wrap
    // to its width only when nothing in it is wider.
    auto* verifyRow = new QVBoxLayout;
    auto* verifyWhat = new QHBoxLayout;
    verifyWhat->addWidget(m_verifyFormat, 1);
    verifyWhat->addWidget(m_verifyBackend, 2);
    auto* verifyRun = new QHBoxLayout;
    verifyRun->addWidget(m_verifyRange, 1);
    verifyRun->addWidget(m_verifyStart);
    verifyRun->addWidget(m_verifyCancel);
    verifyRow->addLayout(verifyWhat);
    verifyRow->addLayout(verifyRun);
    for (QComboBox* box : {m_verifyFormat, m_verifyBackend}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(6);
    }
    m_verifyRange->setMinimumWidth(60);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_device);
    layout->addWidget(m_deviceDetail);
    layout->addWidget(m_tableTitle);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_verifyTitle);
    layout->addLayout(verifyRow);
    layout->addWidget(m_progress);
    layout->addWidget(m_verifyResult);
    layout->addWidget(m_demoTitle);
    layout->addWidget(m_demoRun, 0, Qt::AlignLeft);
    layout->addWidget(m_demoResult);
    return layout;
}

void HardwarePanel::showDevice()
{
    const gpu::DeviceReport& d = m_deviceReport;
    QString text;
    if (!d.unavailable) {
        text = tr("<b>%1</b> — compute capability %2.%3, driver %4, runtime %5. fp8 conversion: %6; fp6/fp4: %7.")
                   .arg(qs(d.name).toHtmlEscaped())
                   .arg(d.computeMajor)
                   .arg(d.computeMinor)
                   .arg(qs(d.driverVersion), qs(d.runtimeVersion),
                        d.nativeFp8 ? tr("native instructions") : tr("emulated"),
                        d.nativeFp6Fp4 ? tr("native instructions") : tr("emulated"));
    } else {
        // Plainly: no GPU, and what still works; the CUDA error is a detail, not the headline.
        const bool references = std::any_of(m_backends.begin(), m_backends.end(),
                                            [](const auto& b) { return b->available(); });
        text = QStringLiteral("<b>%1</b> ").arg(text::unavailableSummary(*d.unavailable).toHtmlEscaped());
        text += references ? tr("What still works: the CPU references marked ● below check the current value, the "
                                "lesson presets and every fp32 input. Running on the device is switched off.")
                           : tr("No CPU reference is available either: only the engine's own results are shown.");
        m_deviceDetail->setText(tr("Technical detail: %1").arg(text::unavailableDetail(*d.unavailable)));
    }
    QStringList lines;
    for (const auto& b : m_backends) {
        QString line = text::backendDescription(*b);  // the device's says "none usable here" itself
        if (const auto u = b->unavailable(); u && b->info().kind != gpu::BackendKind::CudaDevice)
            line = tr("%1 (%2)").arg(line, text::unavailableDetail(*u));
        lines << QStringLiteral("%1 %2: %3")
                     .arg(b->available() ? QStringLiteral("●") : QStringLiteral("○"), qs(b->name()), line.toHtmlEscaped());
    }
    m_device->setText(text + QStringLiteral("<br>") + lines.join(QStringLiteral("<br>")));
    m_device->setToolTip(d.unavailable ? text::unavailableDetail(*d.unavailable) : QString());
    m_demoRun->setEnabled(!d.unavailable);
    m_demoRun->setToolTip(d.unavailable ? tr("Needs a usable GPU: %1").arg(text::unavailableDetail(*d.unavailable))
                                        : QString());
}

QString HardwarePanel::deviceText() const
{
    return m_device->text();
}

void HardwarePanel::refreshAgreement()
{
    // The current value, then the lesson presets; each through every backend.
    std::vector<std::pair<QString, std::uint32_t>> values{{m_state->text(), asFp32(m_state->value())}};
    for (const Preset& p : loadPresets()) {
        const ParseOutcome parsed = parseValue(p.value.toStdString());
        if (std::holds_alternative<ParsedValue>(parsed))
            values.emplace_back(p.value, asFp32(std::get<ParsedValue>(parsed).value));
    }
    const std::vector<Format> formats = gpu::checkedFormats();

    QStringList headers = {tr("value"), tr("as fp32"), tr("format"), tr("engine")};
    for (const auto& b : m_backends)
        headers << qs(b->name());
    m_table->clear();
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(0);
    const RoundingMode mode = m_state->mode() == RoundingMode::Stochastic ? RoundingMode::NearestEven : m_state->mode();
    for (const auto& [text, bits] : values) {
        for (const gpu::ValueComparison& c : gpu::compareValue(bits, formats, mode, m_state->overflow(), m_backends)) {
            const int row = m_table->rowCount();
            m_table->insertRow(row);
            // A value typed with 10^4 digits is cut short here: sizing the column to the whole text
            // at every key cost 15 ms a key at 2000 digits (the monkey test's stall).
            auto* valueItem = new QTableWidgetItem(text.size() > 40 ? text.left(39) + QStringLiteral("…") : text);
            valueItem->setToolTip(text.size() > 40 ? text.left(1000) : QString());
            m_table->setItem(row, 0, valueItem);
            m_table->setItem(row, 1, new QTableWidgetItem(QStringLiteral("0x%1").arg(bits, 8, 16, QLatin1Char('0'))));
            m_table->setItem(row, 2, new QTableWidgetItem(qs(c.format.name())));
            m_table->setItem(row, 3, new QTableWidgetItem(qs(hexCode(c.format, c.engine))));
            for (std::size_t i = 0; i < c.backends.size(); ++i) {
                const gpu::BackendCode& b = c.backends[i];
                auto* item = new QTableWidgetItem;
                if (!b.code) {
                    item->setText(QStringLiteral("—"));
                    item->setToolTip(noCodeText(*m_backends[i], b));
                } else if (!b.difference) {
                    item->setText(QStringLiteral("✓ ") + qs(hexCode(c.format, *b.code)));
                    item->setForeground(QColor(0x00, 0x9E, 0x73));
                } else {
                    item->setText(QStringLiteral("✗ %1 — %2").arg(qs(hexCode(c.format, *b.code)), kindText(*b.difference)));
                    item->setForeground(*b.difference == gpu::MismatchKind::Unexplained ? QColor(0xD5, 0x5E, 0x00)
                                                                                         : QColor(0x56, 0xB4, 0xE9));
                }
                m_table->setItem(row, static_cast<int>(4 + i), item);
            }
        }
    }
    m_table->resizeColumnsToContents();
    m_tableTitle->setText(tableTitle());
}

QString HardwarePanel::tableTitle() const
{
    QString title = tr("<b>The current value and the lesson presets</b>, rounded to fp32 first (the "
                       "references take fp32), through every backend: ✓ same bits as the engine, ✗ other "
                       "bits and why.");
    if (m_state->mode() == RoundingMode::Stochastic)
        title = thenSentence(title, tr("No reference rounds stochastically: this table and the verify below use "
                                       "nearest-even."));
    return title;
}

void HardwarePanel::startVerify()
{
    if (m_job->running() || m_verifyBackend->count() == 0)
        return;
    const QString formatName = m_verifyFormat->currentText();
    const QString backendName = m_verifyBackend->currentText();
    const auto parsedRange = gpu::parseSweepRange(m_verifyRange->text().toStdString());
    if (!parsedRange) {
        setVerifyText([] {
            return red(tr("Inputs: 'all', or fp32 bit patterns START-END such as 0x3f800000-0x3fffffff"));
        });
        return;
    }
    const gpu::SweepRange range = *parsedRange;
    std::shared_ptr<gpu::Backend> backend = gpu::makeBackend(backendName.toStdString());
    const Format format = namedFormat(formatName.toStdString());
    const RoundingMode mode = m_state->mode() == RoundingMode::Stochastic ? RoundingMode::NearestEven : m_state->mode();
    const OverflowPolicy overflow = m_state->overflow().value_or(format.defaultOverflow());
    if (const auto refusal = gpu::sweepRefusal(*backend, format, mode, overflow)) {
        setVerifyText([refusal = *refusal] { return red(text::message(refusal)); });
        return;
    }
    m_progress->setValue(0);
    m_activeProgress = m_progress;
    setRunning(true);
    setVerifyText([formatName, backendName] { return tr("Comparing %1 with %2…").arg(formatName, backendName); });
    m_job->start([this, backend, format, mode, overflow, range, formatName, backendName](const BackgroundJob::Control& job) {
        gpu::SweepOptions options;
        options.cancel = job.cancelFlag();
        options.progress = job.progressFunction();
        const gpu::SweepReport report = gpu::sweep(*backend, format, mode, overflow, range, options);
        return [this, report, formatName, backendName] { onVerifyDone(report, formatName, backendName); };
    });
}

void HardwarePanel::cancelVerify()
{
    m_job->cancel();
}

bool HardwarePanel::verifying() const
{
    return m_job->running();
}

void HardwarePanel::onVerifyDone(const gpu::SweepReport& r, const QString& format, const QString& backend)
{
    setRunning(false);
    setVerifyText([r, format, backend] {
        if (!r.failure.empty())
            return red(text::backendFailure(backend, r.failure));
        QString text = tr("%1 vs %2: %3 inputs in %4 s%5. Agree: %6. NaN encoding: %7. Subnormal input flushed: %8. "
                          "|x| into e8m0: %9. <b>Unexplained: %10</b>.")
                           .arg(format, backend)
                           .arg(r.inputs)
                           .arg(r.seconds, 0, 'f', 2)
                           .arg(r.cancelled ? tr(" (cancelled)") : QString())
                           .arg(r.matches)
                           .arg(r.count(gpu::MismatchKind::NanEncoding))
                           .arg(r.count(gpu::MismatchKind::SubnormalInputFlushed))
                           .arg(r.count(gpu::MismatchKind::UnsignedTakesMagnitude))
                           .arg(r.unexplained());
        const Format f = namedFormat(format.toStdString());
        for (const gpu::Mismatch& m : r.examples)
            text += tr("<br>fp32 0x%1: engine %2, %3 %4 — %5")
                        .arg(m.input, 8, 16, QLatin1Char('0'))
                        .arg(qs(hexCode(f, m.engine)), backend, qs(hexCode(f, m.reference)), kindText(m.kind));
        return text;
    });
    if (!r.cancelled && r.failure.empty())
        m_progress->setValue(1000);
    emit verifyFinished();
}

QString HardwarePanel::verifySummary() const
{
    return m_verifyResult->text();
}

void HardwarePanel::setVerifyText(std::function<QString()> text)
{
    m_verifyText = std::move(text);
    m_verifyResult->setText(m_verifyText());
}

void HardwarePanel::runDemo()
{
    m_demo = gpu::accumulateOnDevice();
    showDemo();
}

void HardwarePanel::showDemo()
{
    if (!m_demo) {
        m_demoResult->setText(m_deviceReport.unavailable ? tr("Switched off: this machine has no usable GPU.") : QString());
        return;
    }
    QStringList lines;
    for (const gpu::AccumulationOnDeviceRow& row : m_demo->rows) {
        const Format f = namedFormat(row.format);
        const QString engine = QStringLiteral("%1 = %2").arg(qs(hexCode(f, row.engine)),
                                                             qs(codeValueText(f, row.engine)));
        if (!m_demo->ran())
            lines << tr("%1: engine %2; device: —").arg(qs(row.format), engine);
        else
            lines << tr("%1: engine %2; device %3 %4")
                         .arg(qs(row.format), engine, qs(hexCode(f, row.device)),
                              row.device == row.engine ? QStringLiteral("✓") : QStringLiteral("✗"));
    }
    if (m_demo->unavailable)
        lines << tr("The device did not run: %1").arg(text::message(*m_demo->unavailable).toHtmlEscaped());
    else if (!m_demo->failure.empty())
        lines << tr("The device did not run: %1").arg(qs(m_demo->failure).toHtmlEscaped());
    m_demoResult->setText(lines.join(QStringLiteral("<br>")));
}

void HardwarePanel::retranslate()
{
    showDevice();
    m_verifyTitle->setText(tr("<b>Exhaustive verify</b>: every fp32 input (or a range) through the engine and a "
                              "backend, on worker threads (rounding and overflow as set above)."));
    m_verifyRange->setToolTip(tr("'all' (2^32 inputs) or fp32 bit patterns START-END, e.g. 0x3f800000-0x3fffffff"));
    m_verifyStart->setText(tr("&Verify"));
    m_verifyCancel->setText(tr("Cancel"));
    m_demoTitle->setText(tr("<b>Device arithmetic</b>: 1 + 10^-3 added 1000 times with the device's own fp16, "
                            "bf16 and fp32 adds, beside the engine's simulation."));
    m_demoRun->setText(tr("&Run on the device"));
    showDemo();
    m_opsTitle->setText(tr("<b>Operators</b>: inner products on this machine's hardware against their models "
                           "(the operators lessons' accumulators)."));
    m_laneTitle->setText(tr("<b>VDPBF16PS</b> (AVX512-BF16) against its model, lane by lane: random bit patterns and "
                            "values built to cancel, underflow into denormals, overflow and tie."));
    for (int i = 0; i < m_laneCount->count(); ++i)
        m_laneCount->setItemText(i, tr("%1 lanes").arg(QLocale(QLocale::English).toString(m_laneCount->itemData(i).toLongLong())));
    m_laneStart->setText(tr("Check &VDPBF16PS"));
    m_tcTitle->setText(tr("<b>Tensor cores</b>: the GPU's matrix products (cuBLASLt) against its preset, bit for bit; on a "
                          "GPU no preset models, the probing method's findings."));
    m_tcStart->setText(tr("Check the &tensor cores"));
    m_probeTitle->setText(tr("<b>The probing method on a model</b>: the experiments a GPU without a preset is given, run "
                             "on a preset's model here, to see what they find."));
    m_probeStart->setText(tr("Pro&be the model"));
    m_opsCancel->setText(tr("Cancel"));
    for (int i = 0; i < m_probePreset->count(); ++i)
        if (const dot::TensorCorePreset* p = dot::findTensorCorePreset(m_probePreset->itemData(i).toString().toStdString()))
            m_probePreset->setItemData(i, text::presetSourceText(p->source), Qt::ToolTipRole);
    showOperators();
    if (m_verifyText)
        m_verifyResult->setText(m_verifyText());
    refreshAgreement();
}

void HardwarePanel::setRunning(bool running)
{
    // One piece of work at a time: the verify and the operators' checks share the job.
    m_verifyStart->setEnabled(!running);
    m_verifyCancel->setEnabled(running && m_activeProgress == m_progress);
    m_laneStart->setEnabled(!running && m_cpuDot->status().available());
    m_tcStart->setEnabled(!running && m_gpuDot->status().available());
    m_opsCancel->setEnabled(running && m_activeProgress == m_opsProgress);
}

void HardwarePanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace floatscope::gui
