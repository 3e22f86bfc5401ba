// The inspector's tab (InspectorPage.h): the value field, the boxes and the rows in the middle, the
// neighbourhood, hardware and history docked beside them, and what each of them changes.
#include "app/window/InspectorPage.h"

#include <algorithm>
#include <utility>

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include "app/figures/BitsFigure.h"
#include "app/figures/NeighboursFigure.h"
#include "app/inspector/FlowLayout.h"
#include "app/inspector/FormatRow.h"
#include "app/inspector/FormatsDialog.h"
#include "app/inspector/HistoryDock.h"
#include "app/inspector/InspectorState.h"
#include "app/inspector/InspectorView.h"
#include "app/inspector/NeighbourhoodView.h"
#include "app/inspector/ValueEntry.h"
#include "app/panels/HardwarePanel.h"
#include "app/text/InspectionText.h"

namespace floatscope::gui {

namespace {

// The page's dock layout, saved in the settings; version 1 since its docks moved from the main
// window into the page (an older layout is not applied).
constexpr int kLayoutVersion = 1;

constexpr RoundingMode kModes[] = {RoundingMode::NearestEven, RoundingMode::NearestAway, RoundingMode::TowardZero,
                                   RoundingMode::Up,          RoundingMode::Down,        RoundingMode::ToOdd,
                                   RoundingMode::Stochastic};
constexpr Route kRoutes[] = {Route::Direct, Route::ViaFp32, Route::ViaFp64};

}  // namespace

InspectorPage::InspectorPage(InspectorState* state, QWidget* parent) : QMainWindow(parent), m_state(state)
{
    setObjectName(QStringLiteral("inspectorPage"));
    setWindowFlags(Qt::Widget);
    setCentralWidget(createCentral());
    createDocks();
    connectInputs();
}

// The value field, the rounding, overflow and route boxes, the formats button, and the inspector.
QWidget* InspectorPage::createCentral()
{
    auto* central = new QWidget(this);
    m_entry = new ValueEntry(m_state, central);
    m_roundingLabel = new QLabel(central);
    m_rounding = new QComboBox(central);
    m_overflowLabel = new QLabel(central);
    m_overflow = new QComboBox(central);
    m_routeLabel = new QLabel(central);
    m_route = new QComboBox(central);
    m_formatsButton = new QPushButton(central);
    m_roundingLabel->setBuddy(m_rounding);
    m_overflowLabel->setBuddy(m_overflow);
    m_routeLabel->setBuddy(m_route);
    for (int i = 0; i < 7; ++i)
        m_rounding->addItem(QString());
    for (int i = 0; i < 3; ++i) {
        m_overflow->addItem(QString());
        m_route->addItem(QString());
    }
    m_inspector = new InspectorView(m_state, central);

    // Each label with its box, the pairs wrapping onto a second line where the window is narrow.
    auto* controls = new QWidget(central);
    auto* flow = new FlowLayout(controls);
    for (const auto& [label, box] : {std::pair<QLabel*, QWidget*>{m_roundingLabel, m_rounding},
                                     {m_overflowLabel, m_overflow}, {m_routeLabel, m_route}}) {
        auto* pair = new QWidget(controls);
        auto* row = new QHBoxLayout(pair);
        row->setContentsMargins(0, 0, 0, 0);
        label->setParent(pair);
        box->setParent(pair);
        row->addWidget(label);
        row->addWidget(box);
        flow->addWidget(pair);
    }
    m_formatsButton->setParent(controls);
    flow->addWidget(m_formatsButton);
    auto* layout = new QVBoxLayout(central);
    layout->addWidget(m_entry);
    layout->addWidget(controls);
    layout->addWidget(m_inspector, 1);
    return central;
}

// The inspector page's docks: the neighbourhood, the history and the hardware, tabbed together.
void InspectorPage::createDocks()
{
    m_neighbourhood = new NeighbourhoodView;
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_neighbourhood);
    scroll->setWidgetResizable(true);
    m_neighbourhoodDock = new QDockWidget(this);
    m_neighbourhoodDock->setObjectName(QStringLiteral("neighbourhoodDock"));
    m_neighbourhoodDock->setWidget(scroll);
    addDockWidget(Qt::RightDockWidgetArea, m_neighbourhoodDock);
    m_history = new HistoryDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_history);
    m_hardware = new HardwarePanel(m_state);
    m_hardwareDock = new QDockWidget(this);
    m_hardwareDock->setObjectName(QStringLiteral("hardwareDock"));
    // The hardware panel is wider than a third of a 1280-pixel screen: it scrolls in its dock
    // rather than pushing the window off the screen.
    auto* hardwareScroll = new QScrollArea;
    hardwareScroll->setWidget(m_hardware);
    hardwareScroll->setWidgetResizable(true);
    hardwareScroll->setFrameShape(QFrame::NoFrame);
    m_hardwareDock->setWidget(hardwareScroll);
    addDockWidget(Qt::RightDockWidgetArea, m_hardwareDock);
    tabifyDockWidget(m_neighbourhoodDock, m_hardwareDock);
    tabifyDockWidget(m_hardwareDock, m_history);
    m_neighbourhoodDock->raise();
}

