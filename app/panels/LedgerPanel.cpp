#include "app/panels/LedgerPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include "app/text/ScalingText.h"
#include "app/lessons/LedgerLesson.h"
#include "app/panels/DeclaredFields.h"
#include "app/panels/LedgerSchemesEditor.h"
#include "app/lessons/LessonRegistry.h"
#include "app/panels/PanelKit.h"
#include "app/panels/ScalingFigureView.h"
#include "app/text/LedgerText.h"
#include "app/text/StdString.h"

namespace floatscope::gui {

namespace {


const LessonOption& option(std::string_view name)
{
    return optionNamed(ledgerOptions(), name);
}

}  // namespace

LedgerPanel::LedgerPanel(QWidget* parent) : LessonPanel(parent)
{
    createWidgets();
    retranslate();
    onModelChosen(0);
}

void LedgerPanel::createWidgets()
{
    createModelBox();

    // 2. The schemes, and the selected one's components.
    m_schemes = new LedgerSchemesEditor(this);

    createActivationBox();
    arrangeColumn();

    // A narrow dock must not clip the controls: combo boxes shrink to a few characters.
    for (QComboBox* box : findChildren<QComboBox*>()) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(box == m_model ? 16 : 6);
    }

    connectInputs();
}

// 1. The model and the cluster.
void LedgerPanel::createModelBox()
{
    m_modelBox = new QGroupBox(this);
    m_modelLabel = new QLabel(m_modelBox);
    m_model = new QComboBox(m_modelBox);
    m_model->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_model->setMinimumContentsLength(18);
    for (std::size_t i = 0; i <= modelPresets().size(); ++i)
        m_model->addItem(QString());
    m_paramsLabel = new QLabel(m_modelBox);
    m_params = new QLineEdit(m_modelBox);
    m_paramsHint = new QLabel(m_modelBox);
    m_paramsHint->setWordWrap(true);
    m_gpusLabel = new QLabel(m_modelBox);
    m_gpus = declaredSpinBox(option("gpus"), m_modelBox);
    m_zeroLabel = new QLabel(m_modelBox);
    m_zero = declaredComboBox(option("zero"), m_modelBox);
    m_tpLabel = new QLabel(m_modelBox);
    m_tp = declaredSpinBox(option("tp"), m_modelBox);
    m_unitLabel = new QLabel(m_modelBox);
    m_unit = declaredComboBox(option("units"), m_modelBox);
    auto* modelGrid = new QGridLayout(m_modelBox);
    modelGrid->addWidget(m_modelLabel, 0, 0);
    modelGrid->addWidget(m_model, 0, 1, 1, 3);
    modelGrid->addWidget(m_paramsLabel, 1, 0);
    modelGrid->addWidget(m_params, 1, 1, 1, 3);
    modelGrid->addWidget(m_paramsHint, 2, 0, 1, 4);
    modelGrid->addWidget(m_gpusLabel, 3, 0);
    modelGrid->addWidget(m_gpus, 3, 1);
    modelGrid->addWidget(m_zeroLabel, 3, 2);
    modelGrid->addWidget(m_zero, 3, 3);
    modelGrid->addWidget(m_tpLabel, 4, 0);
    modelGrid->addWidget(m_tp, 4, 1);
    modelGrid->addWidget(m_unitLabel, 4, 2);
    modelGrid->addWidget(m_unit, 4, 3);
    modelGrid->setColumnStretch(1, 1);
    modelGrid->setColumnStretch(3, 1);
}

