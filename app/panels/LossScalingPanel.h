#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "app/figures/LossScalingFigure.h"
#include "app/panels/LessonPanel.h"
#include "core/train/ModelProbes.h"

class QComboBox;
class QGroupBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSlider;
class QSpinBox;
class QStackedWidget;

namespace floatscope::gui {

class ChartView;
class FigureWidget;
class HintedField;
class ModelSourceRow;

// The loss-scaling lesson (lecture 10, demos 3 and 4): a gradient distribution (log-normal with a
// chosen median and spread, pasted or loaded values, or the training lab's model's real gradients at
// step k, computed on the background job with the lecture's column: each scale's real backward pass
// against fp32's) multiplied by a scale S and drawn on the
// same log2 axis as the fp16 window, with the shares that underflow, go subnormal or overflow; and
// dynamic loss scaling (overflow: skip the step and halve S; N good steps: double it) as a
// timeline, starting from a scale that is too large, as lecture 10's demo does.
class LossScalingPanel : public LessonPanel {
    Q_OBJECT

public:
    explicit LossScalingPanel(QWidget* parent = nullptr);

    void setLog2Scale(int log2Scale);
    QString loadFile(const QString& path) override;
    std::unique_ptr<Figure> makeFigure() const override;

    const std::optional<LossScalingData>& data() const { return m_data; }
    QComboBox* formatBox() const { return m_format; }
    QComboBox* sourceBox() const { return m_source; }
    HintedField* medianField() const { return m_median; }
    HintedField* spreadField() const { return m_spread; }
    QPlainTextEdit* valuesEdit() const { return m_values; }
    QSpinBox* initialScaleBox() const { return m_initial; }
    QString summary() const;
    QString eventsText() const;  // the dynamic run's overflows and growths, in words
    ChartView* timelineView() const { return m_timeline; }
    FigureWidget* windowView() const { return m_window; }
    QSpinBox* modelStepBox() const;
    QString modelStatus() const;
    bool probingModel() const;
    void cancelModel();
    // The source's choices, in the box's order.
    enum Source { LogNormalSource, Values, Model };

signals:
    void modelReady();  // the model's gradients arrived (or their run was cancelled)

protected:
    void compute() override;
    void retranslate() override;

private:
    void createSourcePages(QWidget* content);
    void createDynamicBox(QWidget* content);
    void arrangeResults(QWidget* area);
    void connectFields();
    void probeModel(const Format& format, int step);
    void showEvents();
    void inputsChanged();  // anything but S: the dynamic run is simulated again
    void showScale();

    QComboBox* m_format = nullptr;
    QLabel* m_formatLabel = nullptr;
    QComboBox* m_source = nullptr;
    QLabel* m_sourceLabel = nullptr;
    QStackedWidget* m_sourcePages = nullptr;
    HintedField* m_median = nullptr;
    HintedField* m_spread = nullptr;
    QLabel* m_medianLabel = nullptr;
    QLabel* m_spreadLabel = nullptr;
    QPlainTextEdit* m_values = nullptr;
    QLabel* m_valuesHint = nullptr;
    QLabel* m_valuesSource = nullptr;
    QPushButton* m_load = nullptr;
    QSlider* m_scale = nullptr;
    QSpinBox* m_scaleBox = nullptr;
    QLabel* m_scaleLabel = nullptr;
    QLabel* m_scaleText = nullptr;
    FigureWidget* m_window = nullptr;

    QGroupBox* m_dynamicBox = nullptr;
    QSpinBox* m_initial = nullptr;
    QSpinBox* m_interval = nullptr;
    QSpinBox* m_steps = nullptr;
    QSpinBox* m_perStep = nullptr;
    QSpinBox* m_seed = nullptr;
    QLabel* m_initialLabel = nullptr;
    QLabel* m_intervalLabel = nullptr;
    QLabel* m_stepsLabel = nullptr;
    QLabel* m_perStepLabel = nullptr;
    QLabel* m_seedLabel = nullptr;
    ChartView* m_timeline = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_events = nullptr;

    ModelSourceRow* m_modelRow = nullptr;

    LoadedValues m_loaded;
    // The lab's gradients at a step, with the backward passes in a format: kept while S alone moves.
    std::shared_ptr<const train::ModelGradients> m_model;
    std::string m_modelFormat;
    bool m_runDirty = true;
    std::optional<LossScalingData> m_data;
};

}  // namespace floatscope::gui
