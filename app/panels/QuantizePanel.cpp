#include "app/panels/QuantizePanel.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include "app/figures/QuantizeFigure.h"
#include "app/text/TensorErrorText.h"
#include "app/text/ScalingText.h"
#include "core/format/Registry.h"
#include "app/panels/BackgroundJob.h"
#include "app/panels/LessonRegistry.h"
#include "app/panels/PanelKit.h"
#include "app/panels/QuantizePresets.h"
#include "app/panels/QuantizeResults.h"
#include "app/text/FormatText.h"
#include "app/text/QuantizeText.h"
#include "app/text/StdString.h"

namespace floatscope::gui {

namespace {

// Tensors up to this many elements are quantized at once on the GUI thread (well under a frame);
// larger ones, and files over a megabyte, go to the background job.
constexpr std::size_t kSynchronousElements = std::size_t{1} << 16;
constexpr std::uintmax_t kSynchronousFileBytes = std::uintmax_t{1} << 20;

constexpr SchemeKind kSchemes[] = {SchemeKind::Tensor, SchemeKind::Tile, SchemeKind::Block, SchemeKind::Mx,
                                   SchemeKind::Nvfp4};
constexpr MxScaleRule kMxRules[] = {MxScaleRule::Floor, MxScaleRule::Ceil, MxScaleRule::RoundUp};
constexpr RoundingMode kRoundings[] = {RoundingMode::NearestEven, RoundingMode::NearestAway, RoundingMode::TowardZero,
                                       RoundingMode::Up,          RoundingMode::Down,        RoundingMode::ToOdd,
                                       RoundingMode::Stochastic};
const char* const kStorages[] = {"fp32", "fp64", "bf16", "fp16"};

template <class T, std::size_t N>
int indexOf(const T (&list)[N], T value)
{
    for (std::size_t i = 0; i < N; ++i)
        if (list[i] == value)
            return static_cast<int>(i);
    return 0;
}

}  // namespace

QuantizePanel::QuantizePanel(QWidget* parent) : LessonPanel(parent), m_job(new BackgroundJob(this))
{
    createWidgets();
    retranslate();
    applyPreset(PerTensor);
}

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
    m_storage = new QComboBox(tensorBox);
    for (const char* s : kStorages)
        m_storage->addItem(QString::fromLatin1(s));
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
    m_mean = new QDoubleSpinBox(normalPage);
    m_mean->setRange(-1e6, 1e6);
    m_mean->setDecimals(4);
    m_stddevLabel = new QLabel(normalPage);
    m_stddev = new QDoubleSpinBox(normalPage);
    m_stddev->setRange(0, 1e6);
    m_stddev->setDecimals(4);
    m_stddev->setValue(1);
    m_outliersLabel = new QLabel(normalPage);
    m_outliers = new QSpinBox(normalPage);
    m_outliers->setRange(0, 1 << 24);
    m_magnitudeLabel = new QLabel(normalPage);
    m_magnitude = new QDoubleSpinBox(normalPage);
    m_magnitude->setRange(0, 1e30);
    m_magnitude->setDecimals(3);
    m_magnitude->setValue(100);
    m_normalSeedLabel = new QLabel(normalPage);
    m_normalSeed = new QSpinBox(normalPage);
    m_normalSeed->setRange(0, std::numeric_limits<int>::max());
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
    m_scale = new QComboBox(recipeBox);
    m_scale->addItem(QString());
    m_scale->addItem(QString());
    m_mxRuleLabel = new QLabel(recipeBox);
    m_mxRule = new QComboBox(recipeBox);
    for (int i = 0; i < 3; ++i)
        m_mxRule->addItem(QString());
    m_roundingLabel = new QLabel(recipeBox);
    m_rounding = new QComboBox(recipeBox);
    for (std::size_t i = 0; i < std::size(kRoundings); ++i)
        m_rounding->addItem(QString());
    m_roundingSeed = new QSpinBox(recipeBox);
    m_roundingSeed->setRange(0, std::numeric_limits<int>::max());
    m_saturate = new QCheckBox(recipeBox);
    m_saturate->setChecked(true);
    m_raggedLabel = new QLabel(recipeBox);
    m_ragged = new QComboBox(recipeBox);
    m_ragged->addItem(QString());
    m_ragged->addItem(QString());
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

void QuantizePanel::showSourcePage(int page)
{
    // Only the chosen source's fields take room.
    for (std::size_t i = 0; i < m_pages.size(); ++i)
        m_pages[i]->setVisible(static_cast<int>(i) == page);
}

void QuantizePanel::updateEnabled()
{
    const SchemeKind kind = kSchemes[std::max(0, m_scheme->currentIndex())];
    m_tile->setVisible(kind == SchemeKind::Tile);
    m_blockRows->setVisible(kind == SchemeKind::Block);
    m_blockCols->setVisible(kind == SchemeKind::Block);
    m_scale->setEnabled(kind != SchemeKind::Mx);
    m_mxRule->setEnabled(kind == SchemeKind::Mx);
    m_mxRule->setToolTip(text::mxRuleDescription(kMxRules[std::max(0, m_mxRule->currentIndex())]));
    m_roundingSeed->setVisible(kRoundings[std::max(0, m_rounding->currentIndex())] == RoundingMode::Stochastic);
}

void QuantizePanel::applyPreset(int index)
{
    if (index < 0 || index >= QuantizePresets::count())
        return;
    const QuantizePreset p = QuantizePresets::preset(index);
    m_applying = true;
    m_example->setCurrentIndex(index);
    m_source->setCurrentIndex(static_cast<int>(p.request.source == TensorRequest::Source::Normal ? 1 : 0));
    showSourcePage(m_source->currentIndex());
    m_storage->setCurrentIndex(0);
    m_shape->clear();
    if (p.request.source == TensorRequest::Source::Normal) {
        const NormalSpec& n = p.request.normal;
        m_normalShape->setText(QStringLiteral("%1x%2").arg(n.rows).arg(n.cols));
        m_mean->setValue(n.mean);
        m_stddev->setValue(n.stddev);
        m_outliers->setValue(static_cast<int>(n.outliers));
        m_magnitude->setValue(n.outlierMagnitude);
        m_normalSeed->setValue(static_cast<int>(n.seed));
    } else {
        m_values->setPlainText(qs(p.request.text));
    }
    const QuantizeOptions& o = p.options;
    m_format->setCurrentText(qs(o.element.name()));
    m_scheme->setCurrentIndex(indexOf(kSchemes, o.scheme.kind));
    if (o.scheme.kind == SchemeKind::Tile)
        m_tile->setValue(static_cast<int>(o.scheme.blockCols));
    if (o.scheme.kind == SchemeKind::Block) {
        m_blockRows->setValue(static_cast<int>(o.scheme.blockRows));
        m_blockCols->setValue(static_cast<int>(o.scheme.blockCols));
    }
    m_scale->setCurrentIndex(o.scalePrecision == ScalePrecision::Exact ? 0 : 1);
    m_mxRule->setCurrentIndex(indexOf(kMxRules, o.mxRule));
    m_rounding->setCurrentIndex(indexOf(kRoundings, o.rounding));
    m_saturate->setChecked(o.overflow == OverflowPolicy::Saturate);
    m_ragged->setCurrentIndex(o.ragged == RaggedPolicy::Pad ? 0 : 1);
    m_applying = false;
    m_preset = index;
    m_focus = p.focus;
    m_note->setText(p.note);
    updateEnabled();
    recompute();
}

void QuantizePanel::setValuesText(const QString& text)
{
    m_source->setCurrentIndex(0);
    m_values->setPlainText(text);
    recompute();
}

void QuantizePanel::setFilePath(const QString& path)
{
    m_source->setCurrentIndex(2);
    m_path->setText(path);
    recompute();
}

QString QuantizePanel::loadFile(const QString& path)
{
    setFilePath(path);
    return m_statusKind == Status::Failed ? m_tensorError : QString();
}

void QuantizePanel::setFormatText(const QString& text)
{
    m_format->setCurrentText(text);
    recompute();
}

void QuantizePanel::scheduleRecompute()
{
    if (m_applying)
        return;
    // Any edit leaves the example: its lesson no longer describes what is shown.
    if (m_preset >= 0) {
        m_preset = -1;
        m_note->clear();
    }
    updateEnabled();
    recomputeLater(150);
}

std::optional<QuantizePanel::Inputs> QuantizePanel::readInputs()
{
    Inputs in;
    bool ok = true;

    // The tensor's fields the panel itself must read (the rest is checked when it is loaded).
    TensorRequest& r = in.request;
    r.storage = namedFormat(kStorages[std::max(0, m_storage->currentIndex())]);
    r.shape = m_shape->text().trimmed().toStdString();
    const auto shapeRefused = [this](const ShapeParse& shape) {
        setHint(m_tensorHint, tr("Shape: %1").arg(text::tensorErrorText(shape.error)));
    };
    if (const ShapeParse shape = parseShape(r.shape); !r.shape.empty() && !shape.rows) {
        shapeRefused(shape);
        ok = false;
    }
    switch (m_source->currentIndex()) {
    case 0:
        r.source = TensorRequest::Source::Text;
        r.text = m_values->toPlainText().toStdString();
        break;
    case 1: {
        r.source = TensorRequest::Source::Normal;
        const ShapeParse shape = parseShape(m_normalShape->text().trimmed().toStdString());
        if (!shape.rows) {
            shapeRefused(shape);
            ok = false;
            break;
        }
        if (*shape.rows * shape.cols > kMaxGeneratedElements) {
            setHint(m_tensorHint, tr("At most 2^24 generated values (a 4096×4096 matrix)"));
            ok = false;
            break;
        }
        r.normal.rows = *shape.rows;
        r.normal.cols = shape.cols;
        r.normal.matrix = shape.matrix;
        r.normal.mean = m_mean->value();
        r.normal.stddev = m_stddev->value();
        r.normal.outliers = static_cast<std::size_t>(m_outliers->value());
        r.normal.outlierMagnitude = m_magnitude->value();
        r.normal.seed = static_cast<std::uint64_t>(m_normalSeed->value());
        break;
    }
    default:
        r.source = TensorRequest::Source::File;
        r.path = m_path->text().trimmed().toStdString();
        if (r.path.empty()) {
            setHint(m_tensorHint, tr("Choose a .csv, .txt or .npy file (Browse…)"));
            ok = false;
        }
        break;
    }

    // The recipe.
    QuantizeOptions& o = in.options;
    const FormatLookup format = lookupFormat(m_format->currentText().trimmed().toStdString());
    if (!format.format) {
        setHint(m_recipeHint, tr("Element format: %1").arg(text::message(*format.error)));
        return std::nullopt;
    }
    o.element = *format.format;
    switch (kSchemes[std::max(0, m_scheme->currentIndex())]) {
    case SchemeKind::Tensor: o.scheme = Scheme::tensor(); break;
    case SchemeKind::Tile: o.scheme = Scheme::tile(static_cast<std::size_t>(m_tile->value())); break;
    case SchemeKind::Block:
        o.scheme = Scheme::block(static_cast<std::size_t>(m_blockRows->value()), static_cast<std::size_t>(m_blockCols->value()));
        break;
    case SchemeKind::Mx: o.scheme = Scheme::mx(); break;
    case SchemeKind::Nvfp4: o.scheme = Scheme::nvfp4(); break;
    }
    o.scalePrecision = m_scale->currentIndex() == 0 ? ScalePrecision::Exact : ScalePrecision::Fp32;
    o.mxRule = kMxRules[std::max(0, m_mxRule->currentIndex())];
    o.rounding = kRoundings[std::max(0, m_rounding->currentIndex())];
    o.seed = static_cast<std::uint64_t>(m_roundingSeed->value());
    o.overflow = m_saturate->isChecked() ? OverflowPolicy::Saturate : OverflowPolicy::NonSaturating;
    o.ragged = m_ragged->currentIndex() == 0 ? RaggedPolicy::Pad : RaggedPolicy::Reject;
    setHint(m_recipeHint, {});
    if (!ok)
        return std::nullopt;
    return in;
}

void QuantizePanel::compute()
{
    if (m_job->running()) {
        // The running report is stale: let it stop at its next step and start again after it.
        m_job->restart([this] { recompute(); });
        return;
    }
    const std::optional<Inputs> in = readInputs();
    if (!in) {
        m_statusKind = Status::Failed;
        showStatus();
        emit recomputeFinished();
        return;
    }
    start(*in);
}

void QuantizePanel::start(const Inputs& in)
{
    bool small = false;
    if (const auto n = in.request.expectedElements()) {
        small = *n <= kSynchronousElements;
    } else {
        std::error_code ignored;
        const auto bytes = std::filesystem::file_size(in.request.path, ignored);
        small = ignored || bytes <= kSynchronousFileBytes;
    }
    const auto began = std::chrono::steady_clock::now();
    if (small) {
        const ReportOutcome outcome = makeQuantizeReport(in.request, in.options);
        finish(outcome, std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
        return;
    }
    m_progress->setValue(0);
    m_cancel->setEnabled(true);
    m_statusKind = Status::Running;
    showStatus();
    m_job->start([this, in, began](const BackgroundJob::Control& job) {
        ReportControl control;
        control.cancel = job.cancelFlag();
        control.progress = job.progressFunction();
        const ReportOutcome outcome = makeQuantizeReport(in.request, in.options, control);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
        return [this, outcome, seconds] { finish(outcome, seconds); };
    });
}

void QuantizePanel::cancel()
{
    m_job->cancel();
}

bool QuantizePanel::busy() const
{
    return m_job->running();
}

void QuantizePanel::finish(const ReportOutcome& outcome, double seconds)
{
    m_cancel->setEnabled(false);
    m_seconds = seconds;
    switch (outcome.problem) {
    case ReportOutcome::Problem::None:
        setHint(m_tensorHint, {});
        setHint(m_recipeHint, {});
        m_report = outcome.report;
        m_statusKind = Status::Done;
        m_progress->setValue(1000);
        // A preset names the element its lesson is about; after an edit the trace keeps its row.
        m_results->setReport(m_report, m_preset >= 0 ? m_focus : m_results->focus(), m_preset >= NormalBlocks);
        break;
    case ReportOutcome::Problem::Tensor:
        setHint(m_tensorHint, text::tensorErrorText(outcome.tensorError));
        m_statusKind = Status::Failed;
        break;
    case ReportOutcome::Problem::Recipe:
        setHint(m_recipeHint, outcome.recipeError ? text::message(*outcome.recipeError) : QString());
        setHint(m_tensorHint, {});
        m_statusKind = Status::Failed;
        break;
    case ReportOutcome::Problem::Cancelled:
        m_statusKind = Status::Cancelled;
        m_progress->setValue(0);
        break;
    }
    showStatus();
    if (outcome.problem == ReportOutcome::Problem::None)
        emit reportChanged();
    emit recomputeFinished();
}

void QuantizePanel::setHint(QLabel* hint, const QString& text)
{
    if (hint == m_tensorHint)
        m_tensorError = text;
    setErrorHintHtml(hint, text);
    if (!text.isEmpty())
        QTimer::singleShot(0, hint, [this, hint] { m_scroll->ensureWidgetVisible(hint); });
}

void QuantizePanel::showStatus()
{
    QString status;
    const QString kept = m_report ? tr(" The last result stays below.") : QString();
    switch (m_statusKind) {
    case Status::None: break;
    case Status::Running: status = tr("Quantizing on a worker thread…"); break;
    case Status::Failed: status = tr("Not quantized: see the red hint above.") + kept; break;
    case Status::Cancelled: status = tr("Cancelled.") + kept; break;
    case Status::Done:
        status = tr("%1 in %2 block(s), quantized in %3 ms.")
                     .arg(ScalingText::shapeName(*m_report->tensor))
                     .arg(m_report->quantization->blockCount())
                     .arg(m_seconds * 1000, 0, 'f', 1);
        break;
    }
    m_status->setText(status);
}

void QuantizePanel::browse()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load a tensor"), m_path->text(),
                                                      tr("Tensors (*.csv *.txt *.npy);;All files (*)"));
    if (path.isEmpty())
        return;
    m_source->setCurrentIndex(2);
    m_path->setText(path);
}

