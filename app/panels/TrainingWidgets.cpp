// The training lab's widgets (TrainingPanel.h): the fields, the recipe editor and Train in a column
// beside the curves and tables, what each edit starts, and their words in the interface's language.
#include "app/panels/TrainingPanel.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "app/charts/ChartView.h"
#include "app/panels/BackgroundJob.h"
#include "app/panels/DeclaredFields.h"
#include "app/panels/HintedField.h"
#include "app/panels/PanelKit.h"
#include "app/panels/TrainingChoices.h"
#include "app/style/Palette.h"
#include "app/text/HardwareText.h"
#include "app/text/TrainText.h"
#include "gpu/train/TensorCoreProducts.h"

namespace floatscope::gui {

using namespace training;

namespace {

constexpr int kLiveMilliseconds = 200;
const char* const kDefaultCustomRecipe = "base=bf16-pure\nname=mine\nupdate=stochastic\nadam-m=bf16\n";

QTableWidget* makeTable(QWidget* parent)
{
    auto* table = new QTableWidget(parent);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    table->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);  // as wide as its columns
    return table;
}

}  // namespace

void TrainingPanel::createWidgets()
{
    const Areas areas = splitContent();
    QWidget* content = areas.controls;
    createPresetBox(content);
    QWidget* recipes = createRecipeChecks(content);
    QFormLayout* form = createFieldsForm(content, recipes);
    QGroupBox* editor = createRecipeEditor(content);
    QHBoxLayout* runRow = createRunRow(content);
    createResultPages(content);

    // The fields, the editor and Train in the column; what the runs did beside them, whole.
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(form);
    layout->addWidget(editor);
    layout->addLayout(runRow);
    layout->addStretch();
    auto* results = new QVBoxLayout(areas.results);
    results->addWidget(m_status);
    results->addWidget(m_pages, 1);
    results->addWidget(m_notes);

    m_liveTimer = new QTimer(this);
    m_liveTimer->setInterval(kLiveMilliseconds);
    connect(m_liveTimer, &QTimer::timeout, this, &TrainingPanel::takeLiveSteps);
    connectInputs();
    updateEnabled();
    recompute();
}

// The presets box, and its label.
void TrainingPanel::createPresetBox(QWidget* content)
{
    m_preset = declaredPresetBox(optionNamed(trainingOptions(), "preset"), content);  // at the lecture's demo
    m_preset->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_preset->setMinimumContentsLength(24);
    m_presetLabel = new QLabel(content);
    m_presetLabel->setBuddy(m_preset);
}

// 1. The recipes: the nine presets and one's own, three to a row.
QWidget* TrainingPanel::createRecipeChecks(QWidget* content)
{
    auto* recipes = new QWidget(content);
    auto* grid = new QGridLayout(recipes);
    grid->setContentsMargins(0, 0, 0, 0);
    const std::vector<std::string> checked = splitNames(kDefaultTrainingRecipes);
    for (const train::Recipe& r : train::presets()) {
        auto* box = new QCheckBox(QString::fromStdString(r.name), recipes);
        box->setObjectName(QString::fromStdString(r.name));
        box->setChecked(std::find(checked.begin(), checked.end(), r.name) != checked.end());
        QPalette palette = box->palette();
        palette.setColor(QPalette::WindowText, recipeColour(r.name));
        box->setPalette(palette);
        const int i = static_cast<int>(m_recipes.size());
        grid->addWidget(box, i / 3, i % 3);
        m_recipes.push_back(box);
    }
    m_custom = new QCheckBox(recipes);
    grid->addWidget(m_custom, 3, 0, 1, 3);
    m_recipesLabel = new QLabel(content);
    m_recipesHint = makeErrorHint(content);
    return recipes;
}

