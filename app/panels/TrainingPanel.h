#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/lessons/TrainingLesson.h"
#include "app/panels/LessonPanel.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTableWidget;
class QTimer;

namespace floatscope::gui {

class BackgroundJob;
class ChartView;
class HintedField;
struct LiveRuns;

// The training lab (lecture 10's demo 5, the BF16 lesson's loss curves, the FP8 blog's
// "the curves coincide"): the tiny character model trained once per recipe from the same weights and
// batches, on the background job with progress and cancel, the curves filling in while it trains;
// every recipe's end in a table, the fp8 casts, the final loss against bytes per parameter, and in
// words what this model got against the lecture's claims. The second view plots each recipe's gap to
// fp32 against the peak learning rate. A recipe of one's own is edited as key=value text, saved and
// loaded; the inputs are remembered in the settings.
class TrainingPanel : public LessonPanel {
    Q_OBJECT

public:
    explicit TrainingPanel(QWidget* parent = nullptr);
    ~TrainingPanel() override;

    void applyPreset(const QString& id);
    // Starts training with the fields (a run going is cancelled and this one follows it).
    void train();
    void cancel();
    bool training() const;
    // A recipe file into the editor (the file's problem, or the recipe's, is the answer).
    QString loadFile(const QString& path) override;
    QString saveRecipe(const QString& path);
    std::unique_ptr<Figure> makeFigure() const override;
    QVariantMap settings() const override;
    void restoreSettings(const QVariantMap& settings) override;

    // The fields as a request, or nullopt with the hints shown.
    std::optional<TrainingRequest> request();
    const TrainingData& data() const { return m_data; }

    QCheckBox* recipeBox(const std::string& name) const;
    QCheckBox* customBox() const { return m_custom; }
    QSpinBox* stepsBox() const { return m_steps; }
    QSpinBox* seedBox() const { return m_seed; }
    QComboBox* rateBox() const { return m_rate; }
    HintedField* rateField() const { return m_ownRate; }
    QComboBox* viewBox() const { return m_view; }
    // Where the products run: the engine (emulated), or this GPU's tensor cores beside it (disabled,
    // with the plain reason beside it, where there is no usable GPU).
    QComboBox* productsBox() const { return m_products; }
    QString productsReason() const;
    QString productsHint() const;
    HintedField* peaksField() const { return m_peaks; }
    QPlainTextEdit* recipeEditor() const { return m_recipeText; }
    QString recipeHint() const;
    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* trainButton() const { return m_train; }
    QPushButton* cancelButton() const { return m_cancel; }
    QString statusText() const;
    QString notesText() const;
    ChartView* curvesView() const { return m_curves; }
    QTableWidget* endTableWidget() const { return m_endTable; }

signals:
    void trainingFinished();  // a run ended, finished or cancelled

protected:
    void compute() override;
    void retranslate() override;

private:
    void createWidgets();
    void createPresetBox(QWidget* content);
    QWidget* createRecipeChecks(QWidget* content);
    QFormLayout* createFieldsForm(QWidget* content, QWidget* recipes);
    QGroupBox* createRecipeEditor(QWidget* content);
    QHBoxLayout* createRunRow(QWidget* content);
    void createResultPages(QWidget* content);
    void connectInputs();
    void startTraining(const TrainingRequest& request);
    void finishTraining(TrainingData data, bool cancelled);
    void takeLiveSteps();
    void showData();
    void showStatus();
    void recipeEdited();
    std::optional<train::Recipe> customRecipe(bool showHint);
    void chooseRecipeFile();
    void chooseSaveFile();
    void updateEnabled();

    QComboBox* m_preset = nullptr;
    QLabel* m_presetLabel = nullptr;
    QLabel* m_recipesLabel = nullptr;
    std::vector<QCheckBox*> m_recipes;
    QCheckBox* m_custom = nullptr;
    QLabel* m_recipesHint = nullptr;
    QSpinBox* m_steps = nullptr;
    QLabel* m_stepsLabel = nullptr;
    QSpinBox* m_seed = nullptr;
    QLabel* m_seedLabel = nullptr;
    QComboBox* m_rate = nullptr;
    QLabel* m_rateLabel = nullptr;
    HintedField* m_ownRate = nullptr;
    QComboBox* m_view = nullptr;
    QLabel* m_viewLabel = nullptr;
    HintedField* m_peaks = nullptr;
    QLabel* m_peaksLabel = nullptr;
    QComboBox* m_products = nullptr;
    QLabel* m_productsLabel = nullptr;
    QLabel* m_productsReason = nullptr;  // why the GPU is not offered (or which GPU it is)
    QLabel* m_productsHint = nullptr;    // a chosen recipe this GPU does not run

    QLabel* m_editorLabel = nullptr;
    QPlainTextEdit* m_recipeText = nullptr;
    QLabel* m_recipeHint = nullptr;
    QComboBox* m_base = nullptr;
    QLabel* m_baseLabel = nullptr;
    QPushButton* m_loadRecipe = nullptr;
    QPushButton* m_saveRecipe = nullptr;
    QLabel* m_recipeFile = nullptr;
    QString m_recipePath;

    QPushButton* m_train = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;

    QStackedWidget* m_pages = nullptr;
    ChartView* m_curves = nullptr;
    QCheckBox* m_vsFp32 = nullptr;  // the curves as each recipe's gap to fp32
    ChartView* m_cost = nullptr;
    QTableWidget* m_endTable = nullptr;
    QTableWidget* m_fp8Table = nullptr;
    ChartView* m_gapChart = nullptr;
    QTableWidget* m_gapTable = nullptr;
    QLabel* m_notes = nullptr;

    enum class Status { Untrained, Training, Done, Cancelled, Changed };
    Status m_statusKind = Status::Untrained;
    TrainingData m_data;
    std::string m_dataSignature;  // the request m_data shows, to tell when the fields differ
    std::shared_ptr<LiveRuns> m_live;
    QTimer* m_liveTimer = nullptr;
    BackgroundJob* m_job;
};

}  // namespace floatscope::gui