std::unique_ptr<Figure> QuantizePanel::makeFigure() const
{
    return std::make_unique<QuantizeFigure>(m_report, m_results->measure());
}

ElementTableModel* QuantizePanel::elementModel() const { return m_results->elementModel(); }
BlockTableModel* QuantizePanel::blockModel() const { return m_results->blockModel(); }
QTableWidget* QuantizePanel::comparisonTable() const { return m_results->comparisonTable(); }
QString QuantizePanel::summaryText() const { return m_results->summaryText(); }
QString QuantizePanel::traceText() const { return m_results->traceText(); }
QString QuantizePanel::presetNote() const { return m_note->text(); }
QString QuantizePanel::tensorHint() const { return m_tensorHint->text(); }
QString QuantizePanel::recipeHint() const { return m_recipeHint->text(); }
QString QuantizePanel::statusText() const { return m_status->text(); }

void QuantizePanel::showEvent(QShowEvent* event)
{
    LessonPanel::showEvent(event);
    if (m_splitterSized || m_splitter->width() <= 0)
        return;
    // The controls as wide as they want, within 300 pixels and two fifths of the panel, the
    // results the rest.
    m_splitterSized = true;
    const int total = m_splitter->width() - m_splitter->handleWidth();
    const int wanted = m_scroll->widget()->sizeHint().width() + m_scroll->verticalScrollBar()->sizeHint().width() + 4;
    const int controls = std::min(std::max(wanted, 300), total * 2 / 5);
    m_splitter->setSizes({controls, total - controls});
}

