#include "app/panels/LedgerSchemesEditor.h"

#include <algorithm>
#include <cmath>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/text/ScalingText.h"
#include "core/format/Registry.h"
#include "app/panels/PanelKit.h"
#include "app/text/LedgerText.h"
#include "app/text/StdString.h"

namespace floatscope::gui {

namespace {

constexpr ComponentRole kRoles[] = {ComponentRole::MasterWeights, ComponentRole::AccumulatedGradients,
                                    ComponentRole::Weights,       ComponentRole::Gradients,
                                    ComponentRole::OptimizerStates, ComponentRole::Other};

int roleIndex(ComponentRole role)
{
    for (std::size_t i = 0; i < std::size(kRoles); ++i)
        if (kRoles[i] == role)
            return static_cast<int>(i);
    return 0;
}

// Bytes per parameter a format name means: "bf16" 2, "fp32x2" 8, read by core's scheme text. A
// number or a free label ("fp8 + fp16") names no format and leaves the bytes alone.
std::optional<double> formatBytes(const std::string& text)
{
    std::string base = text;
    const std::size_t x = text.find_last_of("xX");
    if (x != std::string::npos && x + 1 < text.size()
        && text.find_first_not_of("0123456789", x + 1) == std::string::npos)
        base = text.substr(0, x);
    if (base.empty() || !lookupFormat(base).format)
        return std::nullopt;
    const SchemeSpecParse spec = parseSchemeSpec("x=other:" + text);
    if (!spec.scheme || spec.scheme->components.size() != 1)
        return std::nullopt;
    return spec.scheme->components.front().bytesPerParam;
}

}  // namespace

LedgerSchemesEditor::LedgerSchemesEditor(QWidget* parent) : QGroupBox(parent), m_schemes(builtinSchemes())
{
    m_schemeTable = new QTableWidget(this);
    m_schemeTable->setColumnCount(SchemeColumns);
    m_schemeTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_schemeTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_schemeTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_schemeTable->verticalHeader()->hide();
    m_schemeTable->setAlternatingRowColors(true);
    m_schemeTable->setWordWrap(false);
    m_schemeTable->setTextElideMode(Qt::ElideRight);
    m_schemeTable->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_schemeTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_duplicate = new QPushButton(this);
    m_remove = new QPushButton(this);
    m_restore = new QPushButton(this);
    m_newScheme = new QLineEdit(this);
    m_add = new QPushButton(this);
    m_schemeHint = new QLabel(this);
    m_schemeHint->setWordWrap(true);
    m_componentsTitle = new QLabel(this);
    m_componentsTitle->setWordWrap(true);
    m_components = new QTableWidget(this);
    m_components->setColumnCount(ComponentColumns);
    m_components->verticalHeader()->hide();
    m_components->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_components->setSelectionMode(QAbstractItemView::SingleSelection);
    m_components->setWordWrap(false);
    m_components->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_components->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_components->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                                  | QAbstractItemView::AnyKeyPressed);
    m_addComponent = new QPushButton(this);
    m_removeComponent = new QPushButton(this);
    m_componentHint = new QLabel(this);
    m_componentHint->setWordWrap(true);
    auto* schemeButtons = new QHBoxLayout;
    schemeButtons->addWidget(m_duplicate);
    schemeButtons->addWidget(m_remove);
    schemeButtons->addStretch(1);
    schemeButtons->addWidget(m_restore);
    auto* addRow = new QHBoxLayout;
    addRow->addWidget(m_newScheme, 1);
    addRow->addWidget(m_add);
    auto* componentButtons = new QHBoxLayout;
    componentButtons->addWidget(m_addComponent);
    componentButtons->addWidget(m_removeComponent);
    componentButtons->addStretch(1);
    auto* schemesLayout = new QVBoxLayout(this);
    schemesLayout->addWidget(m_schemeTable);
    schemesLayout->addLayout(schemeButtons);
    schemesLayout->addLayout(addRow);
    schemesLayout->addWidget(m_schemeHint);
    schemesLayout->addWidget(m_componentsTitle);
    schemesLayout->addWidget(m_components);
    schemesLayout->addLayout(componentButtons);
    schemesLayout->addWidget(m_componentHint);

