#include "app/lessons/ReductionsLesson.h"

#include <algorithm>
#include <map>

#include <QCoreApplication>

#include "app/lessons/LessonRegistry.h"
#include "app/text/LessonText.h"
#include "core/reduce/FormatArithmetic.h"

namespace floatscope::gui {

namespace {

std::string formatNames(const std::vector<Format>& formats)
{
    std::string names;
    for (const Format& f : formats)
        names += (names.empty() ? "" : ",") + f.name();
    return names;
}

// A product of two options past its bound, in the words of `pattern` ("... at most %1, got %2").
QString tooMany(const QString& pattern, std::size_t most, std::size_t got)
{
    return pattern.arg(LessonText::count(static_cast<std::int64_t>(most)), LessonText::count(static_cast<std::int64_t>(got)));
}

// A double's field text: whole numbers as they are, others as %g writes them (1e-06).
std::string numberText(double value)
{
    return QString::number(value, 'g', 12).toStdString();
}

std::vector<LessonOption> declaration(Reduction reduction)
{
    using T = OptionType;
    ReductionsSetup defaults;
    defaults.reduction = reduction;
    // The formats the reductions compute in: signed, with a zero, at most 25 significant bits within
    // fp32's range (core/reduce/FormatArithmetic.h).
    const std::vector<std::string> computable = formatChoices(reduce::FormatArithmetic::accepts);
    std::vector<LessonOption> options = {
        {.name = "formats", .metavar = "FMTS", .type = T::Formats, .fallback = formatNames(defaults.formats()),
         .choices = computable, .shortName = 'f'},
        {.name = "seed", .metavar = "S", .type = T::Whole, .fallback = "1", .min = 0, .max = 1'000'000'000},
    };
    const auto count = [](const char* name, std::size_t fallback, double min, double max) {
        return LessonOption{.name = name, .metavar = "N", .type = T::Whole, .fallback = std::to_string(fallback), .min = min,
                            .max = max};
    };
    const auto number = [](const char* name, double fallback, double min, double max) {
        return LessonOption{.name = name, .metavar = "X", .type = T::Number, .fallback = numberText(fallback), .min = min,
                            .max = max};
    };
    // A deviation above zero (moments alone take 0: every value the mean).
    const auto deviation = [](double fallback) {
        return LessonOption{.name = "std", .metavar = "X", .type = T::Positive, .fallback = numberText(fallback), .max = 1e4};
    };
    constexpr double kMaxValues = 1 << 22;
    switch (reduction) {
    case Reduction::Softmax:
        options.push_back({.name = "logits", .metavar = "FMT", .type = T::Format, .fallback = defaults.softmax.logits.name(),
                           .choices = computable});
        // Qwen2's vocabulary is 151,936 logits.
        options.push_back(count("vocab", defaults.softmax.vocabulary, 1, kMaxValues));
        options.push_back(number("mean", defaults.softmax.mean, -1e4, 1e4));
        options.push_back(deviation(defaults.softmax.deviation));
        break;
    case Reduction::Moments:
        options.push_back(count("count", defaults.moments.count, 1, kMaxValues));
        options.push_back(number("mean", defaults.moments.mean, -1e4, 1e4));
        options.push_back(number("std", defaults.moments.deviation, 0, 1e4));
        break;
    case Reduction::RmsNorm:
        options.push_back(count("hidden", defaults.rmsNorm.hidden, 1, 65536));
        options.push_back(count("rows", defaults.rmsNorm.rows, 1, 4096));
        options.push_back(deviation(defaults.rmsNorm.deviation));
        options.push_back(number("eps", defaults.rmsNorm.eps, 0, 1));
        break;
    case Reduction::Router:
        options.push_back(count("tokens", defaults.router.tokens, 1, 65536));
        options.push_back(count("experts", defaults.router.experts, 2, 1024));
        options.push_back(count("top-k", defaults.router.topK, 1, 1024));
        options.back().atMost = "experts";
        options.push_back(deviation(defaults.router.deviation));
        break;
    }
    return options;
}

std::unique_ptr<Figure> makeFigure(const ViewArguments& args, std::string& error)
{
    const auto setup = readReductions(args, error);
    if (!setup)
        return nullptr;
    auto data = ReductionsData::compute(*setup, dot::RunControl{args.stop(), {}});
    return data ? std::make_unique<ReductionsFigure>(std::move(*data)) : nullptr;  // null: stopped
}

ExportView reductionsView()
{
    std::vector<ViewOption> options;
    for (const std::string& name : reductionOptionNames())
        options.push_back({name, name == "formats" ? 'f' : char(0), true});
    // "[softmax|...] [-f FMTS] [--seed S (...)]; softmax: [--logits FMT] ...; moments: ...".
    const std::vector<LessonOption>& first = reductionOptions(kReductions[0]);
    std::string usage = "[softmax|moments|rmsnorm|router] " + optionsUsage({first.begin(), first.begin() + 2});
    for (const Reduction r : kReductions) {
        const std::vector<LessonOption>& own = reductionOptions(r);
        usage += std::string("; ") + toString(r) + ": " + optionsUsage({own.begin() + 2, own.end()});
    }
    return {"reduce", "the reductions kept in fp32: a softmax denominator, mean and variance, RMSNorm, a router's top k",
            usage, std::move(options), makeFigure};
}

const LessonRegistration kRegistration({
    .place = 110,
    .title = [] { return QCoreApplication::translate("floatscope::gui::ReductionsPanel", "Reductions"); },
    .shortTitle = [] { return QCoreApplication::translate("floatscope::gui::ReductionsPanel", "Reduce"); },
    .view = reductionsView(),
    .viewExample = {},
    .deck = {
        // Lesson 14, pillar three: the softmax denominator over Qwen2's 151,936 logits, with and
        // without the max subtracted (fp16 overflows past e^11.09).
        {"softmax"},
        // LayerNorm's statistics: E[x²] − E[x]² in bf16 cancels near a mean of 100.
        {"moments"},
        // The BF16 lesson's RMSNorm with rms_norm_eps = 1e-6 on small activations.
        {"rmsnorm", "--std", "0.001"},
        // The BF16 lesson: Switch Transformer keeps the router in fp32.
        {"router"},
    },
    .options = reductionOptions(ReductionsSetup::kDefault),
});

}  // namespace

// The reductions lesson, declared once: the panel (panels/ReductionsPanel.cpp) builds each
// reduction's page of fields from these options, and `floatscope export reduce` and `floatscope
// reduce` read them.
const std::vector<LessonOption>& reductionOptions(Reduction reduction)
{
    static const std::map<Reduction, std::vector<LessonOption>> options = [] {
        std::map<Reduction, std::vector<LessonOption>> out;
        for (const Reduction r : kReductions)
            out[r] = declaration(r);
        return out;
    }();
    return options.at(reduction);
}

std::vector<std::string> reductionOptionNames()
{
    std::vector<std::string> names;
    for (const Reduction r : kReductions)
        for (const LessonOption& o : reductionOptions(r))
            if (std::find(names.begin(), names.end(), o.name) == names.end())
                names.push_back(o.name);
    return names;
}

std::optional<ReductionsSetup> reductionsOf(Reduction reduction, const OptionValues& options, ReductionsProblem& problem)
{
    ReductionsSetup setup;
    setup.reduction = reduction;
    const auto seed = static_cast<std::uint64_t>(options.whole("seed"));
    setup.softmax.seed = setup.moments.seed = setup.rmsNorm.seed = setup.router.seed = seed;
    std::string error;
    setup.setFormats(*parseFormatList(options.text("formats"), error));  // checked: the formats' names
    const auto size = [&](const char* name) { return static_cast<std::size_t>(options.whole(name)); };
    switch (reduction) {
    case Reduction::Softmax:
        setup.softmax.logits = namedFormat(options.text("logits"));
        setup.softmax.vocabulary = size("vocab");
        setup.softmax.mean = options.number("mean");
        setup.softmax.deviation = options.number("std");
        break;
    case Reduction::Moments:
        setup.moments.count = size("count");
        setup.moments.mean = options.number("mean");
        setup.moments.deviation = options.number("std");
        break;
    case Reduction::RmsNorm:
        setup.rmsNorm.hidden = size("hidden");
        setup.rmsNorm.rows = size("rows");
        setup.rmsNorm.deviation = options.number("std");
        setup.rmsNorm.eps = options.number("eps");
        // The work, bounded: 65536 x 4096 RMSNorm values ran out of memory.
        if (setup.rmsNorm.hidden * setup.rmsNorm.rows > reduce::kMaxRmsNormValues) {
            problem = {"rows", tooMany(QCoreApplication::translate("floatscope::gui::ReductionsPanel",
                                                                   "Hidden size × rows at most %1, got %2"),
                                       reduce::kMaxRmsNormValues, setup.rmsNorm.hidden * setup.rmsNorm.rows)};
            return std::nullopt;
        }
        break;
    case Reduction::Router:
        setup.router.tokens = size("tokens");
        setup.router.experts = size("experts");
        setup.router.topK = size("top-k");
        setup.router.deviation = options.number("std");
        if (setup.router.tokens * setup.router.experts > reduce::kMaxRouterLogits) {
            problem = {"experts", tooMany(QCoreApplication::translate("floatscope::gui::ReductionsPanel",
                                                                      "Tokens × experts at most %1, got %2"),
                                          reduce::kMaxRouterLogits, setup.router.tokens * setup.router.experts)};
            return std::nullopt;
        }
        if (setup.router.topK > setup.router.experts) {
            problem = {"top-k", QCoreApplication::translate("floatscope::gui::ReductionsPanel",
                                                            "At most the number of experts (%1), got %2")
                                    .arg(setup.router.experts)
                                    .arg(setup.router.topK)};
            return std::nullopt;
        }
        break;
    }
    return setup;
}

std::optional<ReductionsSetup> readReductions(const ViewArguments& args, std::string& error)
{
    const std::vector<std::string>& given = args.positionals();
    if (given.size() > 1) {
        error = "reduce takes one reduction, got '" + given[1] + "'";
        return std::nullopt;
    }
    const auto reduction = given.empty() ? std::optional(ReductionsSetup::kDefault) : parseReduction(given.front());
    if (!reduction) {
        error = "unknown reduction '" + given.front() + "' (softmax, moments, rmsnorm, router)";
        return std::nullopt;
    }
    // An option of another reduction is refused, not ignored: `reduce softmax --count 5` is a mistake.
    const std::vector<LessonOption>& own = reductionOptions(*reduction);
    for (const std::string& name : reductionOptionNames()) {
        const bool mine = std::any_of(own.begin(), own.end(), [&](const LessonOption& o) { return o.name == name; });
        if (!mine && args.has(name)) {
            std::string list;
            for (std::size_t i = 2; i < own.size(); ++i)  // after -f and --seed, which every reduction takes
                list += (list.empty() ? "--" : ", --") + own[i].name;
            error = "--" + name + " is not an option of reduce " + toString(*reduction) + " (its own: " + list
                  + "; and --formats, --seed)";
            return std::nullopt;
        }
    }
    const auto options = readOptions(args, own, error);
    if (!options)
        return std::nullopt;
    ReductionsProblem problem;
    auto setup = reductionsOf(*reduction, *options, problem);
    if (!setup)
        error = "--" + problem.option + ": " + problem.reason.toStdString();
    return setup;
}

}  // namespace floatscope::gui
