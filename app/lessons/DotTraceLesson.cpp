#include "app/lessons/DotTraceLesson.h"

#include <QCoreApplication>

#include "app/lessons/DotModels.h"
#include "app/lessons/LessonRegistry.h"
#include "app/text/LessonInput.h"
#include "core/dot/DotLessons.h"
#include "core/dot/InnerProduct.h"

namespace floatscope::gui {

namespace {

std::vector<LessonOption> declaration()
{
    using T = OptionType;
    using D = DotTraceData;
    return {
        {.name = "inputs", .metavar = "FMT", .type = T::Format, .fallback = D::kDefaultInputs,
         .choices = formatChoices(dot::acceptsInputs)},
        {.name = "accumulator", .metavar = "SPEC", .type = T::Text, .fallback = D::kDefaultAccumulator},
        // 0: none; else the partial sums of this many products added into fp32, within the trace's
        // products.
        {.name = "promote", .metavar = "N", .type = T::Whole, .fallback = "0", .min = 0, .max = D::kMaxCount},
        // Typed vectors, value by value; each the other's length, which the lesson checks.
        {.name = "a", .metavar = "LIST", .type = T::Text, .fallback = "1.5, -0.375, 2, 0.001"},
        {.name = "b", .metavar = "LIST", .type = T::Text, .fallback = "3, 1.25, -2.5, 7"},
        // Or generated ones.
        {.name = "count", .metavar = "N", .type = T::Whole, .fallback = std::to_string(D::kDefaultCount), .min = 1,
         .max = D::kMaxCount},
        {.name = "distribution", .metavar = "D", .type = T::Choice, .fallback = "normal", .choices = distributionChoices()},
        {.name = "seed", .metavar = "S", .type = T::Whole, .fallback = "1", .min = 0, .max = 1'000'000'000},
        // The step opened (0: the products); the panel steps with its playback bar.
        {.name = "step", .metavar = "N", .type = T::Whole, .fallback = "1", .min = 0, .max = 4 * D::kMaxCount,
         .inPanel = false},
    };
}

// --a and --b, each rounded once to the inputs; as long as each other, 1 to kMaxCount values.
bool typedVectors(const OptionValues& options, const Format& inputs, std::vector<std::uint32_t>& a,
                  std::vector<std::uint32_t>& b, DotTraceProblem& problem)
{
    QString why;
    const auto x = LessonInput::exactValues(QString::fromStdString(options.text("a")), why);
    if (!x) {
        problem = {"a", why};
        return false;
    }
    if (x->size() > static_cast<std::size_t>(DotTraceData::kMaxCount)) {
        problem = {"a", QCoreApplication::translate("floatscope::gui::DotTracePanel", "At most %1 values").arg(DotTraceData::kMaxCount)};
        return false;
    }
    const auto y = LessonInput::exactValues(QString::fromStdString(options.text("b")), why);
    if (!y || y->size() != x->size()) {
        problem = {"b", y ? QCoreApplication::translate("floatscope::gui::DotTracePanel", "As many values as a: %1, got %2")
                                .arg(x->size())
                                .arg(y->size())
                          : why};
        return false;
    }
    for (std::size_t i = 0; i < x->size(); ++i) {
        a.push_back(static_cast<std::uint32_t>(roundExact((*x)[i], inputs).code));
        b.push_back(static_cast<std::uint32_t>(roundExact((*y)[i], inputs).code));
    }
    return true;
}

std::unique_ptr<Figure> makeFigure(const OptionValues& options, const ViewArguments& args, std::string& error)
{
    const bool typed = args.value("a") || args.value("b");
    DotTraceProblem problem;
    auto data = dotTraceOf(options, typed, static_cast<std::size_t>(options.whole("step")), problem);
    if (!data) {
        // The accumulator's reason names its spec, as `floatscope dot` words it; a vector's, its flag.
        error = (problem.option == "accumulator" ? std::string() : "--" + problem.option + ": ")
              + problem.reason.toStdString();
        return nullptr;
    }
    return std::make_unique<DotTraceFigure>(std::move(*data));
}

const LessonRegistration kRegistration({
    .place = 100,
    .title = [] { return QCoreApplication::translate("floatscope::gui::DotTracePanel", "Dot product steps"); },
    .shortTitle = [] { return QCoreApplication::translate("floatscope::gui::DotTracePanel", "Dot steps"); },
    .figureTitle = [] { return QCoreApplication::translate("floatscope::gui::DotTracePanel", "One dot product opened up"); },
    .view = declaredView({"dot-trace",
                          "one short inner product through one model, step by step: alignment, the bits kept and thrown "
                          "away",
                          dotTraceOptions(), makeFigure}),
    .viewExample = {},
    .deck = {
        // Volta's tensor core: 4-product blocks, truncated after 23 bits below the largest exponent.
        {"--inputs", "fp16", "--accumulator", "v100-fp16", "--count", "8", "--step", "1"},
        // Hopper's fp8 adder keeps 13 fraction bits: small products lose digits in the alignment.
        {"--inputs", "e4m3fn", "--accumulator", "h100-fp8", "--count", "16", "--step", "1"},
        // A bf16 accumulator: every add rounds; 256 + 1 is a tie that rounds back to 256.
        {"--inputs", "bf16", "--accumulator", "bf16", "--a", "256,1,1,1", "--b", "1,1,1,1", "--step", "2"},
        // The CPU's VDPBF16PS: pairs of bf16 products into fp32, nearest-even.
        {"--inputs", "bf16", "--accumulator", "avx512bf16", "--count", "8", "--step", "3"},
    },
    .options = dotTraceOptions(),
});

}  // namespace

// The dot-product-steps lesson, declared once: the panel (panels/DotTracePanel.cpp) builds its
// fields from these options and `floatscope export dot-trace` reads them.
const std::vector<LessonOption>& dotTraceOptions()
{
    static const std::vector<LessonOption> options = declaration();
    return options;
}

std::optional<DotTraceData> dotTraceOf(const OptionValues& options, bool typed, std::size_t step, DotTraceProblem& problem)
{
    const Format inputs = namedFormat(options.text("inputs"));
    const auto seed = static_cast<std::uint64_t>(options.whole("seed"));
    QString why;
    const auto accumulator = readAccumulator(QString::fromStdString(options.text("accumulator")), inputs,
                                             static_cast<int>(options.whole("promote")), seed, why);
    if (!accumulator) {
        problem = {"accumulator", why};
        return std::nullopt;
    }
    std::vector<std::uint32_t> a, b;
    QString source;
    if (typed) {
        if (!typedVectors(options, inputs, a, b, problem))
            return std::nullopt;
        source = DotTraceFigure::pastedSource(a.size());
    } else {
        const dot::Distribution distribution = *dot::parseDistribution(options.text("distribution"));
        dot::DotInputs generated = dot::generateInputs(inputs, distribution, static_cast<std::size_t>(options.whole("count")), seed);
        a = std::move(generated.a);
        b = std::move(generated.b);
        source = DotTraceFigure::generatedSource(a.size(), distribution, seed);
    }
    return DotTraceData::compute(inputs, *accumulator, std::move(a), std::move(b), source, step);
}

}  // namespace floatscope::gui
