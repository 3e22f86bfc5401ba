#pragma once

#include <vector>

#include "app/figures/ReductionsFigure.h"
#include "app/panels/FigurePanel.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QSpinBox;
class QStackedWidget;

namespace floatscope::gui {

class FormatChecklist;
class HintedField;
class LessonJob;

// The operators lab's reductions: a softmax denominator over a vocabulary of up to 4M logits (152k
// by default), mean and variance three ways, RMSNorm, a router's top k, each in the chosen formats
// beside its reference, with `floatscope reduce`'s parameters. The big ones run in the background.
class ReductionsPanel : public FigurePanel<ReductionsData, ReductionsFigure> {
    Q_OBJECT

public:
    explicit ReductionsPanel(QWidget* parent = nullptr);

    // Chooses a reduction (its page of fields and its default formats) and computes it.
    void setReduction(Reduction reduction);

    QComboBox* reductionBox() const { return m_reduction; }
    FormatChecklist* formatList() const { return m_formats; }
    // A field by the option `floatscope reduce` gives it ("vocab", "mean", "top-k", ...).
    HintedField* field(const QString& option) const;
    LessonJob* job() const { return m_job; }

protected:
    void compute() override;
    void retranslate() override;

private:
    struct Field {
        QString option;
        Reduction reduction;
        HintedField* field = nullptr;
        QLabel* label = nullptr;
    };

    QComboBox* m_reduction = nullptr;
    QLabel* m_reductionLabel = nullptr;
    QStackedWidget* m_pages = nullptr;
    QComboBox* m_logits = nullptr;
    QLabel* m_logitsLabel = nullptr;
    std::vector<Field> m_fields;
    FormatChecklist* m_formats = nullptr;
    QLabel* m_formatsLabel = nullptr;
    QLabel* m_formatsHint = nullptr;
    QSpinBox* m_seed = nullptr;
    QLabel* m_seedLabel = nullptr;
    LessonJob* m_job = nullptr;
};

}  // namespace floatscope::gui
