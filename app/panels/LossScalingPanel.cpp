#include "app/panels/LossScalingPanel.h"

#include <cmath>

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "app/charts/ChartView.h"
#include "app/text/LessonText.h"
#include "core/format/Registry.h"
#include "app/lessons/LessonRegistry.h"
#include "app/lessons/LossScalingLesson.h"
#include "app/panels/DeclaredFields.h"
#include "app/panels/FigureWidget.h"
#include "app/panels/HintedField.h"
#include "app/panels/ModelSourceRow.h"
#include "app/text/LessonInput.h"
#include "app/panels/PanelKit.h"

namespace floatscope::gui {

namespace {

constexpr int kMaxEvents = 14;  // lines of the step-by-step account

const LessonOption& option(std::string_view name)
{
    return optionNamed(lossScalingOptions(), name);
}

// The dynamic run's spin boxes, by their options' names.
constexpr const char* kDynamicOptions[] = {"initial", "interval", "steps", "per-step", "seed"};

}  // namespace

LossScalingPanel::LossScalingPanel(QWidget* parent) : LessonPanel(parent)
{
    const Areas areas = splitContent();
    QWidget* content = areas.controls;
    m_format = new QComboBox(content);
    for (const Format& f : namedFormats())
        m_format->addItem(QString::fromStdString(f.name()));
    m_format->setCurrentText(QString::fromStdString(option("formats").fallback));
    m_formatLabel = new QLabel(content);
    m_formatLabel->setBuddy(m_format);
    m_source = new QComboBox(content);
    m_source->addItem(QString());
    m_source->addItem(QString());
    m_source->addItem(QString());
    m_sourceLabel = new QLabel(content);
    m_sourceLabel->setBuddy(m_source);

    createSourcePages(content);
    m_scale = declaredSlider(option("loss-scale"), content);
    m_scale->setPageStep(4);
    m_scaleBox = declaredSpinBox(option("loss-scale"), content);
    m_scaleBox->setPrefix(QStringLiteral("2^"));
    m_scaleLabel = new QLabel(content);
    m_scaleLabel->setBuddy(m_scaleBox);
    m_scaleText = new QLabel(content);
    auto* scaleRow = new QHBoxLayout;
    scaleRow->addWidget(m_scale, 1);
    scaleRow->addWidget(m_scaleBox);
    scaleRow->addWidget(m_scaleText);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_formatLabel, m_format);
    form->addRow(m_sourceLabel, m_source);
    form->addRow(QString(), m_sourcePages);
    form->addRow(m_scaleLabel, scaleRow);
    m_window = new FigureWidget(content);

    createDynamicBox(content);
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(form);
    layout->addWidget(m_dynamicBox);
    layout->addStretch();
    arrangeResults(areas.results);
    connectFields();
    retranslate();
    recompute();
}

// The gradients' three sources, a page each: a log-normal by its median and spread, pasted or loaded
// values, or the training lab's model.
void LossScalingPanel::createSourcePages(QWidget* content)
{
    m_sourcePages = new QStackedWidget(content);
    auto* normalPage = new QWidget;
    m_median = declaredField(option("median"), normalPage);
    m_spread = declaredField(option("spread"), normalPage);
    m_medianLabel = new QLabel(normalPage);
    m_spreadLabel = new QLabel(normalPage);
    m_medianLabel->setBuddy(m_median->edit());
    m_spreadLabel->setBuddy(m_spread->edit());
    auto* normalForm = new QFormLayout(normalPage);
    normalForm->setContentsMargins(0, 0, 0, 0);
    normalForm->addRow(m_medianLabel, m_median);
    normalForm->addRow(m_spreadLabel, m_spread);
    auto* valuesPage = new QWidget;
    m_values = new QPlainTextEdit(valuesPage);
    m_values->setTabChangesFocus(true);
    m_values->setMaximumHeight(80);
    m_valuesHint = makeErrorHint(valuesPage);
    m_valuesSource = new QLabel(valuesPage);
    m_valuesSource->setWordWrap(true);
    m_load = new QPushButton(valuesPage);
    auto* valuesLayout = new QVBoxLayout(valuesPage);
    valuesLayout->setContentsMargins(0, 0, 0, 0);
    valuesLayout->addWidget(m_values);
    valuesLayout->addWidget(m_valuesHint);
    auto* loadRow = new QHBoxLayout;
    loadRow->addWidget(m_valuesSource, 1);
    loadRow->addWidget(m_load);
    valuesLayout->addLayout(loadRow);
    // The training lab's model: its fp32 gradients at step k, and the backward pass in the window's
    // format at each of the table's scales (lecture 10, demo 3), on the background job.
    m_modelRow = new ModelSourceRow(train::kDefaultModelStep);
    m_sourcePages->addWidget(normalPage);
    m_sourcePages->addWidget(valuesPage);
    m_sourcePages->addWidget(m_modelRow);
    fitToCurrentPage(m_sourcePages);

}

