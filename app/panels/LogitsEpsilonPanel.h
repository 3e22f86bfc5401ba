#pragma once

#include "app/figures/LogitsEpsilonFigure.h"
#include "app/panels/FigurePanel.h"

class QComboBox;
class QLabel;

namespace floatscope::gui {

class FormatChecklist;
class HintedField;

// Two small lessons from the BF16 lesson: logits 1000 .. 1003 stored in bf16 and fp16 and what that does to
// softmax's probability ratios (bf16 makes 1000, 1001 and 1002 one value), and RMSNorm's eps = 1e-6
// stored in each format (a subnormal with 5 significant bits in fp16) with its relative error.
class LogitsEpsilonPanel : public FigurePanel<LogitsEpsilonData, LogitsEpsilonFigure> {
    Q_OBJECT

public:
    explicit LogitsEpsilonPanel(QWidget* parent = nullptr);


    HintedField* logitsField() const { return m_logits; }
    HintedField* epsField() const { return m_eps; }
    QComboBox* numeratorBox() const { return m_numerator; }
    QComboBox* denominatorBox() const { return m_denominator; }
    FormatChecklist* formatList() const { return m_formats; }

protected:
    void compute() override;
    void retranslate() override;

private:
    void refillPair(int count);

    HintedField* m_logits = nullptr;
    HintedField* m_eps = nullptr;
    QComboBox* m_numerator = nullptr;
    QComboBox* m_denominator = nullptr;
    FormatChecklist* m_formats = nullptr;
    QLabel* m_logitsLabel = nullptr;
    QLabel* m_pairLabel = nullptr;
    QLabel* m_overLabel = nullptr;
    QLabel* m_epsLabel = nullptr;
    QLabel* m_formatsLabel = nullptr;
    QLabel* m_formatsHint = nullptr;
};

}  // namespace floatscope::gui
