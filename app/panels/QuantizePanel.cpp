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
#include "app/lessons/LessonRegistry.h"
#include "app/panels/PanelKit.h"
#include "app/lessons/QuantizeChoices.h"
#include "app/panels/DeclaredFields.h"
#include "app/panels/QuantizePresets.h"
#include "app/panels/QuantizeResults.h"
#include "app/text/FormatText.h"
#include "app/text/QuantizeText.h"
#include "app/text/StdString.h"

namespace floatscope::gui {

using namespace quantize;

namespace {

// Tensors up to this many elements are quantized at once on the GUI thread (well under a frame);
// larger ones, and files over a megabyte, go to the background job.
constexpr std::size_t kSynchronousElements = std::size_t{1} << 16;
constexpr std::uintmax_t kSynchronousFileBytes = std::uintmax_t{1} << 20;

}  // namespace

QuantizePanel::QuantizePanel(QWidget* parent) : LessonPanel(parent), m_job(new BackgroundJob(this))
{
    createWidgets();
    retranslate();
    applyPreset(PerTensor);
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
    r.storage = namedFormat(comboBoxValue(m_storage).text);
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
    // The boxes' choices, as the lesson declares them (lessons/QuantizeLesson.cpp).
    o.scalePrecision = parseScalePrecision(comboBoxValue(m_scale).text).value_or(ScalePrecision::Exact);
    o.mxRule = parseMxScaleRule(comboBoxValue(m_mxRule).text).value_or(MxScaleRule::Floor);
    o.rounding = parseRoundingMode(comboBoxValue(m_rounding).text).value_or(RoundingMode::NearestEven);
    o.seed = static_cast<std::uint64_t>(m_roundingSeed->value());
    o.overflow = m_saturate->isChecked() ? OverflowPolicy::Saturate : OverflowPolicy::NonSaturating;
    o.ragged = parseRaggedPolicy(comboBoxValue(m_ragged).text).value_or(RaggedPolicy::Pad);
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

const PanelRegistration kPanel({
    .lesson = "quantize",
    .objectName = "quantizePanel",
    .makePanel = [] { return new QuantizePanel; },
});

}  // namespace floatscope::gui
