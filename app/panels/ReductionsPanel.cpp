#include "app/panels/ReductionsPanel.h"

#include <algorithm>

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "app/panels/FormatChecklist.h"
#include "app/panels/HintedField.h"
#include "app/panels/LessonJob.h"
#include "app/lessons/LessonRegistry.h"
#include "app/lessons/ReductionsLesson.h"
#include "app/panels/DeclaredFields.h"
#include "app/panels/PanelKit.h"
#include "app/text/LessonText.h"

namespace floatscope::gui {

namespace {

const LessonOption& option(Reduction reduction, std::string_view name)
{
    return optionNamed(reductionOptions(reduction), name);
}

// The formats checked, as -f names them: in the order the reduction's fallback lists them (bf16
// first), the others after them.
std::string checkedNames(const std::vector<Format>& checked, Reduction reduction)
{
    std::vector<Format> formats = checked;
    const std::string& order = option(reduction, "formats").fallback + ",";
    const auto rank = [&order](const Format& f) {
        const std::size_t at = order.find(f.name() + ",");
        return at == std::string::npos ? order.size() : at;
    };
    std::stable_sort(formats.begin(), formats.end(), [&](const Format& x, const Format& y) { return rank(x) < rank(y); });
    std::string names;
    for (const Format& f : formats)
        names += (names.empty() ? "" : ",") + f.name();
    return names;
}

}  // namespace

ReductionsPanel::ReductionsPanel(QWidget* parent) : FigurePanel(parent)
{
    const Areas areas = splitContent();
    QWidget* content = areas.controls;
    m_reduction = new QComboBox(content);
    for (std::size_t i = 0; i < std::size(kReductions); ++i)
        m_reduction->addItem(QString());
    m_reductionLabel = new QLabel(content);
    m_reductionLabel->setBuddy(m_reduction);
    m_pages = new QStackedWidget(content);

    // One page of fields per reduction, its declared options after -f and --seed.
    for (const Reduction r : kReductions) {
        auto* page = new QWidget;
        auto* form = new QFormLayout(page);
        form->setContentsMargins(0, 0, 0, 0);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        const std::vector<LessonOption>& options = reductionOptions(r);
        for (auto o = options.begin() + 2; o != options.end(); ++o) {
            if (o->type == OptionType::Format) {  // the logits' storage
                m_logits = declaredComboBox(*o, page);
                m_logitsLabel = new QLabel(page);
                m_logitsLabel->setBuddy(m_logits);
                form->addRow(m_logitsLabel, m_logits);
                continue;
            }
            Field f{QString::fromStdString(o->name), r, declaredField(*o, page), new QLabel};
            f.label->setBuddy(f.field->edit());
            form->addRow(f.label, f.field);
            m_fields.push_back(f);
        }
        m_pages->addWidget(page);
    }
    m_formats = declaredChecklist(option(ReductionsSetup::kDefault, "formats"), content);
    m_formatsLabel = new QLabel(content);
    m_formatsLabel->setBuddy(m_formats);
    m_formatsHint = makeErrorHint(content);
    m_seed = declaredSpinBox(option(ReductionsSetup::kDefault, "seed"), content);
    m_seedLabel = new QLabel(content);
    m_seedLabel->setBuddy(m_seed);
    m_job = new LessonJob(content);
    m_figure = new FigureWidget(content);
    m_reduction->setCurrentIndex(static_cast<int>(ReductionsSetup::kDefault));
    m_pages->setCurrentIndex(static_cast<int>(ReductionsSetup::kDefault));
    fitToCurrentPage(m_pages);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_reductionLabel, m_reduction);
    form->addRow(QString(), m_pages);
    form->addRow(m_formatsLabel, m_formats);
    form->addRow(QString(), m_formatsHint);
    auto* seedRow = new QHBoxLayout;
    seedRow->addWidget(m_seed);
    seedRow->addStretch();
    form->addRow(m_seedLabel, seedRow);
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(form);
    layout->addStretch();
    m_figure->setFitted(true);
    auto* results = new QVBoxLayout(areas.results);
    results->addWidget(m_job);
    results->addWidget(m_figure, 1);

    connect(m_reduction, &QComboBox::activated, this, [this](int index) { setReduction(kReductions[index]); });
    connect(m_logits, &QComboBox::currentIndexChanged, this, &ReductionsPanel::recompute);
    connect(m_formats, &FormatChecklist::checkedChanged, this, &ReductionsPanel::recompute);
    connect(m_seed, &QSpinBox::valueChanged, this, [this] { recomputeLater(400); });
    for (const Field& f : m_fields)
        connect(f.field, &HintedField::edited, this, [this] { recomputeLater(500); });
    retranslate();
}

