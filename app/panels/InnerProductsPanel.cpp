#include "app/panels/InnerProductsPanel.h"

#include <bit>
#include <cmath>

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include "app/panels/AccumulatorMenu.h"
#include "app/panels/PanelKit.h"
#include "app/panels/HintedField.h"
#include "app/panels/LessonJob.h"
#include "app/lessons/InnerProductsLesson.h"
#include "app/lessons/DotModels.h"
#include "app/lessons/LessonRegistry.h"
#include "app/panels/DeclaredFields.h"
#include "app/text/LessonText.h"
#include "app/text/OperatorsText.h"
#include "core/dot/InnerProduct.h"
#include "core/format/Registry.h"

namespace floatscope::gui {

namespace {

const LessonOption& option(std::string_view name)
{
    return optionNamed(innerProductsOptions(), name);
}

// Sweeps of more products than this run in the background: the default (three accumulators, two
// promoted, to 2^16) stays well inside one frame's budget for the window's start.
constexpr double kForegroundWork = 3.0e6;

}  // namespace

InnerProductsPanel::InnerProductsPanel(QWidget* parent) : FigurePanel(parent)
{
    const Areas areas = splitContent();
    QWidget* content = areas.controls;
    m_inputs = declaredComboBox(option("inputs"), content);
    m_distribution = declaredComboBox(option("distribution"), content);  // worded in retranslate()
    m_accumulators = declaredField(option("accumulator"), content);
    m_add = new QToolButton(content);
    m_add->setPopupMode(QToolButton::InstantPopup);
    m_add->setMenu(new QMenu(m_add));
    m_promote = declaredSpinBox(option("promote"), content);
    m_maxK = declaredComboBox(option("max-k"), content);
    for (int i = 0; i < m_maxK->count(); ++i)  // 2¹⁶ rather than 65536
        m_maxK->setItemText(i, LessonText::powerOfTwo(std::countr_zero(m_maxK->itemData(i).toString().toULongLong())));
    m_seed = declaredSpinBox(option("seed"), content);
    m_inputsLabel = new QLabel(content);
    m_distributionLabel = new QLabel(content);
    m_accumulatorsLabel = new QLabel(content);
    m_promoteLabel = new QLabel(content);
    m_maxKLabel = new QLabel(content);
    m_seedLabel = new QLabel(content);
    m_inputsLabel->setBuddy(m_inputs);
    m_distributionLabel->setBuddy(m_distribution);
    m_accumulatorsLabel->setBuddy(m_accumulators->edit());
    m_promoteLabel->setBuddy(m_promote);
    m_maxKLabel->setBuddy(m_maxK);
    m_seedLabel->setBuddy(m_seed);
    m_job = new LessonJob(content);
    m_figure = new FigureWidget(content);

    auto* accumulatorRow = new QHBoxLayout;
    accumulatorRow->addWidget(m_accumulators, 1);
    accumulatorRow->addWidget(m_add, 0, Qt::AlignTop);
    auto* kRow = new QHBoxLayout;
    kRow->addWidget(m_maxK);
    kRow->addSpacing(12);
    kRow->addWidget(m_seedLabel);
    kRow->addWidget(m_seed);
    kRow->addStretch();
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_inputsLabel, m_inputs);
    form->addRow(m_distributionLabel, m_distribution);
    form->addRow(m_accumulatorsLabel, accumulatorRow);
    auto* promoteRow = new QHBoxLayout;
    promoteRow->addWidget(m_promote);
    promoteRow->addStretch();
    form->addRow(m_promoteLabel, promoteRow);
    form->addRow(m_maxKLabel, kRow);
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(form);
    layout->addStretch();
    m_figure->setFitted(true);
    auto* results = new QVBoxLayout(areas.results);
    results->addWidget(m_job);
    results->addWidget(m_figure, 1);

