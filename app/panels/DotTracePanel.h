#pragma once

#include <cstdint>

#include "app/figures/DotTraceFigure.h"
#include "app/panels/FigurePanel.h"

class QComboBox;
class QLabel;
class QSpinBox;
class QStackedWidget;
class QToolButton;

namespace floatscope::gui {

class HintedField;
class PlaybackBar;

// The operators lab's second lesson: a short inner product (generated, or typed value by value)
// through one model, opened up step by step with the accumulation lesson's playback: the terms,
// their alignment to the largest exponent, the digits kept and thrown away, each rounding, and the
// exact sum beside it.
class DotTracePanel : public FigurePanel<DotTraceData, DotTraceFigure> {
    Q_OBJECT

public:
    explicit DotTracePanel(QWidget* parent = nullptr);

    void setStep(std::int64_t step);

    QComboBox* inputsBox() const { return m_inputs; }
    HintedField* accumulatorField() const { return m_accumulator; }
    QSpinBox* promoteBox() const { return m_promote; }
    QComboBox* sourceBox() const { return m_source; }
    QSpinBox* countBox() const { return m_count; }
    HintedField* aField() const { return m_a; }
    HintedField* bField() const { return m_b; }
    PlaybackBar* playback() const { return m_playback; }

protected:
    void compute() override;
    void retranslate() override;

private:
    QWidget* createGeneratedPage();
    QWidget* createTypedPage();
    void connectInputs();

    QComboBox* m_inputs = nullptr;
    HintedField* m_accumulator = nullptr;
    QToolButton* m_choose = nullptr;
    QSpinBox* m_promote = nullptr;
    QComboBox* m_source = nullptr;
    QStackedWidget* m_pages = nullptr;
    QSpinBox* m_count = nullptr;
    QComboBox* m_distribution = nullptr;
    QSpinBox* m_seed = nullptr;
    HintedField* m_a = nullptr;
    HintedField* m_b = nullptr;
    QLabel* m_inputsLabel = nullptr;
    QLabel* m_accumulatorLabel = nullptr;
    QLabel* m_promoteLabel = nullptr;
    QLabel* m_sourceLabel = nullptr;
    QLabel* m_countLabel = nullptr;
    QLabel* m_distributionLabel = nullptr;
    QLabel* m_seedLabel = nullptr;
    QLabel* m_aLabel = nullptr;
    QLabel* m_bLabel = nullptr;
    PlaybackBar* m_playback = nullptr;
};

}  // namespace floatscope::gui