// 3. Activations and the GPU.
void LedgerPanel::createActivationBox()
{
    m_activationBox = new QGroupBox(this);
    m_countActivations = new QCheckBox(m_activationBox);
    m_countActivations->setChecked(true);
    // The sequence and the shape have no fallback on the command line (absent: no activations, the
    // model's shape); here they start at 4,096 tokens and the model's shape (onModelChosen).
    m_seqLabel = new QLabel(m_activationBox);
    m_seq = declaredSpinBox(option("seq"), m_activationBox);
    m_seq->setValue(4096);
    m_microBatchLabel = new QLabel(m_activationBox);
    m_microBatch = declaredSpinBox(option("micro-batch"), m_activationBox);
    m_hiddenLabel = new QLabel(m_activationBox);
    m_hidden = declaredSpinBox(option("hidden"), m_activationBox);
    m_headsLabel = new QLabel(m_activationBox);
    m_heads = declaredSpinBox(option("heads"), m_activationBox);
    m_layersLabel = new QLabel(m_activationBox);
    m_layers = declaredSpinBox(option("layers"), m_activationBox);
    m_recomputeLabel = new QLabel(m_activationBox);
    m_recompute = declaredComboBox(option("recompute"), m_activationBox);
    m_sequenceParallel = new QCheckBox(m_activationBox);
    m_gpuMemoryLabel = new QLabel(m_activationBox);
    m_gpuMemory = new QLineEdit(QStringLiteral("80 GiB"), m_activationBox);
    m_activationHint = new QLabel(m_activationBox);
    m_activationHint->setWordWrap(true);
    m_activationResult = new QLabel(m_activationBox);
    m_activationResult->setWordWrap(true);
    m_activationResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fit = new QLabel(m_activationBox);
    m_fit->setWordWrap(true);
    m_fit->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* actGrid = new QGridLayout(m_activationBox);
    actGrid->addWidget(m_countActivations, 0, 0, 1, 4);
    actGrid->addWidget(m_seqLabel, 1, 0);
    actGrid->addWidget(m_seq, 1, 1);
    actGrid->addWidget(m_microBatchLabel, 1, 2);
    actGrid->addWidget(m_microBatch, 1, 3);
    actGrid->addWidget(m_hiddenLabel, 2, 0);
    actGrid->addWidget(m_hidden, 2, 1);
    actGrid->addWidget(m_headsLabel, 2, 2);
    actGrid->addWidget(m_heads, 2, 3);
    actGrid->addWidget(m_layersLabel, 3, 0);
    actGrid->addWidget(m_layers, 3, 1);
    actGrid->addWidget(m_sequenceParallel, 3, 2, 1, 2);
    actGrid->addWidget(m_recomputeLabel, 4, 0);
    actGrid->addWidget(m_recompute, 4, 1, 1, 3);
    actGrid->addWidget(m_gpuMemoryLabel, 5, 0);
    actGrid->addWidget(m_gpuMemory, 5, 1, 1, 3);
    actGrid->addWidget(m_activationHint, 6, 0, 1, 4);
    actGrid->addWidget(m_activationResult, 7, 0, 1, 4);
    actGrid->addWidget(m_fit, 8, 0, 1, 4);
    actGrid->setColumnStretch(1, 1);
    actGrid->setColumnStretch(3, 1);
}

// 4. One scrolling column that fits a narrow dock: the model, the chart, the tables, activations.
void LedgerPanel::arrangeColumn()
{
    m_view = new ScalingFigureView(this);
    m_view->setObjectName(QStringLiteral("lessonResults"));  // the chart: on the screen when the tab opens
    m_view->setMinimumHeight(380);
    auto* content = new QWidget(this);
    auto* column = new QVBoxLayout(content);
    column->addWidget(m_modelBox);
    column->addWidget(m_view);
    column->addWidget(m_schemes);
    column->addWidget(m_activationBox);
    addLectureNotes(column);
    auto* scroll = m_scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
}