// Dynamic loss scaling: its fields, the timeline, the sentence and the events under them.
void LossScalingPanel::createDynamicBox(QWidget* content)
{
    m_dynamicBox = new QGroupBox(content);
    m_initial = declaredSpinBox(option("initial"), m_dynamicBox);
    m_initial->setPrefix(QStringLiteral("2^"));
    m_interval = declaredSpinBox(option("interval"), m_dynamicBox);
    m_steps = declaredSpinBox(option("steps"), m_dynamicBox);
    m_perStep = declaredSpinBox(option("per-step"), m_dynamicBox);
    m_seed = declaredSpinBox(option("seed"), m_dynamicBox);
    m_initialLabel = new QLabel(m_dynamicBox);
    m_intervalLabel = new QLabel(m_dynamicBox);
    m_stepsLabel = new QLabel(m_dynamicBox);
    m_perStepLabel = new QLabel(m_dynamicBox);
    m_seedLabel = new QLabel(m_dynamicBox);
    m_initialLabel->setBuddy(m_initial);
    m_intervalLabel->setBuddy(m_interval);
    m_stepsLabel->setBuddy(m_steps);
    m_perStepLabel->setBuddy(m_perStep);
    m_seedLabel->setBuddy(m_seed);
    auto* dynamicForm = new QFormLayout;
    dynamicForm->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    dynamicForm->addRow(m_initialLabel, m_initial);
    dynamicForm->addRow(m_intervalLabel, m_interval);
    dynamicForm->addRow(m_stepsLabel, m_steps);
    dynamicForm->addRow(m_perStepLabel, m_perStep);
    dynamicForm->addRow(m_seedLabel, m_seed);
    m_timeline = new ChartView(m_dynamicBox);
    m_summary = new QLabel(m_dynamicBox);
    m_summary->setWordWrap(true);
    m_events = new QLabel(m_dynamicBox);
    m_events->setWordWrap(true);
    m_events->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* dynamicLayout = new QVBoxLayout(m_dynamicBox);
    dynamicLayout->addLayout(dynamicForm);

}

// The result: the fp16 window over the dynamic scale's timeline, each its share of the height.
void LossScalingPanel::arrangeResults(QWidget* area)
{
    m_window->setFitted(true);
    m_timeline->setMinimumHeight(150);
    auto* results = new QVBoxLayout(area);
    results->addWidget(m_window, 3);
    results->addWidget(m_timeline, 3);
    results->addWidget(m_summary);
    // The run's events, step by step, scroll in a few lines of their own under the sentence.
    auto* events = new QScrollArea(area);
    events->setWidget(m_events);
    events->setWidgetResizable(true);
    events->setFrameShape(QFrame::NoFrame);
    events->setMaximumHeight(m_events->fontMetrics().lineSpacing() * 4 + 4);
    results->addWidget(events);

}

void LossScalingPanel::connectFields()
{
    connect(m_format, &QComboBox::currentIndexChanged, this, &LossScalingPanel::inputsChanged);
    connect(m_source, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_sourcePages->setCurrentIndex(index);
        fitToCurrentPage(m_sourcePages);
        inputsChanged();
    });
    connect(m_median, &HintedField::edited, this, &LossScalingPanel::inputsChanged);
    connect(m_spread, &HintedField::edited, this, &LossScalingPanel::inputsChanged);
    connect(m_values, &QPlainTextEdit::textChanged, this, &LossScalingPanel::inputsChanged);
    connect(m_modelRow, &ModelSourceRow::stepChanged, this, &LossScalingPanel::inputsChanged);
    for (QSpinBox* box : {m_initial, m_interval, m_steps, m_perStep, m_seed})
        connect(box, &QSpinBox::valueChanged, this, &LossScalingPanel::inputsChanged);
    connect(m_scale, &QSlider::valueChanged, this, &LossScalingPanel::setLog2Scale);
    connect(m_scaleBox, &QSpinBox::valueChanged, this, &LossScalingPanel::setLog2Scale);
    connect(m_load, &QPushButton::clicked, this, [this] { chooseFile(tr("Gradients from a file")); });
}