    connect(m_schemeTable, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (!m_filling && row >= 0) {
            fillComponents();
            emit selectionChanged();
        }
    });
    connect(m_components, &QTableWidget::itemChanged, this, &LedgerSchemesEditor::onComponentEdited);
    connect(m_duplicate, &QPushButton::clicked, this, &LedgerSchemesEditor::duplicateScheme);
    connect(m_remove, &QPushButton::clicked, this, &LedgerSchemesEditor::removeScheme);
    connect(m_restore, &QPushButton::clicked, this, &LedgerSchemesEditor::restoreSchemes);
    connect(m_add, &QPushButton::clicked, this, [this] { addScheme(m_newScheme->text()); });
    connect(m_newScheme, &QLineEdit::returnPressed, this, [this] { addScheme(m_newScheme->text()); });
    connect(m_addComponent, &QPushButton::clicked, this, &LedgerSchemesEditor::addComponent);
    connect(m_removeComponent, &QPushButton::clicked, this, &LedgerSchemesEditor::removeComponent);
    retranslate();
}

void LedgerSchemesEditor::retranslate()
{
    setTitle(tr("Schemes: bytes per parameter, per component"));
    m_schemeTable->setHorizontalHeaderLabels({tr("scheme"), tr("bytes/param"), tr("total"), tr("per GPU"),
                                              tr("+ activations"), tr("fits?")});
    m_duplicate->setText(tr("&Duplicate"));
    m_duplicate->setToolTip(tr("A copy of the selected scheme, to edit"));
    m_remove->setText(tr("Remove"));
    m_restore->setText(tr("Restore the built-in schemes"));
    m_newScheme->setPlaceholderText(tr("Your own: mine=master:fp32,weights:e4m3fn,grads:bf16,opt:bf16x2"));
    m_newScheme->setToolTip(tr("ID=ROLE:FORMAT[xN],… with roles master, acc, weights, grads, opt, other, and a "
                               "format name or a number of bytes"));
    m_add->setText(tr("&Add scheme"));
    m_components->setHorizontalHeaderLabels(
        {tr("component"), tr("role"), tr("format"), tr("bytes/param"), tr("per GPU")});
    m_addComponent->setText(tr("Add component"));
    m_removeComponent->setText(tr("Remove component"));

    fillSchemeTable();
    fillComponents();
}

void LedgerSchemesEditor::showChart(const std::optional<LedgerChart>& chart)
{
    m_chart = chart;
    fillSchemeTable();
    fillComponents();
}

void LedgerSchemesEditor::setLedgerError(const QString& error)
{
    setHint(m_componentHint, error);
}

void LedgerSchemesEditor::setHint(QLabel* hint, const QString& text)
{
    setErrorHintHtml(hint, text);
    if (!text.isEmpty())
        emit hintShown(hint);
}

int LedgerSchemesEditor::selectedScheme() const
{
    const int row = m_schemeTable->currentRow();
    return row >= 0 && row < static_cast<int>(m_schemes.size()) ? row : 0;
}

void LedgerSchemesEditor::fillSchemeTable()
{
    const int selected = m_schemeTable->currentRow();
    m_filling = true;
    m_schemeTable->setRowCount(static_cast<int>(m_schemes.size()));
    const bool current = m_chart && m_chart->results.size() == m_schemes.size();
    for (std::size_t i = 0; i < m_schemes.size(); ++i) {
        const LedgerScheme& s = m_schemes[i];
        QStringList cells = {text::schemeName(s), ScalingText::bytesPerParam(s.bytesPerParam())};
        if (current) {
            const LedgerResult& r = m_chart->results[i];
            const ByteUnit unit = m_chart->inputs.unit;
            const double activation = m_chart->activation ? m_chart->activation->totalBytes : 0.0;
            cells << ScalingText::bytes(r.totalBytes, unit) << ScalingText::bytes(r.perGpuBytes, unit)
                  << (m_chart->activation ? ScalingText::bytes(r.perGpuBytes + activation, unit) : QStringLiteral("—"));
            if (m_chart->inputs.capacityBytes)
                cells << (checkFit(r.perGpuBytes, activation, *m_chart->inputs.capacityBytes).fits ? tr("✓ fits")
                                                                                                   : tr("✗ too big"));
            else
                cells << QStringLiteral("—");
        }
        for (int c = 0; c < SchemeColumns; ++c) {
            auto* item = new QTableWidgetItem(cells.value(c));
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == SchemeName)
                item->setToolTip(tr("%1\nsource: %2\nnote: %3\nGEMMs in: %4")
                                     .arg(qs(s.id), text::schemeSource(s), text::schemeNote(s), text::schemeGemm(s)));
            if (c == SchemeFits && cells.value(c).startsWith(QStringLiteral("✗")))
                item->setForeground(QColor(0xD5, 0x5E, 0x00));
            m_schemeTable->setItem(static_cast<int>(i), c, item);
        }
    }
    QHeaderView* header = m_schemeTable->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(SchemeName, QHeaderView::Stretch);
    m_schemeTable->setCurrentCell(std::clamp(selected, 0, static_cast<int>(m_schemes.size()) - 1), 0);
    const int rows = m_schemeTable->rowCount();
    m_schemeTable->setFixedHeight(header->sizeHint().height() + 2 * m_schemeTable->frameWidth()
                                  + rows * m_schemeTable->verticalHeader()->defaultSectionSize());
    m_filling = false;
}