// The form of the fields: the preset and the recipes above steps, seed, learning rate, view and products.
QFormLayout* TrainingPanel::createFieldsForm(QWidget* content, QWidget* recipes)
{
    m_steps = declaredSpinBox(optionNamed(trainingOptions(), "steps"), content);
    m_stepsLabel = new QLabel(content);
    m_stepsLabel->setBuddy(m_steps);
    m_seed = declaredSpinBox(optionNamed(trainingOptions(), "seed"), content);
    m_seedLabel = new QLabel(content);
    m_seedLabel->setBuddy(m_seed);
    m_rate = new QComboBox(content);
    for (std::size_t i = 0; i < train::learningRatePresets().size() + 1; ++i)
        m_rate->addItem(QString());
    m_rateLabel = new QLabel(content);
    m_rateLabel->setBuddy(m_rate);
    m_ownRate = new HintedField(QString::fromLatin1(kDefaultOwnRate), content);
    auto* rateRow = new QHBoxLayout;
    rateRow->addWidget(m_rate);
    rateRow->addWidget(m_ownRate, 1);
    auto* numbersRow = new QHBoxLayout;
    numbersRow->addWidget(m_steps);
    numbersRow->addWidget(m_seedLabel);
    numbersRow->addWidget(m_seed);
    numbersRow->addStretch(1);
    m_view = new QComboBox(content);
    m_view->addItem(QString());
    m_view->addItem(QString());
    m_view->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_view->setMinimumContentsLength(16);
    m_viewLabel = new QLabel(content);
    m_viewLabel->setBuddy(m_view);
    m_peaks = new HintedField(QString::fromLatin1(kDefaultGapPeaks), content);
    m_peaksLabel = new QLabel(content);
    m_peaksLabel->setBuddy(m_peaks->edit());
    auto* viewRow = new QHBoxLayout;
    viewRow->addWidget(m_view);
    viewRow->addWidget(m_peaksLabel);
    viewRow->addWidget(m_peaks, 1);
    m_products = new QComboBox(content);
    m_products->addItem(QString());
    m_products->addItem(QString());
    m_products->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_products->setMinimumContentsLength(16);
    if (gpu::tensorCoreProductsUnavailable())  // offered, but not to be chosen: the reason stands beside it
        qobject_cast<QStandardItemModel*>(m_products->model())->item(kOnGpu)->setEnabled(false);
    m_productsLabel = new QLabel(content);
    m_productsLabel->setBuddy(m_products);
    m_productsReason = new QLabel(content);
    m_productsReason->setWordWrap(true);
    m_productsReason->setEnabled(false);  // the grey of a note, not of a field
    m_productsHint = makeErrorHint(content);
    auto* productsRow = new QHBoxLayout;
    productsRow->addWidget(m_products);
    productsRow->addWidget(m_productsReason, 1);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_presetLabel, m_preset);
    form->addRow(m_recipesLabel, recipes);
    form->addRow(QString(), m_recipesHint);
    form->addRow(m_stepsLabel, numbersRow);
    form->addRow(m_rateLabel, rateRow);
    form->addRow(m_viewLabel, viewRow);
    form->addRow(m_productsLabel, productsRow);
    form->addRow(QString(), m_productsHint);
    return form;
}

// 2. One's own recipe, as key=value text (core/train/Recipe.h), saved and loaded as a file.
QGroupBox* TrainingPanel::createRecipeEditor(QWidget* content)
{
    auto* editor = new QGroupBox(content);
    m_editorLabel = new QLabel(editor);
    m_editorLabel->setWordWrap(true);
    m_recipeText = new QPlainTextEdit(QString::fromLatin1(kDefaultCustomRecipe), editor);
    m_recipeText->setTabChangesFocus(true);
    m_recipeText->setMinimumHeight(90);
    m_recipeText->setMaximumHeight(130);
    QFont mono = m_recipeText->font();
    mono.setFamily(QStringLiteral("monospace"));
    m_recipeText->setFont(mono);
    m_recipeHint = makeErrorHint(editor);
    m_base = new QComboBox(editor);
    for (const train::Recipe& r : train::presets())
        m_base->addItem(QString::fromStdString(r.name));
    m_base->setCurrentIndex(-1);  // an action, not a state: it shows its placeholder
    m_baseLabel = new QLabel(editor);
    m_baseLabel->setBuddy(m_base);
    m_loadRecipe = new QPushButton(editor);
    m_saveRecipe = new QPushButton(editor);
    m_recipeFile = new QLabel(editor);
    m_recipeFile->setWordWrap(true);
    auto* editorButtons = new QHBoxLayout;
    editorButtons->addWidget(m_baseLabel);
    editorButtons->addWidget(m_base);
    editorButtons->addStretch(1);
    editorButtons->addWidget(m_loadRecipe);
    editorButtons->addWidget(m_saveRecipe);
    auto* editorLayout = new QVBoxLayout(editor);
    editorLayout->addWidget(m_editorLabel);
    editorLayout->addWidget(m_recipeText);
    editorLayout->addWidget(m_recipeHint);
    editorLayout->addLayout(editorButtons);
    editorLayout->addWidget(m_recipeFile);
    m_editorLabel->setObjectName(QStringLiteral("recipeEditorLabel"));
    editor->setObjectName(QStringLiteral("recipeEditor"));
    return editor;
}

// 3. Train, cancel, how far.
QHBoxLayout* TrainingPanel::createRunRow(QWidget* content)
{
    m_train = new QPushButton(content);
    m_train->setDefault(true);
    m_cancel = new QPushButton(content);
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(content);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_status = new QLabel(content);
    m_status->setWordWrap(true);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_train);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_progress, 1);
    return runRow;
}