const LessonRegistration kRegistration({
    .place = 60,
    .objectName = "quantizePanel",
    .title = [] { return QuantizePanel::tr("Block scaling"); },
    .shortTitle = [] { return QuantizePanel::tr("Blocks"); },
    .figureTitle = [] { return QuantizePanel::tr("Block scaling and quantization"); },
    .makePanel = [] { return new QuantizePanel; },
    .view = QuantizeFigure::exportView(),
    .viewExample = {"1000", "0.01", "0.02", "0.5", "-f", "e4m3fn"},
    // The panel's presets (QuantizePresets.cpp) but the last, a 2^24-value timing demo.
    .deck = {{"1000", "0.01", "0.02", "0.5", "-f", "e4m3fn", "--scheme", "tensor"},
             {"1000", "0.01", "0.02", "0.5", "-f", "e4m3fn", "--scheme", "tile:128"},
             {"0.01", "0.02", "0.5", "1000", "-f", "e4m3fn", "--scheme", "tile:3"},
             {"0.3", "-1.2", "2.7", "0.05", "-f", "e2m1", "--scheme", "mx"},
             {"0.3", "-1.2", "2.7", "0.05", "-f", "e2m1", "--scheme", "nvfp4"},
             {"--generate", "256x256", "--outliers", "2", "--outlier-value", "10000", "--seed", "7", "-f", "e4m3fn",
              "--scheme", "block:128x128"}},
});

}  // namespace floatscope::gui
