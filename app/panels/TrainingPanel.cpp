#include "app/panels/TrainingPanel.h"

#include <algorithm>
#include <set>
#include <mutex>
#include <sstream>
#include <thread>

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
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

#include "app/charts/Chart.h"
#include "app/io/AtomicFile.h"
#include "app/panels/BackgroundJob.h"
#include "app/panels/HintedField.h"
#include "app/lessons/LessonRegistry.h"
#include "app/panels/PanelKit.h"
#include "app/style/Palette.h"
#include "app/text/HardwareText.h"
#include "app/text/LessonText.h"
#include "app/text/TrainText.h"
#include "gpu/train/TensorCoreProducts.h"

namespace floatscope::gui {

// Steps as the worker threads report them, taken by the UI thread a few times a second.
struct LiveRuns {
    std::mutex mutex;
    std::vector<std::vector<train::StepRecord>> steps;  // per recipe, not yet taken
    std::size_t done = 0;                               // steps of every run so far
    // The gap view's runs (reference and recipes at each peak): final bits per character, absorbed sums.
    std::vector<std::optional<double>> finals;
    std::vector<double> absorbed;
};

namespace {

constexpr int kLiveMilliseconds = 200;
constexpr int kMaxSteps = train::TrainConfig::kMaxSteps;
constexpr int kOwnRate = 2;  // the learning-rate box's third choice: a peak of one's own
const char* const kDefaultOwnRate = "1e-3";
const char* const kDefaultCustomRecipe = "base=bf16-pure\nname=mine\nupdate=stochastic\nadam-m=bf16\n";

std::vector<std::string> splitNames(const std::string& list)
{
    std::vector<std::string> out;
    std::stringstream items(list);
    std::string item;
    while (std::getline(items, item, ','))
        out.push_back(item);
    return out;
}

// What a request is, as text: two requests with the same signature train the same runs.
std::string signatureOf(const TrainingRequest& r)
{
    std::string s;
    for (const train::Recipe& recipe : r.recipes)
        s += train::recipeText(recipe) + ";";
    const train::TrainConfig& c = r.config;
    s += std::to_string(c.steps) + "/" + std::to_string(c.seed) + "/" + std::to_string(c.peakLearningRate) + "/"
       + std::to_string(c.finalLearningRate) + "/" + std::to_string(c.evalEvery);
    for (const double p : r.gapPeaks)
        s += "," + std::to_string(p);
    for (const ProductsOn p : r.products)
        s += std::string("/") + productsName(p);
    return s;
}

constexpr int kOnGpu = 1;  // the products box's second choice: the GPU beside the engine

// A figure's table on screen: the same header, rows and first-cell colours.
void showTable(QTableWidget* table, const FigureTable& t)
{
    table->setColumnCount(static_cast<int>(t.header.size()));
    table->setHorizontalHeaderLabels(t.header);
    table->setRowCount(static_cast<int>(t.rows.size()));
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        for (int c = 0; c < t.rows[r].size(); ++c) {
            auto* item = new QTableWidgetItem(t.rows[r][c]);
            if (c == 0 && r < t.rowColours.size()) {
                item->setForeground(readableOn(t.rowColours[r], table->palette().color(QPalette::Base)));
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            table->setItem(static_cast<int>(r), c, item);
        }
    table->resizeColumnsToContents();
    table->setFixedHeight(table->horizontalHeader()->height() + 4 + table->verticalHeader()->length()
                          + 2 * table->frameWidth());
    table->setVisible(!t.rows.empty());
}

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

int trainingThreads()
{
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 2u));
}

}  // namespace

const std::vector<TrainingPanel::Preset>& TrainingPanel::presets()
{
    static const std::vector<Preset> list = {
        {"lecture", kDefaultTrainingRecipes, "lecture", false},
        {"small-lr", "fp32,bf16-pure,bf16-stochastic,bf16-master", "small", false},
        {"loss-scaling", "fp32,fp16-noscale,fp16-amp", "lecture", false},
        {"fp8", "fp32,bf16-master,fp8-current,fp8-delayed", "lecture", false},
        {"gap", "bf16-pure", "lecture", true},
    };
    return list;
}

