#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "app/panels/LessonPanel.h"
#include "core/scaling/QuantizeReport.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSplitter;
class QSpinBox;
class QTableWidget;

namespace floatscope::gui {

class BackgroundJob;
class BlockTableModel;
class ElementTableModel;
class QuantizeResults;

// Block scaling and quantization: a tensor typed, generated or loaded; an element format
// and a scheme; every element's code, dequantized value and error, every block's scale, a summary,
// the same tensor through the other recipes, and a heatmap of errors for matrices. The lecture notes'
// examples are presets. Large tensors are quantized in the background with progress and cancel;
// bad input shows a red hint by its field and the last result stays.
class QuantizePanel : public LessonPanel {
    Q_OBJECT

public:
    explicit QuantizePanel(QWidget* parent = nullptr);

    // The lecture notes' examples, in the order of the Example box.
    enum Preset {
        PerTensor,      // [1000, 0.01, 0.02, 0.5], e4m3fn, one scale: 0.01 is 12.807% off
        OneTile,        // the same in one 1x128 tile: the same scale, the same 12.807%
        OwnBlock,       // 0.01 0.02 0.5 | 1000 in tiles of 3: 0.4464%
        Mxfp4Block,     // [0.3, -1.2, 2.7, 0.05] in MXFP4: scale 2^-1, 0.05 becomes 0
        Nvfp4Block,     // the same block in NVFP4
        NormalBlocks,   // 256x256 normal values with outliers, 128x128 blocks: the heatmap
        Large,          // 4096x4096 = 2^24 values, 1x128 tiles: the worker thread
        PresetCount,
    };
    void applyPreset(int preset);

    // Typed values (CSV rules: a row per line); recomputes at once.
    void setValuesText(const QString& text);
    void setFormatText(const QString& text);
    void setFilePath(const QString& path);
    // The file as the tensor; empty when it was quantized (or is, in the background), else why not.
    QString loadFile(const QString& path) override;
    // recompute() quantizes at once, or in the background for large tensors.
    void cancel();
    bool busy() const;

    std::shared_ptr<const QuantizeReport> report() const { return m_report; }
    std::unique_ptr<Figure> makeFigure() const override;
    ElementTableModel* elementModel() const;
    BlockTableModel* blockModel() const;
    QTableWidget* comparisonTable() const;
    QString summaryText() const;
    QString traceText() const;
    QString presetNote() const;
    QString tensorHint() const;
    QString recipeHint() const;
    QString statusText() const;

signals:
    // A new result is shown, or a recomputation ended without one (hint, cancel).
    void reportChanged();
    void recomputeFinished();

protected:
    void compute() override;
    void retranslate() override;
    void showEvent(QShowEvent* event) override;

private:
    struct Inputs {
        TensorRequest request;
        QuantizeOptions options;
    };

    void createWidgets();
    void createExampleRow();
    void createTensorBox();
    QWidget* createNormalPage();
    QWidget* createFilePage();
    void createRecipeBox();
    QHBoxLayout* createProgressRow();
    void arrangeControls(QHBoxLayout* progressRow);
    void connectInputs();
    void scheduleRecompute();
    std::optional<Inputs> readInputs();
    void start(const Inputs& inputs);
    void finish(const ReportOutcome& outcome, double seconds);
    void showStatus();
    void updateEnabled();
    void showSourcePage(int page);
    void browse();
    void setHint(QLabel* hint, const QString& text);

    // Tensor.
    QGroupBox* m_tensorBox = nullptr;
    QGroupBox* m_recipeBox = nullptr;
    QLabel* m_exampleLabel = nullptr;
    QComboBox* m_example = nullptr;
    QLabel* m_note = nullptr;
    QLabel* m_sourceLabel = nullptr;
    QComboBox* m_source = nullptr;
    QLabel* m_storageLabel = nullptr;
    QComboBox* m_storage = nullptr;
    QWidget* m_sourcePages = nullptr;
    std::vector<QWidget*> m_pages;  // typed values, the generator's fields, the file
    QPlainTextEdit* m_values = nullptr;
    QLabel* m_normalShapeLabel = nullptr;
    QLineEdit* m_normalShape = nullptr;
    QLabel* m_meanLabel = nullptr;
    QDoubleSpinBox* m_mean = nullptr;
    QLabel* m_stddevLabel = nullptr;
    QDoubleSpinBox* m_stddev = nullptr;
    QLabel* m_outliersLabel = nullptr;
    QSpinBox* m_outliers = nullptr;
    QLabel* m_magnitudeLabel = nullptr;
    QDoubleSpinBox* m_magnitude = nullptr;
    QLabel* m_normalSeedLabel = nullptr;
    QSpinBox* m_normalSeed = nullptr;
    QLineEdit* m_path = nullptr;
    QPushButton* m_browse = nullptr;
    QLabel* m_shapeLabel = nullptr;
    QLineEdit* m_shape = nullptr;
    QLabel* m_tensorHint = nullptr;

    // Recipe.
    QLabel* m_formatLabel = nullptr;
    QComboBox* m_format = nullptr;
    QLabel* m_schemeLabel = nullptr;
    QComboBox* m_scheme = nullptr;
    QSpinBox* m_tile = nullptr;
    QSpinBox* m_blockRows = nullptr;
    QSpinBox* m_blockCols = nullptr;
    QLabel* m_scaleLabel = nullptr;
    QComboBox* m_scale = nullptr;
    QLabel* m_mxRuleLabel = nullptr;
    QComboBox* m_mxRule = nullptr;
    QLabel* m_roundingLabel = nullptr;
    QComboBox* m_rounding = nullptr;
    QSpinBox* m_roundingSeed = nullptr;
    QCheckBox* m_saturate = nullptr;
    QLabel* m_raggedLabel = nullptr;
    QComboBox* m_ragged = nullptr;
    QLabel* m_recipeHint = nullptr;

    // Progress and results.
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_status = nullptr;
    QuantizeResults* m_results = nullptr;
    QScrollArea* m_scroll = nullptr;
    QSplitter* m_splitter = nullptr;
    bool m_splitterSized = false;  // the controls given their height once, when first shown
    BackgroundJob* m_job;
    QString m_tensorError;         // the tensor hint's text
    bool m_applying = false;       // a preset is setting the controls
    int m_preset = PerTensor;      // the example last applied (its note), or -1 once edited
    std::optional<std::size_t> m_focus;  // the element the applied example is about
    std::shared_ptr<const QuantizeReport> m_report;
    enum class Status { None, Done, Failed, Cancelled, Running } m_statusKind = Status::None;
    double m_seconds = 0;
};

}  // namespace floatscope::gui
