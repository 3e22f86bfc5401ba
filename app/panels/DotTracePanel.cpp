#include "app/panels/DotTracePanel.h"

#include <variant>

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
#include "app/lessons/DotModels.h"
#include "app/lessons/LessonRegistry.h"
#include "app/panels/PanelKit.h"
#include "app/panels/PlaybackBar.h"
#include "app/text/LessonInput.h"
#include "app/text/OperatorsText.h"
#include "core/dot/AccumulatorSpec.h"
#include "core/dot/InnerProduct.h"
#include "core/format/Registry.h"

namespace floatscope::gui {

DotTracePanel::DotTracePanel(QWidget* parent) : FigurePanel(parent)
{
    const Areas areas = splitContent();
    QWidget* content = areas.controls;
    m_inputs = new QComboBox(content);
    for (const Format& f : namedFormats())
        if (dot::acceptsInputs(f))
            m_inputs->addItem(QString::fromStdString(f.name()));
    m_inputs->setCurrentText(QString::fromLatin1(DotTraceData::kDefaultInputs));
    m_accumulator = new HintedField(QString::fromLatin1(DotTraceData::kDefaultAccumulator), content);
    m_choose = new QToolButton(content);
    m_choose->setPopupMode(QToolButton::InstantPopup);
    m_choose->setMenu(new QMenu(m_choose));
    m_promote = new QSpinBox(content);
    m_promote->setRange(0, DotTraceData::kMaxCount);
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
    m_count = new QSpinBox(generated);
    m_count->setRange(1, DotTraceData::kMaxCount);
    m_count->setValue(DotTraceData::kDefaultCount);
    m_distribution = new QComboBox(generated);
    for (std::size_t i = 0; i < std::size(dot::kDistributions); ++i)
        m_distribution->addItem(QString());
    m_seed = new QSpinBox(generated);
    m_seed->setRange(0, 1'000'000'000);
    m_seed->setValue(1);
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
    m_a = new HintedField(QStringLiteral("1.5, -0.375, 2, 0.001"), typed);
    m_b = new HintedField(QStringLiteral("3, 1.25, -2.5, 7"), typed);
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
    // 1. The model and the vectors; a bad field keeps the last figure.
    const Format inputs = *lookupFormat(m_inputs->currentText().toStdString()).format;
    QString why;
    const auto model = readAccumulator(m_accumulator->text(), inputs, m_promote->value(),
                                       static_cast<std::uint64_t>(m_seed->value()), why);
    m_accumulator->setHint(why);
    if (!model)
        return;
    const dot::Accumulator& accumulator = *model;
    std::vector<std::uint32_t> a, b;
    QString source;
    if (m_source->currentIndex() == 0) {
        const dot::Distribution distribution = dot::kDistributions[std::max(0, m_distribution->currentIndex())];
        const dot::DotInputs generated = dot::generateInputs(inputs, distribution, static_cast<std::size_t>(m_count->value()),
                                                             static_cast<std::uint64_t>(m_seed->value()));
        a = generated.a;
        b = generated.b;
        source = DotTraceFigure::generatedSource(a.size(), distribution, static_cast<std::uint64_t>(m_seed->value()));
    } else {
        QString aError, bError;
        const auto x = LessonInput::exactValues(m_a->text(), aError);
        const auto y = LessonInput::exactValues(m_b->text(), bError);
        if (x && y && x->size() != y->size())
            bError = tr("As many values as a: %1, got %2").arg(x->size()).arg(y->size());
        if (x && x->size() > static_cast<std::size_t>(DotTraceData::kMaxCount))
            aError = tr("At most %1 values").arg(DotTraceData::kMaxCount);
        m_a->setHint(aError);
        m_b->setHint(bError);
        if (!aError.isEmpty() || !bError.isEmpty())
            return;
        for (std::size_t i = 0; i < x->size(); ++i) {
            a.push_back(static_cast<std::uint32_t>(roundExact((*x)[i], inputs).code));
            b.push_back(static_cast<std::uint32_t>(roundExact((*y)[i], inputs).code));
        }
        source = DotTraceFigure::pastedSource(a.size());
    }

    // 2. A few dozen steps at most: at once. The step shown stays where it was, within the new run.
    const std::size_t step = m_data ? m_data->step : 1;
    m_data = DotTraceData::compute(inputs, accumulator, std::move(a), std::move(b), source, step);
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

const LessonRegistration kRegistration({
    .place = 100,
    .objectName = "dotTraceDock",
    .title = [] { return DotTracePanel::tr("Dot product steps"); },
    .shortTitle = [] { return DotTracePanel::tr("Dot steps"); },
    .figureTitle = [] { return DotTracePanel::tr("One dot product opened up"); },
    .makePanel = [] { return new DotTracePanel; },
    .view = DotTraceFigure::exportView(),
    .viewExample = {},
    .deck = {
        // Volta's tensor core: 4-product blocks, truncated after 23 bits below the largest exponent.
        {"--inputs", "fp16", "--accumulator", "v100-fp16", "--count", "8", "--step", "1"},
        // Hopper's fp8 adder keeps 13 fraction bits: small products lose digits in the alignment.
        {"--inputs", "e4m3fn", "--accumulator", "h100-fp8", "--count", "16", "--step", "1"},
        // A bf16 accumulator: every add rounds; 256 + 1 is a tie that rounds back to 256.
        {"--inputs", "bf16", "--accumulator", "bf16", "--a", "256,1,1,1", "--b", "1,1,1,1", "--step", "2"},
        // The CPU's VDPBF16PS: pairs of bf16 products into fp32, nearest-even.
        {"--inputs", "bf16", "--accumulator", "avx512bf16", "--count", "8", "--step", "3"},
    },
});

}  // namespace floatscope::gui
