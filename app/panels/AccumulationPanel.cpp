#include "app/panels/AccumulationPanel.h"

#include <algorithm>
#include <cmath>
#include <string>

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
#include "app/figures/AccumulationFigure.h"
#include "app/lessons/AccumulationLesson.h"
#include "app/panels/DeclaredFields.h"
#include "app/style/Palette.h"
#include "app/text/LessonText.h"
#include "app/panels/BackgroundJob.h"
#include "app/panels/FormatChecklist.h"
#include "app/panels/HintedField.h"
#include "app/lessons/LessonRegistry.h"
#include "app/panels/PanelKit.h"
#include "app/panels/PlaybackBar.h"
#include "app/text/AccumulationText.h"

namespace floatscope::gui {

namespace {

// Runs of more adds than this (steps x formats) go to the background job. An add costs about 10 ns
// stored, 15 ns Kahan and 40 ns stochastic, chart recording included: this many stay within a
// frame or two, while 10^7 stochastic steps in fourteen formats take several seconds.
constexpr std::int64_t kForegroundAdds = 300'000;

const LessonOption& option(std::string_view name)
{
    return optionNamed(accumulationOptions(), name);
}

}  // namespace

AccumulationPanel::AccumulationPanel(QWidget* parent) : LessonPanel(parent), m_job(new BackgroundJob(this))
{
    createWidgets();
    retranslate();
    applyPreset(QStringLiteral("one-plus-1e-3"));
}

void AccumulationPanel::retranslate()
{
    m_presetLabel->setText(tr("Prese&t:"));
    m_preset->setItemText(0, tr("(your own)"));
    for (int i = 1; i < m_preset->count(); ++i) {
        const QString id = m_preset->itemData(i).toString();
        if (id == QLatin1String("one-plus-1e-3"))
            m_preset->setItemText(i, tr("1 + 10⁻³, a thousand times"));
        else if (id == QLatin1String("1e-4-from-zero"))
            m_preset->setItemText(i, tr("10⁻⁴, ten thousand times, from 0"));
        else if (id == QLatin1String("one-plus-1e-4"))
            m_preset->setItemText(i, tr("1 + 10⁻⁴, a thousand times"));
        else if (id == QLatin1String("master-weight"))
            m_preset->setItemText(i, tr("Master weight: fp32 + 0.001 a step, and its bf16 copy"));
        else
            m_preset->setItemText(i, id);
    }
    m_startLabel->setText(tr("St&art:"));
    m_deltaLabel->setText(tr("&Increment:"));
    m_stepsLabel->setText(tr("Steps &N:"));
    m_start->edit()->setToolTip(tr("The value the sum starts from: decimal, scientific (1e-3), hex float or bits (bf16:0x3F80)"));
    m_delta->edit()->setToolTip(tr("What is added at every step"));
    m_steps->edit()->setToolTip(tr("How many adds: 1 to 10⁷ (1e6 is fine)"));
    m_modeLabel->setText(tr("&Mode:"));
    m_mode->setItemText(0, tr("stored: the sum lives in the format, each add rounds once"));
    m_mode->setItemText(1, tr("fp32 master: fp32 adds, cast to the format every step"));
    m_mode->setItemText(2, tr("Kahan: compensated sum, every operation in the format"));
    m_mode->setItemText(3, tr("stochastic rounding (seeded)"));
    m_seedLabel->setText(tr("See&d:"));
    m_routeLabel->setText(tr("Inputs reac&h the format:"));
    m_route->setItemText(0, tr("directly (one rounding)"));
    m_route->setItemText(1, tr("through fp32 first (torch.tensor(x))"));
    m_route->setItemText(2, tr("through fp64 first"));
    m_formatsLabel->setText(tr("&Formats:"));
    m_logSteps->setText(tr("&Logarithmic step axis"));
    m_logSteps->setToolTip(tr("A logarithmic step axis shows where each sum stalls, however long the run."));
    m_logSteps->setToolTip(tr("Steps 1, 10, 100, ... (and the values on a log₂ axis when they are all positive), "
                              "so that a sum that stops early is seen flat: fp16 at 4 and bf16 at 1 after a million "
                              "adds of 10⁻³"));
    m_cancelButton->setText(tr("Cancel"));
    if (m_run) {
        redrawChart();
        updateReadouts();
    }
}

void AccumulationPanel::updateModeControls()
{
    const bool stochastic = m_mode->currentData().toString() == QLatin1String(toString(AccumulationMode::Stochastic));
    m_seed->setEnabled(stochastic);
    m_seedLabel->setEnabled(stochastic);
}

void AccumulationPanel::applyPreset(const QString& id)
{
    if (m_preset->findData(id) <= 0)
        return;
    applyDeclaredPreset(this, accumulationOptions(), id.toStdString());
    updateModeControls();
    recompute();
}

void AccumulationPanel::compute()
{
    // 1. The fields; each bad one gets its hint and the last good run stays on screen.
    OptionValues values;
    bool filled = true;
    for (const auto& [name, field] : {std::pair{"start", m_start}, std::pair{"delta", m_delta}, std::pair{"steps", m_steps}}) {
        const auto value = readField(option(name), field);
        filled = filled && value.has_value();
        if (value)
            values.set(name, *value);
    }
    const auto checked = readChecklist(option("formats"), m_formats, m_formatsHint);
    if (!filled || !checked)
        return;
    values.set("formats", *checked);
    values.set("mode", comboBoxValue(m_mode));
    values.set("via", comboBoxValue(m_route));
    values.set("seed", spinBoxValue(option("seed"), m_seed));
    SetupError problem;
    const auto request = accumulationOf(values, problem);
    if (!request) {
        setErrorHint(m_formatsHint, text::message(problem));  // a mode the formats cannot run
        return;
    }
    const AccumulationSetup& setup = request->setup;
    const std::vector<Format>& formats = request->formats;

    // 2. A run already going is cancelled, and this one starts when it has stopped.
    if (m_job->running()) {
        m_job->restart([this] { recompute(); });
        return;
    }
    pause();
    auto run = std::make_shared<AccumulationRun>(formats, setup);
    if (setup.steps * static_cast<std::int64_t>(formats.size()) <= kForegroundAdds) {
        showRunning(false);
        run->compute();
        adopt(run);
        return;
    }
    m_progress->setValue(0);
    showRunning(true);
    m_status->setText(tr("Running %1 steps in %2 formats…").arg(LessonText::count(setup.steps)).arg(formats.size()));
    m_status->show();
    m_job->start([this, run](const BackgroundJob::Control& control) {
        const bool finished = run->compute(control.cancelFlag(), control.progressFunction());
        return [this, run, finished] { onRunDone(run, finished); };
    });
}

bool AccumulationPanel::running() const
{
    return m_job->running();
}

void AccumulationPanel::cancelRun()
{
    m_job->cancel();
}

void AccumulationPanel::showRunning(bool running)
{
    m_progress->setVisible(running);
    m_cancelButton->setVisible(running);
    if (!running)
        m_status->hide();
}

void AccumulationPanel::onRunDone(std::shared_ptr<AccumulationRun> run, bool finished)
{
    showRunning(false);
    if (finished) {
        adopt(std::move(run));
        return;
    }
    m_status->setText(m_run ? tr("Cancelled: the chart and the table still show the previous run.")
                            : tr("Cancelled."));
    m_status->show();
    emit runFinished();
}

void AccumulationPanel::adopt(std::shared_ptr<AccumulationRun> run)
{
    m_run = std::move(run);
    m_cursor.clear();
    m_widenOnly = false;
    m_status->hide();
    m_playback->setLastStep(m_run->steps());
    m_position = -1;
    setPosition(m_run->steps());
    emit runFinished();
}

void AccumulationPanel::setPosition(std::int64_t step)
{
    if (!m_run)
        return;
    step = std::clamp<std::int64_t>(step, 0, m_run->steps());
    if (step == m_position && !m_cursor.empty())
        return;
    m_position = step;
    m_run->seek(m_cursor, step);
    m_playback->setPosition(step);
    redrawChart();
    updateReadouts();
}

int AccumulationPanel::chartColumns() const
{
    // One bucket per pixel of the chart, within what was recorded.
    return std::clamp(m_chart->width(), 128, AccumulationRun::kChartBuckets);
}

void AccumulationPanel::redrawChart()
{
    if (!m_run)
        return;
    m_lastColumns = chartColumns();
    m_chart->setSpec(AccumulationFigure::chart(*m_run, m_cursor, m_lastColumns, m_logSteps->isChecked()));
}

void AccumulationPanel::updateReadouts()
{
    if (!m_run)
        return;
    const std::vector<AccumulationReadout> rows = AccumulationFigure::readouts(*m_run, m_cursor);
    const AccumulationMode mode = m_run->setup().mode;
    const bool companion = mode == AccumulationMode::Fp32Master || mode == AccumulationMode::Kahan;
    QStringList headers = {tr("format"), tr("bits"), tr("value (exact)"), tr("− exact sum")};
    if (companion)
        headers << (mode == AccumulationMode::Kahan ? tr("compensation") : tr("fp32 master"));
    headers << tr("steps that moved the sum") << tr("first stall");
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(rows.size()));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const AccumulationReadout& o = rows[r];
        QStringList cells = {o.format, o.bits, o.value, o.error};
        if (companion)
            cells << o.companion;
        cells << o.adds << o.stall;
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == 0) {
                item->setForeground(readableOn(o.colour, m_table->palette().color(QPalette::Base)));
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            if (c == cells.size() - 1 && !o.why.isEmpty())
                item->setToolTip(o.why);
            m_table->setItem(static_cast<int>(r), c, item);
        }
    }
    // Columns only grow while a run plays, so that the table does not jitter from step to step.
    std::vector<int> before;
    for (int c = 0; c < m_table->columnCount(); ++c)
        before.push_back(m_widenOnly ? m_table->columnWidth(c) : 0);
    m_table->resizeColumnsToContents();
    for (int c = 0; c < m_table->columnCount(); ++c)
        m_table->setColumnWidth(c, std::max(before[static_cast<std::size_t>(c)], m_table->columnWidth(c)));
    m_widenOnly = true;
    m_table->setFixedHeight(m_table->horizontalHeader()->height() + 4
                            + m_table->verticalHeader()->length() + 2 * m_table->frameWidth());
    m_exact->setText(tr("Step %1 of %2 · the exact sum is %3")
                         .arg(LessonText::count(m_position), LessonText::count(m_run->steps()),
                              AccumulationFigure::exactSumText(m_run->setup(), m_position)));
    updateNotes();
}

