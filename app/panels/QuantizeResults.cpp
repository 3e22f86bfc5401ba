#include "app/panels/QuantizeResults.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/exact/DecimalText.h"
#include "app/figures/HeatmapFigure.h"
#include "app/figures/QuantizeFigure.h"
#include "app/text/ScalingText.h"
#include "core/inspect/Inspection.h"
#include "app/panels/QuantizeTables.h"
#include "app/panels/ScalingFigureView.h"
#include "app/text/QuantizeText.h"
#include "app/text/StdString.h"

namespace floatscope::gui {

QuantizeResults::QuantizeResults(QWidget* parent) : QWidget(parent)
{
    m_elementModel = new ElementTableModel(this);
    m_blockModel = new BlockTableModel(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_trace = new QLabel(this);
    m_trace->setWordWrap(true);
    m_trace->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // The tables and the heatmap.
    m_tabs = new QTabWidget(this);
    auto table = [this](QAbstractItemModel* model) {
        auto* view = new QTableView(m_tabs);
        view->setModel(model);
        view->setSelectionBehavior(QAbstractItemView::SelectRows);
        view->setSelectionMode(QAbstractItemView::SingleSelection);
        view->setAlternatingRowColors(true);
        view->verticalHeader()->hide();
        view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
        view->horizontalHeader()->setStretchLastSection(true);
        return view;
    };
    m_elements = table(m_elementModel);
    m_blocks = table(m_blockModel);
    m_comparison = new QTableWidget(m_tabs);
    m_comparison->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_comparison->verticalHeader()->hide();
    m_comparison->setAlternatingRowColors(true);
    m_comparison->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_comparison->horizontalHeader()->setStretchLastSection(true);
    m_heatmapPage = new QWidget(m_tabs);
    m_measureLabel = new QLabel(m_heatmapPage);
    m_measure = new QComboBox(m_heatmapPage);
    m_measure->addItem(QString());
    m_measure->addItem(QString());
    m_measure->setCurrentIndex(1);  // relative: where a block's scale hurts its small values
    m_heatmap = new ScalingFigureView(m_heatmapPage);
    auto* measureRow = new QHBoxLayout;
    measureRow->addWidget(m_measureLabel);
    measureRow->addWidget(m_measure);
    measureRow->addStretch(1);
    auto* heatmapLayout = new QVBoxLayout(m_heatmapPage);
    heatmapLayout->setContentsMargins(0, 0, 0, 0);
    heatmapLayout->addLayout(measureRow);
    heatmapLayout->addWidget(m_heatmap, 1);
    m_tabs->addTab(m_comparison, QString());
    m_tabs->addTab(m_elements, QString());
    m_tabs->addTab(m_blocks, QString());
    m_tabs->addTab(m_heatmapPage, QString());

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_trace);
    layout->addWidget(m_tabs, 1);

    connect(m_measure, &QComboBox::currentIndexChanged, this, [this] { showReport(); });
    connect(m_elements->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) {
                    m_focus = static_cast<std::size_t>(current.row());
                    showTrace();
                }
            });
    retranslate();
}

void QuantizeResults::retranslate()
{
    m_tabs->setTabText(0, tr("Recipes compared"));
    m_tabs->setTabText(1, tr("Elements"));
    m_tabs->setTabText(2, tr("Blocks"));
    m_tabs->setTabText(3, tr("Heatmap"));
    m_measureLabel->setText(tr("Error:"));
    m_measure->setItemText(0, tr("absolute"));
    m_measure->setItemText(1, tr("relative"));
    m_elementModel->retranslate();
    m_blockModel->retranslate();
    showReport();
}

ErrorMeasure QuantizeResults::measure() const
{
    return m_measure->currentIndex() == 1 ? ErrorMeasure::Relative : ErrorMeasure::Absolute;
}

void QuantizeResults::setReport(std::shared_ptr<const QuantizeReport> report, std::optional<std::size_t> focus,
                                bool preferHeatmap)
{
    m_report = std::move(report);
    m_focus = focus && m_report && *focus < m_report->tensor->size() ? focus : std::nullopt;
    m_elementModel->setQuantization(m_report ? m_report->quantization : nullptr);
    m_blockModel->setQuantization(m_report ? m_report->quantization : nullptr);
    fitColumns();
    showReport();
    if (m_report && preferHeatmap && m_report->tensor->isMatrix())
        m_tabs->setCurrentWidget(m_heatmapPage);
}

void QuantizeResults::showReport()
{
    if (!m_report) {
        m_summary->clear();
        m_trace->clear();
        return;
    }
    const Quantization& q = *m_report->quantization;
    QString summary = QStringLiteral("<b>%1</b><br>").arg(QuantizeFigure::summaryLine(q).toHtmlEscaped());
    QStringList recipe = text::quantizeRecipe(q);
    for (QString& line : recipe)
        line = line.toHtmlEscaped();
    summary += QStringLiteral("<span style='color:gray'>%1</span>").arg(recipe.join(QStringLiteral("<br>")));
    m_summary->setText(summary);
    showTrace();
    showComparisons();
    m_heatmap->setFigure(std::make_shared<HeatmapFigure>(m_report, measure()));
}

