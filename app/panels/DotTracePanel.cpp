#include "app/panels/DotTracePanel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSpinBox>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "app/panels/AccumulatorMenu.h"
#include "app/panels/HintedField.h"
#include "app/lessons/DotTraceLesson.h"
#include "app/panels/DeclaredFields.h"
#include "app/lessons/LessonRegistry.h"
#include "app/panels/PanelKit.h"
#include "app/panels/PlaybackBar.h"
#include "app/text/OperatorsText.h"

namespace floatscope::gui {

namespace {

const LessonOption& option(std::string_view name)
{
    return optionNamed(dotTraceOptions(), name);
}

}  // namespace

DotTracePanel::DotTracePanel(QWidget* parent) : FigurePanel(parent)
{
    const Areas areas = splitContent();
    QWidget* content = areas.controls;
    m_inputs = declaredComboBox(option("inputs"), content);
    m_accumulator = declaredField(option("accumulator"), content);
    m_choose = new QToolButton(content);
    m_choose->setPopupMode(QToolButton::InstantPopup);
    m_choose->setMenu(new QMenu(m_choose));
    m_promote = declaredSpinBox(option("promote"), content);
    m_source = new QComboBox(content);
    m_source->addItem(QString());
    m_source->addItem(QString());
    m_pages = new QStackedWidget(content);
    QWidget* generated = createGeneratedPage();
    QWidget* typed = createTypedPage();
    m_pages->addWidget(generated);
    m_pages->addWidget(typed);
    fitToCurrentPage(m_pages);

    m_inputsLabel = new QLabel(content);
    m_accumulatorLabel = new QLabel(content);
    m_promoteLabel = new QLabel(content);
    m_sourceLabel = new QLabel(content);
    m_inputsLabel->setBuddy(m_inputs);
    m_accumulatorLabel->setBuddy(m_accumulator->edit());
    m_promoteLabel->setBuddy(m_promote);
    m_sourceLabel->setBuddy(m_source);
    m_playback = new PlaybackBar(content);
    m_playback->setSpeed(1);
    m_figure = new FigureWidget(content);

    auto* accumulatorRow = new QHBoxLayout;
    accumulatorRow->addWidget(m_accumulator, 1);
    accumulatorRow->addWidget(m_choose, 0, Qt::AlignTop);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_inputsLabel, m_inputs);
    form->addRow(m_accumulatorLabel, accumulatorRow);
    auto* promoteRow = new QHBoxLayout;
    promoteRow->addWidget(m_promote);
    promoteRow->addStretch();
    form->addRow(m_promoteLabel, promoteRow);
    form->addRow(m_sourceLabel, m_source);
    form->addRow(QString(), m_pages);
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(form);
    layout->addStretch();
    m_figure->setFitted(true);
    auto* results = new QVBoxLayout(areas.results);
    results->addWidget(m_playback);
    results->addWidget(m_figure, 1);

    connectInputs();
    retranslate();
}

// Generated vectors: how many, from which distribution, with which seed.
QWidget* DotTracePanel::createGeneratedPage()
{
    auto* generated = new QWidget;
    m_count = declaredSpinBox(option("count"), generated);
    m_distribution = declaredComboBox(option("distribution"), generated);  // worded in retranslate()
    m_seed = declaredSpinBox(option("seed"), generated);
    m_countLabel = new QLabel(generated);
    m_distributionLabel = new QLabel(generated);
    m_seedLabel = new QLabel(generated);
    m_countLabel->setBuddy(m_count);
    m_distributionLabel->setBuddy(m_distribution);
    m_seedLabel->setBuddy(m_seed);
    auto* generatedRow = new QHBoxLayout(generated);
    generatedRow->setContentsMargins(0, 0, 0, 0);
    for (QWidget* w : std::initializer_list<QWidget*>{m_countLabel, m_count, m_distributionLabel, m_distribution,
                                                      m_seedLabel, m_seed})
        generatedRow->addWidget(w);
    generatedRow->addStretch();
    return generated;
}

// Typed vectors: a and b, each a list of numbers.
QWidget* DotTracePanel::createTypedPage()
{
    auto* typed = new QWidget;
    m_a = declaredField(option("a"), typed);
    m_b = declaredField(option("b"), typed);
    m_aLabel = new QLabel(typed);
    m_bLabel = new QLabel(typed);
    m_aLabel->setBuddy(m_a->edit());
    m_bLabel->setBuddy(m_b->edit());
    auto* typedForm = new QFormLayout(typed);
    typedForm->setContentsMargins(0, 0, 0, 0);
    typedForm->addRow(m_aLabel, m_a);
    typedForm->addRow(m_bLabel, m_b);
    return typed;
}

