#include "app/lessons/AbsorbedUpdatesLesson.h"

#include <QCoreApplication>
#include <QFileInfo>

#include "app/figures/AbsorbedUpdatesFigure.h"
#include "app/lessons/LessonRegistry.h"
#include "core/train/ModelProbes.h"

namespace floatscope::gui {

namespace {

std::vector<LessonOption> declaration()
{
    using T = OptionType;
    using D = AbsorbedUpdatesData;
    return {
        {.name = "update", .metavar = "U", .type = T::Number, .fallback = D::kDefaultUpdate, .nonZero = true},
        {.name = "formats", .metavar = "FMTS", .type = T::Formats, .fallback = D::kDefaultFormats, .shortName = 'f'},
        // Generated weights, computed on the panel's thread: a million stay well under a second.
        {.name = "count", .metavar = "N", .type = T::Whole, .fallback = std::to_string(D::kDefaultCount), .min = 1,
         .max = 1'000'000},
        {.name = "std", .metavar = "S", .type = T::Positive, .fallback = D::kDefaultDeviation},
        // LayerNorm and RMSNorm gains start at 1.0: the share of weights that do.
        {.name = "ones", .metavar = "SHARE", .type = T::Number, .fallback = D::kDefaultOnes, .min = 0, .max = 1},
        {.name = "seed", .metavar = "S", .type = T::Whole, .fallback = "0", .min = 0, .max = 1'000'000'000},
        {.name = "values", .metavar = "LIST", .type = T::Text, .fallback = "", .inPanel = false},
        {.name = "file", .metavar = "F", .type = T::Text, .fallback = "", .inPanel = false},
        // The training lab's weights after K fp32 steps (the panel trains further, with a progress bar).
        {.name = "model-steps", .metavar = "K", .type = T::Whole, .fallback = "0", .min = 0, .max = kMaxModelStepsInAView,
         .inPanel = false},
    };
}

std::unique_ptr<Figure> makeFigure(const OptionValues& options, const ViewArguments& args, std::string& error)
{
    const auto formats = parseFormatList(options.text("formats"), error);
    if (!formats)
        return nullptr;
    std::vector<double> weights;
    QString source;
    if (args.value("model-steps")) {
        const int steps = static_cast<int>(options.whole("model-steps"));
        auto trained = train::trainedWeights(train::TrainConfig{}, steps, args.stop());
        if (!trained)
            return nullptr;  // stopped
        weights = std::move(*trained);
        source = AbsorbedUpdatesFigure::modelSource(weights.size(), steps);
    } else if (const auto given = readValues(args, error)) {
        weights = *given;
        source = args.value("file") ? AbsorbedUpdatesFigure::fileSource(
                                          weights.size(), QFileInfo(QString::fromStdString(*args.value("file"))).fileName())
                                    : AbsorbedUpdatesFigure::pastedSource(weights.size());
    } else if (!error.empty()) {
        return nullptr;
    } else {
        const std::int64_t count = options.whole("count");
        const double deviation = options.number("std");
        const double ones = options.number("ones");
        const auto seed = static_cast<std::uint64_t>(options.whole("seed"));
        weights = generateWeights(static_cast<std::size_t>(count), deviation, ones, seed);
        source = AbsorbedUpdatesFigure::generatedSource(count, deviation, ones, seed);
    }
    return std::make_unique<AbsorbedUpdatesFigure>(
        AbsorbedUpdatesData::compute(*formats, weights, options["update"].exact, source));
}

const LessonRegistration kRegistration({
    .place = 50,
    .title = [] { return QCoreApplication::translate("AbsorbedUpdatesPanel", "Absorbed updates"); },
    .shortTitle = [] { return QCoreApplication::translate("AbsorbedUpdatesPanel", "Absorbed"); },
    .view = declaredView({"absorbed", "the share of weight updates each storage format loses, and with an fp32 master",
                          absorbedUpdatesOptions(), makeFigure}),
    // Lecture 10's demo 5 at its three update sizes.
    .deck = {{"--update", "3e-3"}, {"--update", "3e-4"}, {"--update", "3e-5"}},
    .options = absorbedUpdatesOptions(),
});

}  // namespace

// The absorbed-updates lesson, declared once: the panel (panels/AbsorbedUpdatesPanel.cpp) builds its
// fields from these options and `floatscope export absorbed` reads them.
const std::vector<LessonOption>& absorbedUpdatesOptions()
{
    static const std::vector<LessonOption> options = declaration();
    return options;
}

}  // namespace floatscope::gui
