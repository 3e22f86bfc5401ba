#include "app/panels/AccumulatorMenu.h"

#include <variant>

#include <QCoreApplication>
#include <QMenu>

#include "app/text/OperatorsText.h"
#include "core/dot/AccumulatorSpec.h"
#include "core/dot/TensorCorePresets.h"

namespace floatscope::gui {

namespace {

struct AccumulatorMenuText {
    Q_DECLARE_TR_FUNCTIONS(AccumulatorMenu)
};

// What the menu offers beyond the presets: the lessons' usual comparisons.
constexpr const char* kCommonAccumulators[] = {"fp32", "bf16", "fp16", "tf32", "fp32:nearest-even:pairwise",
                                               "fp32:nearest-even:blocked:32", "bf16:stochastic", "fp32:toward-zero",
                                               "fixed:13:32", "avx512bf16"};

QString describe(const char* spec)
{
    return text::accumulatorDescription(std::get<dot::Accumulator>(dot::parseAccumulator(spec)));
}

}  // namespace

void fillAccumulatorMenu(QMenu* menu, const std::function<void(const QString& spec)>& chosen)
{
    menu->clear();
    menu->setToolTipsVisible(true);
    for (const char* spec : kCommonAccumulators) {
        QAction* action = menu->addAction(QString::fromLatin1(spec));
        action->setToolTip(describe(spec));
        QObject::connect(action, &QAction::triggered, menu, [chosen, spec] { chosen(QString::fromLatin1(spec)); });
    }
    QMenu* presets = menu->addMenu(AccumulatorMenuText::tr("Tensor cores"));
    presets->setToolTipsVisible(true);
    for (const dot::TensorCorePreset& p : dot::tensorCorePresets()) {
        QAction* action = presets->addAction(
            AccumulatorMenuText::tr("%1 (%2 in)").arg(QString::fromLatin1(p.id), QString::fromLatin1(p.inputFormats)));
        action->setToolTip(describe(p.id) + QLatin1Char('\n')
                           + AccumulatorMenuText::tr("Model: %1").arg(text::presetSourceText(p.source)));
        const char* id = p.id;
        QObject::connect(action, &QAction::triggered, menu, [chosen, id] { chosen(QString::fromLatin1(id)); });
    }
}

}  // namespace floatscope::gui
