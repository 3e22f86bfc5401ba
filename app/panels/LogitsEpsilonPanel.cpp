#include "app/panels/LogitsEpsilonPanel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include "app/text/LessonText.h"
#include "app/panels/FormatChecklist.h"
#include "app/panels/HintedField.h"
#include "app/lessons/LessonRegistry.h"
#include "app/lessons/LogitsEpsilonLesson.h"
#include "app/panels/DeclaredFields.h"
#include "app/panels/PanelKit.h"

namespace floatscope::gui {

namespace {

const LessonOption& option(std::string_view name)
{
    return optionNamed(logitsEpsilonOptions(), name);
}

}  // namespace

LogitsEpsilonPanel::LogitsEpsilonPanel(QWidget* parent) : FigurePanel(parent)
{
    const Areas areas = splitContent();
    QWidget* content = areas.controls;
    m_logits = declaredField(option("logits"), content);
    m_logitsLabel = new QLabel(content);
    m_logitsLabel->setBuddy(m_logits->edit());
    m_numerator = new QComboBox(content);
    m_denominator = new QComboBox(content);
    m_pairLabel = new QLabel(content);
    m_pairLabel->setBuddy(m_numerator);
    m_overLabel = new QLabel(QStringLiteral("/"), content);
    m_eps = declaredField(option("eps"), content);
    m_epsLabel = new QLabel(content);
    m_epsLabel->setBuddy(m_eps->edit());
    m_formats = declaredChecklist(option("formats"), content);
    m_formatsLabel = new QLabel(content);
    m_formatsLabel->setBuddy(m_formats);
    m_formatsHint = makeErrorHint(content);
    m_figure = new FigureWidget(content);

    auto* pairRow = new QHBoxLayout;
    pairRow->addWidget(m_numerator);
    pairRow->addWidget(m_overLabel);
    pairRow->addWidget(m_denominator);
    pairRow->addStretch();
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_logitsLabel, m_logits);
    form->addRow(m_pairLabel, pairRow);
    form->addRow(m_epsLabel, m_eps);
    form->addRow(m_formatsLabel, m_formats);
    form->addRow(QString(), m_formatsHint);
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(form);
    layout->addStretch();
    m_figure->setFitted(true);
    auto* results = new QVBoxLayout(areas.results);
    results->addWidget(m_figure, 1);

    const auto later = [this] { recomputeLater(300); };
    connect(m_logits, &HintedField::edited, this, later);
    connect(m_eps, &HintedField::edited, this, later);
    connect(m_formats, &FormatChecklist::checkedChanged, this, &LogitsEpsilonPanel::recompute);
    connect(m_numerator, &QComboBox::activated, this, &LogitsEpsilonPanel::recompute);
    connect(m_denominator, &QComboBox::activated, this, &LogitsEpsilonPanel::recompute);
    retranslate();
}

void LogitsEpsilonPanel::retranslate()
{
    m_logitsLabel->setText(tr("&Logits:"));
    m_logits->edit()->setToolTip(
        tr("Up to %1 logits, separated by commas or spaces").arg(static_cast<int>(option("logits").max)));
    m_pairLabel->setText(tr("&Ratio p(i) / p(j):"));
    m_epsLabel->setText(tr("&eps:"));
    m_eps->edit()->setToolTip(tr("The constant RMSNorm adds under the square root"));
    m_formatsLabel->setText(tr("&Formats:"));
    recompute();
}

void LogitsEpsilonPanel::refillPair(int count)
{
    // The pair keeps its positions where it can; the BF16 lesson compares 1003 with 1001.
    const int numerator = m_numerator->count() > 0 ? m_numerator->currentIndex() : std::stoi(option("numerator").fallback);
    const int denominator =
        m_denominator->count() > 0 ? m_denominator->currentIndex() : std::stoi(option("denominator").fallback);
    for (QComboBox* box : {m_numerator, m_denominator}) {
        const QSignalBlocker blocker(box);
        box->clear();
        for (int i = 0; i < count; ++i)
            box->addItem(QString());
    }
    m_numerator->setCurrentIndex(std::clamp(numerator, 0, count - 1));
    m_denominator->setCurrentIndex(std::clamp(denominator, 0, count - 1));
}

void LogitsEpsilonPanel::compute()
{
    // 1. The logits, 2 to 16 finite numbers, and eps.
    const auto list = readField(option("logits"), m_logits);
    const auto eps = readField(option("eps"), m_eps);
    const bool someFormat = readChecklist(option("formats"), m_formats, m_formatsHint).has_value();
    const std::vector<Format> formats = m_formats->checkedFormats();
    if (!list || !eps || !someFormat)
        return;
    const std::vector<ExactValue>& logits = list->list;

    // 2. The pair to compare, then core.
    if (m_numerator->count() != static_cast<int>(logits.size()))
        refillPair(static_cast<int>(logits.size()));
    for (std::size_t i = 0; i < logits.size(); ++i) {
        m_numerator->setItemText(static_cast<int>(i), LessonText::brief(logits[i]));
        m_denominator->setItemText(static_cast<int>(i), LessonText::brief(logits[i]));
    }
    showResult(LogitsEpsilonData::compute(formats, logits, static_cast<std::size_t>(m_numerator->currentIndex()),
                                          static_cast<std::size_t>(m_denominator->currentIndex()), eps->exact));
}

const PanelRegistration kPanel({
    .lesson = "logits",
    .objectName = "logitsEpsilonDock",
    .makePanel = [] { return new LogitsEpsilonPanel; },
});

}  // namespace floatscope::gui
