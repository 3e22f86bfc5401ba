// The training lab's inputs kept (TrainingPanel.h): remembered in the settings, and one's own recipe
// loaded from and saved to a file.
#include "app/panels/TrainingPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSpinBox>

#include "app/io/AtomicFile.h"
#include "app/panels/HintedField.h"
#include "app/panels/PanelKit.h"
#include "app/panels/TrainingChoices.h"
#include "app/text/TrainText.h"
#include "gpu/train/TensorCoreProducts.h"

namespace floatscope::gui {

using namespace training;

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

}  // namespace floatscope::gui
