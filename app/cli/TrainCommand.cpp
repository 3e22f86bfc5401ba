#include <charconv>
#include <cmath>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/cli/ArgParser.h"
#include "app/cli/Commands.h"
#include "app/cli/ExportViews.h"
#include "app/cli/Interruption.h"
#include "app/cli/Progress.h"
#include "app/lessons/TrainingLesson.h"
#include "app/io/AtomicFile.h"
#include "app/text/TrainText.h"
#include "core/train/Trainer.h"

namespace floatscope::cli {

namespace {

constexpr const char* kHelp = R"(usage: floatscope train --recipe R[,R...] --steps N [--seed S] [--lr X] [--final-lr X]
                        [--eval-every K] [--recipe-file FILE] [--threads T] [--products P]
                        [--json | --csv]
       floatscope train --preset %PRESETS% [--steps N] [options]
       floatscope train --recipe R --save-recipe FILE
       floatscope train --list

Trains the training lab's tiny character transformer (lecture 10's demo 5: embeddings, two pre-norm
blocks of attention and MLP, RMSNorm gains starting at 1.0; AdamW with weight decay 0.1, betas 0.9 /
0.95, gradient clipping 1.0, a cosine learning rate) on The Devil's Dictionary, once per recipe, from
the same initial weights and batches, and prints what each recipe did to the loss. The lecture's runs:
  floatscope train --recipe fp32,bf16-pure,fp16-pure,bf16-master --steps 300
  floatscope train --recipe fp32,bf16-pure,bf16-stochastic --steps 300 --lr small
  floatscope train --recipe fp16-noscale,fp16-amp --steps 300 --json

recipes (a recipe gives every role a format; 'floatscope train --list' prints each as text):
  fp32             everything fp32
  bf16-pure        weights, products and gradients in bf16, no fp32 master copy
  fp16-pure        the same in fp16 (no loss scaling)
  bf16-master      bf16 weights, products and gradients, AdamW on an fp32 master copy
  fp16-amp         fp16 with an fp32 master and dynamic loss scaling (2^16, x2 every 100 good steps)
  fp16-noscale     fp16 with an fp32 master, no loss scaling
  bf16-stochastic  bf16-pure with the update rounded stochastically (seeded)
  fp8-current      bf16-master with the linear layers' products in e4m3fn / e5m2, per-tensor current scaling
  fp8-delayed      the same with delayed scaling (the largest amax of the last 16 steps)
  Adam's moments are fp32 in every preset. A recipe of your own is key=value text, in --recipe
  (pairs separated by ';') or in a file: base=bf16-pure;name=mine;update=stochastic;adam-m=bf16

options:
  --preset ID         the Training lab tab's preset: its recipes and learning rate, 300 steps unless
                      --steps says otherwise (lecture: fp32, bf16-pure, fp16-pure, bf16-master;
                      small-lr: the small learning rate; loss-scaling; fp8); 'gap' is the export's
  --recipe LIST       recipes, comma-separated: preset names or key=value texts (at most 8 recipes
                      in all; a name of at most 40 bytes)
  --recipe-file FILES recipe files, comma-separated (key=value pairs, '#' comments), run after --recipe
  --steps N           training steps, 1..100000; runs x steps at most 8192 (a minute on two cores;
                      the window's lab trains longer, with a progress bar and Cancel)
  --seed S            initial weights, batches and stochastic rounding, 0..1000000000 (default 0)
  --lr X              the peak learning rate, a number in (0, 1], or 'lecture' (3e-3 to 3e-4, the
                      default) or 'small' (3e-4 to 3e-5); a number decays to a tenth of itself
  --final-lr X        the learning rate the cosine ends at, in (0, 1]
  --eval-every K      validation bits per character every K steps and after the last (default 25)
  --threads T         recipes trained side by side (default: 2, or 1 on one core)
  --products P        where the matrix products run: 'emulated' (the default: the recipe's roundings,
                      fp32 products on the CPU's BLAS), 'gpu' (the same roundings, the products on this
                      GPU through cuBLASLt: fp16, bf16 and tf32 on the tensor cores with fp32
                      accumulation, e4m3fn / e5m2 on the fp8 tensor cores from compute capability 8.9,
                      fp32 on the CUDA cores), or 'emulated,gpu' (each recipe both ways, side by side).
                      Without a usable GPU, or for a recipe it cannot run, 'gpu' exits 2 with the reason;
                      a GPU that fails mid-run ends that run, prints the reason and exits 1
  --list              print every preset as recipe text and exit
  --save-recipe FILE  write the one recipe of --recipe (or --recipe-file) to FILE as key=value text
                      (what --recipe-file and the window's recipe editor read) and exit; e.g.
                      floatscope train --recipe 'base=bf16-pure;name=mine;adam-m=bf16' --save-recipe mine.recipe
  --json              one JSON document: {"runs": [{"recipe", "products", "bytes_per_param",
                      "final_val_bits_per_char", "steps": [{"step", "train_loss", "val_bits_per_char",
                      "absorbed_share", "underflow_share", "overflow_share", "loss_scale", "skipped",
                      "fp8_forward_amax", ... }]}]} (keys sorted; the fp8 keys below)
  --csv               one row per run and step, with the same fields
  --no-color          no colours, even on a terminal
  --progress          the steps done on stderr, as on a terminal, also when stderr is not one
  -h, --help          this help

Ctrl-C (or SIGTERM) stops the runs within a step: what was trained is printed (the JSON with
"interrupted": true, each run's steps so far, and "not_started": the runs that had none), and the
exit status is 130. A second Ctrl-C ends at once.

train_loss is the step's batch loss in nats per character; val_bits_per_char is null between
validations; absorbed_share: of the parameters with a nonzero update, those whose updated copy did not
move; underflow_share / overflow_share: of the nonzero gradients rounded in the step (activation
gradients entering products, and parameter gradients), those that became 0 / inf; bytes_per_param is
the memory ledger's (weights, master, gradients and Adam's two moments). fp8 recipes add, per step and
direction (forward: e4m3fn activations and weights; backward: e5m2 gradients), fp8_forward_amax /
fp8_backward_amax (the largest |x| cast), fp8_*_scale (that operand's scale), fp8_*_saturated_share
and fp8_*_flushed_share (of all elements cast, those that saturated or became 0); null for the others.
products is 'emulated' or 'gpu'; the table calls a run on the GPU 'RECIPE (GPU)'.
)";

// The usage with the presets the lab declares.
std::string help()
{
    std::string presets;
    for (const std::string& id : gui::trainPresetIds())
        presets += (presets.empty() ? "" : "|") + id;
    std::string text = kHelp;
    text.replace(text.find("%PRESETS%"), 9, presets);
    return text;
}

std::string number(double v)
{
    char buffer[64];
    const auto r = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, r.ptr);
}

QJsonValue finite(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

QJsonValue optionalFinite(const std::optional<double>& v)
{
    return v ? finite(*v) : QJsonValue();
}

std::string text(const QString& s)
{
    return s.toStdString();
}

// The fp8 statistics of a step: amax, scale, saturated and flushed shares per direction.
struct Fp8Field {
    const char* name;
    double train::Fp8Summary::*member;
};
constexpr Fp8Field kFp8Fields[] = {{"amax", &train::Fp8Summary::amax},
                                   {"scale", &train::Fp8Summary::scale},
                                   {"saturated_share", &train::Fp8Summary::saturatedShare},
                                   {"flushed_share", &train::Fp8Summary::flushedShare}};

struct Fp8Direction {
    const char* name;
    std::optional<train::Fp8Summary> train::StepRecord::*member;
};
constexpr Fp8Direction kFp8Directions[] = {{"forward", &train::StepRecord::fp8Forward},
                                           {"backward", &train::StepRecord::fp8Backward}};

void addFp8Json(QJsonObject& step, const train::StepRecord& s)
{
    for (const Fp8Direction& d : kFp8Directions)
        for (const Fp8Field& f : kFp8Fields) {
            const std::optional<train::Fp8Summary>& summary = s.*(d.member);
            step.insert(QStringLiteral("fp8_%1_%2").arg(QLatin1String(d.name), QLatin1String(f.name)),
                        summary ? finite((*summary).*(f.member)) : QJsonValue());
        }
}

void printRunsJson(const Io& io, const std::vector<train::RunResult>& runs, bool interrupted)
{
    QJsonArray list;
    QJsonArray notStarted;  // interrupted before their first step
    for (const train::RunResult& run : runs) {
        if (run.steps.empty()) {
            notStarted.append(text(text::runName(run)).c_str());
            continue;
        }
        QJsonArray steps;
        for (const train::StepRecord& s : run.steps) {
            QJsonObject step{
                {"step", s.step},
                {"train_loss", finite(s.trainLoss)},
                {"val_bits_per_char", optionalFinite(s.valBitsPerChar)},
                {"absorbed_share", s.absorbedShare},
                {"underflow_share", s.underflowShare},
                {"overflow_share", s.overflowShare},
                {"loss_scale", s.lossScale},
                {"skipped", s.skipped},
            };
            addFp8Json(step, s);
            steps.append(step);
        }
        list.append(QJsonObject{
            {"recipe", QString::fromStdString(run.recipe.name)},
            {"products", QString::fromStdString(run.products)},
            {"bytes_per_param", run.bytesPerParameter},
            {"final_val_bits_per_char", optionalFinite(run.finalValBitsPerChar)},
            {"steps", steps},
        });
    }
    QJsonObject document{{"runs", list}};
    if (interrupted)
        document["interrupted"] = true;
    if (!notStarted.isEmpty())
        document["not_started"] = notStarted;
    printJson(io, QJsonDocument(document));
}

void printCsv(const Io& io, const std::vector<train::RunResult>& runs)
{
    std::string header = "recipe,step,train_loss,val_bits_per_char,absorbed_share,underflow_share,overflow_share,"
                         "loss_scale,skipped";
    for (const Fp8Direction& d : kFp8Directions)
        for (const Fp8Field& f : kFp8Fields)
            header += std::string(",fp8_") + d.name + "_" + f.name;
    header += ",products";
    std::fprintf(io.out, "%s\n", header.c_str());
    for (const train::RunResult& run : runs)
        for (const train::StepRecord& s : run.steps) {
            std::fprintf(io.out, "%s,%d,%s,%s,%s,%s,%s,%s,%d", run.recipe.name.c_str(), s.step,
                         number(s.trainLoss).c_str(), s.valBitsPerChar ? number(*s.valBitsPerChar).c_str() : "",
                         number(s.absorbedShare).c_str(), number(s.underflowShare).c_str(),
                         number(s.overflowShare).c_str(), number(s.lossScale).c_str(), s.skipped ? 1 : 0);
            for (const Fp8Direction& d : kFp8Directions)
                for (const Fp8Field& f : kFp8Fields) {
                    const std::optional<train::Fp8Summary>& summary = s.*(d.member);
                    std::fprintf(io.out, ",%s", summary ? number((*summary).*(f.member)).c_str() : "");
                }
            std::fprintf(io.out, ",%s\n", run.products.c_str());
        }
}

std::string percent(double share)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f%%", 100.0 * share);
    return buffer;
}

void printTable(const Io& io, const train::TrainConfig& config, std::size_t parameters,
                const std::vector<train::RunResult>& runs)
{
    std::fprintf(io.out, "%zu parameters, batch %d x %d, %d steps, learning rate %g -> %g (cosine), seed %llu\n\n",
                 parameters, config.batch, config.model.context, config.steps, config.peakLearningRate,
                 config.finalLearningRate, static_cast<unsigned long long>(config.seed));
    Table table({"recipe", "bytes/param", "val bits/char", "vs first", "absorbed (last step)", "underflow (mean)",
                 "skipped", "loss scale (end)"});
    const std::optional<double> reference = runs.front().finalValBitsPerChar;
    for (const train::RunResult& run : runs) {
        if (run.steps.empty()) {  // interrupted before its first step
            table.addRow({paint(io, Colour::Bold, text(text::runName(run))), number(run.bytesPerParameter), "-", "-", "-", "-",
                          "-", "-"});
            continue;
        }
        double underflow = 0;
        int skipped = 0;
        for (const train::StepRecord& s : run.steps) {
            underflow += s.underflowShare;
            skipped += s.skipped ? 1 : 0;
        }
        const std::optional<double> val = run.finalValBitsPerChar;
        char bpc[32] = "-";
        char gap[32] = "-";
        if (val)
            std::snprintf(bpc, sizeof bpc, "%.4f", *val);
        if (val && reference)
            std::snprintf(gap, sizeof gap, "%+.4f", *val - *reference);
        table.addRow({paint(io, Colour::Bold, text(text::runName(run))), number(run.bytesPerParameter), bpc, gap,
                      percent(run.steps.back().absorbedShare),
                      percent(underflow / static_cast<double>(run.steps.size())), std::to_string(skipped),
                      number(run.steps.back().lossScale)});
    }
    table.print(io);

    // fp8 recipes: what their casts did in the last step, and the saturation over the run.
    Table fp8({"recipe", "direction", "amax (last step)", "scale (last step)", "saturated (mean)", "flushed (mean)"});
    for (const train::RunResult& run : runs)
        for (const Fp8Direction& d : kFp8Directions) {
            if (run.steps.empty())
                continue;
            const std::optional<train::Fp8Summary>& last = run.steps.back().*(d.member);
            if (!last)
                continue;
            double saturated = 0;
            double flushed = 0;
            for (const train::StepRecord& s : run.steps)
                if (const std::optional<train::Fp8Summary>& f = s.*(d.member)) {
                    saturated += f->saturatedShare / static_cast<double>(run.steps.size());
                    flushed += f->flushedShare / static_cast<double>(run.steps.size());
                }
            char amax[32];
            char scale[32];
            std::snprintf(amax, sizeof amax, "%.4g", last->amax);
            std::snprintf(scale, sizeof scale, "%.4g", last->scale);
            fp8.addRow({paint(io, Colour::Bold, text(text::runName(run))),
                        std::string(d.name) + (d.member == &train::StepRecord::fp8Forward
                                                   ? " (" + run.recipe.fp8Forward.name() + ")"
                                                   : " (" + run.recipe.fp8Backward.name() + ")"),
                        amax, scale, percent(saturated), percent(flushed)});
        }
    if (fp8.pendingRows() > 0) {
        std::fputs("\nfp8 casts (per tensor: the largest amax of the step and its scale)\n", io.out);
        fp8.print(io);
    }
}

}  // namespace

int runTrain(const std::vector<std::string>& arguments, const Io& ioIn)
{
    // The lab's declared options (what the panel and `export training` take too) but the view's own,
    // and the command's.
    std::vector<gui::LessonOption> declared;
    for (const gui::LessonOption& o : gui::trainingOptions())
        if (o.name != "gap-lr" && o.name != "vs-fp32" && o.name != "untrained")
            declared.push_back(o);
    ArgParser args(declaredOptions(declared, {{"threads", 0, true},
                                              {"list", 0, false},
                                              {"save-recipe", 0, true},
                                              {"json", 0, false},
                                              {"csv", 0, false},
                                              {"no-color", 0, false},
                                              {"progress", 0, false},
                                              {"help", 'h', false}}));
    if (const auto done = parseArguments(args, arguments, ioIn, "train", help()))
        return *done;
    const Io io = outputIo(ioIn, args);
    if (!args.positionals().empty())
        return usageError(io, "train takes options only, got '" + args.positionals().front()
                                  + "' (see 'floatscope train --help')");
    if (args.has("list")) {
        for (const train::Recipe& r : train::presets())
            std::fprintf(io.out, "%s\n", train::recipeText(r).c_str());
        return 0;
    }

    // 1. Recipes and the run's settings, as `floatscope export training` reads them.
    const ParsedArguments view(args);
    std::string error;
    if (const auto target = args.value("save-recipe")) {
        const auto recipes = gui::readRecipes(view, error);
        if (!recipes)
            return usageError(io, error);
        if (recipes->size() != 1)
            return usageError(io, "--save-recipe writes one recipe, got " + std::to_string(recipes->size())
                                      + " (give one in --recipe)");
        const QString path = QString::fromStdString(*target);
        const std::string content = train::recipeFileText(recipes->front());
        if (const QString problem = io::writeFileAtomically(path, QByteArray::fromStdString(content)); !problem.isEmpty())
            return usageError(io, text(text::recipeSaveErrorText(path, problem)));
        return 0;
    }
    const auto request = gui::readTrainingRequest(view, false, error);
    if (!request)
        return usageError(io, error);
    const train::TrainConfig& config = request->config;
    const std::uint64_t cores = std::max(1u, std::thread::hardware_concurrency());
    std::uint64_t threads = std::min<std::uint64_t>(2, cores);
    if (!readWhole(args, "threads", 1, 64, threads, error))
        return usageError(io, error);
    if (args.has("json") && args.has("csv"))
        return usageError(io, "--json and --csv contradict each other");
    const train::Corpus& corpus = train::Corpus::builtin();

    // 2. The runs, side by side (each recipe once per --products choice), with the steps done on a
    //    terminal's stderr and Ctrl-C polled every step.
    const std::vector<train::RunJob> jobs = gui::trainingJobs(*request);
    const Interruption interruption;
    const std::uint64_t total = jobs.size() * static_cast<std::uint64_t>(config.steps);
    Progress progress(io.err, args.has("progress"), "training", "recipe-steps", total);
    std::uint64_t done = 0;
    const train::RunCallback onStep = [&](std::size_t, const train::StepRecord&) {
        progress.show(++done);  // one call at a time (runJobs)
    };
    const std::vector<train::RunResult> runs =
        train::runJobs(corpus, jobs, onStep, interruption.flag(), static_cast<int>(threads));
    progress.clear();
    const bool interrupted = interruption.requested();
    if (args.has("json"))
        printRunsJson(io, runs, interrupted);
    else if (args.has("csv"))
        printCsv(io, runs);
    else {
        train::ModelShape shape = config.model;
        shape.vocabulary = corpus.vocabulary();
        printTable(io, config, train::ParameterLayout(shape).size(), runs);
    }
    if (interrupted) {
        std::fprintf(io.err, "floatscope: interrupted after %llu of %llu recipe-steps: the results above are of the steps done\n",
                     static_cast<unsigned long long>(done), static_cast<unsigned long long>(total));
        return Interruption::kExitStatus;
    }
    // A GPU that failed: what ran is printed above; the reason, one line a run, and exit status 1.
    int status = 0;
    for (const train::RunResult& run : runs)
        if (!run.productFailure.empty()) {
            std::fprintf(io.err, "%s\n", text(text::productsNotes({run}, {}).join(QLatin1Char(' '))).c_str());
            status = 1;
        }
    return status;
}

}  // namespace floatscope::cli
