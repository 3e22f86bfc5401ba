#pragma once

#include <optional>
#include <vector>

#include <QGroupBox>

#include "app/figures/LedgerFigure.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace floatscope::gui {

// The memory ledger's schemes: one row per scheme with its totals, and the selected scheme's
// components (label, role, format, bytes per parameter), editable; schemes are duplicated,
// removed, restored or added from text. It owns the schemes; LedgerPanel computes with them.
class LedgerSchemesEditor : public QGroupBox {
    Q_OBJECT

public:
    explicit LedgerSchemesEditor(QWidget* parent = nullptr);

    enum SchemeColumn { SchemeName, SchemeBytes, SchemeTotal, SchemePerGpu, SchemeWithActivations, SchemeFits, SchemeColumns };
    enum ComponentColumn { ComponentLabel, ComponentRoleColumn, ComponentFormat, ComponentBytes, ComponentPerGpu, ComponentColumns };

    const std::vector<LedgerScheme>& schemes() const { return m_schemes; }
    // The totals and per-GPU figures of the last good computation (none: columns show "—").
    void showChart(const std::optional<LedgerChart>& chart);
    // Why core refused the schemes (a hint under the components), or empty.
    void setLedgerError(const QString& error);

    int selectedScheme() const;
    void selectScheme(int row);
    // Types into a cell of the selected scheme's components (Label, Format or Bytes column).
    void editComponent(int row, int column, const QString& text);
    // Adds a scheme from text ("ID=ROLE:FORMAT[xN],..."); false (and a hint) when it is refused.
    bool addScheme(const QString& spec);

    QTableWidget* schemeTable() const { return m_schemeTable; }
    QTableWidget* componentTable() const { return m_components; }
    QString componentHint() const;
    QString schemeHint() const;

signals:
    void schemesChanged();            // an edit: recompute
    void selectionChanged();          // another scheme is selected
    void hintShown(QWidget* hint);    // a red hint appeared: scroll it into view

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void fillSchemeTable();
    void fillComponents();
    void onComponentEdited(QTableWidgetItem* item);
    void duplicateScheme();
    void removeScheme();
    void restoreSchemes();
    void addComponent();
    void removeComponent();
    void setHint(QLabel* hint, const QString& text);

    std::vector<LedgerScheme> m_schemes;
    std::optional<LedgerChart> m_chart;
    bool m_filling = false;

    QTableWidget* m_schemeTable = nullptr;
    QPushButton* m_duplicate = nullptr;
    QPushButton* m_remove = nullptr;
    QPushButton* m_restore = nullptr;
    QLineEdit* m_newScheme = nullptr;
    QPushButton* m_add = nullptr;
    QLabel* m_schemeHint = nullptr;
    QLabel* m_componentsTitle = nullptr;
    QTableWidget* m_components = nullptr;
    QPushButton* m_addComponent = nullptr;
    QPushButton* m_removeComponent = nullptr;
    QLabel* m_componentHint = nullptr;
};

}  // namespace floatscope::gui
