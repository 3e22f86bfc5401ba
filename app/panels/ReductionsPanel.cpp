#include "app/panels/ReductionsPanel.h"

#include <algorithm>
#include <cmath>

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
#include "app/panels/PanelKit.h"
#include "app/text/LessonInput.h"
#include "app/text/LessonText.h"
#include "core/format/Registry.h"
#include "core/reduce/FormatArithmetic.h"

namespace floatscope::gui {

namespace {

std::vector<std::string> names(const std::vector<Format>& formats)
{
    std::vector<std::string> out;
    for (const Format& f : formats)
        out.push_back(f.name());
    return out;
}

// A field's text for a default value: whole numbers as they are, others as %g writes them.
QString defaultText(double value)
{
    return QString::number(value, 'g', 12);
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

    // One page of fields per reduction, `floatscope reduce`'s options with its defaults.
    const ReductionsSetup defaults;
    for (const Reduction r : kReductions) {
        auto* page = new QWidget;
        auto* form = new QFormLayout(page);
        form->setContentsMargins(0, 0, 0, 0);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        switch (r) {
        case Reduction::Softmax:
            m_logits = new QComboBox(page);
            for (const Format& f : namedFormats())
                if (reduce::FormatArithmetic::accepts(f))
                    m_logits->addItem(QString::fromStdString(f.name()));
            m_logits->setCurrentText(QString::fromStdString(defaults.softmax.logits.name()));
            m_logitsLabel = new QLabel(page);
            m_logitsLabel->setBuddy(m_logits);
            form->addRow(m_logitsLabel, m_logits);
            addField(form, r, QStringLiteral("vocab"), QString::number(defaults.softmax.vocabulary));
            addField(form, r, QStringLiteral("mean"), defaultText(defaults.softmax.mean));
            addField(form, r, QStringLiteral("std"), defaultText(defaults.softmax.deviation));
            break;
        case Reduction::Moments:
            addField(form, r, QStringLiteral("count"), QString::number(defaults.moments.count));
            addField(form, r, QStringLiteral("mean"), defaultText(defaults.moments.mean));
            addField(form, r, QStringLiteral("std"), defaultText(defaults.moments.deviation));
            break;
        case Reduction::RmsNorm:
            addField(form, r, QStringLiteral("hidden"), QString::number(defaults.rmsNorm.hidden));
            addField(form, r, QStringLiteral("rows"), QString::number(defaults.rmsNorm.rows));
            addField(form, r, QStringLiteral("std"), defaultText(defaults.rmsNorm.deviation));
            addField(form, r, QStringLiteral("eps"), defaultText(defaults.rmsNorm.eps));
            break;
        case Reduction::Router:
            addField(form, r, QStringLiteral("tokens"), QString::number(defaults.router.tokens));
            addField(form, r, QStringLiteral("experts"), QString::number(defaults.router.experts));
            addField(form, r, QStringLiteral("top-k"), QString::number(defaults.router.topK));
            addField(form, r, QStringLiteral("std"), defaultText(defaults.router.deviation));
            break;
        }
        m_pages->addWidget(page);
    }
    m_formats = new FormatChecklist(names(defaults.formats()), content);
    m_formatsLabel = new QLabel(content);
    m_formatsLabel->setBuddy(m_formats);
    m_formatsHint = makeErrorHint(content);
    m_seed = new QSpinBox(content);
    m_seed->setRange(0, 1'000'000'000);
    m_seed->setValue(1);
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

void ReductionsPanel::addField(QFormLayout* form, Reduction reduction, const QString& option, const QString& text)
{
    Field f{option, reduction, new HintedField(text), new QLabel};
    f.label->setBuddy(f.field->edit());
    form->addRow(f.label, f.field);
    m_fields.push_back(f);
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
    ReductionsSetup defaults;
    defaults.reduction = reduction;
    m_formats->setChecked(names(defaults.formats()));
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

bool ReductionsPanel::readFields(ReductionsSetup& setup)
{
    bool ok = true;
    for (const Field& f : m_fields) {
        if (f.reduction != setup.reduction)
            continue;
        QString error;
        const QString text = f.field->text();
        const auto whole = [&](std::int64_t min, std::int64_t max, std::size_t& value) {
            if (const auto v = LessonInput::wholeNumber(text, min, max, error))
                value = static_cast<std::size_t>(*v);
        };
        const auto real = [&](double min, double max, double& value) {
            const auto v = LessonInput::number(text, error);
            if (!v)
                return;
            const double d = v->isFinite() ? nearestDouble(*v) : NAN;
            if (!(d >= min && d <= max))
                error = tr("A number from %1 to %2, got “%3”").arg(LessonText::approx(min), LessonText::approx(max), text.trimmed());
            else
                value = d;
        };
        if (f.option == QLatin1String("vocab"))
            whole(1, std::int64_t{1} << 22, setup.softmax.vocabulary);
        else if (f.option == QLatin1String("count"))
            whole(1, std::int64_t{1} << 22, setup.moments.count);
        else if (f.option == QLatin1String("hidden"))
            whole(1, 65536, setup.rmsNorm.hidden);
        else if (f.option == QLatin1String("rows"))
            whole(1, 4096, setup.rmsNorm.rows);
        else if (f.option == QLatin1String("tokens"))
            whole(1, 65536, setup.router.tokens);
        else if (f.option == QLatin1String("experts"))
            whole(2, 1024, setup.router.experts);
        else if (f.option == QLatin1String("top-k"))
            whole(1, 1024, setup.router.topK);
        else if (f.option == QLatin1String("eps"))
            real(0, 1, setup.rmsNorm.eps);
        else if (f.option == QLatin1String("mean"))
            real(-1e4, 1e4, setup.reduction == Reduction::Softmax ? setup.softmax.mean : setup.moments.mean);
        else if (f.option == QLatin1String("std")) {
            double& s = setup.reduction == Reduction::Softmax ? setup.softmax.deviation
                      : setup.reduction == Reduction::Moments ? setup.moments.deviation
                      : setup.reduction == Reduction::RmsNorm ? setup.rmsNorm.deviation
                                                               : setup.router.deviation;
            real(setup.reduction == Reduction::Moments ? 0 : 1e-30, 1e4, s);
        }
        f.field->setHint(error);
        ok = ok && error.isEmpty();
    }
    // The work, bounded as `floatscope reduce` bounds it (65536 x 4096 RMSNorm values ran out of memory).
    if (ok && setup.reduction == Reduction::RmsNorm && setup.rmsNorm.hidden * setup.rmsNorm.rows > reduce::kMaxRmsNormValues) {
        field(QStringLiteral("rows"))->setHint(tr("Hidden size × rows at most %1, got %2")
                                                   .arg(LessonText::count(static_cast<std::int64_t>(reduce::kMaxRmsNormValues)),
                                                        LessonText::count(static_cast<std::int64_t>(setup.rmsNorm.hidden * setup.rmsNorm.rows))));
        ok = false;
    }
    if (ok && setup.reduction == Reduction::Router && setup.router.tokens * setup.router.experts > reduce::kMaxRouterLogits) {
        field(QStringLiteral("experts"))->setHint(tr("Tokens × experts at most %1, got %2")
                                                      .arg(LessonText::count(static_cast<std::int64_t>(reduce::kMaxRouterLogits)),
                                                           LessonText::count(static_cast<std::int64_t>(setup.router.tokens * setup.router.experts))));
        ok = false;
    }
    if (ok && setup.reduction == Reduction::Router && setup.router.topK > setup.router.experts) {
        field(QStringLiteral("top-k"))->setHint(tr("At most the number of experts, %1").arg(setup.router.experts));
        ok = false;
    }
    return ok;
}

void ReductionsPanel::compute()
{
    // 1. The fields of the chosen reduction; a bad one keeps the last figure.
    ReductionsSetup setup;
    setup.reduction = kReductions[std::max(0, m_reduction->currentIndex())];
    const auto seed = static_cast<std::uint64_t>(m_seed->value());
    setup.softmax.seed = setup.moments.seed = setup.rmsNorm.seed = setup.router.seed = seed;
    setup.softmax.logits = *lookupFormat(m_logits->currentText().toStdString()).format;
    // In the order `floatscope reduce` lists its defaults (bf16 first), the others after them.
    std::vector<Format> formats = m_formats->checkedFormats();
    {
        ReductionsSetup defaults;
        defaults.reduction = setup.reduction;
        const std::vector<std::string> order = names(defaults.formats());
        const auto rank = [&order](const Format& f) {
            return std::find(order.begin(), order.end(), f.name()) - order.begin();
        };
        std::stable_sort(formats.begin(), formats.end(), [&](const Format& x, const Format& y) { return rank(x) < rank(y); });
    }
    QString formatsError = formats.empty() ? tr("Choose at least one format") : QString();
    for (const Format& f : formats)
        if (!reduce::FormatArithmetic::accepts(f))
            formatsError = tr("The reductions compute in signed formats with a zero, of at most 25 significant bits "
                              "within fp32's range, not %1")
                               .arg(QString::fromStdString(f.name()));
    setErrorHint(m_formatsHint, formatsError);
    const bool fieldsOk = readFields(setup);
    if (!formatsError.isEmpty() || !fieldsOk)
        return;
    setup.setFormats(formats);

    // 2. At once when quick, else in the background with progress and cancel.
    m_job->compute<ReductionsData>(
        setup.takesLong(), tr("Computing the %1 in %2 formats…").arg(m_reduction->currentText()).arg(formats.size()),
        [setup](const dot::RunControl& control) { return ReductionsData::compute(setup, control); },
        [this](ReductionsData data) { showResult(std::move(data)); },
        m_data.has_value(), [this] { recompute(); });
}

const LessonRegistration kRegistration({
    .place = 110,
    .objectName = "reductionsDock",
    .title = [] { return ReductionsPanel::tr("Reductions"); },
    .shortTitle = [] { return ReductionsPanel::tr("Reduce"); },
    .makePanel = [] { return new ReductionsPanel; },
    .view = ReductionsFigure::exportView(),
    .viewExample = {},
    .deck = {
        // Lesson 14, pillar three: the softmax denominator over Qwen2's 151,936 logits, with and
        // without the max subtracted (fp16 overflows past e^11.09).
        {"softmax"},
        // LayerNorm's statistics: E[x²] − E[x]² in bf16 cancels near a mean of 100.
        {"moments"},
        // The BF16 lesson's RMSNorm with rms_norm_eps = 1e-6 on small activations.
        {"rmsnorm", "--std", "0.001"},
        // The BF16 lesson: Switch Transformer keeps the router in fp32.
        {"router"},
    },
});

}  // namespace floatscope::gui
