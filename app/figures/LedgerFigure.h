#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <QColor>

#include "app/figures/Figure.h"
#include "core/ledger/Activations.h"
#include "core/ledger/MemoryLedger.h"
#include "core/ledger/ModelPresets.h"

namespace floatscope::gui {

// What the memory ledger is asked: the schemes, the model and cluster, the unit, and optionally the
// activations and a GPU's capacity. The panel and `floatscope export ledger` both fill one.
struct LedgerInputs {
    std::vector<LedgerScheme> schemes;
    LedgerConfig config;
    std::optional<ModelPreset> preset;  // when the parameter count came from one (for the title)
    ByteUnit unit = ByteUnit::GB;
    std::optional<ActivationConfig> activations;
    std::optional<double> capacityBytes;
};

struct LedgerChart {
    LedgerInputs inputs;
    std::vector<LedgerResult> results;
    // Activations per GPU with the chosen recomputation, and with each of the three.
    std::optional<ActivationResult> activation;
    std::vector<std::pair<Recomputation, ActivationResult>> modes;
};

struct LedgerChartOutcome {
    std::optional<LedgerChart> chart;
    enum class Problem : std::uint8_t { None, Ledger, Activations } problem = Problem::None;
    QString error;  // one line, in the interface's language (app/text/LedgerText)
};

LedgerChartOutcome computeLedgerChart(const LedgerInputs& inputs);

// A colour per component role (and one for activations), from the Okabe-Ito palette like every
// other colour in Floatscope, so that a role looks the same in every bar.
QColor roleColour(ComponentRole role);
QColor activationColour();

// One stacked bar per scheme: its components' bytes per GPU, the activations after them, and the
// GPU's capacity as a line, with each scheme's total and whether it fits.
class LedgerFigure : public Figure {
public:
    explicit LedgerFigure(LedgerChart chart) : m_chart(std::move(chart)) {}

    QString title() const override;
    QSizeF preferredSize(const FigureStyle& style) const override;
    double heightForWidth(double width, const FigureStyle& style) const override;
    double minimumWidth(const FigureStyle& style) const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;

    // The line under the title: cluster, unit, activations; and one scheme's total in words.
    QString subtitle() const;
    QString totalText(const LedgerResult& result) const;
    // Under the total: the static part (when activations count) and whether it fits.
    QString detailText(const LedgerResult& result) const;

private:
    // Title, subtitle and legend at `width`; paints when `painter` is given. Returns where the bars start.
    std::pair<double, double> columnWidths(const FigureStyle& style) const;  // widest name, widest total
    double paintHeader(QPainter* painter, double width, const FigureStyle& style) const;
    struct Bars;
    Bars layoutBars(const QSizeF& size, double y, const FigureStyle& style) const;
    void paintAxis(QPainter& p, const Bars& bars, const FigureStyle& style) const;
    void paintBar(QPainter& p, const Bars& bars, std::size_t i, const FigureStyle& style) const;
    void paintNarrowLabels(QPainter& p, const Bars& bars, const LedgerResult& r, double top, const QString& bytesText,
                           const FigureStyle& style) const;
    void paintWideLabels(QPainter& p, const Bars& bars, const LedgerResult& r, double top, const QString& bytesText,
                         const FigureStyle& style) const;
    void paintCapacity(QPainter& p, const Bars& bars, const FigureStyle& style) const;

    LedgerChart m_chart;
};

}  // namespace floatscope::gui
