#include "app/panels/RangeBarsPanel.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/text/LessonText.h"
#include "app/panels/FigureWidget.h"
#include "app/panels/FormatChecklist.h"
#include "app/panels/HintedField.h"
#include "app/lessons/LessonRegistry.h"
#include "app/lessons/RangeBarsLesson.h"
#include "app/panels/DeclaredFields.h"
#include "app/text/LessonInput.h"
#include "app/panels/PanelKit.h"

namespace floatscope::gui {

RangeBarsPanel::RangeBarsPanel(QWidget* parent) : LessonPanel(parent)
{
    const Areas areas = splitContent();
    QWidget* content = areas.controls;
    m_formats = declaredChecklist(optionNamed(rangeBarsOptions(), "formats"), content);
    m_formatsLabel = new QLabel(content);
    m_formatsLabel->setBuddy(m_formats);
    m_formatsHint = makeErrorHint(content);
    m_defaultMarks = RangeBarsData::defaultMarks();
    m_marks = new HintedField(m_defaultMarks, content);
    m_marksLabel = new QLabel(content);
    m_marksLabel->setBuddy(m_marks->edit());
    m_values = new QPlainTextEdit(content);
    m_values->setTabChangesFocus(true);
    m_values->setMaximumHeight(90);
    m_valuesLabel = new QLabel(content);
    m_valuesLabel->setBuddy(m_values);
    m_valuesHint = makeErrorHint(content);
    m_source = new QLabel(content);
    m_source->setWordWrap(true);
    m_load = new QPushButton(content);
    m_example = new QPushButton(content);
    m_clear = new QPushButton(content);
    m_figure = new FigureWidget(content);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_load);
    buttons->addWidget(m_example);
    buttons->addWidget(m_clear);
    buttons->addStretch();
    auto* valuesBox = new QVBoxLayout;
    valuesBox->addWidget(m_values);
    valuesBox->addWidget(m_valuesHint);
    valuesBox->addWidget(m_source);
    valuesBox->addLayout(buttons);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_formatsLabel, m_formats);
    form->addRow(QString(), m_formatsHint);
    form->addRow(m_marksLabel, m_marks);
    form->addRow(m_valuesLabel, valuesBox);
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(form);
    layout->addStretch();
    m_figure->setFitted(true);
    auto* results = new QVBoxLayout(areas.results);
    results->addWidget(m_figure, 1);

    const auto later = [this] { recomputeLater(300); };
    connect(m_formats, &FormatChecklist::checkedChanged, this, &RangeBarsPanel::recompute);
    connect(m_marks, &HintedField::edited, this, later);
    connect(m_values, &QPlainTextEdit::textChanged, this, later);
    connect(m_load, &QPushButton::clicked, this, [this] { chooseFile(tr("Values from a file")); });
    connect(m_example, &QPushButton::clicked, this, &RangeBarsPanel::useExampleValues);
    connect(m_clear, &QPushButton::clicked, this, [this] {
        m_loaded = {};
        m_exampleLoaded = false;
        m_values->clear();
        recompute();
    });
    retranslate();
    useExampleValues();
}

void RangeBarsPanel::retranslate()
{
    m_formatsLabel->setText(tr("&Formats:"));
    m_marksLabel->setText(tr("&Marks:"));
    m_marks->edit()->setToolTip(tr("Values to mark on the axis, as “label = value” separated by ; (a label is optional)"));
    m_valuesLabel->setText(tr("&Values:"));
    m_values->setPlaceholderText(tr("Paste values here (separated by spaces, commas or new lines) to see where they land"));
    m_load->setText(tr("&Load .npy or .csv…"));
    m_example->setText(tr("E&xample gradients"));
    m_clear->setText(tr("Clear"));
    // The default marks follow the language until the user changes them.
    if (const QString marks = RangeBarsData::defaultMarks(); m_marks->text() == m_defaultMarks) {
        m_marks->setText(marks);
        m_defaultMarks = marks;
    }
    showValuesSource();
    recompute();
}

QString RangeBarsPanel::valuesHint() const
{
    return m_valuesHint->isHidden() ? QString() : m_valuesHint->text();
}

void RangeBarsPanel::showValuesSource()
{
    QString text;
    if (!m_values->toPlainText().trimmed().isEmpty())
        text = tr("The histogram shows the values typed above.");
    else if (m_exampleLoaded)
        text = tr("The histogram shows %1 example gradients: log-normal, median 10⁻⁶, 1.5 decades either way (seeded).")
                   .arg(LessonText::count(static_cast<std::int64_t>(m_loaded.values.size())));
    else if (!m_loaded.values.empty())
        text = tr("The histogram shows %1 values from %2.")
                   .arg(LessonText::count(static_cast<std::int64_t>(m_loaded.values.size())), m_loaded.name);
    else
        text = tr("No values: the histogram is hidden.");
    m_source->setText(text);
}

void RangeBarsPanel::useExampleValues()
{
    m_loaded = {RangeBarsData::exampleValues(), {}};
    m_exampleLoaded = true;
    {
        const QSignalBlocker blocker(m_values);
        m_values->clear();
    }
    recompute();
}

QString RangeBarsPanel::loadFile(const QString& path)
{
    if (const QString why = readValuesFile(path, m_valuesHint, m_loaded); !why.isEmpty())
        return why;
    m_exampleLoaded = false;
    {
        const QSignalBlocker blocker(m_values);
        m_values->clear();
    }
    recompute();
    return {};
}

void RangeBarsPanel::compute()
{
    // 1. Formats and marks; a bad field keeps the last good figure.
    const bool someFormat = readChecklist(optionNamed(rangeBarsOptions(), "formats"), m_formats, m_formatsHint).has_value();
    const std::vector<Format> formats = m_formats->checkedFormats();
    QString marksError;
    const auto marks = LessonInput::marks(m_marks->text(), marksError);
    m_marks->setHint(marksError);
    // 2. The values: typed, else loaded (or the example), else none.
    std::vector<double> typed;
    QString valuesError;
    const bool useTyped = !m_values->toPlainText().trimmed().isEmpty();
    if (useTyped) {
        if (const auto parsed = LessonInput::values(m_values->toPlainText(), valuesError))
            typed = *parsed;
    }
    setErrorHint(m_valuesHint, valuesError);
    showValuesSource();
    if (!someFormat || !marks || !valuesError.isEmpty())
        return;
    m_data = RangeBarsData::compute(formats, *marks, useTyped ? std::span<const double>(typed) : std::span<const double>(m_loaded.values));
    m_figure->setFigure(makeFigure());
}

std::unique_ptr<Figure> RangeBarsPanel::makeFigure() const
{
    return std::make_unique<RangeBarsFigure>(m_data);
}

const PanelRegistration kPanel({
    .lesson = "range",
    .objectName = "rangeBarsDock",
    .makePanel = [] { return new RangeBarsPanel; },
});

}  // namespace floatscope::gui
