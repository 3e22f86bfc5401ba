#include "app/lessons/InnerProductsLesson.h"

#include <bit>

#include <QCoreApplication>

#include "app/lessons/DotModels.h"
#include "app/lessons/LessonRegistry.h"
#include "core/dot/Accumulator.h"
#include "core/dot/InnerProduct.h"

namespace floatscope::gui {

namespace {

// K up to a power of two from 2^4 to 2^20.
std::vector<std::string> maxKChoices()
{
    std::vector<std::string> out;
    for (int j = InnerProductsSetup::kMinLog2K; j <= InnerProductsSetup::kMaxLog2K; ++j)
        out.push_back(std::to_string(std::int64_t{1} << j));
    return out;
}

std::vector<LessonOption> declaration()
{
    using T = OptionType;
    using S = InnerProductsSetup;
    return {
        {.name = "inputs", .metavar = "FMT", .type = T::Format, .fallback = S::kDefaultInputs,
         .choices = formatChoices(dot::acceptsInputs)},
        {.name = "accumulator", .metavar = "SPECS", .type = T::Text, .fallback = S::kDefaultAccumulators},
        // 0: none; else each accumulator narrower than fp32 again, its partial sums promoted.
        {.name = "promote", .metavar = "N", .type = T::Whole, .fallback = std::to_string(S::kDefaultPromote), .min = 0,
         .max = dot::kMaxPromoteEvery},
        {.name = "distribution", .metavar = "D", .type = T::Choice, .fallback = "normal", .choices = distributionChoices()},
        {.name = "seed", .metavar = "S", .type = T::Whole, .fallback = "1", .min = 0, .max = 1'000'000'000},
        {.name = "max-k", .metavar = "K", .type = T::Choice, .fallback = std::to_string(std::int64_t{1} << S::kDefaultMaxLog2K),
         .choices = maxKChoices()},
    };
}

std::unique_ptr<Figure> makeFigure(const OptionValues& options, const ViewArguments& args, std::string& error)
{
    InnerProductsSetup setup = innerProductsOf(options);
    QString why;
    const auto accumulators = parseAccumulatorList(QString::fromStdString(options.text("accumulator")), setup.inputs,
                                                   setup.seed, why);
    if (!accumulators) {
        error = why.toStdString();
        return nullptr;
    }
    setup.accumulators = *accumulators;
    auto data = InnerProductsData::compute(setup, dot::RunControl{args.stop(), {}});
    return data ? std::make_unique<InnerProductsFigure>(std::move(*data)) : nullptr;  // null: stopped
}

const LessonRegistration kRegistration({
    .place = 90,
    .title = [] { return QCoreApplication::translate("InnerProductsPanel", "Inner products"); },
    .shortTitle = [] { return QCoreApplication::translate("InnerProductsPanel", "Products"); },
    .view = declaredView({"dot", "the relative error of K-term inner products against K per accumulator, and where sums "
                                 "of ones stall",
                          innerProductsOptions(), makeFigure}),
    .viewExample = {},
    .deck = {
        // Lecture 10 and lesson 14, pillar three: matrix products accumulate in fp32.
        {"--inputs", "bf16", "--accumulator", "fp32,bf16,fp16", "--promote", "0", "--max-k", "1048576"},
        // The sum of ones that stalls (bf16 at 256, fp16 at 2048), and promotion into fp32.
        {"--inputs", "bf16", "--distribution", "ones", "--accumulator", "bf16,fp16,fp32", "--promote", "128",
         "--max-k", "65536"},
        // The FP8 blog and DeepSeek-V3: Hopper's fp8 tensor core keeps about 14 bits; promoted every 128.
        {"--inputs", "e4m3fn", "--accumulator", "h100-fp8,fp32", "--promote", "128", "--max-k", "1048576"},
        // Tensor cores truncate: on positive sums the error grows with K, V100 to H100.
        {"--inputs", "fp16", "--distribution", "uniform", "--accumulator", "v100-fp16,a100-fp16,h100-fp16,fp32",
         "--promote", "0", "--max-k", "1048576"},
        // Heavy tails: pairwise summation, stochastic rounding and the CPU's VDPBF16PS.
        {"--inputs", "bf16", "--distribution", "heavy", "--accumulator",
         "fp32,fp32:nearest-even:pairwise,bf16,bf16:stochastic,avx512bf16", "--promote", "0", "--max-k", "1048576"},
    },
    .options = innerProductsOptions(),
});

}  // namespace

// The inner-products lesson, declared once: the panel (panels/InnerProductsPanel.cpp) builds its
// fields from these options and `floatscope export dot` reads them.
const std::vector<LessonOption>& innerProductsOptions()
{
    static const std::vector<LessonOption> options = declaration();
    return options;
}

std::vector<LessonOption> dotCommandOptions()
{
    std::vector<LessonOption> options;
    for (const char* name : {"inputs", "promote", "distribution", "seed"})
        options.push_back(optionNamed(innerProductsOptions(), name));
    options[1].fallback = "0";
    return options;
}

InnerProductsSetup innerProductsOf(const OptionValues& options)
{
    InnerProductsSetup setup;
    setup.inputs = namedFormat(options.text("inputs"));
    setup.distribution = *dot::parseDistribution(options.text("distribution"));
    setup.promote = static_cast<int>(options.whole("promote"));
    setup.seed = static_cast<std::uint64_t>(options.whole("seed"));
    setup.maxLog2K = std::countr_zero(static_cast<std::uint64_t>(std::stoll(options.text("max-k"))));
    return setup;
}

}  // namespace floatscope::gui