void LossScalingPanel::retranslate()
{
    m_formatLabel->setText(tr("&Window format:"));
    m_sourceLabel->setText(tr("&Gradients:"));
    m_source->setItemText(0, tr("log-normal (median and spread)"));
    m_source->setItemText(1, tr("values, pasted or loaded"));
    m_source->setItemText(2, tr("the training lab's model at step k (its real gradients)"));
    m_modelRow->retranslate(tr("S&tep k:"), tr("The gradients of the batch the training lab's fp32 run trains on after k "
                                               "steps; the table adds each scale's real backward pass in the window's format"));
    if (!m_modelRow->running())
        m_modelRow->setStatus(m_model ? LossScalingFigure::modelSource(*m_model, m_modelFormat)
                                      : tr("The model trains to step k on a worker thread."));
    m_medianLabel->setText(tr("&Median |g|:"));
    m_spreadLabel->setText(tr("S&pread (decades, 1 σ):"));
    m_values->setPlaceholderText(tr("Paste gradients here (separated by spaces, commas or new lines)"));
    m_load->setText(tr("&Load .npy or .csv…"));
    m_scaleLabel->setText(tr("&Scale S:"));
    m_scale->setToolTip(tr("The loss scale as a power of two: the gradients move right by that many binades"));
    m_dynamicBox->setTitle(tr("Dynamic loss scaling (PyTorch's GradScaler rule)"));
    m_initialLabel->setText(tr("S&tart from:"));
    m_intervalLabel->setText(tr("&Double after good steps:"));
    m_stepsLabel->setText(tr("Steps:"));
    m_perStepLabel->setText(tr("Gradients a step:"));
    m_seedLabel->setText(tr("See&d:"));
    if (m_loaded.values.empty())
        m_valuesSource->setText(tr("Or load a tensor of gradients from a file."));
    else
        m_valuesSource->setText(tr("%1 values from %2 (used while the box is empty)")
                                    .arg(LessonText::count(static_cast<std::int64_t>(m_loaded.values.size())), m_loaded.name));
    showScale();
    if (m_data) {
        m_window->setFigure(std::make_unique<LossWindowFigure>(*m_data));
        m_timeline->setSpec(LossScalingFigure::timeline(*m_data));
        m_summary->setText(LossScalingFigure::summary(*m_data));
        showEvents();
    }
}

void LossScalingPanel::showScale()
{
    const int k = m_scaleBox->value();
    m_scaleText->setText(QStringLiteral("= %1").arg(LessonText::brief(mpq_class(std::ldexp(1.0, k)))));
}

void LossScalingPanel::inputsChanged()
{
    m_runDirty = true;
    recomputeLater(250);
}

void LossScalingPanel::setLog2Scale(int log2Scale)
{
    {
        const QSignalBlocker a(m_scale);
        const QSignalBlocker b(m_scaleBox);
        m_scale->setValue(log2Scale);
        m_scaleBox->setValue(log2Scale);
    }
    showScale();
    recomputeLater(m_runDirty ? 250 : 30);
}

QString LossScalingPanel::loadFile(const QString& path)
{
    if (const QString why = readValuesFile(path, m_valuesHint, m_loaded); !why.isEmpty())
        return why;
    m_source->setCurrentIndex(1);
    {
        const QSignalBlocker blocker(m_values);
        m_values->clear();
    }
    retranslate();
    m_runDirty = true;
    recompute();
    return {};
}

