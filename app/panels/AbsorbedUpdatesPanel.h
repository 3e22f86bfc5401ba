#pragma once

#include <memory>
#include <vector>

#include "app/figures/AbsorbedUpdatesFigure.h"
#include "app/panels/FigurePanel.h"

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace floatscope::gui {

class FormatChecklist;
class HintedField;
class ModelSourceRow;

// The absorbed-updates lesson (lecture 10, demo 5): weights stored in a 16-bit format without an fp32
// master copy (generated with a seed, pasted, loaded from .npy or .csv, or the training lab's model
// after k fp32 steps, trained on the background job), an update size about
// Adam's learning rate, and per storage format the share of updates lost and the |w| above which
// every one is; the lecture notes' table for 3e-3, 3e-4 and 3e-5, and the fp32 master copy beside it.
class AbsorbedUpdatesPanel : public FigurePanel<AbsorbedUpdatesData, AbsorbedUpdatesFigure> {
    Q_OBJECT

public:
    explicit AbsorbedUpdatesPanel(QWidget* parent = nullptr);

    QString loadFile(const QString& path) override;

    QComboBox* sourceBox() const { return m_source; }
    HintedField* countField() const { return m_count; }
    HintedField* deviationField() const { return m_deviation; }
    HintedField* updateField() const { return m_update; }
    QPlainTextEdit* weightsEdit() const { return m_weights; }
    FormatChecklist* formatList() const { return m_formats; }
    QSpinBox* modelStepsBox() const;
    QString modelStatus() const;
    bool trainingModel() const;
    void cancelModel();
    // The source's choices, in the box's order.
    enum Source { Generated, Pasted, File, Model };

signals:
    void modelReady();  // the model's weights arrived (or their training was cancelled)

protected:
    void compute() override;
    void retranslate() override;

private:
    QWidget* createGeneratedPage();
    QWidget* createPastedPage();
    QWidget* createFilePage();
    void connectInputs();
    void trainModel(int steps);
    QString modelSourceText() const;

    QComboBox* m_source = nullptr;
    QLabel* m_sourceLabel = nullptr;
    QStackedWidget* m_pages = nullptr;
    HintedField* m_count = nullptr;
    HintedField* m_deviation = nullptr;
    HintedField* m_ones = nullptr;
    QSpinBox* m_seed = nullptr;
    QLabel* m_countLabel = nullptr;
    QLabel* m_deviationLabel = nullptr;
    QLabel* m_onesLabel = nullptr;
    QLabel* m_seedLabel = nullptr;
    QPlainTextEdit* m_weights = nullptr;
    QLabel* m_weightsHint = nullptr;
    QPushButton* m_load = nullptr;
    QLabel* m_file = nullptr;
    QLabel* m_fileHint = nullptr;
    HintedField* m_update = nullptr;
    QLabel* m_updateLabel = nullptr;
    FormatChecklist* m_formats = nullptr;
    QLabel* m_formatsLabel = nullptr;
    QLabel* m_formatsHint = nullptr;
    ModelSourceRow* m_modelRow = nullptr;

    LoadedValues m_loaded;
    std::shared_ptr<const std::vector<double>> m_model;  // the lab's weights after m_modelFor steps
    int m_modelFor = -1;
};

}  // namespace floatscope::gui
