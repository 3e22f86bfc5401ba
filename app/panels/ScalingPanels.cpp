#include "app/panels/ScalingPanels.h"

#include "app/panels/LedgerPanel.h"
#include "app/panels/QuantizePanel.h"
#include "app/window/MainWindow.h"

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
