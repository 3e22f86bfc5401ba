#pragma once

#include <memory>
#include <vector>

#include "app/figures/RangeBarsFigure.h"
#include "app/panels/LessonPanel.h"

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace floatscope::gui {

class FigureWidget;
class FormatChecklist;
class HintedField;

// The range lesson (the BF16 lesson): every chosen format as a bar on one shared log2 axis (subnormal
// span, normal span, largest finite value; exact numbers on hover), marks for values the user adds
// (a gradient of 1e-8, eps = 1e-6), and the histogram of a pasted or loaded list of values with the
// share that underflows, goes subnormal or overflows in each format.
class RangeBarsPanel : public LessonPanel {
    Q_OBJECT

public:
    explicit RangeBarsPanel(QWidget* parent = nullptr);

    QString loadFile(const QString& path) override;
    void useExampleValues();
    std::unique_ptr<Figure> makeFigure() const override;

    const RangeBarsData& data() const { return m_data; }
    FormatChecklist* formatList() const { return m_formats; }
    HintedField* marksField() const { return m_marks; }
    QPlainTextEdit* valuesEdit() const { return m_values; }
    QString valuesHint() const;
    FigureWidget* figureWidget() const { return m_figure; }

protected:
    void compute() override;
    void retranslate() override;

private:
    void showValuesSource();

    FormatChecklist* m_formats = nullptr;
    QLabel* m_formatsLabel = nullptr;
    QLabel* m_formatsHint = nullptr;
    HintedField* m_marks = nullptr;
    QString m_defaultMarks;  // the default marks as last shown, in the language of the time
    QLabel* m_marksLabel = nullptr;
    QLabel* m_valuesLabel = nullptr;
    QPlainTextEdit* m_values = nullptr;
    QLabel* m_valuesHint = nullptr;
    QLabel* m_source = nullptr;
    QPushButton* m_load = nullptr;
    QPushButton* m_example = nullptr;
    QPushButton* m_clear = nullptr;
    FigureWidget* m_figure = nullptr;

    // Values that came from a file or the example, used while the text box is empty.
    LoadedValues m_loaded;
    bool m_exampleLoaded = false;
    RangeBarsData m_data;
};

}  // namespace floatscope::gui