void QuantizeResults::showTrace()
{
    if (!m_report) {
        m_trace->clear();
        return;
    }
    // One element, step by step: the number the lesson is about (by default the worst one).
    const Quantization& q = *m_report->quantization;
    const std::size_t i = m_focus.value_or(q.summary().maxRelErrorIndex);
    const ElementResult e = q.element(i);
    const BlockResult b = q.block(e.block);
    const QString scaleBits = b.scaleCode ? QStringLiteral(" = %1 (%2)").arg(qs(hexCode(*q.scaleFormat(), *b.scaleCode)),
                                                                            qs(q.scaleFormat()->name()))
                                          : tr(" (exact)");
    QString outcome;
    if (e.valueClass == ValueClass::Infinite || e.valueClass == ValueClass::NaN)
        outcome = tr("overflows to %1").arg(qs(toString(e.valueClass)));
    else if (e.flushed)
        outcome = tr("comes back as 0: flushed");
    else if (!e.relError || *e.relError == 0)
        outcome = tr("comes back exactly");
    else
        outcome = tr("comes back as %1: %2 %3")
                      .arg(ScalingText::brief(e.dequantized), ScalingText::percent(e.relError->get_d()),
                           e.dequantized < mpq_class(e.input) ? tr("low") : tr("high"));
    const QString where = q.tensor().isMatrix() ? QStringLiteral("[%1, %2]").arg(e.row).arg(e.col) : QString::number(i);
    m_trace->setText(tr("<b>Element %1</b> (x = %2, block %3 with amax %4): scale %5%6; x / scale = %7 → %8 %9 = %10; "
                        "× scale: %2 %11.")
                         .arg(where, ScalingText::value(e.input))
                         .arg(e.block)
                         .arg(ScalingText::value(b.amax), ScalingText::brief(b.scaleIsZero ? mpq_class(0) : b.scale.exact()),
                              scaleBits, ScalingText::brief(e.scaled), qs(q.elementFormat().name()),
                              qs(hexCode(q.elementFormat(), e.code)),
                              e.valueClass == ValueClass::Infinite || e.valueClass == ValueClass::NaN
                                  ? qs(toString(e.valueClass))
                                  : qs(exactDecimal(e.elementValue)),
                              outcome));
}

void QuantizeResults::showComparisons()
{
    const QStringList headers = {tr("recipe"),    tr("largest rel. error"), tr("at x ="),   tr("MSE"),
                                 tr("SQNR (dB)"), tr("flushed"),            tr("saturated"), tr("bits/element (stored)")};
    m_comparison->clear();
    m_comparison->setColumnCount(static_cast<int>(headers.size()));
    m_comparison->setHorizontalHeaderLabels(headers);
    m_comparison->setRowCount(static_cast<int>(m_report->comparisons.size()));
    int row = 0;
    for (const RecipeComparison& c : m_report->comparisons) {
        QStringList cells = {ScalingText::recipeName(c.options)};
        if (c.summary) {
            const QuantizationSummary& s = *c.summary;
            cells << ScalingText::percent(s.maxRelError) << ScalingText::value(c.worstInput) << ScalingText::number(s.mse, 5)
                  << (s.sqnrDb ? ScalingText::number(*s.sqnrDb, 4) : tr("exact")) << QString::number(s.flushed)
                  << QString::number(s.saturated)
                  << QStringLiteral("%1 (%2)").arg(ScalingText::number(s.bitsPerElement),
                                                   ScalingText::number(s.storedBitsPerElement));
        } else {
            cells << (c.error ? text::message(*c.error) : QString());
        }
        for (int col = 0; col < cells.size(); ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            if (c.current) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            if (col > 0 && c.summary)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_comparison->setItem(row, col, item);
        }
        if (c.current)
            m_comparison->item(row, 0)->setText(QStringLiteral("▶ ") + cells[0]);
        ++row;
    }
    m_comparison->resizeColumnsToContents();
}

void QuantizeResults::fitColumns()
{
    // Wide enough for the first and the last row (the longest indices), without visiting the other
    // 2^24: a QTableView would otherwise size by the rows in view only.
    auto fit = [](QTableView* view, const QStringList& first, const QStringList& last) {
        const QFontMetrics metrics(view->font());
        const QFontMetrics header(view->horizontalHeader()->font());
        const int columns = view->model()->columnCount();
        for (int c = 0; c < columns - 1; ++c) {
            const QString title = view->model()->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
            // Numbers in between may be longer than either end: 2.3914e-06% (11 characters).
            const int width = std::max({header.horizontalAdvance(title), metrics.horizontalAdvance(first.value(c)),
                                        metrics.horizontalAdvance(last.value(c)),
                                        c >= 2 ? metrics.horizontalAdvance(QStringLiteral("-8.8888e-08%")) : 0});
            view->horizontalHeader()->resizeSection(c, width + 16);
        }
    };
    if (!m_report)
        return;
    const std::size_t elements = m_report->tensor->size();
    const std::size_t blocks = m_report->quantization->blockCount();
    fit(m_elements, m_elementModel->rowTexts(0), m_elementModel->rowTexts(elements - 1));
    fit(m_blocks, m_blockModel->rowTexts(0), m_blockModel->rowTexts(blocks - 1));
}

QString QuantizeResults::summaryText() const { return m_summary->text(); }
QString QuantizeResults::traceText() const { return m_trace->text(); }

void QuantizeResults::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace floatscope::gui
