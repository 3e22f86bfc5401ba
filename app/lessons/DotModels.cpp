#include "app/lessons/DotModels.h"

#include <QStringList>

#include "app/text/OperatorsText.h"
#include "core/dot/AccumulatorSpec.h"
#include "core/dot/DotLessons.h"
#include "core/dot/InnerProduct.h"

namespace floatscope::gui {

std::optional<dot::Accumulator> readAccumulator(const QString& spec, const Format& inputs, int promote, std::uint64_t seed,
                                                QString& error)
{
    const QString text = spec.trimmed();
    const dot::SpecOutcome outcome = dot::parseAccumulator(text.toStdString());
    if (const auto* e = std::get_if<dot::SpecError>(&outcome)) {
        error = text::specErrorText(*e, text);
        return std::nullopt;
    }
    dot::Accumulator accumulator = std::get<dot::Accumulator>(outcome);
    if (promote > 0)
        accumulator.promoteEvery = promote;
    if (auto* ieee = std::get_if<dot::IeeeAccumulator>(&accumulator.model))
        ieee->seed = seed;
    if (const auto problem = dot::checkDot(inputs, accumulator)) {
        error = text::dotErrorText(*problem);
        return std::nullopt;
    }
    return accumulator;
}

std::optional<std::vector<dot::Accumulator>> parseAccumulatorList(const QString& text, const Format& inputs,
                                                                  std::uint64_t seed, QString& error, int promote)
{
    std::vector<dot::Accumulator> out;
    const QStringList parts = text.split(QLatin1Char(','));
    if (static_cast<std::size_t>(parts.size()) > dot::kMaxAccumulators) {
        error = text::specErrorText(dot::SpecError{dot::SpecErrorKind::TooMany, std::to_string(parts.size())}, text);
        return std::nullopt;
    }
    for (const QString& part : parts) {
        auto accumulator = readAccumulator(part, inputs, promote, seed, error);
        if (!accumulator)
            return std::nullopt;
        out.push_back(std::move(*accumulator));
    }
    return out;
}

std::vector<std::string> distributionChoices()
{
    std::vector<std::string> names;
    for (const dot::Distribution d : dot::kDistributions)
        names.emplace_back(dot::toString(d));
    return names;
}

}  // namespace floatscope::gui