void AccumulationPanel::updateNotes()
{
    QStringList lines;
    for (const Accumulator& r : m_cursor)
        if (const QString why = AccumulationFigure::stallSentence(r); !why.isEmpty())
            lines << why;
    if (lines.isEmpty() && !m_cursor.empty())
        lines << tr("No add has been lost so far.");
    m_notes->setText(lines.join(QLatin1Char('\n')));

    // The preset's claim from the lecture notes, and where the notes and the engine part ways.
    QString note;
    const QString id = m_preset->currentData().toString();
    if (id == QLatin1String("one-plus-1e-3"))
        note = tr("The BF16 lesson: fp16 ends at 1.9765625, bf16 stays at 1, fp32 ends near 2. bf16 loses any increment "
                  "below 2⁻⁸ of a sum near 1, fp16 only below 2⁻¹¹.");
    else if (id == QLatin1String("1e-4-from-zero"))
        note = tr("Lecture 10, demo 2(a): the sum should reach 1. fp16 stops at 0.25 and bf16 at 0.03125, where the gap "
                  "between neighbours exceeds twice the increment.");
    else if (id == QLatin1String("one-plus-1e-4"))
        note = tr("The BF16 lesson: w = 1, dw = 10⁻⁴: fp16 and bf16 never move; only fp32 does.");
    else if (id == QLatin1String("master-weight") && m_run) {
        QString step = QStringLiteral("?");
        const std::vector<Accumulator> end = m_run->at(m_run->steps());
        for (const Accumulator& r : end)
            if (r.format().name() == "bf16" && r.firstChange())
                step = LessonText::count(*r.firstChange());
        note = tr("Lesson 14 says the bf16 copy moves after 8 steps, when 0.008 exceeds bf16's ulp 1/128: that is a "
                  "truncating cast (toward zero). Rounding to nearest-even, as .to(torch.bfloat16) does, moves it at "
                  "step %1, as soon as the master passes 1 + 1/256, half an ulp above 1.")
                   .arg(step);
    }
    m_presetNote->setText(note);
    m_presetNote->setVisible(!note.isEmpty());
}

QString AccumulationPanel::notes() const
{
    return m_presetNote->text() + QLatin1Char('\n') + m_notes->text();
}

void AccumulationPanel::play()
{
    if (m_run)
        m_playback->play();
}

void AccumulationPanel::pause()
{
    m_playback->pause();
}

bool AccumulationPanel::playing() const
{
    return m_playback->playing();
}

QSlider* AccumulationPanel::slider() const
{
    return m_playback->slider();
}

std::unique_ptr<Figure> AccumulationPanel::makeFigure() const
{
    if (!m_run)
        return nullptr;
    return std::make_unique<AccumulationFigure>(*m_run, m_cursor, m_logSteps->isChecked());
}

void AccumulationPanel::changeEvent(QEvent* event)
{
    LessonPanel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        updateReadouts();  // the format names held to 4.5:1 against the new table colour
}

void AccumulationPanel::resizeEvent(QResizeEvent* event)
{
    LessonPanel::resizeEvent(event);
    m_resizeTimer->start();
}

const PanelRegistration kPanel({
    .lesson = "accumulation",
    .objectName = "accumulationDock",
    .makePanel = [] { return new AccumulationPanel; },
});

}  // namespace floatscope::gui
