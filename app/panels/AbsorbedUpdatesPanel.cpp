#include "app/panels/AbsorbedUpdatesPanel.h"

#include <QApplication>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "app/text/LessonText.h"
#include "app/panels/FormatChecklist.h"
#include "app/panels/HintedField.h"
#include "app/lessons/LessonRegistry.h"
#include "app/panels/ModelSourceRow.h"
#include "app/lessons/AbsorbedUpdatesLesson.h"
#include "app/panels/DeclaredFields.h"
#include "app/text/LessonInput.h"
#include "app/panels/PanelKit.h"
#include "core/train/ModelProbes.h"

namespace floatscope::gui {

namespace {

const LessonOption& option(std::string_view name)
{
    return optionNamed(absorbedUpdatesOptions(), name);
}

}  // namespace

AbsorbedUpdatesPanel::AbsorbedUpdatesPanel(QWidget* parent) : FigurePanel(parent)
{
    const Areas areas = splitContent();
    QWidget* content = areas.controls;
    m_source = new QComboBox(content);
    for (int i = 0; i < 4; ++i)
        m_source->addItem(QString());
    m_sourceLabel = new QLabel(content);
    m_sourceLabel->setBuddy(m_source);
    m_pages = new QStackedWidget(content);
    QWidget* generated = createGeneratedPage();
    QWidget* pasted = createPastedPage();
    QWidget* file = createFilePage();
    // The training lab's model after k fp32 steps: trained on the background job, kept for the next edit.
    m_modelRow = new ModelSourceRow(train::TrainConfig{}.steps);
    m_pages->addWidget(generated);
    m_pages->addWidget(pasted);
    m_pages->addWidget(file);
    m_pages->addWidget(m_modelRow);
    fitToCurrentPage(m_pages);

    m_update = declaredField(option("update"), content);
    m_updateLabel = new QLabel(content);
    m_updateLabel->setBuddy(m_update->edit());
    m_formats = declaredChecklist(option("formats"), content);
    m_formatsLabel = new QLabel(content);
    m_formatsLabel->setBuddy(m_formats);
    m_formatsHint = makeErrorHint(content);
    m_figure = new FigureWidget(content);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_sourceLabel, m_source);
    form->addRow(QString(), m_pages);
    form->addRow(m_updateLabel, m_update);
    form->addRow(m_formatsLabel, m_formats);
    form->addRow(QString(), m_formatsHint);
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(form);
    layout->addStretch();
    m_figure->setFitted(true);
    auto* results = new QVBoxLayout(areas.results);
    results->addWidget(m_figure, 1);

    connectInputs();
    retranslate();
}

// Generated: normal weights with a share of exact ones (norm gains), seeded.
QWidget* AbsorbedUpdatesPanel::createGeneratedPage()
{
    auto* generated = new QWidget;
    m_count = declaredField(option("count"), generated);
    m_deviation = declaredField(option("std"), generated);
    m_ones = declaredField(option("ones"), generated);
    m_seed = declaredSpinBox(option("seed"), generated);
    m_countLabel = new QLabel(generated);
    m_deviationLabel = new QLabel(generated);
    m_onesLabel = new QLabel(generated);
    m_seedLabel = new QLabel(generated);
    m_countLabel->setBuddy(m_count->edit());
    m_deviationLabel->setBuddy(m_deviation->edit());
    m_onesLabel->setBuddy(m_ones->edit());
    m_seedLabel->setBuddy(m_seed);
    auto* generatedForm = new QFormLayout(generated);
    generatedForm->setContentsMargins(0, 0, 0, 0);
    generatedForm->addRow(m_countLabel, m_count);
    generatedForm->addRow(m_deviationLabel, m_deviation);
    generatedForm->addRow(m_onesLabel, m_ones);
    generatedForm->addRow(m_seedLabel, m_seed);
    return generated;
}