// 4. What it shows: the curves beside the cost, the tables; or the gap view.
void TrainingPanel::createResultPages(QWidget* content)
{
    m_pages = new QStackedWidget(content);
    auto* runsPage = new QWidget;
    m_curves = new ChartView(runsPage);
    m_curves->setMinimumHeight(220);
    m_cost = new ChartView(runsPage);
    m_cost->setMinimumHeight(220);
    auto* chartsRow = new QHBoxLayout;
    chartsRow->setContentsMargins(0, 0, 0, 0);
    chartsRow->addWidget(m_curves, 2);
    chartsRow->addWidget(m_cost, 1);
    m_endTable = makeTable(runsPage);
    m_fp8Table = makeTable(runsPage);
    m_vsFp32 = new QCheckBox(runsPage);
    m_vsFp32->setObjectName(QStringLiteral("vsFp32"));
    auto* runsLayout = new QVBoxLayout(runsPage);
    runsLayout->setContentsMargins(0, 0, 0, 0);
    runsLayout->addWidget(m_vsFp32);
    runsLayout->addLayout(chartsRow, 1);
    runsLayout->addWidget(m_endTable);
    runsLayout->addWidget(m_fp8Table);
    auto* gapPage = new QWidget;
    m_gapChart = new ChartView(gapPage);
    m_gapChart->setMinimumHeight(220);
    m_gapTable = makeTable(gapPage);
    auto* gapLayout = new QVBoxLayout(gapPage);
    gapLayout->setContentsMargins(0, 0, 0, 0);
    gapLayout->addWidget(m_gapChart, 1);
    gapLayout->addWidget(m_gapTable);
    m_pages->addWidget(runsPage);
    m_pages->addWidget(gapPage);
    m_notes = new QLabel(content);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void TrainingPanel::connectInputs()
{
    // Any change shows the new plan (or says the shown run is of other inputs); training waits for Train.
    const auto edited = [this] {
        m_preset->setCurrentIndex(0);
        recomputeLater(300);
    };
    for (QCheckBox* box : m_recipes)
        connect(box, &QCheckBox::toggled, this, edited);
    connect(m_custom, &QCheckBox::toggled, this, edited);
    connect(m_steps, &QSpinBox::valueChanged, this, edited);
    connect(m_seed, &QSpinBox::valueChanged, this, edited);
    connect(m_rate, &QComboBox::activated, this, [this, edited] {
        updateEnabled();
        edited();
    });
    connect(m_ownRate, &HintedField::edited, this, edited);
    connect(m_vsFp32, &QCheckBox::toggled, this, &TrainingPanel::showData);
    connect(m_view, &QComboBox::activated, this, [this, edited] {
        updateEnabled();
        edited();
    });
    connect(m_peaks, &HintedField::edited, this, edited);
    connect(m_products, &QComboBox::activated, this, edited);
    connect(m_preset, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            applyPreset(m_preset->itemData(index).toString());
    });
    connect(m_recipeText, &QPlainTextEdit::textChanged, this, &TrainingPanel::recipeEdited);
    connect(m_base, &QComboBox::activated, this, [this](int index) {
        if (index < 0 || index >= static_cast<int>(train::presets().size()))
            return;  // the placeholder: no preset
        train::Recipe r = train::presets()[static_cast<std::size_t>(index)];
        r.name = "mine";
        m_recipeText->setPlainText(QString::fromStdString(train::recipeFileText(r)));
        m_base->setCurrentIndex(-1);
    });
    connect(m_loadRecipe, &QPushButton::clicked, this, &TrainingPanel::chooseRecipeFile);
    connect(m_saveRecipe, &QPushButton::clicked, this, &TrainingPanel::chooseSaveFile);
    connect(m_train, &QPushButton::clicked, this, &TrainingPanel::train);
    connect(m_cancel, &QPushButton::clicked, this, &TrainingPanel::cancel);
    connect(m_job, &BackgroundJob::progressed, m_progress, &QProgressBar::setValue);
    auto* trainShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    trainShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(trainShortcut, &QShortcut::activated, this, &TrainingPanel::train);
    auto* cancelShortcut = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    cancelShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(cancelShortcut, &QShortcut::activated, this, &TrainingPanel::cancel);
}

