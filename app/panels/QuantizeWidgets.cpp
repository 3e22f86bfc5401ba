// The quantize panel's widgets (QuantizePanel.h): the example, the tensor and the recipe in a
// scrolling column beside the results, what each edit starts, and their words in the interface's
// language.
#include "app/panels/QuantizePanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

#include "app/lessons/QuantizeChoices.h"
#include "app/lessons/QuantizeLesson.h"
#include "app/panels/BackgroundJob.h"
#include "app/panels/DeclaredFields.h"
#include "app/panels/QuantizePresets.h"
#include "app/panels/QuantizeResults.h"
#include "app/text/FormatText.h"
#include "app/text/QuantizeText.h"
#include "app/text/ScalingText.h"
#include "app/text/StdString.h"
#include "core/format/Registry.h"

namespace floatscope::gui {

using namespace quantize;

namespace {

const LessonOption& option(std::string_view name)
{
    return optionNamed(quantizeOptions(), name);
}

// A decimal spin box over one of the generator's Number options, at its fallback.
QDoubleSpinBox* generatorBox(std::string_view name, int decimals, QWidget* parent)
{
    const LessonOption& o = option(name);
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(QString::fromStdString(o.name));
    box->setDecimals(decimals);
    box->setRange(o.min, o.max);
    box->setValue(std::stod(o.fallback));
    return box;
}

}  // namespace

void QuantizePanel::createWidgets()
{
    createExampleRow();
    createTensorBox();
    createRecipeBox();
    QHBoxLayout* progressRow = createProgressRow();
    arrangeControls(progressRow);
    connectInputs();
}

// 1. The example and its lesson.
void QuantizePanel::createExampleRow()
{
    m_exampleLabel = new QLabel(this);
    m_example = new QComboBox(this);
    m_example->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_example->setMinimumContentsLength(20);
    for (int i = 0; i < QuantizePresets::count(); ++i)
        m_example->addItem(QString());
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
}

// 2. The tensor: its source (typed values, the generator's fields or a file), storage and shape.
void QuantizePanel::createTensorBox()
{
    auto* tensorBox = m_tensorBox = new QGroupBox(this);
    m_sourceLabel = new QLabel(tensorBox);
    m_source = new QComboBox(tensorBox);
    for (int i = 0; i < 3; ++i)
        m_source->addItem(QString());
    m_storageLabel = new QLabel(tensorBox);
    m_storage = declaredComboBox(option("storage"), tensorBox);
    m_sourcePages = new QWidget(tensorBox);
    m_values = new QPlainTextEdit(m_sourcePages);
    m_values->setTabChangesFocus(true);
    m_values->setFixedHeight(m_values->fontMetrics().lineSpacing() * 4 + 12);
    QWidget* normalPage = createNormalPage();
    QWidget* filePage = createFilePage();
    auto* pages = new QVBoxLayout(m_sourcePages);
    pages->setContentsMargins(0, 0, 0, 0);
    for (QWidget* page : {static_cast<QWidget*>(m_values), normalPage, filePage}) {
        pages->addWidget(page);
        m_pages.push_back(page);
    }

    m_shapeLabel = new QLabel(tensorBox);
    m_shape = new QLineEdit(tensorBox);
    m_tensorHint = new QLabel(tensorBox);
    m_tensorHint->setWordWrap(true);
    m_tensorHint->setObjectName(QStringLiteral("tensorHint"));
    auto* tensorGrid = new QGridLayout(tensorBox);
    tensorGrid->addWidget(m_sourceLabel, 0, 0);
    tensorGrid->addWidget(m_source, 0, 1);
    tensorGrid->addWidget(m_storageLabel, 0, 2);
    tensorGrid->addWidget(m_storage, 0, 3);
    tensorGrid->addWidget(m_sourcePages, 1, 0, 1, 4);
    tensorGrid->addWidget(m_shapeLabel, 2, 0);
    tensorGrid->addWidget(m_shape, 2, 1, 1, 3);
    tensorGrid->addWidget(m_tensorHint, 3, 0, 1, 4);
    tensorGrid->setColumnStretch(1, 1);
    tensorGrid->setColumnStretch(3, 1);
}

// The generator's fields: shape, seed, mean, deviation, and outliers with their magnitude.
QWidget* QuantizePanel::createNormalPage()
{
    auto* normalPage = new QWidget(m_sourcePages);
    m_normalShapeLabel = new QLabel(normalPage);
    m_normalShape = new QLineEdit(QStringLiteral("256x256"), normalPage);
    m_meanLabel = new QLabel(normalPage);
    m_mean = generatorBox("mean", 4, normalPage);
    m_stddevLabel = new QLabel(normalPage);
    m_stddev = generatorBox("std", 4, normalPage);
    m_outliersLabel = new QLabel(normalPage);
    m_outliers = declaredSpinBox(option("outliers"), normalPage);
    m_magnitudeLabel = new QLabel(normalPage);
    m_magnitude = generatorBox("outlier-value", 3, normalPage);
    m_normalSeedLabel = new QLabel(normalPage);
    m_normalSeed = declaredSpinBox(option("seed"), normalPage);
    auto* normalGrid = new QGridLayout(normalPage);
    normalGrid->setContentsMargins(0, 0, 0, 0);
    normalGrid->addWidget(m_normalShapeLabel, 0, 0);
    normalGrid->addWidget(m_normalShape, 0, 1);
    normalGrid->addWidget(m_normalSeedLabel, 0, 2);
    normalGrid->addWidget(m_normalSeed, 0, 3);
    normalGrid->addWidget(m_meanLabel, 1, 0);
    normalGrid->addWidget(m_mean, 1, 1);
    normalGrid->addWidget(m_stddevLabel, 1, 2);
    normalGrid->addWidget(m_stddev, 1, 3);
    normalGrid->addWidget(m_outliersLabel, 2, 0);
    normalGrid->addWidget(m_outliers, 2, 1);
    normalGrid->addWidget(m_magnitudeLabel, 2, 2);
    normalGrid->addWidget(m_magnitude, 2, 3);
    return normalPage;
}

// A file's path, and a button to browse for one.
QWidget* QuantizePanel::createFilePage()
{
    auto* filePage = new QWidget(m_sourcePages);
    m_path = new QLineEdit(filePage);
    m_browse = new QPushButton(filePage);
    auto* fileRow = new QHBoxLayout(filePage);
    fileRow->setContentsMargins(0, 0, 0, 0);
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(m_browse);
    return filePage;
}

// 3. The recipe.
void QuantizePanel::createRecipeBox()
{
    auto* recipeBox = m_recipeBox = new QGroupBox(this);
    m_formatLabel = new QLabel(recipeBox);
    m_format = new QComboBox(recipeBox);
    m_format->setEditable(true);
    m_format->setInsertPolicy(QComboBox::NoInsert);
    for (const Format& f : namedFormats())
        if (f.name() != "fp64")
            m_format->addItem(qs(f.name()));
    m_schemeLabel = new QLabel(recipeBox);
    m_scheme = new QComboBox(recipeBox);
    for (int i = 0; i < 5; ++i)
        m_scheme->addItem(QString());
    m_tile = new QSpinBox(recipeBox);
    m_tile->setRange(1, 1 << 24);
    m_tile->setValue(128);
    m_tile->setPrefix(QStringLiteral("1 × "));
    m_blockRows = new QSpinBox(recipeBox);
    m_blockRows->setRange(1, 1 << 24);
    m_blockRows->setValue(128);
    m_blockCols = new QSpinBox(recipeBox);
    m_blockCols->setRange(1, 1 << 24);
    m_blockCols->setValue(128);
    m_blockCols->setPrefix(QStringLiteral("× "));
    m_scaleLabel = new QLabel(recipeBox);
    m_scale = declaredComboBox(option("scale-precision"), recipeBox);
    m_mxRuleLabel = new QLabel(recipeBox);
    m_mxRule = declaredComboBox(option("scale-rule"), recipeBox);
    m_roundingLabel = new QLabel(recipeBox);
    m_rounding = declaredComboBox(option("rounding"), recipeBox);
    m_roundingSeed = declaredSpinBox(option("seed"), recipeBox);
    m_roundingSeed->setObjectName(QStringLiteral("rounding-seed"));  // the command line's one seed is both
    m_saturate = new QCheckBox(recipeBox);
    m_saturate->setChecked(true);
    m_raggedLabel = new QLabel(recipeBox);
    m_ragged = declaredComboBox(option("ragged"), recipeBox);
    m_recipeHint = new QLabel(recipeBox);
    m_recipeHint->setWordWrap(true);
    m_recipeHint->setObjectName(QStringLiteral("recipeHint"));
    auto* schemeRow = new QHBoxLayout;
    schemeRow->addWidget(m_scheme, 1);
    schemeRow->addWidget(m_tile);
    schemeRow->addWidget(m_blockRows);
    schemeRow->addWidget(m_blockCols);
    auto* roundingRow = new QHBoxLayout;
    roundingRow->addWidget(m_rounding, 1);
    roundingRow->addWidget(m_roundingSeed);
    roundingRow->addWidget(m_saturate);
    auto* recipeGrid = new QGridLayout(recipeBox);
    recipeGrid->addWidget(m_formatLabel, 0, 0);
    recipeGrid->addWidget(m_format, 0, 1);
    recipeGrid->addWidget(m_raggedLabel, 0, 2);
    recipeGrid->addWidget(m_ragged, 0, 3);
    recipeGrid->addWidget(m_schemeLabel, 1, 0);
    recipeGrid->addLayout(schemeRow, 1, 1, 1, 3);
    recipeGrid->addWidget(m_scaleLabel, 2, 0);
    recipeGrid->addWidget(m_scale, 2, 1);
    recipeGrid->addWidget(m_mxRuleLabel, 2, 2);
    recipeGrid->addWidget(m_mxRule, 2, 3);
    recipeGrid->addWidget(m_roundingLabel, 3, 0);
    recipeGrid->addLayout(roundingRow, 3, 1, 1, 3);
    recipeGrid->addWidget(m_recipeHint, 4, 0, 1, 4);
    recipeGrid->setColumnStretch(1, 1);
    recipeGrid->setColumnStretch(3, 1);
}

// 4. Progress, and the results (QuantizeResults); the row of the progress bar and its cancel button.
QHBoxLayout* QuantizePanel::createProgressRow()
{
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(m_progress->fontMetrics().height());
    m_cancel = new QPushButton(this);
    m_cancel->setEnabled(false);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_results = new QuantizeResults(this);
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    return progressRow;
}

// 5. Controls scroll above the results; the splitter lets the tables have the room.
void QuantizePanel::arrangeControls(QHBoxLayout* progressRow)
{
    auto* controls = new QWidget(this);
    auto* controlsLayout = new QVBoxLayout(controls);
    controlsLayout->setContentsMargins(0, 0, 0, 0);
    auto* exampleRow = new QHBoxLayout;
    exampleRow->addWidget(m_exampleLabel);
    exampleRow->addWidget(m_example, 1);
    controlsLayout->addLayout(exampleRow);
    controlsLayout->addWidget(m_note);
    controlsLayout->addWidget(m_tensorBox);
    controlsLayout->addWidget(m_recipeBox);
    controlsLayout->addStretch(1);
    addLectureNotes(controlsLayout);
    auto* scroll = m_scroll = new QScrollArea(this);
    scroll->setWidget(controls);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    auto* results = new QWidget(this);
    results->setObjectName(QStringLiteral("lessonResults"));
    auto* resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addLayout(progressRow);
    resultsLayout->addWidget(m_status);
    resultsLayout->addWidget(m_results, 1);

    // The controls in a column at the left, the results beside them, whole on a 1024 x 768 screen.
    auto* splitter = m_splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(scroll);
    splitter->addWidget(results);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({360, 640});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    // A narrow dock must not clip the controls: combo boxes shrink to a few characters.
    for (QComboBox* box : findChildren<QComboBox*>()) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(box == m_example ? 16 : 6);
    }
}

