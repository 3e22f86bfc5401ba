#pragma once

#include <memory>
#include <optional>

#include "app/figures/LogitsEpsilonFigure.h"
#include "app/panels/LessonPanel.h"

class QComboBox;
class QLabel;

namespace floatscope::gui {

class FigureWidget;
class FormatChecklist;
class HintedField;

// Two small lessons from the BF16 lesson: logits 1000 .. 1003 stored in bf16 and fp16 and what that does to
// softmax's probability ratios (bf16 makes 1000, 1001 and 1002 one value), and RMSNorm's eps = 1e-6
// stored in each format (a subnormal with 5 significant bits in fp16) with its relative error.
class LogitsEpsilonPanel : public LessonPanel {
    Q_OBJECT

public:
    explicit LogitsEpsilonPanel(QWidget* parent = nullptr);

    std::unique_ptr<Figure> makeFigure() const override;

    const std::optional<LogitsEpsilonData>& data() const { return m_data; }
    HintedField* logitsField() const { return m_logits; }
    HintedField* epsField() const { return m_eps; }
    QComboBox* numeratorBox() const { return m_numerator; }
    QComboBox* denominatorBox() const { return m_denominator; }
    FormatChecklist* formatList() const { return m_formats; }
    FigureWidget* figureWidget() const { return m_figure; }

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
    FigureWidget* m_figure = nullptr;
    std::optional<LogitsEpsilonData> m_data;
};

}  // namespace floatscope::gui