void InspectorPage::connectInputs()
{
    // History keeps accepted values only: a typed one when the user presses Enter or leaves the
    // field (never a half-typed prefix such as "0x1.8" on the way to "0x1.8p3"), any other change
    // (a step, a bit flip, a preset) once the changes pause.
    m_historyTimer = new QTimer(this);
    m_historyTimer->setSingleShot(true);
    m_historyTimer->setInterval(700);
    connect(m_historyTimer, &QTimer::timeout, this, [this] {
        if (!m_entry->isEditing())
            m_history->record(m_state->text());
    });
    connect(m_entry, &ValueEntry::accepted, m_history, &HistoryDock::record);

    connect(m_rounding, &QComboBox::activated, this,
            [this](int i) { m_state->setMode(kModes[std::clamp(i, 0, 6)]); });
    connect(m_overflow, &QComboBox::activated, this, [this](int i) {
        m_state->setOverflow(i == 1 ? std::optional(OverflowPolicy::Saturate)
                             : i == 2 ? std::optional(OverflowPolicy::NonSaturating)
                                      : std::nullopt);
    });
    connect(m_route, &QComboBox::activated, this, [this](int i) { m_state->setRoute(kRoutes[std::clamp(i, 0, 2)]); });
    connect(m_formatsButton, &QPushButton::clicked, this, &InspectorPage::chooseFormats);
    connect(m_inspector, &InspectorView::copyRequested, this, &InspectorPage::copyRow);
    connect(m_history, &HistoryDock::valueChosen, this, [this](const QString& v) { m_state->setValueText(v); });
}

// Its figures for export: its bits, and the neighbourhood with its dock.
std::vector<InspectorPage::PageFigure> InspectorPage::figures()
{
    return {
        {{[this] { return tr("Bits (the inspector)"); }, [this] {
              return std::make_unique<BitsFigure>(m_state->text(), m_state->formats(), m_state->results());
          }},
         nullptr},
        {{[this] { return tr("Neighbourhood"); }, [this] {
              return std::make_unique<NeighboursFigure>(m_state->text(), m_state->formats(), m_state->results());
          }},
         m_neighbourhoodDock},
    };
}

void InspectorPage::followState()
{
    connect(m_state, &InspectorState::changed, this, &InspectorPage::onStateChanged);
    onStateChanged();
}

void InspectorPage::onStateChanged()
{
    m_neighbourhood->display(m_state->text(), m_state->formats(), m_state->results());
    if (!m_entry->isEditing())
        m_historyTimer->start();
    syncControls();
}

void InspectorPage::syncControls()
{
    for (int i = 0; i < 7; ++i)
        if (kModes[i] == m_state->mode())
            m_rounding->setCurrentIndex(i);
    m_overflow->setCurrentIndex(!m_state->overflow() ? 0 : *m_state->overflow() == OverflowPolicy::Saturate ? 1 : 2);
    for (int i = 0; i < 3; ++i)
        if (kRoutes[i] == m_state->route())
            m_route->setCurrentIndex(i);
}