void LedgerPanel::connectInputs()
{
    connect(m_model, &QComboBox::activated, this, &LedgerPanel::onModelChosen);
    connect(m_params, &QLineEdit::textEdited, this, [this] {
        // A typed count that names no preset leaves the preset box on "custom".
        const auto preset = modelFor(parseParameterCount(m_params->text().trimmed().toStdString()));
        int index = m_model->count() - 1;
        for (std::size_t i = 0; preset && i < modelPresets().size(); ++i)
            if (modelPresets()[i].id == preset->id)
                index = static_cast<int>(i);
        m_model->setCurrentIndex(index);
        recompute();
    });
    for (QSpinBox* s : {m_gpus, m_tp, m_seq, m_microBatch, m_hidden, m_heads, m_layers})
        connect(s, &QSpinBox::valueChanged, this, &LedgerPanel::recompute);
    for (QComboBox* c : {m_zero, m_unit, m_recompute})
        connect(c, &QComboBox::currentIndexChanged, this, &LedgerPanel::recompute);
    for (QCheckBox* c : {m_countActivations, m_sequenceParallel})
        connect(c, &QCheckBox::toggled, this, &LedgerPanel::recompute);
    connect(m_gpuMemory, &QLineEdit::textEdited, this, &LedgerPanel::recompute);
    connect(m_schemes, &LedgerSchemesEditor::schemesChanged, this, &LedgerPanel::recompute);
    connect(m_schemes, &LedgerSchemesEditor::selectionChanged, this, &LedgerPanel::showActivations);
    connect(m_schemes, &LedgerSchemesEditor::hintShown, this,
            [this](QWidget* hint) { QTimer::singleShot(0, hint, [this, hint] { m_scroll->ensureWidgetVisible(hint); }); });
}

void LedgerPanel::retranslate()
{
    m_modelBox->setTitle(tr("Model and cluster"));
    m_modelLabel->setText(tr("&Model:"));
    m_modelLabel->setBuddy(m_model);
    for (std::size_t i = 0; i < modelPresets().size(); ++i) {
        const ModelPreset& p = modelPresets()[i];
        m_model->setItemText(static_cast<int>(i), tr("%1 — %2 parameters").arg(text::modelName(p), ScalingText::count(p.parameters)));
        m_model->setItemData(static_cast<int>(i), text::modelSource(p), Qt::ToolTipRole);
    }
    m_model->setItemText(m_model->count() - 1, tr("your own count"));
    m_paramsLabel->setText(tr("&Parameters:"));
    m_paramsLabel->setBuddy(m_params);
    m_params->setToolTip(tr("27781427952, 27,781,427,952, 7e9, 6.7B, 70b, 1.5T, 350M, or a model's id (llama3-8b)"));
    m_gpusLabel->setText(tr("GPUs:"));
    m_gpus->setToolTip(tr("Data-parallel GPUs that ZeRO shards across"));
    m_zeroLabel->setText(tr("ZeRO:"));
    m_zero->setItemText(0, tr("0: nothing sharded"));
    m_zero->setItemText(1, tr("1: optimizer states and master weights"));
    m_zero->setItemText(2, tr("2: also gradients"));
    m_zero->setItemText(3, tr("3: also weights"));
    m_zero->setToolTip(tr("Rajbhandari et al. 2020, ZeRO §5: what each stage divides across the GPUs"));
    m_tpLabel->setText(tr("Tensor parallel:"));
    m_tp->setToolTip(tr("Splits every component and the activations t ways (Megatron-LM)"));
    m_unitLabel->setText(tr("Units:"));
    m_unit->setItemText(0, tr("GB (10^9 bytes)"));
    m_unit->setItemText(1, tr("GiB (2^30 bytes)"));

    m_activationBox->setTitle(tr("Activations (Korthikanti et al. 2022) and the GPU"));
    m_countActivations->setText(tr("Count activations per GPU (16-bit, the paper's standard transformer block)"));
    m_seqLabel->setText(tr("Sequence:"));
    m_microBatchLabel->setText(tr("Micro-batch:"));
    m_hiddenLabel->setText(tr("Hidden size:"));
    m_headsLabel->setText(tr("Heads:"));
    m_layersLabel->setText(tr("Layers:"));
    m_recomputeLabel->setText(tr("Recomputation:"));
    for (int i = 0; i < 3; ++i)
        m_recompute->setItemText(i, text::recomputationName(*parseRecomputation(m_recompute->itemData(i).toString().toStdString())));
    m_sequenceParallel->setText(tr("Sequence parallel"));
    m_sequenceParallel->setToolTip(tr("With tensor parallelism, Megatron-LM's sequence parallelism divides the rest "
                                      "of the activations t ways too"));
    m_gpuMemoryLabel->setText(tr("GPU memory:"));
    m_gpuMemory->setToolTip(tr("e.g. 80 GiB (an H100's 80 GB are 80 GiB of HBM), 141GB, 192 GB"));
    showActivations();
    m_view->update();
}