    connect(m_inputs, &QComboBox::currentIndexChanged, this, &InnerProductsPanel::recompute);
    connect(m_distribution, &QComboBox::currentIndexChanged, this, &InnerProductsPanel::recompute);
    connect(m_maxK, &QComboBox::currentIndexChanged, this, &InnerProductsPanel::recompute);
    connect(m_accumulators, &HintedField::edited, this, [this] { recomputeLater(500); });
    connect(m_promote, &QSpinBox::valueChanged, this, [this] { recomputeLater(400); });
    connect(m_seed, &QSpinBox::valueChanged, this, [this] { recomputeLater(400); });
    retranslate();
}

void InnerProductsPanel::retranslate()
{
    m_inputsLabel->setText(tr("&Inputs:"));
    m_inputs->setToolTip(tr("The format both vectors are stored in; each product of two is exact"));
    m_distributionLabel->setText(tr("&Distribution:"));
    for (std::size_t i = 0; i < std::size(dot::kDistributions); ++i)
        m_distribution->setItemText(static_cast<int>(i), text::distributionText(dot::kDistributions[i]));
    m_accumulatorsLabel->setText(tr("&Accumulators:"));
    m_accumulators->edit()->setToolTip(
        tr("Comma-separated, as 'floatscope dot --accumulator' takes them: a format with its rounding and order "
           "(fp32, bf16:toward-zero, fp32:nearest-even:pairwise), fixed:W[:N], a tensor-core preset (h100-fp8), "
           "avx512bf16"));
    setMenuButtonText(m_add, tr("A&dd"));
    m_add->setToolTip(tr("Add an accumulator to the list"));
    fillAccumulatorMenu(m_add->menu(), [this](const QString& spec) {
        const QString now = m_accumulators->text().trimmed();
        m_accumulators->setText(now.isEmpty() ? spec : now + QLatin1Char(',') + spec);
        recompute();
    });
    m_promoteLabel->setText(tr("&Promote every:"));
    m_promote->setSpecialValueText(tr("no promotion"));
    m_promote->setSuffix(tr(" products"));
    m_promote->setToolTip(tr("Each accumulator narrower than fp32 again, its partial sums of this many products added "
                             "into fp32 (DeepSeek-V3 promotes every 128)"));
    m_maxKLabel->setText(tr("&K up to:"));
    m_seedLabel->setText(tr("See&d:"));
    // The words change, the numbers do not: the figure is drawn again from the same data.
    if (m_data)
        redraw();
    else
        recompute();
}

void InnerProductsPanel::compute()
{
    // 1. The fields; a bad accumulator list gets its hint and the last figure stays.
    OptionValues options;
    for (const auto& [name, box] : {std::pair{"inputs", m_inputs}, std::pair{"distribution", m_distribution},
                                    std::pair{"max-k", m_maxK}})
        options.set(name, comboBoxValue(box));
    options.set("promote", spinBoxValue(option("promote"), m_promote));
    options.set("seed", spinBoxValue(option("seed"), m_seed));
    InnerProductsSetup setup = innerProductsOf(options);
    QString error;
    const auto accumulators = parseAccumulatorList(m_accumulators->text(), setup.inputs, setup.seed, error);
    m_accumulators->setHint(error);
    if (!accumulators)
        return;
    setup.accumulators = *accumulators;

    // 2. At once when small, else in the background with progress and cancel.
    const bool background = setup.work() > kForegroundWork;
    const QString what = tr("Summing up to %1 products through %2 accumulators…")
                             .arg(LessonText::count(std::int64_t{1} << setup.maxLog2K))
                             .arg(setup.accumulators.size());
    m_job->compute<InnerProductsData>(
        background, what, [setup](const dot::RunControl& control) { return InnerProductsData::compute(setup, control); },
        [this](InnerProductsData data) { showResult(std::move(data)); },
        m_data.has_value(), [this] { recompute(); });
}

const PanelRegistration kPanel({
    .lesson = "dot",
    .objectName = "innerProductsDock",
    .makePanel = [] { return new InnerProductsPanel; },
});

}  // namespace floatscope::gui