// Pasted weights, with the hint that says what in them is not a number.
QWidget* AbsorbedUpdatesPanel::createPastedPage()
{
    auto* pasted = new QWidget;
    m_weights = new QPlainTextEdit(pasted);
    m_weights->setTabChangesFocus(true);
    m_weights->setMaximumHeight(90);
    m_weightsHint = makeErrorHint(pasted);
    auto* pastedLayout = new QVBoxLayout(pasted);
    pastedLayout->setContentsMargins(0, 0, 0, 0);
    pastedLayout->addWidget(m_weights);
    pastedLayout->addWidget(m_weightsHint);
    return pasted;
}

// A file's weights: the button that loads one, its name and its hint.
QWidget* AbsorbedUpdatesPanel::createFilePage()
{
    auto* file = new QWidget;
    m_load = new QPushButton(file);
    m_file = new QLabel(file);
    m_file->setWordWrap(true);
    m_fileHint = makeErrorHint(file);
    auto* fileLayout = new QVBoxLayout(file);
    fileLayout->setContentsMargins(0, 0, 0, 0);
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_load);
    fileRow->addWidget(m_file, 1);
    fileLayout->addLayout(fileRow);
    fileLayout->addWidget(m_fileHint);
    return file;
}

void AbsorbedUpdatesPanel::connectInputs()
{
    const auto later = [this] { recomputeLater(350); };
    for (HintedField* f : {m_count, m_deviation, m_ones, m_update})
        connect(f, &HintedField::edited, this, later);
    connect(m_seed, &QSpinBox::valueChanged, this, later);
    connect(m_modelRow, &ModelSourceRow::stepChanged, this, later);
    connect(m_weights, &QPlainTextEdit::textChanged, this, later);
    connect(m_formats, &FormatChecklist::checkedChanged, this, &AbsorbedUpdatesPanel::recompute);
    connect(m_source, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_pages->setCurrentIndex(index);
        fitToCurrentPage(m_pages);
        recompute();
    });
    connect(m_load, &QPushButton::clicked, this, [this] { chooseFile(tr("Weights from a file")); });
}

void AbsorbedUpdatesPanel::retranslate()
{
    m_sourceLabel->setText(tr("&Weights:"));
    m_source->setItemText(0, tr("generated (normal, with some exact ones)"));
    m_source->setItemText(1, tr("pasted"));
    m_source->setItemText(2, tr("from a .npy or .csv file"));
    m_source->setItemText(3, tr("the training lab's model, after k fp32 steps"));
    m_modelRow->retranslate(tr("Ste&ps k:"), tr("fp32 steps of the training lab's run (lecture 10's schedule) before "
                                                "the weights are taken; 0: the initial weights"));
    if (!m_modelRow->running())
        m_modelRow->setStatus(m_model ? modelSourceText() : tr("Choose k: the model trains on a worker thread."));
    m_countLabel->setText(tr("&How many:"));
    m_deviationLabel->setText(tr("Standard &deviation:"));
    m_onesLabel->setText(tr("Share of exact &ones:"));
    m_ones->edit()->setToolTip(tr("LayerNorm and RMSNorm gains start at exactly 1.0 (lecture 10)"));
    m_seedLabel->setText(tr("See&d:"));
    m_weights->setPlaceholderText(tr("Paste weights here (separated by spaces, commas or new lines)"));
    m_load->setText(tr("&Load…"));
    if (m_loaded.values.empty())
        m_file->setText(tr("No file loaded."));
    else
        m_file->setText(AbsorbedUpdatesFigure::fileSource(m_loaded.values.size(), m_loaded.name));
    m_updateLabel->setText(tr("&Update size:"));
    m_update->edit()->setToolTip(tr("About the learning rate for Adam, whose steps are about lr × sign"));
    m_formatsLabel->setText(tr("&Storage formats:"));
    recompute();
}

QString AbsorbedUpdatesPanel::loadFile(const QString& path)
{
    if (const QString why = readValuesFile(path, m_fileHint, m_loaded); !why.isEmpty())
        return why;
    {
        const QSignalBlocker blocker(m_source);
        m_source->setCurrentIndex(2);
        m_pages->setCurrentIndex(2);
        fitToCurrentPage(m_pages);
    }
    retranslate();
    return {};
}