void LedgerPanel::onModelChosen(int index)
{
    if (index < 0 || index >= static_cast<int>(modelPresets().size())) {
        recompute();
        return;
    }
    const ModelPreset& p = modelPresets()[static_cast<std::size_t>(index)];
    m_model->setCurrentIndex(index);
    m_params->setText(ScalingText::count(p.parameters));
    if (p.shape) {
        const QSignalBlocker a(m_hidden);
        const QSignalBlocker b(m_heads);
        const QSignalBlocker c(m_layers);
        m_hidden->setValue(static_cast<int>(p.shape->hidden));
        m_heads->setValue(static_cast<int>(p.shape->heads));
        m_layers->setValue(static_cast<int>(p.shape->layers));
    }
    recompute();
}

void LedgerPanel::setHint(QLabel* hint, const QString& text)
{
    setErrorHintHtml(hint, text);
    if (!text.isEmpty())
        QTimer::singleShot(0, hint, [this, hint] { m_scroll->ensureWidgetVisible(hint); });
}

void LedgerPanel::compute()
{
    // 1. Read the fields; a bad one shows its hint and leaves the last result in place.
    OptionValues values;
    values.set("params", OptionValue{.text = m_params->text().trimmed().toStdString()});
    values.set("gpu-memory", OptionValue{.text = m_gpuMemory->text().trimmed().toStdString()});
    for (const auto& [name, box] : {std::pair{"gpus", m_gpus}, std::pair{"tp", m_tp}, std::pair{"micro-batch", m_microBatch}})
        values.set(name, spinBoxValue(option(name), box));
    if (m_countActivations->isChecked())
        for (const auto& [name, box] : {std::pair{"seq", m_seq}, std::pair{"hidden", m_hidden}, std::pair{"heads", m_heads},
                                        std::pair{"layers", m_layers}})
            values.set(name, spinBoxValue(option(name), box));
    for (const auto& [name, box] : {std::pair{"zero", m_zero}, std::pair{"units", m_unit}, std::pair{"recompute", m_recompute}})
        values.set(name, comboBoxValue(box));
    values.set("sp", OptionValue{.text = m_sequenceParallel->isChecked() ? "1" : ""});
    std::vector<LedgerRefusal> refusals;
    const auto in = ledgerInputsOf(values, m_schemes->schemes(), refusals);
    // The parameter count's reason by its field, the GPU's memory and the activations' under the
    // activations.
    QString paramsHint;
    QString activationHint;
    for (const LedgerRefusal& r : refusals) {
        if (r.option == "params")
            paramsHint = r.reason;
        else if (activationHint.isEmpty())
            activationHint = r.option == "gpu-memory" ? tr("GPU memory: %1").arg(r.reason) : r.reason;
    }
    setHint(m_paramsHint, paramsHint);
    setHint(m_activationHint, activationHint);
    if (!in)
        return;

    // 2. Compute; a refusal names its field.
    const LedgerChartOutcome out = computeLedgerChart(*in);
    m_schemes->setLedgerError(out.problem == LedgerChartOutcome::Problem::Ledger ? out.error : QString());
    if (out.problem == LedgerChartOutcome::Problem::Activations)
        setHint(m_activationHint, out.error);
    if (!out.chart)
        return;
    m_chart = out.chart;
    m_schemes->showChart(m_chart);
    showActivations();
    m_view->setFigure(std::make_shared<LedgerFigure>(*m_chart));
    emit ledgerChanged();
}

