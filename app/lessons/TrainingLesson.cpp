#include "app/lessons/TrainingLesson.h"

#include <algorithm>
#include <sstream>
#include <variant>

#include <QCoreApplication>

#include "app/lessons/LessonRegistry.h"
#include "app/text/HardwareText.h"
#include "app/text/TrainText.h"
#include "gpu/train/TensorCoreProducts.h"

namespace floatscope::gui {

namespace {

constexpr std::size_t kMaxGapPeaks = 12;

// The gap view's recipes: fp32 is what the gaps are measured to.
std::vector<train::Recipe> withoutFp32(const std::vector<train::Recipe>& recipes)
{
    std::vector<train::Recipe> out;
    for (const train::Recipe& r : recipes)
        if (r.name != "fp32")
            out.push_back(r);
    return out;
}

std::string english(const QString& s)
{
    return s.toStdString();
}

// The lab's presets (the lecture notes' runs): the recipes, the learning rate and, for the gap
// view, its peaks. The first is what a new panel shows and the view draws without options. Recipes
// in core's order, as the panel's checkboxes list them, so that both draw the curves alike.
std::vector<LessonPreset> trainingPresets()
{
    return {
        {"lecture", {{"recipe", kDefaultTrainingRecipes}, {"lr", "lecture"}}},
        {"small-lr", {{"recipe", "fp32,bf16-pure,bf16-master,bf16-stochastic"}, {"lr", "small"}}},
        {"loss-scaling", {{"recipe", "fp32,fp16-amp,fp16-noscale"}, {"lr", "lecture"}}},
        {"fp8", {{"recipe", "fp32,bf16-master,fp8-current,fp8-delayed"}, {"lr", "lecture"}}},
        {"gap", {{"recipe", "bf16-pure"}, {"lr", "lecture"}, {"gap-lr", kDefaultGapPeaks}}},
    };
}

}  // namespace

const std::vector<LessonOption>& trainingOptions()
{
    using T = OptionType;
    constexpr double kMaxSteps = train::TrainConfig::kMaxSteps;
    static const std::vector<LessonOption> options = {
        presetOption(trainingPresets()),
        {.name = "recipe", .metavar = "LIST", .type = T::Text, .fallback = kDefaultTrainingRecipes},
        {.name = "recipe-file", .metavar = "FILES", .type = T::Text, .fallback = "", .inPanel = false},
        {.name = "steps", .metavar = "N", .type = T::Whole, .fallback = std::to_string(kDefaultTrainingSteps), .min = 1,
         .max = kMaxSteps},
        {.name = "seed", .metavar = "S", .type = T::Whole, .fallback = "0", .min = 0, .max = 1e9},
        {.name = "lr", .metavar = "X", .type = T::Text, .fallback = "lecture"},
        // The panel's own peak ends at a tenth of itself; the command line may end elsewhere.
        {.name = "final-lr", .metavar = "X", .type = T::Positive, .fallback = "", .max = 1, .inPanel = false},
        {.name = "eval-every", .metavar = "K", .type = T::Whole, .fallback = std::to_string(train::TrainConfig{}.evalEvery),
         .min = 1, .max = kMaxSteps, .inPanel = false},
        // The panel offers the engine, or the GPU beside it, in a box of its own (the GPU's entry
        // greyed where there is none).
        {.name = "products", .metavar = "P", .type = T::Choice, .fallback = productsName(ProductsOn::Engine),
         .choices = {productsName(ProductsOn::Engine), productsName(ProductsOn::Gpu), "emulated,gpu", "gpu,emulated"},
         .inPanel = false},
        {.name = "gap-lr", .metavar = "PEAKS", .type = T::Text, .fallback = ""},
        {.name = "vs-fp32", .metavar = "", .type = T::Flag, .fallback = ""},
        {.name = "untrained", .metavar = "", .type = T::Flag, .fallback = "", .inPanel = false},
    };
    return options;
}

namespace {

// A peak learning rate: a number in (0, 1].
std::optional<double> peakRate(const std::string& text)
{
    const auto rate = finiteNumberText(text);
    return rate && *rate > 0 && *rate <= 1 ? rate : std::nullopt;
}

}  // namespace

std::optional<LearningRateSchedule> readLearningRate(const std::string& text)
{
    if (const auto preset = train::findLearningRatePreset(text))
        return LearningRateSchedule{preset->peak, preset->final};
    const auto rate = peakRate(text);
    return rate ? std::optional(LearningRateSchedule{*rate, *rate / 10}) : std::nullopt;
}

std::optional<std::vector<double>> parsePeakList(const std::string& text, QString& error)
{
    std::vector<double> peaks;
    std::stringstream items(text);
    std::string item;
    while (std::getline(items, item, ',')) {
        const auto rate = peakRate(item);
        if (!rate) {
            error = text::learningRateErrorText(QString::fromStdString(item));
            return std::nullopt;
        }
        peaks.push_back(*rate);
    }
    if (peaks.empty() || peaks.size() > kMaxGapPeaks) {
        error = text::peakCountErrorText(kMaxGapPeaks, QString::fromStdString(text));
        return std::nullopt;
    }
    return peaks;
}

std::vector<train::RunJob> trainingJobs(const TrainingRequest& request)
{
    std::vector<train::RunJob> jobs;
    for (const ProductsOn products : request.products) {
        train::TrainConfig config = request.config;
        if (products == ProductsOn::Gpu)
            config.products = gpu::tensorCoreProducts();
        for (const train::Recipe& recipe : request.recipes)
            jobs.push_back({config, recipe});
    }
    return jobs;
}

namespace {

// Where the products run, from --products' checked choice ("emulated,gpu": both, in that order);
// with gpu, every recipe must be one this GPU runs.
std::optional<std::vector<ProductsOn>> productsOf(const std::string& choice, const std::vector<train::Recipe>& recipes,
                                                  std::string& error)
{
    std::vector<ProductsOn> products;
    std::stringstream items(choice);
    std::string item;
    while (std::getline(items, item, ','))
        products.push_back(item == productsName(ProductsOn::Gpu) ? ProductsOn::Gpu : ProductsOn::Engine);
    if (std::find(products.begin(), products.end(), ProductsOn::Gpu) != products.end()) {
        if (const auto unavailable = gpu::tensorCoreProductsUnavailable()) {
            error = "--products gpu: " + english(text::message(*unavailable));
            return std::nullopt;
        }
        for (const train::Recipe& r : recipes)
            if (const auto refusal = gpu::refuseTensorCoreProducts(r)) {
                error = "--products gpu: " + english(text::productsRefusalText(*refusal, QString::fromStdString(r.name)));
                return std::nullopt;
            }
    }
    return products;
}

// The recipes of `list` (preset names or key=value texts), then those of --recipe-file's files
// (bounded regular files: /dev/zero or a FIFO is refused at once).
std::optional<std::vector<train::Recipe>> recipesOf(const std::optional<std::string>& list, const ViewArguments& args,
                                                    std::string& error)
{
    std::vector<train::Recipe> recipes;
    if (list) {
        auto parsed = train::parseRecipeList(*list);
        if (const auto* e = std::get_if<train::RecipeError>(&parsed)) {
            error = english(text::recipeErrorText(*e));
            return std::nullopt;
        }
        recipes = std::get<std::vector<train::Recipe>>(parsed);
    }
    if (const auto files = args.value("recipe-file")) {
        std::stringstream paths(*files);
        std::string path;
        while (std::getline(paths, path, ',')) {
            const train::RecipeFileRead read = train::readRecipeFile(path);
            if (!read.recipe) {
                error = english(text::recipeFileErrorText(QString::fromStdString(path), read));
                return std::nullopt;
            }
            recipes.push_back(*read.recipe);
        }
    }
    if (recipes.empty()) {
        error = "train needs --recipe or --recipe-file (see 'floatscope train --help')";
        return std::nullopt;
    }
    return recipes;
}

// The view's own: the gap against the learning rate, or the recipes before training; the runs
// `request` trains.
std::optional<std::uint64_t> readViewChoices(const OptionValues& values, const ViewArguments& args,
                                             TrainingRequest& request, std::string& error)
{
    request.untrained = args.has("untrained");
    request.vsFp32 = args.has("vs-fp32");
    const std::string peaks = values.text("gap-lr");
    if (peaks.empty() && !args.value("gap-lr"))
        return request.recipes.size() * request.products.size();
    QString why;
    const auto parsed = parsePeakList(peaks, why);
    if (!parsed) {
        error = "--gap-lr: " + english(why);
        return std::nullopt;
    }
    request.gapPeaks = *parsed;
    if (request.products != std::vector<ProductsOn>{ProductsOn::Engine}) {
        error = "--gap-lr trains on the engine only: leave out --products";
        return std::nullopt;
    }
    const auto others = std::count_if(request.recipes.begin(), request.recipes.end(),
                                      [](const train::Recipe& r) { return r.name != "fp32"; });
    if (others == 0) {
        error = "--gap-lr plots recipes against fp32: give a recipe other than fp32 in --recipe";
        return std::nullopt;
    }
    return request.gapPeaks.size() * static_cast<std::uint64_t>(others + 1);  // each recipe and fp32 at each peak
}

// The request the checked options and the arguments ask for (`forView`: the view's, else
// `floatscope train`'s), or null with the reason in `error`.
std::optional<TrainingRequest> requestOf(const OptionValues& values, const ViewArguments& args, bool forView,
                                         std::string& error)
{
    // 1. Recipes: --recipe's; the preset's where neither --recipe nor --recipe-file is given (the
    //    view's first preset where none is).
    TrainingRequest request;
    const bool listed = args.value("recipe") || args.value("recipe-file");
    const bool preset = forView || args.value("preset");
    auto recipes = recipesOf(preset && !listed ? std::optional(values.text("recipe")) : args.value("recipe"), args, error);
    if (!recipes)
        return std::nullopt;
    request.recipes = std::move(*recipes);

    // 2. The run's settings.
    train::TrainConfig& config = request.config;
    config.steps = static_cast<int>(values.whole("steps"));
    config.seed = static_cast<std::uint64_t>(values.whole("seed"));
    config.evalEvery = static_cast<int>(values.whole("eval-every"));
    const auto rate = readLearningRate(values.text("lr"));
    if (!rate) {
        error = "--lr: " + english(text::learningRateErrorText(QString::fromStdString(values.text("lr"))));
        return std::nullopt;
    }
    config.peakLearningRate = rate->peak;
    config.finalLearningRate = values.has("final-lr") ? values.number("final-lr") : rate->final;
    if (const auto problem = train::checkConfig(config, train::Corpus::builtin())) {
        error = english(text::configErrorText(*problem));
        return std::nullopt;
    }

    // 3. Where the products run.
    const auto products = productsOf(values.text("products"), request.recipes, error);
    if (!products)
        return std::nullopt;
    request.products = *products;

    // 4. The view's own choices, and the work, bounded before any of it is done (100,000 steps took
    // 15 minutes a recipe).
    std::uint64_t runs = request.recipes.size() * request.products.size();
    if (forView) {
        const auto viewRuns = readViewChoices(values, args, request, error);
        if (!viewRuns)
            return std::nullopt;
        runs = *viewRuns;
    }
    if (request.recipes.size() > kMaxTrainingRecipes) {
        error = "at most " + std::to_string(kMaxTrainingRecipes) + " recipes at once, got " + std::to_string(request.recipes.size());
        return std::nullopt;
    }
    if (!request.untrained && runs * static_cast<std::uint64_t>(config.steps) > kMaxTrainingRecipeSteps) {
        error = "at most " + std::to_string(kMaxTrainingRecipeSteps) + " recipe-steps (runs x --steps), got "
              + std::to_string(runs) + " x " + std::to_string(config.steps) + " = " + std::to_string(runs * config.steps);
        return std::nullopt;
    }
    return request;
}

}  // namespace

std::optional<std::vector<train::Recipe>> readRecipes(const ViewArguments& args, std::string& error)
{
    return recipesOf(args.value("recipe"), args, error);
}

std::vector<std::string> trainPresetIds()
{
    std::vector<std::string> ids;
    for (const LessonPreset& p : optionNamed(trainingOptions(), "preset").presets)
        if (!p.values.contains("gap-lr"))
            ids.push_back(p.id);
    return ids;
}

std::optional<TrainingRequest> readTrainingRequest(const ViewArguments& args, bool forView, std::string& error)
{
    // What `floatscope train` must be given (a preset gives recipes and steps; the gap view's is the
    // view's alone); then every declared option through its check.
    const auto preset = args.value("preset");
    if (!forView && !preset && !args.value("recipe") && !args.value("recipe-file")) {
        error = "train needs --recipe, --recipe-file or --preset (see 'floatscope train --help')";
        return std::nullopt;
    }
    if (!forView && !preset && !args.value("steps")) {
        error = "train needs --steps (see 'floatscope train --help')";
        return std::nullopt;
    }
    const auto values = readOptions(args, trainingOptions(), error);
    if (values && !forView && !values->text("gap-lr").empty()) {
        const std::string& id = values->text("preset");
        error = "--preset " + id + " draws the gap against the learning rate: 'floatscope export training --preset " + id
              + "' trains it";
        return std::nullopt;
    }
    return values ? requestOf(*values, args, forView, error) : std::nullopt;
}

TrainingData untrainedData(const TrainingRequest& request)
{
    TrainingData d;
    d.request = request;
    for (const ProductsOn products : request.products)
        for (const train::Recipe& r : request.recipes) {
            train::RunResult run;
            run.recipe = r;
            run.bytesPerParameter = train::bytesPerParameter(r);
            run.products = productsName(products);
            d.runs.push_back(std::move(run));
        }
    if (std::find(request.products.begin(), request.products.end(), ProductsOn::Gpu) != request.products.end())
        d.gpuName = gpu::tensorCoreDeviceName();
    d.gapRecipes = withoutFp32(request.recipes);
    for (std::size_t r = 0; r < d.gapRecipes.size(); ++r) {
        std::vector<train::LearningRateGap> row;
        for (const double peak : request.gapPeaks)
            row.push_back({peak, std::nullopt, std::nullopt, std::nullopt, 0.0});
        d.gaps.push_back(std::move(row));
    }
    return d;
}

TrainingData trainedData(const TrainingRequest& request, const std::atomic<bool>* cancel)
{
    TrainingData d = untrainedData(request);
    if (request.untrained)
        return d;
    const train::Corpus& corpus = train::Corpus::builtin();
    if (d.gapView())
        d.gaps = train::gapsAgainstLearningRate(corpus, request.config, d.gapRecipes, *train::findPreset("fp32"),
                                                request.gapPeaks, {}, cancel);
    else
        d.runs = train::runJobs(corpus, trainingJobs(request), {}, cancel);
    d.finished = true;
    return d;
}

ExportView trainingView()
{
    ExportView view = declaredView({
        .name = "training",
        .summary = "the training lab: recipes' loss curves side by side, their ends and memory, or the gap against "
                   "the learning rate",
        .options = trainingOptions(),
        .make = [](const OptionValues& values, const ViewArguments& args, std::string& error) -> std::unique_ptr<Figure> {
            const auto request = requestOf(values, args, true, error);
            if (!request)
                return nullptr;
            TrainingData data = trainedData(*request, args.stop());
            return args.stopped() ? nullptr : std::make_unique<TrainingFigure>(std::move(data));
        },
    });
    // What the view refuses, without training: a test walks the declaration through it.
    view.check = [](const ViewArguments& args, std::string& error) {
        return readTrainingRequest(args, true, error).has_value();
    };
    return view;
}

namespace {

// A page per preset. On a slide the recipes are told apart by their gap to fp32, a hundredth of a
// bit per character that the curves' fall from 5 to 3.5 would hide.
std::vector<std::vector<std::string>> trainingDeck()
{
    std::vector<std::vector<std::string>> pages;
    for (const LessonPreset& p : optionNamed(trainingOptions(), "preset").presets) {
        pages.push_back({"--preset", p.id});
        if (!p.values.contains("gap-lr"))
            pages.back().push_back("--vs-fp32");
    }
    return pages;
}

const LessonRegistration kRegistration({
    .place = 80,
    .title = [] { return QCoreApplication::translate("floatscope::gui::TrainingPanel", "Training lab"); },
    .shortTitle = [] { return QCoreApplication::translate("floatscope::gui::TrainingPanel", "Training"); },
    .view = trainingView(),
    .viewExample = {"--untrained"},
    .deck = trainingDeck(),
    .options = trainingOptions(),
});

}  // namespace

}  // namespace floatscope::gui