// 6. Every input recomputes (debounced); the example box applies its preset.
void QuantizePanel::connectInputs()
{
    connect(m_example, &QComboBox::activated, this, &QuantizePanel::applyPreset);
    connect(m_source, &QComboBox::currentIndexChanged, this, [this](int page) {
        showSourcePage(page);
        scheduleRecompute();
    });
    for (QComboBox* box : {m_storage, m_scheme, m_scale, m_mxRule, m_rounding, m_ragged})
        connect(box, &QComboBox::currentIndexChanged, this, &QuantizePanel::scheduleRecompute);
    connect(m_format, &QComboBox::currentTextChanged, this, &QuantizePanel::scheduleRecompute);
    for (QLineEdit* edit : {m_normalShape, m_path, m_shape})
        connect(edit, &QLineEdit::textChanged, this, &QuantizePanel::scheduleRecompute);
    connect(m_values, &QPlainTextEdit::textChanged, this, &QuantizePanel::scheduleRecompute);
    for (QSpinBox* spin : {m_outliers, m_normalSeed, m_tile, m_blockRows, m_blockCols, m_roundingSeed})
        connect(spin, &QSpinBox::valueChanged, this, &QuantizePanel::scheduleRecompute);
    for (QDoubleSpinBox* spin : {m_mean, m_stddev, m_magnitude})
        connect(spin, &QDoubleSpinBox::valueChanged, this, &QuantizePanel::scheduleRecompute);
    connect(m_saturate, &QCheckBox::toggled, this, &QuantizePanel::scheduleRecompute);
    connect(m_scheme, &QComboBox::currentIndexChanged, this, [this](int index) {
        // NVFP4 is defined for e2m1 elements only.
        if (!m_applying && kSchemes[index] == SchemeKind::Nvfp4)
            m_format->setCurrentText(QStringLiteral("e2m1"));
    });
    connect(m_browse, &QPushButton::clicked, this, &QuantizePanel::browse);
    connect(m_cancel, &QPushButton::clicked, this, &QuantizePanel::cancel);
    connect(m_job, &BackgroundJob::progressed, m_progress, &QProgressBar::setValue);
}

