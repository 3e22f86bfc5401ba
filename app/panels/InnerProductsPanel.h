#pragma once

#include "app/figures/InnerProductsFigure.h"
#include "app/panels/FigurePanel.h"

class QComboBox;
class QLabel;
class QSpinBox;
class QToolButton;

namespace floatscope::gui {

class HintedField;
class LessonJob;

// The operators lab's inner products: inputs of one format from a chosen distribution, the relative
// error against K per accumulator (IEEE formats in any mode and order, fixed:W, the tensor-core
// presets, VDPBF16PS, each also promoted into fp32), and where a sum of ones stalls. Long sweeps run
// on the background job.
class InnerProductsPanel : public FigurePanel<InnerProductsData, InnerProductsFigure> {
    Q_OBJECT

public:
    explicit InnerProductsPanel(QWidget* parent = nullptr);


    QComboBox* inputsBox() const { return m_inputs; }
    QComboBox* distributionBox() const { return m_distribution; }
    HintedField* accumulatorField() const { return m_accumulators; }
    QToolButton* addButton() const { return m_add; }
    QSpinBox* promoteBox() const { return m_promote; }
    QComboBox* maxKBox() const { return m_maxK; }
    LessonJob* job() const { return m_job; }

protected:
    void compute() override;
    void retranslate() override;

private:
    QComboBox* m_inputs = nullptr;
    QComboBox* m_distribution = nullptr;
    HintedField* m_accumulators = nullptr;
    QToolButton* m_add = nullptr;
    QSpinBox* m_promote = nullptr;
    QComboBox* m_maxK = nullptr;
    QSpinBox* m_seed = nullptr;
    QLabel* m_inputsLabel = nullptr;
    QLabel* m_distributionLabel = nullptr;
    QLabel* m_accumulatorsLabel = nullptr;
    QLabel* m_promoteLabel = nullptr;
    QLabel* m_maxKLabel = nullptr;
    QLabel* m_seedLabel = nullptr;
    LessonJob* m_job = nullptr;
};

}  // namespace floatscope::gui