void LedgerSchemesEditor::fillComponents()
{
    if (m_schemes.empty())
        return;
    const std::size_t s = static_cast<std::size_t>(selectedScheme());
    const LedgerScheme& scheme = m_schemes[s];
    const bool current = m_chart && m_chart->results.size() == m_schemes.size();
    m_componentsTitle->setText(tr("<b>Components of %1</b>: double-click a cell to edit it; a format name sets the "
                                  "bytes (bf16 → 2, fp32x2 → 8)")
                                   .arg(text::schemeName(scheme).toHtmlEscaped()));
    m_filling = true;
    m_components->setRowCount(static_cast<int>(scheme.components.size()));
    for (std::size_t i = 0; i < scheme.components.size(); ++i) {
        const LedgerComponent& c = scheme.components[i];
        const int row = static_cast<int>(i);
        m_components->setItem(row, ComponentLabel, new QTableWidgetItem(text::componentLabel(c)));
        auto* roleItem = new QTableWidgetItem;
        roleItem->setFlags(Qt::ItemIsEnabled);
        m_components->setItem(row, ComponentRoleColumn, roleItem);
        auto* role = new QComboBox(m_components);
        role->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        role->setMinimumContentsLength(14);
        for (const ComponentRole r : kRoles)
            role->addItem(text::roleName(r));
        role->setCurrentIndex(roleIndex(c.role));
        connect(role, &QComboBox::currentIndexChanged, this, [this, s, i](int index) {
            if (s < m_schemes.size() && i < m_schemes[s].components.size()) {
                m_schemes[s].components[i].role = kRoles[index];
                emit schemesChanged();
            }
        });
        m_components->setCellWidget(row, ComponentRoleColumn, role);
        m_components->setItem(row, ComponentFormat, new QTableWidgetItem(qs(c.format)));
        auto* bytes = new QTableWidgetItem(ScalingText::bytesPerParam(c.bytesPerParam));
        bytes->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_components->setItem(row, ComponentBytes, bytes);
        QString perGpu = QStringLiteral("—");
        if (current && i < m_chart->results[s].rows.size()) {
            const LedgerRow& r = m_chart->results[s].rows[i];
            perGpu = ScalingText::bytes(r.perGpuBytes, m_chart->inputs.unit);
            if (r.sharded)
                perGpu = tr("%1 (sharded)").arg(perGpu);
        }
        auto* perGpuItem = new QTableWidgetItem(perGpu);
        perGpuItem->setFlags(Qt::ItemIsEnabled);
        perGpuItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_components->setItem(row, ComponentPerGpu, perGpuItem);
    }
    QHeaderView* header = m_components->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(ComponentLabel, QHeaderView::Stretch);
    m_components->setFixedHeight(header->sizeHint().height() + 2 * m_components->frameWidth()
                                 + std::max(1, m_components->rowCount()) * m_components->verticalHeader()->defaultSectionSize());
    m_remove->setEnabled(m_schemes.size() > 1);
    m_removeComponent->setEnabled(!scheme.components.empty());
    m_filling = false;
}

