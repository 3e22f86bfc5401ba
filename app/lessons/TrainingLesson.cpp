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

// --NAME N: all of the text a whole number in min..max; `value` keeps its default when absent.
bool readCount(const ViewArguments& args, const char* name, std::uint64_t min, std::uint64_t max, std::uint64_t& value,
               std::string& error)
{
    const auto text = args.value(name);
    if (!text)
        return true;
    const auto n = wholeNumberText(*text);
    if (!n || *n < min || *n > max) {
        error = std::string("--") + name + " takes a whole number " + std::to_string(min) + ".." + std::to_string(max)
              + ", got '" + *text + "'";
        return false;
    }
    value = *n;
    return true;
}

std::optional<double> rateText(const std::string& text)
{
    const auto v = finiteNumberText(text);
    return v && *v > 0 && *v <= 1 ? v : std::nullopt;
}

}  // namespace

std::optional<std::vector<double>> parsePeakList(const std::string& text, std::string& error)
{
    std::vector<double> peaks;
    std::stringstream items(text);
    std::string item;
    while (std::getline(items, item, ',')) {
        const auto rate = rateText(item);
        if (!rate) {
            error = english(text::learningRateErrorText(QString::fromStdString(item)));
            return std::nullopt;
        }
        peaks.push_back(*rate);
    }
    if (peaks.empty() || peaks.size() > kMaxGapPeaks) {
        error = "--gap-lr takes 1 to " + std::to_string(kMaxGapPeaks) + " peak learning rates, got '" + text + "'";
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

std::optional<std::vector<ProductsOn>> parseProducts(const std::string& text, const std::vector<train::Recipe>& recipes,
                                                     std::string& error)
{
    std::vector<ProductsOn> products;
    std::stringstream items(text);
    std::string item;
    while (std::getline(items, item, ',')) {
        const std::optional<ProductsOn> p = item == "emulated" ? std::optional(ProductsOn::Engine)
                                          : item == "gpu"      ? std::optional(ProductsOn::Gpu)
                                                               : std::nullopt;
        if (!p || std::find(products.begin(), products.end(), *p) != products.end()) {
            error = "--products takes emulated, gpu or emulated,gpu, got '" + text + "'";
            return std::nullopt;
        }
        products.push_back(*p);
    }
    if (products.empty()) {
        error = "--products takes emulated, gpu or emulated,gpu, got '" + text + "'";
        return std::nullopt;
    }
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

std::optional<std::vector<train::Recipe>> readRecipes(const ViewArguments& args, bool forView, std::string& error)
{
    std::vector<train::Recipe> recipes;
    // The list, then the files (bounded regular files: /dev/zero or a FIFO is refused at once).
    const std::optional<std::string> list = forView && !args.value("recipe") && !args.value("recipe-file")
                                              ? std::optional<std::string>(kDefaultTrainingRecipes)
                                              : args.value("recipe");
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

std::optional<TrainingRequest> readTrainingRequest(const ViewArguments& args, bool forView, std::string& error)
{
    // 1. Recipes.
    TrainingRequest request;
    auto recipes = readRecipes(args, forView, error);
    if (!recipes)
        return std::nullopt;
    request.recipes = std::move(*recipes);
    if (!forView && !args.value("steps")) {
        error = "train needs --steps (see 'floatscope train --help')";
        return std::nullopt;
    }

    // 2. The run's settings.
    train::TrainConfig& config = request.config;
    std::uint64_t steps = kDefaultTrainingSteps;
    std::uint64_t evalEvery = static_cast<std::uint64_t>(config.evalEvery);
    if (!readCount(args, "steps", 1, train::TrainConfig::kMaxSteps, steps, error)
        || !readCount(args, "seed", 0, UINT64_MAX, config.seed, error)
        || !readCount(args, "eval-every", 1, train::TrainConfig::kMaxSteps, evalEvery, error))
        return std::nullopt;
    config.steps = static_cast<int>(steps);
    config.evalEvery = static_cast<int>(evalEvery);
    if (const auto lr = args.value("lr")) {
        if (const auto preset = train::findLearningRatePreset(*lr)) {
            config.peakLearningRate = preset->peak;
            config.finalLearningRate = preset->final;
        } else if (const auto rate = finiteNumberText(*lr)) {
            config.peakLearningRate = *rate;
            config.finalLearningRate = *rate / 10;
        } else {
            error = english(text::learningRateErrorText(QString::fromStdString(*lr)));
            return std::nullopt;
        }
    }
    if (const auto lr = args.value("final-lr")) {
        const auto rate = finiteNumberText(*lr);
        if (!rate) {
            error = english(text::learningRateErrorText(QString::fromStdString(*lr)));
            return std::nullopt;
        }
        config.finalLearningRate = *rate;
    }
    if (const auto problem = train::checkConfig(config, train::Corpus::builtin())) {
        error = english(text::configErrorText(*problem));
        return std::nullopt;
    }

    // 3. Where the products run.
    if (const auto products = args.value("products")) {
        const auto parsed = parseProducts(*products, request.recipes, error);
        if (!parsed)
            return std::nullopt;
        request.products = *parsed;
    }

    // 4. The view's own: the gap against the learning rate, or the recipes before training.
    std::uint64_t runs = request.recipes.size() * request.products.size();
    if (forView) {
        request.untrained = args.has("untrained");
        request.vsFp32 = args.has("vs-fp32");
        if (const auto peaks = args.value("gap-lr")) {
            const auto parsed = parsePeakList(*peaks, error);
            if (!parsed)
                return std::nullopt;
            request.gapPeaks = *parsed;
            const auto others = std::count_if(request.recipes.begin(), request.recipes.end(),
                                              [](const train::Recipe& r) { return r.name != "fp32"; });
            runs = request.gapPeaks.size() * static_cast<std::uint64_t>(others + 1);  // each recipe and fp32 at each peak
            if (request.products != std::vector<ProductsOn>{ProductsOn::Engine}) {
                error = "--gap-lr trains on the engine only: leave out --products";
                return std::nullopt;
            }
            if (std::all_of(request.recipes.begin(), request.recipes.end(),
                            [](const train::Recipe& r) { return r.name == "fp32"; })) {
                error = "--gap-lr plots recipes against fp32: give a recipe other than fp32 in --recipe";
                return std::nullopt;
            }
        }
    }

    // 5. The work, bounded before any of it is done (100,000 steps took 15 minutes a recipe).
    if (request.recipes.size() > kMaxTrainingRecipes) {
        error = "at most " + std::to_string(kMaxTrainingRecipes) + " recipes at once, got " + std::to_string(request.recipes.size());
        return std::nullopt;
    }
    const bool untrained = forView && request.untrained;
    if (!untrained && runs * static_cast<std::uint64_t>(config.steps) > kMaxTrainingRecipeSteps) {
        error = "at most " + std::to_string(kMaxTrainingRecipeSteps) + " recipe-steps (runs x --steps), got "
              + std::to_string(runs) + " x " + std::to_string(config.steps) + " = " + std::to_string(runs * config.steps);
        return std::nullopt;
    }
    return request;
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
    const auto make = [](const ViewArguments& args, std::string& error) -> std::unique_ptr<Figure> {
        const auto request = readTrainingRequest(args, true, error);
        if (!request)
            return nullptr;
        TrainingData data = trainedData(*request, args.stop());
        return args.stopped() ? nullptr : std::make_unique<TrainingFigure>(std::move(data));
    };
    return {"training",
            "the training lab: recipes' loss curves side by side, their ends and memory, or the gap against the "
            "learning rate",
            "[--recipe LIST] [--recipe-file FILES] [--steps N] [--seed S] [--lr X] [--final-lr X] [--eval-every K] "
            "[--products emulated|gpu|emulated,gpu] [--gap-lr PEAKS] [--vs-fp32] [--untrained]",
            {{"recipe"}, {"recipe-file"}, {"steps"}, {"seed"}, {"lr"}, {"final-lr"}, {"eval-every"}, {"products"},
             {"gap-lr"}, {"vs-fp32", 0, false}, {"untrained", 0, false}},
            make};
}

const std::vector<TrainingPreset>& trainingPresets()
{
    static const std::vector<TrainingPreset> list = {
        {"lecture", kDefaultTrainingRecipes, "lecture", false},
        {"small-lr", "fp32,bf16-pure,bf16-stochastic,bf16-master", "small", false},
        {"loss-scaling", "fp32,fp16-noscale,fp16-amp", "lecture", false},
        {"fp8", "fp32,bf16-master,fp8-current,fp8-delayed", "lecture", false},
        {"gap", "bf16-pure", "lecture", true},
    };
    return list;
}

std::vector<std::string> trainingPresetArguments(const TrainingPreset& p)
{
    std::vector<std::string> args = {"--recipe", p.recipes, "--steps", std::to_string(kDefaultTrainingSteps)};
    if (std::string_view(p.learningRate) != "lecture")
        args.insert(args.end(), {"--lr", p.learningRate});
    if (p.gap)
        args.insert(args.end(), {"--gap-lr", kDefaultGapPeaks});
    return args;
}

namespace {

std::vector<std::vector<std::string>> trainingDeck()
{
    // On a slide the recipes are told apart by their gap to fp32, a hundredth of a bit per
    // character that the curves' fall from 5 to 3.5 would hide.
    std::vector<std::vector<std::string>> pages;
    for (const TrainingPreset& p : trainingPresets()) {
        pages.push_back(trainingPresetArguments(p));
        if (!p.gap)
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
});

}  // namespace

}  // namespace floatscope::gui