void TrainingPanel::retranslate()
{
    m_presetLabel->setText(tr("Prese&t:"));
    m_preset->setItemText(0, tr("(your own)"));
    for (int i = 1; i < m_preset->count(); ++i) {
        const QString id = m_preset->itemData(i).toString();
        if (id == QLatin1String("lecture"))
            m_preset->setItemText(i, tr("Lecture 10, demo 5: fp32, bf16 and fp16 storage, bf16 with a master copy"));
        else if (id == QLatin1String("small-lr"))
            m_preset->setItemText(i, tr("The small learning rate (3e-4): where bf16 storage falls behind"));
        else if (id == QLatin1String("loss-scaling"))
            m_preset->setItemText(i, tr("fp16 with and without loss scaling (the BF16 lesson)"));
        else if (id == QLatin1String("fp8"))
            m_preset->setItemText(i, tr("fp8 with current and delayed scaling (the FP8 blog)"));
        else if (id == QLatin1String("gap"))
            m_preset->setItemText(i, tr("bf16-pure's gap to fp32 against the learning rate"));
    }
    m_recipesLabel->setText(tr("Recipes:"));
    for (QCheckBox* box : m_recipes)
        box->setToolTip(text::recipeDescription(box->objectName().toStdString()));
    const auto custom = customRecipe(false);
    m_custom->setText(custom ? tr("and my recipe, “%1”, from the editor below").arg(QString::fromStdString(custom->name))
                             : tr("and my recipe from the editor below"));
    m_stepsLabel->setText(tr("&Steps:"));
    m_seedLabel->setText(tr("See&d:"));
    m_seed->setToolTip(tr("Initial weights, batches and stochastic rounding"));
    m_rateLabel->setText(tr("&Learning rate:"));
    for (std::size_t i = 0; i < train::learningRatePresets().size(); ++i)
        m_rate->setItemText(static_cast<int>(i), text::learningRatePresetText(train::learningRatePresets()[i]));
    m_rate->setItemText(kOwnRate, tr("a peak of your own, cosine to a tenth:"));
    m_ownRate->edit()->setToolTip(tr("The peak learning rate, a number in (0, 1]"));
    m_viewLabel->setText(tr("&Show:"));
    m_vsFp32->setText(tr("&Validation as the gap to fp32 (a hundredth of a bit per character made visible)"));
    m_view->setItemText(0, tr("the recipes side by side"));
    m_view->setItemText(1, tr("each recipe's gap to fp32 against the peak learning rate"));
    m_peaksLabel->setText(tr("&Peaks:"));
    m_peaks->edit()->setToolTip(tr("Peak learning rates, separated by commas; each run decays to a tenth of its peak"));
    m_productsLabel->setText(tr("Products o&n:"));
    m_products->setItemText(0, tr("the engine (emulated)"));
    const auto unavailable = gpu::tensorCoreProductsUnavailable();
    const QString device = QString::fromStdString(gpu::tensorCoreDeviceName());
    m_products->setItemText(kOnGpu, unavailable ? tr("this GPU's tensor cores") : tr("%1's tensor cores").arg(device));
    m_products->setToolTip(tr("The engine rounds where the recipe says and multiplies in fp32 on the CPU; the tensor "
                              "cores take the same rounded inputs and add the products up their own way. Their runs "
                              "are plotted dashed beside the engine's."));
    m_productsReason->setText(unavailable ? text::unavailableSummary(*unavailable)
                                          : tr("each recipe trained twice: on the engine and on the GPU"));
    m_productsReason->setToolTip(unavailable ? text::unavailableDetail(*unavailable) : QString());
    if (auto* editor = findChild<QGroupBox*>(QStringLiteral("recipeEditor")))
        editor->setTitle(tr("My recipe"));
    m_editorLabel->setText(tr("Every role's format as key=value pairs, one to a line: params, master (fp32 or none), "
                              "matmul (a format, or fp8), grads, attention, adam-m, adam-v, update (nearest or "
                              "stochastic), loss-scale (none, dynamic or a number); base=PRESET starts from a preset."));
    m_baseLabel->setText(tr("Start &from:"));
    m_base->setPlaceholderText(tr("a preset…"));
    m_loadRecipe->setText(tr("L&oad…"));
    m_saveRecipe->setText(tr("Sa&ve…"));
    m_recipeFile->setText(m_recipePath.isEmpty() ? QString() : tr("File: %1").arg(m_recipePath));
    m_recipeFile->setVisible(!m_recipePath.isEmpty());
    m_train->setText(tr("&Train"));
    m_train->setToolTip(tr("Train every chosen recipe from the same weights and batches (Ctrl+Enter)"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the runs; what they did so far stays (Esc)"));
    recipeEdited();
    showData();
    showStatus();
}

void TrainingPanel::updateEnabled()
{
    // The gap view trains at its peaks, each to a tenth of itself: the learning rate is not asked.
    const bool gap = m_view->currentIndex() == 1;
    m_rate->setEnabled(!gap);
    m_rateLabel->setEnabled(!gap);
    m_ownRate->setEnabled(!gap && m_rate->currentIndex() == kOwnRate);
    m_peaks->setEnabled(gap);
    m_peaksLabel->setEnabled(gap);
    // The gap view trains on the engine only.
    m_products->setEnabled(!gap);
    m_productsLabel->setEnabled(!gap);
}

}  // namespace floatscope::gui