void InspectorPage::copyFocusedRow(const QString& kind)
{
    copyRow(m_inspector->focusedRow(), kind);
}

void InspectorPage::copyRow(int row, const QString& kind)
{
    if (row < 0)
        row = 0;
    if (row >= static_cast<int>(m_state->results().size()))
        return;
    const Format& f = m_state->formats()[static_cast<std::size_t>(row)];
    const Inspection& r = m_state->results()[static_cast<std::size_t>(row)];
    QString content;
    if (kind == QLatin1String("json"))
        content = QString::fromUtf8(QJsonDocument(text::inspectionJson(m_state->text(), f, r)).toJson());
    else if (kind == QLatin1String("latex"))
        content = text::inspectionLatex(f, r);
    else
        content = text::inspectionLine(m_state->text(), f, r);
    QApplication::clipboard()->setText(content);
    emit statusMessage(tr("Copied the %1 row").arg(QString::fromStdString(f.name())), 3000);
}

void InspectorPage::chooseFormats()
{
    // Over the window, as the window's own dialogs are.
    FormatsDialog dialog(m_state->formats(), window());
    if (dialog.exec() != QDialog::Accepted)
        return;
    const std::vector<Format> chosen = dialog.formats();
    if (chosen.empty()) {
        QMessageBox::information(window(), tr("Formats"), tr("Choose at least one format."));
        return;
    }
    m_state->setFormats(chosen);
}

QString InspectorPage::statusHint() const
{
    return tr("Click a bit to flip it · Up/Down on a row steps to the neighbouring value · Ctrl+L: value");
}

void InspectorPage::fitDocks(int width)
{
    // The docks take a third of the width, less where the rows would then scroll sideways.
    int rows = 0;
    for (int i = 0; i < m_inspector->rowCount(); ++i)
        rows = std::max(rows, m_inspector->row(i)->minimumSizeHint().width());
    rows += m_inspector->verticalScrollBar()->sizeHint().width() + 8 * style()->pixelMetric(QStyle::PM_LayoutLeftMargin);
    const int dock = std::max(160, std::min(width / 3, width - rows));
    resizeDocks({m_neighbourhoodDock}, {dock}, Qt::Horizontal);
}

QByteArray InspectorPage::saveLayout() const
{
    return saveState(kLayoutVersion);
}

void InspectorPage::restoreLayout(const QByteArray& layout)
{
    restoreState(layout, kLayoutVersion);
}

void InspectorPage::retranslate()
{
    m_neighbourhoodDock->setWindowTitle(tr("Neighbourhood"));
    m_hardwareDock->setWindowTitle(tr("Hardware"));
    m_roundingLabel->setText(tr("&Rounding:"));
    m_overflowLabel->setText(tr("&Overflow:"));
    m_routeLabel->setText(tr("Rou&te:"));
    m_formatsButton->setText(tr("Formats…"));
    const QString modes[] = {tr("nearest, ties to even"), tr("nearest, ties away"), tr("toward zero"),
                             tr("up (toward +inf)"),      tr("down (toward -inf)"), tr("to odd"),
                             tr("stochastic")};
    for (int i = 0; i < 7; ++i)
        m_rounding->setItemText(i, modes[i]);
    m_overflow->setItemText(0, tr("as each format's spec says"));
    m_overflow->setItemText(1, tr("saturate to the largest finite"));
    m_overflow->setItemText(2, tr("inf or NaN"));
    m_route->setItemText(0, tr("direct: one rounding"));
    m_route->setItemText(1, tr("via fp32 (torch.tensor(x).to(…))"));
    m_route->setItemText(2, tr("via fp64"));
    m_route->setToolTip(tr("Round to fp32 or fp64 first, as a framework does with a Python float; a row shows a "
                           "badge where that gives other bits than one rounding (double rounding)."));
}

}  // namespace floatscope::gui