std::vector<std::string> TrainingPanel::presetArguments(const Preset& p)
{
    std::vector<std::string> args = {"--recipe", p.recipes, "--steps", std::to_string(kDefaultTrainingSteps)};
    if (std::string_view(p.learningRate) != "lecture")
        args.insert(args.end(), {"--lr", p.learningRate});
    if (p.gap)
        args.insert(args.end(), {"--gap-lr", kDefaultGapPeaks});
    return args;
}

TrainingPanel::TrainingPanel(QWidget* parent) : LessonPanel(parent), m_job(new BackgroundJob(this))
{
    createWidgets();
    retranslate();
}

TrainingPanel::~TrainingPanel() = default;

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
    m_preset = new QComboBox(content);
    m_preset->addItem(QString(), QString());
    for (const Preset& p : presets())
        m_preset->addItem(QString(), QString::fromLatin1(p.id));
    m_preset->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_preset->setMinimumContentsLength(24);
    m_preset->setCurrentIndex(1);  // the defaults are the lecture's demo
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
    m_steps = new QSpinBox(content);
    m_steps->setRange(1, kMaxSteps);
    m_steps->setValue(kDefaultTrainingSteps);
    m_stepsLabel = new QLabel(content);
    m_stepsLabel->setBuddy(m_steps);
    m_seed = new QSpinBox(content);
    m_seed->setRange(0, 1'000'000'000);
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

QCheckBox* TrainingPanel::recipeBox(const std::string& name) const
{
    for (QCheckBox* box : m_recipes)
        if (box->objectName().toStdString() == name)
            return box;
    return nullptr;
}

void TrainingPanel::applyPreset(const QString& id)
{
    for (const Preset& p : presets()) {
        if (id != QLatin1String(p.id))
            continue;
        const std::vector<std::string> names = splitNames(p.recipes);
        for (QCheckBox* box : m_recipes) {
            const QSignalBlocker blocker(box);
            box->setChecked(std::find(names.begin(), names.end(), box->objectName().toStdString()) != names.end());
        }
        const QSignalBlocker custom(m_custom);
        m_custom->setChecked(false);
        const QSignalBlocker steps(m_steps);
        m_steps->setValue(kDefaultTrainingSteps);
        for (std::size_t i = 0; i < train::learningRatePresets().size(); ++i)
            if (std::string_view(train::learningRatePresets()[i].name) == p.learningRate)
                m_rate->setCurrentIndex(static_cast<int>(i));
        m_view->setCurrentIndex(p.gap ? 1 : 0);
        m_peaks->setText(QString::fromLatin1(kDefaultGapPeaks));
        m_preset->setCurrentIndex(m_preset->findData(id));
        updateEnabled();
        recompute();
        return;
    }
}

std::optional<train::Recipe> TrainingPanel::customRecipe(bool showHint)
{
    train::RecipeParse parsed = train::parseRecipe(m_recipeText->toPlainText().toStdString());
    if (const auto* e = std::get_if<train::RecipeError>(&parsed)) {
        if (showHint)
            setErrorHint(m_recipeHint, text::recipeErrorText(*e));
        return std::nullopt;
    }
    if (showHint)
        setErrorHint(m_recipeHint, {});
    return std::get<train::Recipe>(parsed);
}

void TrainingPanel::recipeEdited()
{
    const auto custom = customRecipe(true);
    m_custom->setText(custom ? tr("and my recipe, “%1”, from the editor below").arg(QString::fromStdString(custom->name))
                             : tr("and my recipe from the editor below"));
    if (m_custom->isChecked())
        recomputeLater(300);
}

QString TrainingPanel::recipeHint() const
{
    return m_recipeHint->isHidden() ? QString() : m_recipeHint->text();
}

std::optional<TrainingRequest> TrainingPanel::request()
{
    TrainingRequest r;
    bool ok = true;
    // 1. The recipes: the checked presets, and one's own when it parses.
    for (QCheckBox* box : m_recipes)
        if (box->isChecked())
            r.recipes.push_back(*train::findPreset(box->objectName().toStdString()));
    QString recipesError;
    if (m_custom->isChecked()) {
        if (const auto custom = customRecipe(true)) {
            const bool taken = std::any_of(r.recipes.begin(), r.recipes.end(),
                                           [&](const train::Recipe& p) { return p.name == custom->name; });
            if (taken)
                recipesError = tr("My recipe is called “%1”, as a preset is: give it another name (name=...)")
                                   .arg(QString::fromStdString(custom->name));
            r.recipes.push_back(*custom);
        } else {
            recipesError = tr("My recipe has an error: see the red hint in the editor");
        }
    }
    if (r.recipes.empty())
        recipesError = tr("Choose at least one recipe");
    const bool gap = m_view->currentIndex() == 1;
    if (recipesError.isEmpty() && gap
        && std::all_of(r.recipes.begin(), r.recipes.end(), [](const train::Recipe& p) { return p.name == "fp32"; }))
        recipesError = tr("The gap view compares recipes with fp32: choose one besides fp32");
    setErrorHint(m_recipesHint, recipesError);
    ok = recipesError.isEmpty();

    // 2. The run's settings.
    r.config.steps = m_steps->value();
    r.config.seed = static_cast<std::uint64_t>(m_seed->value());
    // The gap view trains each peak to a tenth of itself; the other view reads the learning rate.
    QString rateError;
    if (!gap && m_rate->currentIndex() == kOwnRate) {
        const auto rate = finiteNumberText(m_ownRate->text().trimmed().toStdString());
        if (!rate || !(*rate > 0 && *rate <= 1))
            rateError = text::learningRateErrorText(m_ownRate->text().trimmed());
        else {
            r.config.peakLearningRate = *rate;
            r.config.finalLearningRate = *rate / 10;
        }
    } else if (!gap) {
        const train::LearningRatePreset& p = train::learningRatePresets()[static_cast<std::size_t>(std::max(0, m_rate->currentIndex()))];
        r.config.peakLearningRate = p.peak;
        r.config.finalLearningRate = p.final;
    }
    m_ownRate->setHint(rateError);
    ok = ok && rateError.isEmpty();
    QString peaksError;
    if (gap) {
        std::string error;
        if (const auto peaks = parsePeakList(m_peaks->text().trimmed().toStdString(), error))
            r.gapPeaks = *peaks;
        else
            peaksError = QString::fromStdString(error);
    }
    m_peaks->setHint(peaksError);

    // 3. Where the products run: on the GPU too, where every chosen recipe can.
    QString productsError;
    if (!gap && m_products->currentIndex() == kOnGpu && !gpu::tensorCoreProductsUnavailable()) {
        r.products = {ProductsOn::Engine, ProductsOn::Gpu};
        for (const train::Recipe& recipe : r.recipes)
            if (const auto refusal = gpu::refuseTensorCoreProducts(recipe); refusal && productsError.isEmpty())
                productsError = text::productsRefusalText(*refusal, QString::fromStdString(recipe.name));
    }
    setErrorHint(m_productsHint, productsError);
    if (!ok || !peaksError.isEmpty() || !productsError.isEmpty())
        return std::nullopt;
    return r;
}

void TrainingPanel::compute()
{
    const auto r = request();
    if (!r)
        return;
    const std::string signature = signatureOf(*r);
    const bool started = m_statusKind != Status::Untrained;
    if (!started) {
        m_data = untrainedData(*r);
        m_dataSignature = signature;
        m_pages->setCurrentIndex(m_data.gapView() ? 1 : 0);
        showData();
    } else if (!training()) {
        m_statusKind = signature == m_dataSignature ? (m_data.finished ? Status::Done : Status::Cancelled) : Status::Changed;
    }
    showStatus();
}

void TrainingPanel::train()
{
    const auto r = request();
    if (!r)
        return;
    if (m_job->running()) {
        m_job->restart([this] { train(); });
        return;
    }
    startTraining(*r);
}

void TrainingPanel::startTraining(const TrainingRequest& r)
{
    m_data = untrainedData(r);
    m_dataSignature = signatureOf(r);
    m_pages->setCurrentIndex(m_data.gapView() ? 1 : 0);
    m_statusKind = Status::Training;
    m_progress->setValue(0);
    showData();
    showStatus();
    auto live = std::make_shared<LiveRuns>();
    live->steps.resize(m_data.runs.size());
    const std::size_t gapRuns = m_data.request.gapPeaks.size() * (1 + m_data.gapRecipes.size());
    live->finals.resize(gapRuns);
    live->absorbed.resize(gapRuns);
    m_live = live;
    m_liveTimer->start();
    updateEnabled();
    m_train->setEnabled(true);
    m_cancel->setEnabled(true);
    const int threads = trainingThreads();
    TrainingData start = m_data;
    m_job->start([this, live, start, threads](const BackgroundJob::Control& control) {
        TrainingData d = start;
        const train::TrainConfig& config = d.request.config;
        const train::Corpus& corpus = train::Corpus::builtin();
        const std::size_t runs = d.gapView() ? d.request.gapPeaks.size() * (1 + d.gapRecipes.size()) : d.runs.size();
        const double total = static_cast<double>(runs) * config.steps;
        const train::RunCallback onStep = [&](std::size_t run, const train::StepRecord& step) {
            const std::lock_guard lock(live->mutex);
            if (!d.gapView()) {
                live->steps[run].push_back(step);
            } else {
                live->absorbed[run] += step.absorbedShare;
                if (step.step == config.steps)
                    live->finals[run] = step.valBitsPerChar;
            }
            control.progress(static_cast<double>(++live->done) / total);
        };
        bool cancelled = false;
        if (d.gapView()) {
            d.gaps = train::gapsAgainstLearningRate(corpus, config, d.gapRecipes, *train::findPreset("fp32"),
                                                    d.request.gapPeaks, onStep, control.cancelFlag(), threads);
            cancelled = control.cancelled();
        } else {
            d.runs = train::runJobs(corpus, trainingJobs(d.request), onStep, control.cancelFlag(), threads);
            cancelled = std::any_of(d.runs.begin(), d.runs.end(), [](const train::RunResult& r) { return r.cancelled; });
        }
        d.finished = !cancelled;
        return [this, d = std::move(d), cancelled]() mutable { finishTraining(std::move(d), cancelled); };
    });
}

void TrainingPanel::takeLiveSteps()
{
    const std::shared_ptr<LiveRuns> live = m_live;
    if (!live)
        return;
    bool any = false;
    {
        const std::lock_guard lock(live->mutex);
        // The gap view: a point as soon as both runs of a peak have ended.
        const std::size_t perPeak = 1 + m_data.gapRecipes.size();
        for (std::size_t r = 0; r < m_data.gaps.size(); ++r)
            for (std::size_t i = 0; i < m_data.gaps[r].size(); ++i) {
                train::LearningRateGap& g = m_data.gaps[r][i];
                const std::optional<double>& reference = live->finals[i * perPeak];
                const std::optional<double>& mine = live->finals[i * perPeak + 1 + r];
                if (g.gap || !reference || !mine)
                    continue;
                g.referenceBitsPerChar = reference;
                g.recipeBitsPerChar = mine;
                g.gap = *mine - *reference;
                g.meanAbsorbedShare = live->absorbed[i * perPeak + 1 + r] / m_data.request.config.steps;
                any = true;
            }
        for (std::size_t i = 0; i < live->steps.size() && i < m_data.runs.size(); ++i) {
            std::vector<train::StepRecord>& taken = live->steps[i];
            any = any || !taken.empty();
            m_data.runs[i].steps.insert(m_data.runs[i].steps.end(), taken.begin(), taken.end());
            taken.clear();
        }
    }
    if (any)
        showData();
    showStatus();
}

void TrainingPanel::finishTraining(TrainingData d, bool cancelled)
{
    m_liveTimer->stop();
    m_live.reset();
    m_data = std::move(d);
    m_statusKind = cancelled ? Status::Cancelled : Status::Done;
    m_cancel->setEnabled(false);
    if (!cancelled)
        m_progress->setValue(1000);
    showData();
    // The fields may have changed while it trained.
    if (const auto r = request(); r && signatureOf(*r) != m_dataSignature)
        m_statusKind = Status::Changed;
    showStatus();
    emit trainingFinished();
}

void TrainingPanel::cancel()
{
    if (m_job->running())
        m_job->cancel();
}

bool TrainingPanel::training() const
{
    return m_job->running();
}

void TrainingPanel::showData()
{
    if (m_data.gapView()) {
        m_gapChart->setSpec(TrainingFigure::gapChart(m_data));
        showTable(m_gapTable, TrainingFigure::gapTable(m_data));
    } else {
        m_data.request.vsFp32 = m_vsFp32->isChecked();  // how the curves are drawn, not what is trained
        m_curves->setSpec(TrainingFigure::curves(m_data));
        m_cost->setSpec(TrainingFigure::cost(m_data));
        showTable(m_endTable, TrainingFigure::endTable(m_data));
        m_endTable->setToolTip(TrainingFigure::tableCaption(m_data));
        showTable(m_fp8Table, TrainingFigure::fp8Table(m_data));
    }
    QStringList notes;
    if (m_data.finished)
        notes = m_data.gapView() ? text::gapNotes(m_data.gapRecipes, m_data.gaps) : trainingNotes(m_data);
    m_notes->setText(notes.join(QStringLiteral("\n\n")));
    m_notes->setVisible(!notes.isEmpty());
}

void TrainingPanel::showStatus()
{
    const train::TrainConfig& c = m_data.request.config;
    QString status;
    switch (m_statusKind) {
    case Status::Untrained:
        status = tr("Not trained yet: press Train (Ctrl+Enter). 300 steps take a few seconds a recipe.");
        break;
    case Status::Training: {
        std::size_t done = 0;
        for (const train::RunResult& r : m_data.runs)
            done += r.steps.size();
        const std::size_t at = std::min<std::size_t>(m_data.runs.size(), static_cast<std::size_t>(trainingThreads()));
        const std::size_t total = m_data.runs.size() * static_cast<std::size_t>(c.steps);
        if (m_data.gapView())
            status = tr("Training %1 runs on a worker thread…").arg(m_data.request.gapPeaks.size() * (1 + m_data.gapRecipes.size()));
        else if (m_data.request.products.size() > 1)
            status = tr("Training %1 recipes on the engine and on the GPU, %2 runs at a time: %3 of %4 steps…")
                         .arg(m_data.request.recipes.size())
                         .arg(at)
                         .arg(done)
                         .arg(total);
        else
            status = tr("Training %1 recipes on a worker thread, %2 at a time: %3 of %4 steps…")
                         .arg(m_data.runs.size())
                         .arg(at)
                         .arg(done)
                         .arg(total);
        break;
    }
    case Status::Done:
        status = m_data.gapView() ? tr("Trained: %1 runs of %2 steps.")
                                        .arg(m_data.request.gapPeaks.size() * (1 + m_data.gapRecipes.size()))
                                        .arg(c.steps)
                                  : tr("Trained: every recipe reached step %1.").arg(c.steps);
        break;
    case Status::Cancelled: {
        // Runs train in turn: a cancel leaves them at different steps; the table compares each with
        // fp32 at a step both reached, and says so.
        QStringList reached;
        std::set<int> steps;
        for (const train::RunResult& run : m_data.runs) {
            const int step = run.steps.empty() ? 0 : run.steps.back().step;
            steps.insert(step);
            reached << tr("%1 at step %2").arg(text::runName(run), LessonText::count(step));
        }
        status = steps.size() <= 1
                     ? tr("Cancelled: what the runs did until then stays below.")
                     : tr("Cancelled: the runs stopped at different steps (%1). Each is compared with fp32 at the last "
                          "step both were validated at, and its curve ends where it stopped.")
                           .arg(reached.join(QStringLiteral(", ")));
        break;
    }
    case Status::Changed: status = tr("The inputs changed since this run: press Train to train them."); break;
    }
    m_status->setText(status);
}

QString TrainingPanel::statusText() const
{
    return m_status->text();
}

QString TrainingPanel::productsReason() const
{
    return m_productsReason->text();
}

QString TrainingPanel::productsHint() const
{
    return m_productsHint->isHidden() ? QString() : m_productsHint->text();
}

QString TrainingPanel::notesText() const
{
    return m_notes->text();
}

QString TrainingPanel::loadFile(const QString& path)
{
    const train::RecipeFileRead read = train::readRecipeFile(QFile::encodeName(path).toStdString());
    if (!read.recipe) {
        const QString why = text::recipeFileErrorText(QFileInfo(path).fileName(), read);
        setErrorHint(m_recipeHint, why);
        return why;
    }
    m_recipePath = path;
    m_recipeText->setPlainText(QString::fromStdString(train::recipeFileText(*read.recipe)));
    m_custom->setChecked(true);
    retranslate();
    return {};
}

QString TrainingPanel::saveRecipe(const QString& path)
{
    const auto recipe = customRecipe(true);
    if (!recipe)
        return m_recipeHint->text();
    if (const QString error = io::writeFileAtomically(path, QByteArray::fromStdString(train::recipeFileText(*recipe)));
        !error.isEmpty()) {
        const QString why = text::recipeSaveErrorText(QFileInfo(path).fileName(), error);
        setErrorHint(m_recipeHint, why);
        return why;
    }
    m_recipePath = path;
    retranslate();
    return {};
}

void TrainingPanel::chooseRecipeFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load a recipe"), m_recipePath,
                                                      tr("Recipes (*.recipe *.txt);;All files (*)"));
    if (!path.isEmpty())
        loadFile(path);
}

