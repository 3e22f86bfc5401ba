#include "app/panels/LogitsEpsilonPanel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QVBoxLayout>

#include "app/text/LessonText.h"
#include "app/panels/FormatChecklist.h"
#include "app/panels/HintedField.h"
#include "app/panels/LessonRegistry.h"
#include "app/text/LessonInput.h"
#include "app/panels/PanelKit.h"

namespace floatscope::gui {

namespace {

constexpr int kMaxLogits = 16;

}  // namespace

LogitsEpsilonPanel::LogitsEpsilonPanel(QWidget* parent) : FigurePanel(parent)
{
    const Areas areas = splitContent();
    QWidget* content = areas.controls;
    m_logits = new HintedField(QStringLiteral("1000, 1001, 1002, 1003"), content);
    m_logitsLabel = new QLabel(content);
    m_logitsLabel->setBuddy(m_logits->edit());
    m_numerator = new QComboBox(content);
    m_denominator = new QComboBox(content);
    m_pairLabel = new QLabel(content);
    m_pairLabel->setBuddy(m_numerator);
    m_overLabel = new QLabel(QStringLiteral("/"), content);
    m_eps = new HintedField(QStringLiteral("1e-6"), content);
    m_epsLabel = new QLabel(content);
    m_epsLabel->setBuddy(m_eps->edit());
    m_formats = new FormatChecklist({"fp16", "bf16"}, content);
    m_formatsLabel = new QLabel(content);
    m_formatsLabel->setBuddy(m_formats);
    m_formatsHint = makeErrorHint(content);
    m_figure = new FigureWidget(content);

    auto* pairRow = new QHBoxLayout;
    pairRow->addWidget(m_numerator);
    pairRow->addWidget(m_overLabel);
    pairRow->addWidget(m_denominator);
    pairRow->addStretch();
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_logitsLabel, m_logits);
    form->addRow(m_pairLabel, pairRow);
    form->addRow(m_epsLabel, m_eps);
    form->addRow(m_formatsLabel, m_formats);
    form->addRow(QString(), m_formatsHint);
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(form);
    layout->addStretch();
    m_figure->setFitted(true);
    auto* results = new QVBoxLayout(areas.results);
    results->addWidget(m_figure, 1);

    const auto later = [this] { recomputeLater(300); };
    connect(m_logits, &HintedField::edited, this, later);
    connect(m_eps, &HintedField::edited, this, later);
    connect(m_formats, &FormatChecklist::checkedChanged, this, &LogitsEpsilonPanel::recompute);
    connect(m_numerator, &QComboBox::activated, this, &LogitsEpsilonPanel::recompute);
    connect(m_denominator, &QComboBox::activated, this, &LogitsEpsilonPanel::recompute);
    retranslate();
}

void LogitsEpsilonPanel::retranslate()
{
    m_logitsLabel->setText(tr("&Logits:"));
    m_logits->edit()->setToolTip(tr("Up to %1 logits, separated by commas or spaces").arg(kMaxLogits));
    m_pairLabel->setText(tr("&Ratio p(i) / p(j):"));
    m_epsLabel->setText(tr("&eps:"));
    m_eps->edit()->setToolTip(tr("The constant RMSNorm adds under the square root"));
    m_formatsLabel->setText(tr("&Formats:"));
    recompute();
}

void LogitsEpsilonPanel::refillPair(int count)
{
    // The pair keeps its positions where it can; the BF16 lesson compares 1003 with 1001.
    const int numerator = m_numerator->count() > 0 ? m_numerator->currentIndex() : 3;
    const int denominator = m_denominator->count() > 0 ? m_denominator->currentIndex() : 1;
    for (QComboBox* box : {m_numerator, m_denominator}) {
        const QSignalBlocker blocker(box);
        box->clear();
        for (int i = 0; i < count; ++i)
            box->addItem(QString());
    }
    m_numerator->setCurrentIndex(std::clamp(numerator, 0, count - 1));
    m_denominator->setCurrentIndex(std::clamp(denominator, 0, count - 1));
}

void LogitsEpsilonPanel::compute()
{
    // 1. The logits: finite numbers, 2 to 16 of them.
    static const QRegularExpression kSeparators(QStringLiteral("[\\s,;]+"));
    const QStringList texts = m_logits->text().split(kSeparators, Qt::SkipEmptyParts);
    std::vector<ExactValue> logits;
    QString logitsError;
    if (texts.size() < 2 || texts.size() > kMaxLogits)
        logitsError = tr("Between 2 and %1 logits, please").arg(kMaxLogits);
    for (const QString& t : texts) {
        if (!logitsError.isEmpty())
            break;
        const auto v = LessonInput::number(t, logitsError);
        if (v && !v->isFinite())
            logitsError = tr("Logits must be finite, got “%1”").arg(t);
        else if (v)
            logits.push_back(*v);
    }
    m_logits->setHint(logitsError);
    QString epsError;
    const auto eps = LessonInput::number(m_eps->text(), epsError);
    m_eps->setHint(epsError);
    const std::vector<Format> formats = m_formats->checkedFormats();
    setErrorHint(m_formatsHint, formats.empty() ? tr("Choose at least one format") : QString());
    if (!logitsError.isEmpty() || !eps || formats.empty())
        return;

    // 2. The pair to compare, then core.
    if (m_numerator->count() != static_cast<int>(logits.size()))
        refillPair(static_cast<int>(logits.size()));
    for (std::size_t i = 0; i < logits.size(); ++i) {
        m_numerator->setItemText(static_cast<int>(i), LessonText::brief(logits[i]));
        m_denominator->setItemText(static_cast<int>(i), LessonText::brief(logits[i]));
    }
    showResult(LogitsEpsilonData::compute(formats, logits, static_cast<std::size_t>(m_numerator->currentIndex()),
                                          static_cast<std::size_t>(m_denominator->currentIndex()), *eps));
}

const LessonRegistration kRegistration({
    .place = 40,
    .objectName = "logitsEpsilonDock",
    .title = [] { return LogitsEpsilonPanel::tr("Logits and eps"); },
    .shortTitle = [] { return LogitsEpsilonPanel::tr("Logits"); },
    .makePanel = [] { return new LogitsEpsilonPanel; },
    .view = LogitsEpsilonFigure::exportView(),
    // The BF16 lesson's logits 1000..1003 and RMSNorm's eps, in 16 bits and in fp8.
    .deck = {{}, {"-f", "fp16,bf16,e4m3fn,e5m2"}},
});

}  // namespace floatscope::gui