HintedField* ReductionsPanel::field(const QString& option) const
{
    const Reduction current = kReductions[std::max(0, m_reduction->currentIndex())];
    for (const Field& f : m_fields)
        if (f.option == option && f.reduction == current)
            return f.field;
    return nullptr;
}

void ReductionsPanel::setReduction(Reduction reduction)
{
    const QSignalBlocker blocker(m_formats);
    m_reduction->setCurrentIndex(static_cast<int>(reduction));
    m_pages->setCurrentIndex(static_cast<int>(reduction));
    fitToCurrentPage(m_pages);
    checkFallback(option(reduction, "formats"), m_formats);
    recompute();
}

void ReductionsPanel::retranslate()
{
    m_reductionLabel->setText(tr("&Reduction:"));
    m_reduction->setItemText(0, tr("softmax denominator over a vocabulary"));
    m_reduction->setItemText(1, tr("mean and variance: two passes, E[x²] − E[x]², Welford"));
    m_reduction->setItemText(2, tr("RMSNorm"));
    m_reduction->setItemText(3, tr("mixture-of-experts router: softmax and top k"));
    m_logitsLabel->setText(tr("&Logits stored in:"));
    for (const Field& f : m_fields) {
        QString label;
        if (f.option == QLatin1String("vocab"))
            label = tr("&Vocabulary:");
        else if (f.option == QLatin1String("mean"))
            label = tr("&Mean:");
        else if (f.option == QLatin1String("std"))
            label = tr("Standard &deviation:");
        else if (f.option == QLatin1String("count"))
            label = tr("&Values:");
        else if (f.option == QLatin1String("hidden"))
            label = tr("&Hidden size:");
        else if (f.option == QLatin1String("rows"))
            label = tr("R&ows:");
        else if (f.option == QLatin1String("eps"))
            label = tr("&eps:");
        else if (f.option == QLatin1String("tokens"))
            label = tr("&Tokens:");
        else if (f.option == QLatin1String("experts"))
            label = tr("E&xperts:");
        else if (f.option == QLatin1String("top-k"))
            label = tr("To&p k:");
        f.label->setText(label);
    }
    for (const Field& f : m_fields)
        if (f.option == QLatin1String("vocab"))
            f.field->edit()->setToolTip(tr("Qwen2's vocabulary is 151,936 logits; 1 to 4,194,304"));
    m_formatsLabel->setText(tr("&Computed in:"));
    m_seedLabel->setText(tr("See&d:"));
    if (m_data)
        redraw();
    else
        recompute();
}

void ReductionsPanel::compute()
{
    // 1. The fields of the chosen reduction, through its declaration; a bad one keeps the last figure.
    const Reduction reduction = kReductions[std::max(0, m_reduction->currentIndex())];
    const std::vector<LessonOption>& declared = reductionOptions(reduction);
    OptionValues options;
    bool ok = true;
    if (const auto formats = readChecklist(declared[0], m_formats, m_formatsHint))
        options.set("formats", OptionValue{.text = checkedNames(m_formats->checkedFormats(), reduction)});
    else
        ok = false;
    options.set("seed", spinBoxValue(declared[1], m_seed));
    if (reduction == Reduction::Softmax)
        options.set("logits", comboBoxValue(m_logits));
    for (const Field& f : m_fields)
        if (f.reduction == reduction) {
            const auto value = readField(optionNamed(declared, f.option.toStdString()), f.field);
            if (value)
                options.set(f.option.toStdString(), *value);
            ok = ok && value.has_value();
        }
    if (!ok)
        return;
    ReductionsProblem problem;
    const auto setup = reductionsOf(reduction, options, problem);
    if (!setup) {
        field(QString::fromStdString(problem.option))->setHint(problem.reason);
        return;
    }

    // 2. At once when quick, else in the background with progress and cancel.
    m_job->compute<ReductionsData>(
        setup->takesLong(),
        tr("Computing the %1 in %2 formats…").arg(m_reduction->currentText()).arg(setup->formats().size()),
        [setup = *setup](const dot::RunControl& control) { return ReductionsData::compute(setup, control); },
        [this](ReductionsData data) { showResult(std::move(data)); },
        m_data.has_value(), [this] { recompute(); });
}

const PanelRegistration kPanel({
    .lesson = "reduce",
    .objectName = "reductionsDock",
    .makePanel = [] { return new ReductionsPanel; },
});

}  // namespace floatscope::gui