void DotTracePanel::connectInputs()
{
    const auto later = [this] { recomputeLater(400); };
    connect(m_inputs, &QComboBox::currentIndexChanged, this, &DotTracePanel::recompute);
    connect(m_distribution, &QComboBox::currentIndexChanged, this, &DotTracePanel::recompute);
    connect(m_source, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_pages->setCurrentIndex(index);
        fitToCurrentPage(m_pages);
        recompute();
    });
    for (HintedField* f : {m_accumulator, m_a, m_b})
        connect(f, &HintedField::edited, this, later);
    for (QSpinBox* s : {m_promote, m_count, m_seed})
        connect(s, &QSpinBox::valueChanged, this, later);
    connect(m_playback, &PlaybackBar::positionRequested, this, &DotTracePanel::setStep);
}

void DotTracePanel::retranslate()
{
    m_inputsLabel->setText(tr("&Inputs:"));
    m_accumulatorLabel->setText(tr("&Accumulator:"));
    m_accumulator->edit()->setToolTip(tr("One accumulator, as 'floatscope dot --accumulator' takes it: fp32, "
                                         "bf16:toward-zero, fixed:13:32, h100-fp8, avx512bf16"));
    setMenuButtonText(m_choose, tr("C&hoose"));
    m_choose->setToolTip(tr("Choose an accumulator"));
    fillAccumulatorMenu(m_choose->menu(), [this](const QString& spec) {
        m_accumulator->setText(spec);
        recompute();
    });
    m_promoteLabel->setText(tr("&Promote every:"));
    m_promote->setSpecialValueText(tr("no promotion"));
    m_promote->setSuffix(tr(" products"));
    m_sourceLabel->setText(tr("&Vectors:"));
    m_source->setItemText(0, tr("generated"));
    m_source->setItemText(1, tr("typed value by value"));
    m_countLabel->setText(tr("&Products:"));
    m_distributionLabel->setText(tr("&Distribution:"));
    for (std::size_t i = 0; i < std::size(dot::kDistributions); ++i)
        m_distribution->setItemText(static_cast<int>(i), text::distributionText(dot::kDistributions[i]));
    m_seedLabel->setText(tr("See&d:"));
    m_aLabel->setText(tr("&a:"));
    m_bLabel->setText(tr("&b:"));
    m_a->edit()->setToolTip(tr("Values separated by commas or blanks, each rounded once to the inputs' format"));
    m_b->edit()->setToolTip(m_a->edit()->toolTip());
    recompute();  // a few products: the words of the source too, in the new language
}

void DotTracePanel::compute()
{
    // 1. The fields, read through the lesson's declaration; a bad one keeps the last figure.
    OptionValues options;
    for (const auto& [name, box] : {std::pair{"inputs", m_inputs}, std::pair{"distribution", m_distribution}})
        options.set(name, comboBoxValue(box));
    for (const auto& [name, field] : {std::pair{"accumulator", m_accumulator}, std::pair{"a", m_a}, std::pair{"b", m_b}})
        options.set(name, OptionValue{.text = field->text().toStdString()});
    for (const auto& [name, box] : {std::pair{"promote", m_promote}, std::pair{"count", m_count}, std::pair{"seed", m_seed}})
        options.set(name, spinBoxValue(option(name), box));
    DotTraceProblem problem;
    // 2. A few dozen steps at most: at once. The step shown stays where it was, within the new run.
    auto data = dotTraceOf(options, m_source->currentIndex() == 1, m_data ? m_data->step : 1, problem);
    const bool typed = m_source->currentIndex() == 1;
    for (const auto& [name, field] : {std::pair{"accumulator", m_accumulator}, std::pair{"a", m_a}, std::pair{"b", m_b}})
        if (typed || field == m_accumulator)  // the vectors typed are read only when chosen
            field->setHint(problem.option == name ? problem.reason : QString());
    if (!data)
        return;
    m_data = std::move(data);
    m_playback->setLastStep(static_cast<std::int64_t>(m_data->steps()));
    m_playback->setPosition(static_cast<std::int64_t>(m_data->step));
    redraw();
}

void DotTracePanel::setStep(std::int64_t step)
{
    if (!m_data)
        return;
    m_data->step = static_cast<std::size_t>(std::clamp<std::int64_t>(step, 0, static_cast<std::int64_t>(m_data->steps())));
    m_playback->setPosition(static_cast<std::int64_t>(m_data->step));
    redraw();
}

const PanelRegistration kPanel({
    .lesson = "dot-trace",
    .objectName = "dotTraceDock",
    .makePanel = [] { return new DotTracePanel; },
});

}  // namespace floatscope::gui
