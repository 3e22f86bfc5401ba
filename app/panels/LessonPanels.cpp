#include "app/panels/LessonPanels.h"

#include "app/panels/AbsorbedUpdatesPanel.h"
#include "app/panels/AccumulationPanel.h"
#include "app/panels/LogitsEpsilonPanel.h"
#include "app/panels/LossScalingPanel.h"
#include "app/panels/RangeBarsPanel.h"
#include "app/window/MainWindow.h"

namespace floatscope::gui {

namespace {

// A panel's figure source: what the panel shows now, exported as it is drawn on the command line.
template <class Panel>
FigureSource figureOf(Panel* panel, std::function<QString()> name)
{
    return {std::move(name), [panel] { return panel->makeFigure(); }};
}

}  // namespace

void installLessonPanels(MainWindow& window)
{
    auto* accumulation = new AccumulationPanel;
    const auto accumulationTitle = [] { return AccumulationPanel::tr("Absorption over N steps"); };
    window.addPanel(accumulation, QStringLiteral("accumulationDock"), accumulationTitle,
                    figureOf(accumulation, accumulationTitle));

    auto* range = new RangeBarsPanel;
    const auto rangeTitle = [] { return RangeBarsPanel::tr("Range bars"); };
    window.addPanel(range, QStringLiteral("rangeBarsDock"), rangeTitle, figureOf(range, rangeTitle));

    auto* lossScaling = new LossScalingPanel;
    const auto lossTitle = [] { return LossScalingPanel::tr("Loss scaling"); };
    window.addPanel(lossScaling, QStringLiteral("lossScalingDock"), lossTitle, figureOf(lossScaling, lossTitle));

    auto* logits = new LogitsEpsilonPanel;
    const auto logitsTitle = [] { return LogitsEpsilonPanel::tr("Logits and eps"); };
    window.addPanel(logits, QStringLiteral("logitsEpsilonDock"), logitsTitle, figureOf(logits, logitsTitle));

    auto* absorbed = new AbsorbedUpdatesPanel;
    const auto absorbedTitle = [] { return AbsorbedUpdatesPanel::tr("Absorbed updates"); };
    window.addPanel(absorbed, QStringLiteral("absorbedUpdatesDock"), absorbedTitle, figureOf(absorbed, absorbedTitle));
}

}  // namespace floatscope::gui
