#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/panels/LessonPanel.h"
#include "core/lessons/AccumulationRun.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace floatscope::gui {

class BackgroundJob;
class ChartView;
class FormatChecklist;
class HintedField;
class PlaybackBar;

// The absorption lesson (lesson 14, the BF16 lesson, lecture 10): a start value and an increment added N times (up to
// 10^7) in each chosen format, stored, through an fp32 master, Kahan-compensated or with stochastic
// rounding. Step, play, pause and a slider move through the run; the chart shows every format's sum
// against the step beside the exact line, decimated to the chart's pixels; the table gives each
// format's bits, exact value, effective adds and the first stalled step, and the notes say why it
// stalled. Long runs go to the background job with a progress bar and cancel; bad input gets a red hint
// and the last good run stays.
class AccumulationPanel : public LessonPanel {
    Q_OBJECT

public:
    explicit AccumulationPanel(QWidget* parent = nullptr);

    // A preset of accumulationPresets() by id ("one-plus-1e-3"), applied and run.
    void applyPreset(const QString& id);
    // recompute() runs at once when short, else in the background (runFinished follows).
    void cancelRun();
    bool running() const;

    void setPosition(std::int64_t step);
    std::int64_t position() const { return m_position; }
    void stepForward() { setPosition(m_position + 1); }
    void stepBack() { setPosition(m_position - 1); }
    void play();
    void pause();
    bool playing() const;
    // The chart again at the current step (what a resize, a theme change or a play tick does).
    void redrawChart();

    const AccumulationRun* run() const { return m_run.get(); }
    std::unique_ptr<Figure> makeFigure() const override;

    HintedField* startField() const { return m_start; }
    HintedField* deltaField() const { return m_delta; }
    HintedField* stepsField() const { return m_steps; }
    FormatChecklist* formatList() const { return m_formats; }
    QComboBox* modeBox() const { return m_mode; }
    QSlider* slider() const;
    QTableWidget* readoutTable() const { return m_table; }
    ChartView* chartView() const { return m_chart; }
    QCheckBox* logStepsBox() const { return m_logSteps; }
    QProgressBar* progressBar() const { return m_progress; }
    QString notes() const;

signals:
    void runFinished();  // a new run is shown, or a background run ended without one (cancelled)

protected:
    void compute() override;
    void retranslate() override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;  // a theme's palette: the table's format colours again

private:
    void createWidgets();
    QFormLayout* createFieldsForm(QWidget* content);
    QHBoxLayout* createProgressRow(QWidget* content);
    void createResultWidgets(QWidget* content);
    void connectInputs();
    void showRunning(bool running);
    void adopt(std::shared_ptr<AccumulationRun> run);
    void onRunDone(std::shared_ptr<AccumulationRun> run, bool finished);
    void updateReadouts();
    void updateNotes();
    void updateModeControls();
    int chartColumns() const;

    HintedField* m_start = nullptr;
    HintedField* m_delta = nullptr;
    HintedField* m_steps = nullptr;
    QComboBox* m_preset = nullptr;
    QComboBox* m_mode = nullptr;
    QComboBox* m_route = nullptr;
    QSpinBox* m_seed = nullptr;
    FormatChecklist* m_formats = nullptr;
    QLabel* m_formatsHint = nullptr;
    QCheckBox* m_logSteps = nullptr;
    QLabel* m_presetLabel = nullptr;
    QLabel* m_startLabel = nullptr;
    QLabel* m_deltaLabel = nullptr;
    QLabel* m_stepsLabel = nullptr;
    QLabel* m_modeLabel = nullptr;
    QLabel* m_routeLabel = nullptr;
    QLabel* m_seedLabel = nullptr;
    QLabel* m_formatsLabel = nullptr;
    QLabel* m_presetNote = nullptr;

    PlaybackBar* m_playback = nullptr;

    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QLabel* m_status = nullptr;

    ChartView* m_chart = nullptr;
    QLabel* m_exact = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_notes = nullptr;

    QTimer* m_resizeTimer = nullptr;

    std::shared_ptr<AccumulationRun> m_run;
    std::vector<Accumulator> m_cursor;  // the runs at m_position
    std::int64_t m_position = 0;
    int m_lastColumns = 0;
    bool m_widenOnly = false;  // the table's columns may grow but not shrink (until the next run)

    BackgroundJob* m_job;
};

}  // namespace floatscope::gui