void TrainingPanel::chooseSaveFile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the recipe"),
                                                      m_recipePath.isEmpty() ? QStringLiteral("mine.recipe") : m_recipePath,
                                                      tr("Recipes (*.recipe *.txt);;All files (*)"));
    if (!path.isEmpty())
        saveRecipe(path);
}

QVariantMap TrainingPanel::settings() const
{
    QStringList recipes;
    for (const QCheckBox* box : m_recipes)
        if (box->isChecked())
            recipes << box->objectName();
    const int rate = m_rate->currentIndex();
    return {
        {QStringLiteral("recipes"), recipes},
        {QStringLiteral("custom"), m_custom->isChecked()},
        {QStringLiteral("recipeText"), m_recipeText->toPlainText()},
        {QStringLiteral("steps"), m_steps->value()},
        {QStringLiteral("seed"), m_seed->value()},
        {QStringLiteral("learningRate"),
         rate == kOwnRate ? QStringLiteral("own")
                          : QString::fromLatin1(train::learningRatePresets()[static_cast<std::size_t>(rate)].name)},
        {QStringLiteral("ownLearningRate"), m_ownRate->text()},
        {QStringLiteral("view"), m_view->currentIndex() == 1 ? QStringLiteral("gap") : QStringLiteral("recipes")},
        {QStringLiteral("vsFp32"), m_vsFp32->isChecked()},
        {QStringLiteral("peaks"), m_peaks->text()},
        {QStringLiteral("recipeFile"), m_recipePath},
        {QStringLiteral("products"), QString::fromLatin1(productsName(m_products->currentIndex() == kOnGpu ? ProductsOn::Gpu
                                                                                                          : ProductsOn::Engine))},
    };
}

