// The training lab (TrainingPanel.h): its presets, the fields read as a request, what the runs did
// shown, and its registration. The widgets are built in TrainingWidgets.cpp, the runs trained in
// TrainingRuns.cpp, the inputs kept in TrainingSettings.cpp.
#include "app/panels/TrainingPanel.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTableWidget>

#include "app/charts/ChartView.h"
#include "app/panels/BackgroundJob.h"
#include "app/panels/DeclaredFields.h"
#include "app/panels/HintedField.h"
#include "app/lessons/LessonRegistry.h"
#include "app/panels/PanelKit.h"
#include "app/panels/TrainingChoices.h"
#include "app/style/Palette.h"
#include "app/text/HardwareText.h"
#include "app/text/TrainText.h"
#include "gpu/train/TensorCoreProducts.h"

namespace floatscope::gui {

using namespace training;

namespace {

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

}  // namespace

TrainingPanel::TrainingPanel(QWidget* parent) : LessonPanel(parent), m_job(new BackgroundJob(this))
{
    createWidgets();
    retranslate();
}

TrainingPanel::~TrainingPanel() = default;

QCheckBox* TrainingPanel::recipeBox(const std::string& name) const
{
    for (QCheckBox* box : m_recipes)
        if (box->objectName().toStdString() == name)
            return box;
    return nullptr;
}

void TrainingPanel::applyPreset(const QString& id)
{
    for (const LessonPreset& p : optionNamed(trainingOptions(), "preset").presets) {
        if (id.toStdString() != p.id)
            continue;
        // The declared fields (steps, seed, the box itself), then what the lesson reads as text.
        applyDeclaredPreset(this, trainingOptions(), p.id);
        const auto value = [&](const char* name) { return withPreset(optionNamed(trainingOptions(), name), p).fallback; };
        const std::vector<std::string> names = splitNames(value("recipe"));
        for (QCheckBox* box : m_recipes) {
            const QSignalBlocker blocker(box);
            box->setChecked(std::find(names.begin(), names.end(), box->objectName().toStdString()) != names.end());
        }
        const QSignalBlocker custom(m_custom);
        m_custom->setChecked(false);
        for (std::size_t i = 0; i < train::learningRatePresets().size(); ++i)
            if (train::learningRatePresets()[i].name == value("lr"))
                m_rate->setCurrentIndex(static_cast<int>(i));
        const std::string peaks = value("gap-lr");
        m_view->setCurrentIndex(peaks.empty() ? 0 : 1);
        m_peaks->setText(QString::fromStdString(peaks.empty() ? kDefaultGapPeaks : peaks));
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
        if (const auto rate = readLearningRate(m_ownRate->text().trimmed().toStdString())) {
            r.config.peakLearningRate = rate->peak;
            r.config.finalLearningRate = rate->final;
        } else {
            rateError = text::learningRateErrorText(m_ownRate->text().trimmed());
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
        if (const auto peaks = parsePeakList(m_peaks->text().trimmed().toStdString(), peaksError))
            r.gapPeaks = *peaks;
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

std::unique_ptr<Figure> TrainingPanel::makeFigure() const
{
    return std::make_unique<TrainingFigure>(m_data);
}

const PanelRegistration kPanel({
    .lesson = "training",
    .objectName = "trainingDock",
    .makePanel = [] { return new TrainingPanel; },
});

}  // namespace floatscope::gui
