// The Absorption tab's widgets (AccumulationPanel.h): the fields in a form, the playback, progress
// and results beside them, and what each edit starts.
#include "app/panels/AccumulationPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "app/charts/ChartView.h"
#include "app/lessons/AccumulationLesson.h"
#include "app/panels/DeclaredFields.h"
#include "app/panels/BackgroundJob.h"
#include "app/panels/FormatChecklist.h"
#include "app/panels/HintedField.h"
#include "app/panels/PanelKit.h"
#include "app/panels/PlaybackBar.h"
#include "app/text/AccumulationText.h"

namespace floatscope::gui {

namespace {

const LessonOption& option(std::string_view name)
{
    return optionNamed(accumulationOptions(), name);
}

}  // namespace

void AccumulationPanel::createWidgets()
{
    const Areas areas = splitContent();
    QWidget* content = areas.controls;
    QFormLayout* form = createFieldsForm(content);

    m_playback = new PlaybackBar(content);
    QHBoxLayout* progressRow = createProgressRow(content);
    createResultWidgets(content);

    auto* layout = new QVBoxLayout(content);
    layout->addLayout(form);
    layout->addWidget(m_presetNote);
    layout->addStretch();
    auto* results = new QVBoxLayout(areas.results);
    results->addWidget(m_playback);
    results->addLayout(progressRow);
    results->addWidget(m_status);
    results->addWidget(m_chart, 1);
    results->addWidget(m_exact);
    results->addWidget(m_table);
    results->addWidget(m_notes);

    connectInputs();
    updateModeControls();
}

// The preset, the sum's start, step and count, how it is added, and in which formats.
QFormLayout* AccumulationPanel::createFieldsForm(QWidget* content)
{
    m_presetLabel = new QLabel(content);
    m_preset = declaredPresetBox(option("preset"), content);
    m_presetLabel->setBuddy(m_preset);
    m_presetNote = new QLabel(content);
    m_presetNote->setWordWrap(true);

    m_start = declaredField(option("start"), content);
    m_delta = declaredField(option("delta"), content);
    m_steps = declaredField(option("steps"), content);
    m_startLabel = new QLabel(content);
    m_deltaLabel = new QLabel(content);
    m_stepsLabel = new QLabel(content);
    m_startLabel->setBuddy(m_start->edit());
    m_deltaLabel->setBuddy(m_delta->edit());
    m_stepsLabel->setBuddy(m_steps->edit());
    m_mode = declaredComboBox(option("mode"), content);
    m_modeLabel = new QLabel(content);
    m_modeLabel->setBuddy(m_mode);
    m_seed = declaredSpinBox(option("seed"), content);
    m_seedLabel = new QLabel(content);
    m_seedLabel->setBuddy(m_seed);
    m_route = declaredComboBox(option("via"), content);
    m_routeLabel = new QLabel(content);
    m_routeLabel->setBuddy(m_route);
    m_formats = declaredChecklist(option("formats"), content);
    m_formatsLabel = new QLabel(content);
    m_formatsLabel->setBuddy(m_formats);
    m_formatsHint = makeErrorHint(content);
    m_logSteps = new QCheckBox(content);

    auto* modeRow = new QHBoxLayout;
    modeRow->addWidget(m_mode, 1);
    modeRow->addWidget(m_seedLabel);
    modeRow->addWidget(m_seed);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_presetLabel, m_preset);
    form->addRow(m_startLabel, m_start);
    form->addRow(m_deltaLabel, m_delta);
    form->addRow(m_stepsLabel, m_steps);
    form->addRow(m_modeLabel, modeRow);
    form->addRow(m_routeLabel, m_route);
    form->addRow(m_formatsLabel, m_formats);
    form->addRow(QString(), m_formatsHint);
    form->addRow(QString(), m_logSteps);
    return form;
}

// The progress of a long run, with its cancel button; both hidden until a run takes long.
QHBoxLayout* AccumulationPanel::createProgressRow(QWidget* content)
{
    m_progress = new QProgressBar(content);
    m_progress->setRange(0, 1000);
    m_cancelButton = new QPushButton(content);
    m_status = new QLabel(content);
    m_status->setWordWrap(true);
    m_status->hide();
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancelButton);
    m_progress->hide();
    m_cancelButton->hide();
    return progressRow;
}

// The chart of the sums, the exact sum, the table of each format's end, and the notes.
void AccumulationPanel::createResultWidgets(QWidget* content)
{
    m_chart = new ChartView(content);
    m_chart->setMinimumHeight(300);
    m_exact = new QLabel(content);
    m_exact->setWordWrap(true);
    m_exact->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table = new QTableWidget(content);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_notes = new QLabel(content);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void AccumulationPanel::connectInputs()
{
    m_resizeTimer = new QTimer(this);
    m_resizeTimer->setSingleShot(true);
    m_resizeTimer->setInterval(120);
    connect(m_resizeTimer, &QTimer::timeout, this, [this] {
        if (m_run && chartColumns() != m_lastColumns)
            redrawChart();
    });

    const auto edited = [this] {
        m_preset->setCurrentIndex(0);
        recomputeLater(350);  // run once the user stops typing
    };
    for (HintedField* f : {m_start, m_delta, m_steps})
        connect(f, &HintedField::edited, this, edited);
    connect(m_formats, &FormatChecklist::checkedChanged, this, edited);
    connect(m_mode, &QComboBox::activated, this, [this, edited] {
        updateModeControls();
        edited();
    });
    connect(m_route, &QComboBox::activated, this, edited);
    connect(m_seed, &QSpinBox::valueChanged, this, edited);
    connect(m_preset, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            applyPreset(m_preset->itemData(index).toString());
    });
    connect(m_logSteps, &QCheckBox::toggled, this, &AccumulationPanel::redrawChart);
    connect(m_playback, &PlaybackBar::positionRequested, this, &AccumulationPanel::setPosition);
    connect(m_cancelButton, &QPushButton::clicked, this, &AccumulationPanel::cancelRun);
    connect(m_job, &BackgroundJob::progressed, m_progress, &QProgressBar::setValue);
}

}  // namespace floatscope::gui