void QuantizePanel::retranslate()
{
    m_exampleLabel->setText(tr("&Example:"));
    m_exampleLabel->setBuddy(m_example);
    for (int i = 0; i < QuantizePresets::count(); ++i)
        m_example->setItemText(i, QuantizePresets::preset(i).title);
    m_example->setToolTip(tr("The BF16 lesson's examples: choose one to load its tensor and recipe"));
    m_tensorBox->setTitle(tr("Tensor"));
    m_sourceLabel->setText(tr("&Values:"));
    m_sourceLabel->setBuddy(m_source);
    m_source->setItemText(0, tr("typed or pasted"));
    m_source->setItemText(1, tr("normal, seeded"));
    m_source->setItemText(2, tr("from a .csv or .npy file"));
    m_storageLabel->setText(tr("Stored as:"));
    m_storage->setToolTip(tr("Typed, CSV and generated values are rounded once into this format first, as "
                             "torch.tensor stores them in fp32 (.npy files keep their own dtype)"));
    m_values->setPlaceholderText(tr("Values separated by spaces, commas or tabs; one row per line for a matrix "
                                    "(a single column reads as a vector)"));
    m_values->setToolTip(m_values->placeholderText());
    m_normalShapeLabel->setText(tr("Shape:"));
    m_normalShape->setToolTip(tr("N for a vector, ROWSxCOLS for a matrix; at most 2^24 values"));
    m_meanLabel->setText(tr("Mean:"));
    m_stddevLabel->setText(tr("σ:"));
    m_outliersLabel->setText(tr("Outliers:"));
    m_outliers->setToolTip(tr("How many values are replaced, at seeded places, by ±magnitude"));
    m_magnitudeLabel->setText(tr("Magnitude:"));
    m_normalSeedLabel->setText(tr("Seed:"));
    m_path->setPlaceholderText(tr("A .csv, .txt or .npy file (1-D or 2-D)"));
    m_browse->setText(tr("&Browse…"));
    m_shapeLabel->setText(tr("Reshape:"));
    m_shape->setPlaceholderText(tr("optional: N or ROWSxCOLS, e.g. 64x64"));

    m_recipeBox->setTitle(tr("Recipe"));
    m_formatLabel->setText(tr("Element &format:"));
    m_formatLabel->setBuddy(m_format);
    m_format->setToolTip(tr("Any named format or alias, or your own eXmY (e5m4, e3m4fn, e2m2fnuz, …)"));
    m_schemeLabel->setText(tr("&Scheme:"));
    m_schemeLabel->setBuddy(m_scheme);
    m_scheme->setItemText(0, tr("per tensor: one scale"));
    m_scheme->setItemText(1, tr("1×N tiles (DeepSeek-V3 activations)"));
    m_scheme->setItemText(2, tr("R×C blocks (DeepSeek-V3 weights)"));
    m_scheme->setItemText(3, tr("MX: 32 elements, E8M0 scale"));
    m_scheme->setItemText(4, tr("NVFP4: 16 e2m1, E4M3 scale, fp32 tensor scale"));
    m_scaleLabel->setText(tr("Scale kept:"));
    m_scale->setItemText(0, tr("exact (amax / max)"));
    m_scale->setItemText(1, tr("in fp32, as recipes store it"));
    m_mxRuleLabel->setText(tr("MX rule:"));
    for (int i = 0; i < 3; ++i) {
        m_mxRule->setItemText(i, ScalingText::mxRuleName(kMxRules[i]));
        m_mxRule->setItemData(i, text::mxRuleDescription(kMxRules[i]), Qt::ToolTipRole);
    }
    m_roundingLabel->setText(tr("Rounding:"));
    for (std::size_t i = 0; i < std::size(kRoundings); ++i)
        m_rounding->setItemText(static_cast<int>(i), ScalingText::roundingName(kRoundings[i]));
    m_roundingSeed->setToolTip(tr("Seed of the stochastic rounding's draws"));
    m_saturate->setText(tr("Saturate"));
    m_saturate->setToolTip(tr("Clamp values above the element format's largest value to it, as quantizers do; "
                              "off shows what a plain cast does (inf or NaN)"));
    m_raggedLabel->setText(tr("Edge blocks:"));
    m_ragged->setItemText(0, tr("cut (as if zero-padded)"));
    m_ragged->setItemText(1, tr("refuse"));
    m_cancel->setText(tr("Cancel"));
    m_note->setText(m_preset >= 0 ? QuantizePresets::preset(m_preset).note : QString());
    updateEnabled();
    showStatus();
}

}  // namespace floatscope::gui
