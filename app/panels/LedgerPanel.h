#pragma once

#include <memory>
#include <optional>

#include "app/figures/LedgerFigure.h"
#include "app/panels/LessonPanel.h"

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;

namespace floatscope::gui {

class LedgerSchemesEditor;
class ScalingFigureView;

// The memory ledger: a model's parameter count typed or from presets; GPUs and the ZeRO
// stage; GB or GiB; the training recipes as editable rows of components, the user's own too
// (LedgerSchemesEditor); a stacked bar per scheme; activations with none, selective or full
// recomputation; and whether it all fits a GPU of a chosen size. Numbers come from core. Bad input
// shows a red hint by its field; the last result stays.
class LedgerPanel : public LessonPanel {
    Q_OBJECT

public:
    explicit LedgerPanel(QWidget* parent = nullptr);

    // As a user types them; each recomputes at once.
    void setParametersText(const QString& text);
    void setGpuMemoryText(const QString& text);
    void setGpus(int gpus);
    void setZeroStage(int stage);
    void setUnit(ByteUnit unit);

    LedgerSchemesEditor* schemes() const { return m_schemes; }
    const std::optional<LedgerChart>& chart() const { return m_chart; }
    std::unique_ptr<Figure> makeFigure() const override;
    QString parametersHint() const;
    QString activationHint() const;
    QString activationText() const;
    QString fitText() const;

signals:
    void ledgerChanged();

protected:
    void compute() override;
    void retranslate() override;

private:
    void createWidgets();
    void createModelBox();
    void createActivationBox();
    void arrangeColumn();
    void connectInputs();
    void showActivations();
    void onModelChosen(int index);
    void setHint(QLabel* hint, const QString& text);

    std::optional<LedgerChart> m_chart;

    QGroupBox* m_modelBox = nullptr;
    QLabel* m_modelLabel = nullptr;
    QComboBox* m_model = nullptr;
    QLabel* m_paramsLabel = nullptr;
    QLineEdit* m_params = nullptr;
    QLabel* m_paramsHint = nullptr;
    QLabel* m_gpusLabel = nullptr;
    QSpinBox* m_gpus = nullptr;
    QLabel* m_zeroLabel = nullptr;
    QComboBox* m_zero = nullptr;
    QLabel* m_tpLabel = nullptr;
    QSpinBox* m_tp = nullptr;
    QLabel* m_unitLabel = nullptr;
    QComboBox* m_unit = nullptr;

    LedgerSchemesEditor* m_schemes = nullptr;

    QGroupBox* m_activationBox = nullptr;
    QCheckBox* m_countActivations = nullptr;
    QLabel* m_seqLabel = nullptr;
    QSpinBox* m_seq = nullptr;
    QLabel* m_microBatchLabel = nullptr;
    QSpinBox* m_microBatch = nullptr;
    QLabel* m_hiddenLabel = nullptr;
    QSpinBox* m_hidden = nullptr;
    QLabel* m_headsLabel = nullptr;
    QSpinBox* m_heads = nullptr;
    QLabel* m_layersLabel = nullptr;
    QSpinBox* m_layers = nullptr;
    QLabel* m_recomputeLabel = nullptr;
    QComboBox* m_recompute = nullptr;
    QCheckBox* m_sequenceParallel = nullptr;
    QLabel* m_gpuMemoryLabel = nullptr;
    QLineEdit* m_gpuMemory = nullptr;
    QLabel* m_activationHint = nullptr;
    QLabel* m_activationResult = nullptr;
    QLabel* m_fit = nullptr;

    ScalingFigureView* m_view = nullptr;
    QScrollArea* m_scroll = nullptr;
};

}  // namespace floatscope::gui
