#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <utility>
#include <vector>

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

#include "app/figures/DelayedScalingFigure.h"
#include "app/lessons/DelayedScalingLesson.h"
#include "app/lessons/LessonRegistry.h"
#include "app/panels/DeclaredFields.h"
#include "app/panels/FigurePanel.h"
#include "app/panels/HintedField.h"

namespace floatscope::gui {

namespace {

const LessonOption& option(std::string_view name)
{
    return optionNamed(delayedScalingOptions(), name);
}

}  // namespace

// The delayed-scaling lesson: a tensor per step cast to fp8 with the step's own amax and with the
// largest of the steps before; a spike, a drift and the history's length to play with.
class DelayedScalingPanel : public FigurePanel<DelayedScalingRun, DelayedScalingFigure> {
    Q_OBJECT

public:
    explicit DelayedScalingPanel(QWidget* parent = nullptr);

    QVariantMap settings() const override;
    void restoreSettings(const QVariantMap& settings) override;

protected:
    void compute() override;
    void retranslate() override;

private:
    static QSpinBox* spin(std::string_view name, QWidget* parent);

    QComboBox* m_element = nullptr;
    QSpinBox* m_steps = nullptr;
    QSpinBox* m_history = nullptr;
    QSpinBox* m_spikeStep = nullptr;
    QSpinBox* m_spikeLength = nullptr;
    HintedField* m_spikeFactor = nullptr;
    HintedField* m_drift = nullptr;
    QSpinBox* m_seed = nullptr;
    std::vector<QFormLayout*> m_forms;  // the two columns
};

DelayedScalingPanel::DelayedScalingPanel(QWidget* parent) : FigurePanel(parent)
{
    const Areas areas = splitContent();
    QWidget* content = areas.controls;
    m_element = declaredComboBox(option("formats"), content);
    m_steps = spin("steps", content);
    m_history = spin("history", content);
    m_spikeStep = spin("spike-step", content);
    m_spikeLength = spin("spike-length", content);
    m_spikeFactor = declaredField(option("spike-factor"), content);
    m_drift = declaredField(option("drift"), content);
    m_seed = spin("seed", content);
    m_figure = new FigureWidget(content);

    // The fields one under another in the column beside the figure: the run, then its spike.
    auto* layout = new QVBoxLayout(content);
    for (const auto& fields : {std::initializer_list<QWidget*>{m_element, m_steps, m_history, m_seed},
                               std::initializer_list<QWidget*>{m_spikeStep, m_spikeLength, m_spikeFactor, m_drift}}) {
        auto* form = new QFormLayout;
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        for (QWidget* field : fields)
            form->addRow(new QLabel(content), field);
        layout->addLayout(form);
        m_forms.push_back(form);
    }
    layout->addStretch();
    m_figure->setFitted(true);
    auto* results = new QVBoxLayout(areas.results);
    results->addWidget(m_figure, 1);

    connect(m_element, &QComboBox::activated, this, &DelayedScalingPanel::recompute);
    for (QSpinBox* box : {m_steps, m_history, m_spikeStep, m_spikeLength, m_seed})
        connect(box, &QSpinBox::valueChanged, this, [this] { recomputeLater(150); });
    for (HintedField* field : {m_spikeFactor, m_drift})
        connect(field, &HintedField::edited, this, [this] { recomputeLater(300); });
    retranslate();
}

QSpinBox* DelayedScalingPanel::spin(std::string_view name, QWidget* parent)
{
    QSpinBox* box = declaredSpinBox(option(name), parent);
    box->setGroupSeparatorShown(true);
    return box;
}

void DelayedScalingPanel::retranslate()
{
    // In the order of the columns' rows.
    const QString labels[] = {tr("&Format:"),        tr("S&teps:"),        tr("Amax &history:"), tr("See&d:"),
                              tr("Spi&ke at step:"), tr("Spike &length:"), tr("Spike &×:"),      tr("&Drift, log₂ a step:")};
    int next = 0;
    for (QFormLayout* form : m_forms)
        for (int row = 0; row < form->rowCount(); ++row) {
            auto* label = qobject_cast<QLabel*>(form->itemAt(row, QFormLayout::LabelRole)->widget());
            label->setText(labels[next++]);
            QWidget* field = form->itemAt(row, QFormLayout::FieldRole)->widget();
            auto* hinted = qobject_cast<HintedField*>(field);
            label->setBuddy(hinted != nullptr ? hinted->edit() : field);
        }
    m_element->setToolTip(tr("The fp8 format each step's tensor is cast to"));
    m_history->setToolTip(tr("Delayed scaling makes a step's scale from the largest amax of this many steps before it "
                             "(Transformer Engine's amax history length)"));
    m_spikeStep->setSpecialValueText(tr("none"));
    m_spikeFactor->edit()->setToolTip(tr("How much larger the tensor is during the spike"));
    m_drift->edit()->setToolTip(tr("The tensor's size grows by 2 to this power every step (negative: it shrinks)"));
    recompute();
}

void DelayedScalingPanel::compute()
{
    const auto factor = readField(option("spike-factor"), m_spikeFactor);
    const auto drift = readField(option("drift"), m_drift);
    if (!factor || !drift)
        return;
    OptionValues options;
    options.set("formats", OptionValue{.text = m_element->currentText().toStdString()});
    for (const auto& [name, box] : {std::pair{"steps", m_steps}, std::pair{"history", m_history},
                                    std::pair{"spike-step", m_spikeStep}, std::pair{"spike-length", m_spikeLength},
                                    std::pair{"seed", m_seed}})
        options.set(name, spinBoxValue(option(name), box));
    options.set("spike-factor", *factor);
    options.set("drift", *drift);
    showResult(simulateDelayedScaling(delayedScalingOf(options)));
}

QVariantMap DelayedScalingPanel::settings() const
{
    return {{QStringLiteral("format"), m_element->currentText()}, {QStringLiteral("steps"), m_steps->value()},
            {QStringLiteral("history"), m_history->value()},     {QStringLiteral("spikeStep"), m_spikeStep->value()},
            {QStringLiteral("spikeLength"), m_spikeLength->value()}, {QStringLiteral("spikeFactor"), m_spikeFactor->text()},
            {QStringLiteral("drift"), m_drift->text()},           {QStringLiteral("seed"), m_seed->value()}};
}

void DelayedScalingPanel::restoreSettings(const QVariantMap& settings)
{
    const int element = m_element->findText(settings.value(QStringLiteral("format")).toString());
    if (element >= 0)
        m_element->setCurrentIndex(element);
    const std::pair<QSpinBox*, const char*> boxes[] = {{m_steps, "steps"},           {m_history, "history"},
                                                      {m_spikeStep, "spikeStep"},   {m_spikeLength, "spikeLength"},
                                                      {m_seed, "seed"}};
    for (const auto& [box, key] : boxes) {
        const QVariant v = settings.value(QString::fromLatin1(key));
        if (v.isValid()) {
            const QSignalBlocker blocker(box);
            box->setValue(v.toInt());  // clamped to the box's range
        }
    }
    for (const auto& [field, key] : {std::pair{m_spikeFactor, "spikeFactor"}, std::pair{m_drift, "drift"}})
        if (settings.contains(QString::fromLatin1(key)))
            field->setText(settings.value(QString::fromLatin1(key)).toString());
    recompute();
}

const PanelRegistration kPanel({
    .lesson = "delayed-scaling",
    .objectName = "delayedScalingDock",
    .makePanel = [] { return new DelayedScalingPanel; },
});

}  // namespace floatscope::gui

#include "DelayedScalingPanel.moc"