void LedgerSchemesEditor::onComponentEdited(QTableWidgetItem* item)
{
    if (m_filling || m_schemes.empty())
        return;
    LedgerScheme& scheme = m_schemes[static_cast<std::size_t>(selectedScheme())];
    const std::size_t row = static_cast<std::size_t>(item->row());
    if (row >= scheme.components.size())
        return;
    LedgerComponent& c = scheme.components[row];
    const QString text = item->text().trimmed();
    switch (item->column()) {
    case ComponentLabel:
        c.label = text.toStdString();
        break;
    case ComponentFormat:
        c.format = text.toStdString();
        if (const auto bytes = formatBytes(c.format))
            c.bytesPerParam = *bytes;
        break;
    case ComponentBytes: {
        bool ok = false;
        const double bytes = text.toDouble(&ok);
        if (!ok || !std::isfinite(bytes) || bytes < 0) {
            setHint(m_componentHint, tr("Bytes per parameter: a number of at least 0, got '%1'; kept %2")
                                         .arg(text, ScalingText::bytesPerParam(c.bytesPerParam)));
            // Puts the last good value back into the cell, later: not from inside itemChanged.
            QMetaObject::invokeMethod(this, [this] { fillComponents(); }, Qt::QueuedConnection);
            return;
        }
        c.bytesPerParam = bytes;
        break;
    }
    default: return;
    }
    setHint(m_componentHint, {});
    emit schemesChanged();
}

bool LedgerSchemesEditor::addScheme(const QString& spec)
{
    const SchemeSpecParse parsed = parseSchemeSpec(spec.trimmed().toStdString());
    if (!parsed.scheme) {
        setHint(m_schemeHint, text::message(*parsed.error));
        return false;
    }
    for (const LedgerScheme& s : m_schemes)
        if (s.id == parsed.scheme->id) {
            setHint(m_schemeHint, tr("A scheme named '%1' is already listed").arg(qs(s.id)));
            return false;
        }
    setHint(m_schemeHint, {});
    m_schemes.push_back(*parsed.scheme);
    m_newScheme->clear();
    emit schemesChanged();
    selectScheme(static_cast<int>(m_schemes.size()) - 1);
    return true;
}

void LedgerSchemesEditor::duplicateScheme()
{
    LedgerScheme copy = m_schemes[static_cast<std::size_t>(selectedScheme())];
    std::string id = copy.id + "-copy";
    for (int n = 2; std::any_of(m_schemes.begin(), m_schemes.end(), [&](const LedgerScheme& s) { return s.id == id; }); ++n)
        id = copy.id + "-copy" + std::to_string(n);
    copy.name = tr("%1 (copy)").arg(text::schemeName(copy)).toStdString();
    copy.id = id;
    m_schemes.push_back(copy);
    emit schemesChanged();
    selectScheme(static_cast<int>(m_schemes.size()) - 1);
}

void LedgerSchemesEditor::removeScheme()
{
    if (m_schemes.size() <= 1)
        return;
    m_schemes.erase(m_schemes.begin() + selectedScheme());
    emit schemesChanged();
}

void LedgerSchemesEditor::restoreSchemes()
{
    m_schemes = builtinSchemes();
    setHint(m_componentHint, {});
    emit schemesChanged();
}

void LedgerSchemesEditor::addComponent()
{
    LedgerScheme& s = m_schemes[static_cast<std::size_t>(selectedScheme())];
    // Unlabelled: it is named by its role, in the interface's language, until the user names it.
    s.components.push_back(LedgerComponent{ComponentRole::Other, AdamMoment::None, {}, "bf16", 2});
    emit schemesChanged();
}

void LedgerSchemesEditor::removeComponent()
{
    LedgerScheme& s = m_schemes[static_cast<std::size_t>(selectedScheme())];
    const int row = m_components->currentRow();
    if (s.components.empty())
        return;
    s.components.erase(s.components.begin() + (row >= 0 && row < static_cast<int>(s.components.size()) ? row : 0));
    emit schemesChanged();
}

void LedgerSchemesEditor::selectScheme(int row)
{
    m_schemeTable->setCurrentCell(row, 0);
}

void LedgerSchemesEditor::editComponent(int row, int column, const QString& text)
{
    if (QTableWidgetItem* item = m_components->item(row, column))
        item->setText(text);
}

QString LedgerSchemesEditor::componentHint() const { return m_componentHint->text(); }
QString LedgerSchemesEditor::schemeHint() const { return m_schemeHint->text(); }

void LedgerSchemesEditor::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QGroupBox::changeEvent(event);
}

}  // namespace floatscope::gui