void LedgerPanel::showActivations()
{
    if (!m_chart) {
        m_activationResult->clear();
        m_fit->clear();
        return;
    }
    const ByteUnit unit = m_chart->inputs.unit;
    QStringList lines;
    const auto& a = m_chart->inputs.activations;
    for (const auto& [mode, result] : m_chart->modes) {
        const QString line = tr("%1: %2 per layer × %3 layers = %4")
                                 .arg(text::recomputationName(mode), qs(result.formula))
                                 .arg(a->layers)
                                 .arg(ScalingText::bytes(result.totalBytes, unit));
        lines << (mode == a->recomputation ? QStringLiteral("<b>%1</b>").arg(line.toHtmlEscaped()) : line.toHtmlEscaped());
    }
    m_activationResult->setText(lines.join(QStringLiteral("<br>")));

    const std::size_t s = static_cast<std::size_t>(m_schemes->selectedScheme());
    if (s >= m_chart->results.size()) {
        m_fit->clear();
        return;
    }
    const LedgerResult& r = m_chart->results[s];
    const double activation = m_chart->activation ? m_chart->activation->totalBytes : 0.0;
    QString text = m_chart->activation
                       ? tr("%1 needs %2 static + %3 activations = <b>%4 per GPU</b>")
                             .arg(text::schemeName(r.scheme).toHtmlEscaped(),
                                  ScalingText::bytes(r.perGpuBytes, unit), ScalingText::bytes(activation, unit),
                                  ScalingText::bytes(r.perGpuBytes + activation, unit))
                       : tr("%1 needs <b>%2 per GPU</b> (static memory only)")
                             .arg(text::schemeName(r.scheme).toHtmlEscaped(),
                                  ScalingText::bytes(r.perGpuBytes, unit));
    if (const auto& capacity = m_chart->inputs.capacityBytes) {
        const FitCheck fit = checkFit(r.perGpuBytes, activation, *capacity);
        const QString gpu = tr("%1 (%2)").arg(ScalingText::bytes(*capacity, unit),
                                              ScalingText::bytes(*capacity, unit == ByteUnit::GB ? ByteUnit::GiB : ByteUnit::GB));
        text += fit.fits ? tr(": it <b>fits</b> a GPU of %1, with %2 to spare.").arg(gpu, ScalingText::bytes(fit.freeBytes, unit))
                         : tr(": it <b>does not fit</b> a GPU of %1; %2 too much.")
                               .arg(gpu, ScalingText::bytes(-fit.freeBytes, unit));
    } else {
        text += QLatin1Char('.');
    }
    m_fit->setText(text);
}

void LedgerPanel::setParametersText(const QString& text)
{
    m_params->setText(text);
    emit m_params->textEdited(text);
}

void LedgerPanel::setGpuMemoryText(const QString& text)
{
    m_gpuMemory->setText(text);
    recompute();
}

void LedgerPanel::setGpus(int gpus) { m_gpus->setValue(gpus); }
void LedgerPanel::setZeroStage(int stage) { m_zero->setCurrentIndex(stage); }
void LedgerPanel::setUnit(ByteUnit unit) { m_unit->setCurrentIndex(unit == ByteUnit::GiB ? 1 : 0); }


std::unique_ptr<Figure> LedgerPanel::makeFigure() const
{
    if (!m_chart)
        return std::make_unique<LedgerFigure>(LedgerChart{});
    return std::make_unique<LedgerFigure>(*m_chart);
}

QString LedgerPanel::parametersHint() const { return m_paramsHint->text(); }
QString LedgerPanel::activationHint() const { return m_activationHint->text(); }
QString LedgerPanel::activationText() const { return m_activationResult->text(); }
QString LedgerPanel::fitText() const { return m_fit->text(); }

const PanelRegistration kPanel({
    .lesson = "ledger",
    .objectName = "ledgerPanel",
    .makePanel = [] { return new LedgerPanel; },
});

}  // namespace floatscope::gui
