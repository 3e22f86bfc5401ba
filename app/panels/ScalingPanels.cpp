#include "panels/ScalingPanels.h"

#include "panels/LedgerPanel.h"
#include "panels/QuantizePanel.h"
#include "window/MainWindow.h"

namespace floatscope::gui {

void installScalingPanels(MainWindow& window)
{
    auto* quantize = new QuantizePanel(&window);
    window.addPanel(quantize, QStringLiteral("quantizePanel"), [] { return QuantizePanel::tr("Block scaling"); },
                    FigureSource{[] { return QuantizePanel::tr("Block scaling and quantization"); },
                                 [quantize] { return quantize->makeFigure(); }});
    auto* ledger = new LedgerPanel(&window);
    window.addPanel(ledger, QStringLiteral("ledgerPanel"), [] { return LedgerPanel::tr("Memory ledger"); },
                    FigureSource{[] { return LedgerPanel::tr("Memory ledger"); }, [ledger] { return ledger->makeFigure(); }});
}

}  // namespace floatscope::gui
