#pragma once

#include <memory>
#include <optional>

#include <QWidget>

#include "core/scaling/QuantizeReport.h"

class QComboBox;
class QLabel;
class QTabWidget;
class QTableView;
class QTableWidget;

namespace floatscope::gui {

class BlockTableModel;
class ElementTableModel;
class ScalingFigureView;

// What the quantization panel shows of a result: the summary and the recipe in words, one element
// traced step by step, and tabs with the recipes compared, every element, every block and the
// heatmap. It only displays a QuantizeReport; QuantizePanel makes them.
class QuantizeResults : public QWidget {
    Q_OBJECT

public:
    explicit QuantizeResults(QWidget* parent = nullptr);

    // Shows a report; `focus` is the element to trace (none: the one with the largest relative
    // error); `preferHeatmap` raises the heatmap tab for a matrix.
    void setReport(std::shared_ptr<const QuantizeReport> report, std::optional<std::size_t> focus, bool preferHeatmap);
    ErrorMeasure measure() const;
    // The element traced: the row chosen in the elements table, or none.
    std::optional<std::size_t> focus() const { return m_focus; }

    ElementTableModel* elementModel() const { return m_elementModel; }
    BlockTableModel* blockModel() const { return m_blockModel; }
    QTableWidget* comparisonTable() const { return m_comparison; }
    QString summaryText() const;
    QString traceText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showReport();
    void showTrace();
    void showComparisons();
    void fitColumns();

    QLabel* m_summary = nullptr;
    QLabel* m_trace = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableView* m_elements = nullptr;
    QTableView* m_blocks = nullptr;
    QTableWidget* m_comparison = nullptr;
    QWidget* m_heatmapPage = nullptr;
    QLabel* m_measureLabel = nullptr;
    QComboBox* m_measure = nullptr;
    ScalingFigureView* m_heatmap = nullptr;
    ElementTableModel* m_elementModel = nullptr;
    BlockTableModel* m_blockModel = nullptr;

    std::shared_ptr<const QuantizeReport> m_report;
    std::optional<std::size_t> m_focus;
};

}  // namespace floatscope::gui