void LossScalingPanel::compute()
{
    const Format format = namedFormat(m_format->currentText().toStdString());
    // 1. The source; a bad field keeps the last good figures.
    LogNormal distribution;
    std::vector<double> values;
    bool ok = true;
    if (m_source->currentIndex() == 0) {
        const auto median = readField(option("median"), m_median);
        const auto spread = readField(option("spread"), m_spread);
        ok = median && spread;
        if (ok)
            distribution = {median->number, spread->number};
        m_valuesHint->hide();
    } else if (m_source->currentIndex() == Model) {
        m_valuesHint->hide();
        if (!m_model || m_model->step != m_modelRow->step() || m_modelFormat != format.name()) {
            probeModel(format, m_modelRow->step());  // the figures follow when the gradients arrive
            return;
        }
    } else {
        QString error;
        if (!m_values->toPlainText().trimmed().isEmpty()) {
            if (const auto parsed = LessonInput::values(m_values->toPlainText(), error))
                values = *parsed;
        } else if (!m_loaded.values.empty()) {
            values = m_loaded.values;
        } else {
            error = tr("Paste gradients or load a file");
        }
        setErrorHint(m_valuesHint, error);
        ok = error.isEmpty();
    }
    if (!ok)
        return;

    // 2. The window at S, and the dynamic run when anything but S changed.
    OptionValues options;
    const QSpinBox* const boxes[] = {m_initial, m_interval, m_steps, m_perStep, m_seed};
    for (std::size_t i = 0; i < std::size(kDynamicOptions); ++i)
        options.set(kDynamicOptions[i], spinBoxValue(option(kDynamicOptions[i]), boxes[i]));
    const DynamicScalingSetup dynamic = dynamicScalingOf(options);
    const bool reuse = !m_runDirty && m_data;
    if (m_source->currentIndex() == Model)
        m_data = train::lossScalingOfModel(format, *m_model, m_scaleBox->value(), dynamic, reuse ? &m_data->run : nullptr);
    else
        m_data = LossScalingData::compute(format, distribution, values, m_scaleBox->value(), dynamic,
                                          reuse ? &m_data->run : nullptr);
    m_runDirty = false;
    m_window->setFigure(std::make_unique<LossWindowFigure>(*m_data));
    m_timeline->setSpec(LossScalingFigure::timeline(*m_data));
    m_summary->setText(LossScalingFigure::summary(*m_data));
    showEvents();
}

QString LossScalingPanel::eventsText() const { return m_events->text(); }

// The run's overflows and growths, worded again whenever the language changes.
void LossScalingPanel::showEvents()
{
    QStringList lines;
    int shown = 0;
    for (const ScalingStep& s : m_data->run.steps) {
        if (!s.overflow && !s.grew)
            continue;
        if (++shown > kMaxEvents) {
            lines << tr("…");
            break;
        }
        const QString scale = LessonText::powerOfTwo(std::lround(std::log2(s.scale)));
        lines << (s.overflow ? tr("step %1, S = %2: overflow (largest |g| %3): the step is skipped, S halves")
                                   .arg(s.step)
                                   .arg(scale, LessonText::approx(s.largestGradient, 3))
                             : tr("step %1, S = %2: %3 good steps in a row: S doubles")
                                   .arg(s.step)
                                   .arg(scale)
                                   .arg(m_data->dynamic.growthInterval));
    }
    m_events->setText(lines.join(QLatin1Char('\n')));
}

void LossScalingPanel::probeModel(const Format& format, int step)
{
    const auto work = [this, format, step](const BackgroundJob::Control& control) -> std::function<void()> {
        auto model = train::modelGradients(format, train::TrainConfig{}, step, lossScaleSweep(), control.cancelFlag(),
                                           control.progressFunction());
        return [this, format, model = std::move(model)] {
            if (model) {
                m_model = std::make_shared<const train::ModelGradients>(*model);
                m_modelFormat = format.name();
                m_modelRow->setStatus(LossScalingFigure::modelSource(*m_model, m_modelFormat));
                m_runDirty = true;
                recompute();
            } else {
                m_modelRow->setStatus(m_data ? tr("Cancelled: the figures still show the previous gradients.")
                                             : tr("Cancelled."));
            }
            emit modelReady();
        };
    };
    m_modelRow->start(tr("Training the model to step %1 and probing its gradients on a worker thread…").arg(step), work,
                      [this] { recompute(); });
}

QSpinBox* LossScalingPanel::modelStepBox() const
{
    return m_modelRow->stepBox();
}

QString LossScalingPanel::modelStatus() const
{
    return m_modelRow->status();
}

bool LossScalingPanel::probingModel() const
{
    return m_modelRow->running();
}

void LossScalingPanel::cancelModel()
{
    m_modelRow->cancel();
}

QString LossScalingPanel::summary() const
{
    return m_summary->text();
}

std::unique_ptr<Figure> LossScalingPanel::makeFigure() const
{
    return figureOf<LossScalingFigure>(m_data);
}

const PanelRegistration kPanel({
    .lesson = "loss-scale",
    .objectName = "lossScalingDock",
    .makePanel = [] { return new LossScalingPanel; },
});

}  // namespace floatscope::gui