void AbsorbedUpdatesPanel::compute()
{
    // 1. The weights from the chosen source; a bad field keeps the last good result.
    std::vector<double> weights;
    QString source;
    bool ok = true;
    switch (m_source->currentIndex()) {
    case Generated: {
        const auto count = readField(option("count"), m_count);
        const auto deviation = readField(option("std"), m_deviation);
        const auto ones = readField(option("ones"), m_ones);
        ok = count && deviation && ones;
        if (ok) {
            const auto seed = static_cast<std::uint64_t>(m_seed->value());
            weights = generateWeights(static_cast<std::size_t>(count->whole), deviation->number, ones->number, seed);
            source = AbsorbedUpdatesFigure::generatedSource(count->whole, deviation->number, ones->number, seed);
        }
        break;
    }
    case Pasted: {
        QString error;
        if (const auto parsed = LessonInput::values(m_weights->toPlainText(), error))
            weights = *parsed;
        setErrorHint(m_weightsHint, error);
        ok = error.isEmpty();
        source = AbsorbedUpdatesFigure::pastedSource(weights.size());
        break;
    }
    case Model: {
        const int steps = m_modelRow->step();
        if (!m_model || m_modelFor != steps) {
            trainModel(steps);  // the figure follows when the weights arrive
            return;
        }
        weights = *m_model;
        source = AbsorbedUpdatesFigure::modelSource(weights.size(), steps);
        break;
    }
    default:
        ok = !m_loaded.values.empty();
        if (!ok)
            setErrorHint(m_fileHint, tr("Load a file of weights"));
        weights = m_loaded.values;
        source = AbsorbedUpdatesFigure::fileSource(weights.size(), m_loaded.name);
        break;
    }
    const auto update = readField(option("update"), m_update);
    const bool someFormat = readChecklist(option("formats"), m_formats, m_formatsHint).has_value();
    const std::vector<Format> formats = m_formats->checkedFormats();
    if (!ok || !update || !someFormat)
        return;

    // 2. Core: every size, every format.
    QApplication::setOverrideCursor(Qt::WaitCursor);
    m_data = AbsorbedUpdatesData::compute(formats, weights, update->exact, source);
    QApplication::restoreOverrideCursor();
    redraw();
}

void AbsorbedUpdatesPanel::trainModel(int steps)
{
    const auto work = [this, steps](const BackgroundJob::Control& control) -> std::function<void()> {
        auto weights = train::trainedWeights(train::TrainConfig{}, steps, control.cancelFlag(), control.progressFunction());
        return [this, steps, weights = std::move(weights)] {
            if (weights) {
                m_model = std::make_shared<const std::vector<double>>(*weights);
                m_modelFor = steps;
                m_modelRow->setStatus(modelSourceText());
                recompute();
            } else {
                m_modelRow->setStatus(m_data ? tr("Cancelled: the figure still shows the previous weights.")
                                             : tr("Cancelled."));
            }
            emit modelReady();
        };
    };
    m_modelRow->start(tr("Training the model for %1 fp32 steps on a worker thread…").arg(steps), work,
                      [this] { recompute(); });
}

QString AbsorbedUpdatesPanel::modelSourceText() const
{
    return m_model ? AbsorbedUpdatesFigure::modelSource(m_model->size(), m_modelFor) : QString();
}

QSpinBox* AbsorbedUpdatesPanel::modelStepsBox() const
{
    return m_modelRow->stepBox();
}

QString AbsorbedUpdatesPanel::modelStatus() const
{
    return m_modelRow->status();
}

bool AbsorbedUpdatesPanel::trainingModel() const
{
    return m_modelRow->running();
}

void AbsorbedUpdatesPanel::cancelModel()
{
    m_modelRow->cancel();
}

const PanelRegistration kPanel({
    .lesson = "absorbed",
    .objectName = "absorbedUpdatesDock",
    .makePanel = [] { return new AbsorbedUpdatesPanel; },
});

}  // namespace floatscope::gui