void TrainingPanel::restoreSettings(const QVariantMap& s)
{
    if (s.isEmpty())
        return;
    const QStringList recipes = s.value(QStringLiteral("recipes")).toStringList();
    for (QCheckBox* box : m_recipes) {
        const QSignalBlocker blocker(box);
        box->setChecked(recipes.contains(box->objectName()));
    }
    {
        const QSignalBlocker blocker(m_recipeText);
        if (s.contains(QStringLiteral("recipeText")))
            m_recipeText->setPlainText(s.value(QStringLiteral("recipeText")).toString());
    }
    const QSignalBlocker custom(m_custom);
    m_custom->setChecked(s.value(QStringLiteral("custom")).toBool());
    const QSignalBlocker steps(m_steps);
    m_steps->setValue(s.value(QStringLiteral("steps"), kDefaultTrainingSteps).toInt());
    const QSignalBlocker seed(m_seed);
    m_seed->setValue(s.value(QStringLiteral("seed"), 0).toInt());
    const QString rate = s.value(QStringLiteral("learningRate")).toString();
    m_rate->setCurrentIndex(0);
    if (rate == QLatin1String("own"))
        m_rate->setCurrentIndex(kOwnRate);
    for (std::size_t i = 0; i < train::learningRatePresets().size(); ++i)
        if (rate == QLatin1String(train::learningRatePresets()[i].name))
            m_rate->setCurrentIndex(static_cast<int>(i));
    m_ownRate->setText(s.value(QStringLiteral("ownLearningRate"), QString::fromLatin1(kDefaultOwnRate)).toString());
    m_view->setCurrentIndex(s.value(QStringLiteral("view")).toString() == QLatin1String("gap") ? 1 : 0);
    m_vsFp32->setChecked(s.value(QStringLiteral("vsFp32")).toBool());
    m_peaks->setText(s.value(QStringLiteral("peaks"), QString::fromLatin1(kDefaultGapPeaks)).toString());
    m_recipePath = s.value(QStringLiteral("recipeFile")).toString();
    // The GPU, where it was chosen and is still here.
    const bool gpu = s.value(QStringLiteral("products")).toString() == QLatin1String(productsName(ProductsOn::Gpu));
    m_products->setCurrentIndex(gpu && !gpu::tensorCoreProductsUnavailable() ? kOnGpu : 0);
    m_preset->setCurrentIndex(0);
    updateEnabled();
    retranslate();
    recompute();
}

std::unique_ptr<Figure> TrainingPanel::makeFigure() const
{
    return std::make_unique<TrainingFigure>(m_data);
}

namespace {

std::vector<std::vector<std::string>> trainingDeck()
{
    // On a slide the recipes are told apart by their gap to fp32, a hundredth of a bit per
    // character that the curves' fall from 5 to 3.5 would hide.
    std::vector<std::vector<std::string>> pages;
    for (const TrainingPanel::Preset& p : TrainingPanel::presets()) {
        pages.push_back(TrainingPanel::presetArguments(p));
        if (!p.gap)
            pages.back().push_back("--vs-fp32");
    }
    return pages;
}

}  // namespace

const LessonRegistration kRegistration({
    .place = 80,
    .objectName = "trainingDock",
    .title = [] { return TrainingPanel::tr("Training lab"); },
    .shortTitle = [] { return TrainingPanel::tr("Training"); },
    .figureTitle = {},
    .makePanel = [] { return new TrainingPanel; },
    .view = trainingView(),
    .viewExample = {"--untrained"},
    .deck = trainingDeck(),
});

}  // namespace floatscope::gui
