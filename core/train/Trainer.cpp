#include "core/train/Trainer.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numbers>
#include <thread>

#include "core/lessons/SeededRandom.h"
#include "core/round/Rounding.h"

namespace floatscope::train {

namespace {

ModelShape shapeFor(const TrainConfig& config, const Corpus& corpus)
{
    ModelShape s = config.model;
    s.vocabulary = corpus.vocabulary();
    return s;
}

std::optional<Fp8Summary> summarise(const StepTally& tally, bool forward)
{
    Fp8Summary s;
    std::uint64_t elements = 0;
    std::uint64_t saturated = 0;
    std::uint64_t flushed = 0;
    bool any = false;
    for (std::size_t i = 0; i < tally.fp8.size(); ++i) {
        if (tally.fp8IsForward[i] != forward)
            continue;
        const Fp8Operand& o = tally.fp8[i];
        if (!any || o.amax > s.amax) {
            s.amax = o.amax;
            s.scale = o.scale;
        }
        any = true;
        elements += o.elements;
        saturated += o.saturated;
        flushed += o.flushed;
    }
    if (!any)
        return std::nullopt;
    s.saturatedShare = elements > 0 ? static_cast<double>(saturated) / static_cast<double>(elements) : 0;
    s.flushedShare = elements > 0 ? static_cast<double>(flushed) / static_cast<double>(elements) : 0;
    return s;
}

double share(std::uint64_t part, std::uint64_t whole)
{
    return whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

}  // namespace

// Runs on up to `threads` threads, each taking the next job; callbacks one at a time.
std::vector<RunResult> runJobs(const Corpus& corpus, const std::vector<RunJob>& jobs, const RunCallback& onStep,
                               const std::atomic<bool>* cancel, int threads)
{
    std::vector<RunResult> results(jobs.size());
    std::atomic<std::size_t> next{0};
    std::mutex callbackMutex;
    const auto worker = [&] {
        for (std::size_t i = next++; i < jobs.size(); i = next++) {
            const StepCallback forward = [&, i](const StepRecord& r) {
                if (!onStep)
                    return;
                const std::lock_guard lock(callbackMutex);
                onStep(i, r);
            };
            results[i] = run(corpus, jobs[i].config, jobs[i].recipe, forward, cancel);
        }
    };
    const std::size_t count = std::min<std::size_t>(static_cast<std::size_t>(std::max(threads, 1)), jobs.size());
    std::vector<std::thread> pool;
    for (std::size_t k = 1; k < count; ++k)
        pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool)
        t.join();
    return results;
}

const std::vector<LearningRatePreset>& learningRatePresets()
{
    static const std::vector<LearningRatePreset> list = {{"lecture", 3e-3, 3e-4}, {"small", 3e-4, 3e-5}};
    return list;
}

std::optional<LearningRatePreset> findLearningRatePreset(std::string_view name)
{
    for (const LearningRatePreset& p : learningRatePresets())
        if (name == p.name)
            return p;
    return std::nullopt;
}

std::optional<ConfigErrorKind> checkConfig(const TrainConfig& c, const Corpus& corpus)
{
    if (c.steps < 1 || c.steps > TrainConfig::kMaxSteps)
        return ConfigErrorKind::Steps;
    const auto rate = [](double lr) { return lr > 0 && lr <= 1; };
    if (!rate(c.peakLearningRate) || !rate(c.finalLearningRate))
        return ConfigErrorKind::LearningRate;
    const ModelShape& s = c.model;
    if (s.width < 1 || s.heads < 1 || s.width % s.heads != 0 || s.layers < 1 || s.hidden < 1 || s.context < 2
        || c.batch < 1 || c.evalEvery < 1 || c.evalSequences < 1)
        return ConfigErrorKind::Shape;
    const auto window = static_cast<std::size_t>(s.context) + 1;
    if (corpus.training().size() <= window || corpus.validation().size() <= window || corpus.vocabulary() < 2)
        return ConfigErrorKind::Corpus;
    return std::nullopt;
}

double learningRateAt(const TrainConfig& c, int step)
{
    if (c.steps <= 1)
        return c.peakLearningRate;
    const double progress = static_cast<double>(step) / static_cast<double>(c.steps - 1);
    return c.finalLearningRate
         + 0.5 * (c.peakLearningRate - c.finalLearningRate) * (1.0 + std::cos(std::numbers::pi * progress));
}

Trainer::Trainer(const Corpus& corpus, const TrainConfig& config, const Recipe& recipe)
    : m_corpus(corpus), m_config(config), m_layout(shapeFor(config, corpus)), m_precision(recipe),
      m_net(m_layout, config.batch), m_adam(m_layout.size(), config.adam), m_scaler(recipe.lossScale),
      m_histories(static_cast<std::size_t>(4 * m_layout.shape().layers),
                  LinearHistories{AmaxHistory(recipe.amaxHistory), AmaxHistory(recipe.amaxHistory),
                                  AmaxHistory(recipe.amaxHistory)})
{
    if (config.products && (m_engine = config.products(recipe)))
        m_precision.products = m_engine.get();
    m_config.model = m_layout.shape();
    m_storage = initialParameters(m_layout, config.seed);
    if (recipe.master)
        m_master = m_storage;
    m_precision.params.roundInPlace(m_storage);
    m_grads.resize(m_layout.size());
}

void Trainer::batchFor(int step, std::vector<std::uint8_t>& inputs, std::vector<std::uint8_t>& targets) const
{
    const auto t = static_cast<std::size_t>(m_config.model.context);
    const std::vector<std::uint8_t>& text = m_corpus.training();
    SeededRandom random(StochasticSource::mix(m_config.seed ^ 0xBA7C4ULL) + static_cast<std::uint64_t>(step));
    inputs.resize(static_cast<std::size_t>(m_config.batch) * t);
    targets.resize(inputs.size());
    for (std::size_t b = 0; b < static_cast<std::size_t>(m_config.batch); ++b) {
        const std::size_t start = random.below(text.size() - t - 1);
        std::copy_n(text.begin() + static_cast<std::ptrdiff_t>(start), t, inputs.begin() + static_cast<std::ptrdiff_t>(b * t));
        std::copy_n(text.begin() + static_cast<std::ptrdiff_t>(start + 1), t,
                    targets.begin() + static_cast<std::ptrdiff_t>(b * t));
    }
}

StepRecord Trainer::advance()
{
    StepRecord record;
    record.step = m_step + 1;
    record.learningRate = learningRateAt(m_config, m_step);
    record.lossScale = m_scaler.scale();

    std::vector<std::uint8_t> inputs;
    std::vector<std::uint8_t> targets;
    batchFor(m_step, inputs, targets);
    StepTally tally;
    m_net.setParameters(m_storage, m_precision, &m_histories, tally);
    record.trainLoss = m_net.forward(inputs, targets, m_precision, &m_histories, tally);
    m_net.backward(static_cast<float>(record.lossScale), m_grads, m_precision, &m_histories, tally);

    const bool master = m_precision.recipe.master;
    const UpdateOutcome outcome = m_adam.step(
        m_grads, record.lossScale, m_precision.recipe.lossScale.kind != LossScaleKind::None, record.learningRate,
        master ? std::span<float>(m_master) : std::span<float>(m_storage), m_storage, master, m_precision,
        StochasticSource::mix(m_config.seed ^ 0x5EEDULL) + static_cast<std::uint64_t>(m_step));
    m_scaler.update(outcome.skipped);

    record.skipped = outcome.skipped;
    record.gradientNorm = outcome.gradientNorm;
    record.absorbedShare = share(outcome.absorbed, outcome.updates);
    record.storageMovedShare = share(outcome.storageMoved, m_storage.size());
    record.underflowShare = share(tally.gradientZones.flushed, tally.gradientZones.nonzero);
    record.overflowShare = share(tally.gradientZones.overflowed, tally.gradientZones.nonzero);
    record.activationUnderflowShare = share(tally.activationZones.flushed, tally.activationZones.nonzero);
    record.fp8Forward = summarise(tally, true);
    record.fp8Backward = summarise(tally, false);
    ++m_step;
    if (m_step % m_config.evalEvery == 0 || m_step == m_config.steps)
        record.valBitsPerChar = validationBitsPerChar();
    return record;
}

double Trainer::validationBitsPerChar()
{
    const auto t = static_cast<std::size_t>(m_config.model.context);
    const auto batch = static_cast<std::size_t>(m_config.batch);
    const std::vector<std::uint8_t>& text = m_corpus.validation();
    const std::size_t batches = (static_cast<std::size_t>(m_config.evalSequences) + batch - 1) / batch;
    const std::size_t windows = batches * batch;
    const std::size_t span = text.size() - t - 1;
    // Delayed scaling reads the scales the run has reached; the evaluation records nothing.
    std::vector<LinearHistories> histories = m_histories;
    StepTally tally;
    m_net.setParameters(m_storage, m_precision, &histories, tally);
    std::vector<std::uint8_t> inputs(batch * t);
    std::vector<std::uint8_t> targets(batch * t);
    double total = 0;
    for (std::size_t k = 0; k < batches; ++k) {
        for (std::size_t b = 0; b < batch; ++b) {
            const std::size_t w = k * batch + b;
            const std::size_t start = windows > 1 ? w * span / (windows - 1) : 0;
            std::copy_n(text.begin() + static_cast<std::ptrdiff_t>(start), t,
                        inputs.begin() + static_cast<std::ptrdiff_t>(b * t));
            std::copy_n(text.begin() + static_cast<std::ptrdiff_t>(start + 1), t,
                        targets.begin() + static_cast<std::ptrdiff_t>(b * t));
        }
        std::vector<LinearHistories> forwardHistories = m_histories;
        total += m_net.forward(inputs, targets, m_precision, &forwardHistories, tally);
    }
    return total / static_cast<double>(batches) / std::numbers::ln2;
}

GradientProbe Trainer::probeGradients(const Recipe& recipe, double lossScale)
{
    Precision precision(recipe);
    precision.products = m_precision.products;
    std::vector<float> params = m_master.empty() ? m_storage : m_master;
    precision.params.roundInPlace(params);
    std::vector<std::uint8_t> inputs;
    std::vector<std::uint8_t> targets;
    batchFor(m_step, inputs, targets);
    std::vector<LinearHistories> histories = m_histories;
    StepTally tally;
    GradientProbe probe;
    probe.gradients.resize(m_layout.size());
    m_net.setParameters(params, precision, &histories, tally);
    probe.loss = m_net.forward(inputs, targets, precision, &histories, tally);
    m_net.backward(static_cast<float>(lossScale), probe.gradients, precision, &histories, tally);
    kernels::scale(probe.gradients.data(), static_cast<float>(1.0 / lossScale), probe.gradients.data(),
                   probe.gradients.size());
    probe.zones = tally.gradientZones;
    return probe;
}

std::vector<ScaleProbe> probeLossScales(Trainer& trainer, const Recipe& precision, const std::vector<double>& scales,
                                        std::vector<float>* referenceOut)
{
    const GradientProbe reference = trainer.probeGradients(*findPreset("fp32"), 1.0);
    if (referenceOut != nullptr)
        *referenceOut = reference.gradients;
    double referenceNorm = 0;
    for (const float g : reference.gradients)
        referenceNorm += static_cast<double>(g) * g;
    referenceNorm = std::sqrt(referenceNorm);
    std::vector<ScaleProbe> rows;
    for (const double scale : scales) {
        const GradientProbe probe = trainer.probeGradients(precision, scale);
        ScaleProbe row;
        row.scale = scale;
        std::uint64_t flushed = 0;
        std::uint64_t overflowed = 0;
        double error = 0;
        for (std::size_t i = 0; i < probe.gradients.size(); ++i) {
            const float g = probe.gradients[i];
            flushed += g == 0 && reference.gradients[i] != 0 ? 1 : 0;
            overflowed += std::isfinite(g) ? 0 : 1;
            const double d = static_cast<double>(g) - reference.gradients[i];
            error += d * d;
        }
        row.flushedShare = share(flushed, probe.gradients.size());
        row.overflowShare = share(overflowed, probe.gradients.size());
        if (overflowed == 0 && referenceNorm > 0)
            row.relativeError = std::sqrt(error) / referenceNorm;
        rows.push_back(row);
    }
    return rows;
}

double meanOverSteps(const RunResult& run, double StepRecord::*share)
{
    double sum = 0;
    for (const StepRecord& s : run.steps)
        sum += s.*share;
    return run.steps.empty() ? 0.0 : sum / static_cast<double>(run.steps.size());
}

RunResult run(const Corpus& corpus, const TrainConfig& config, const Recipe& recipe, const StepCallback& onStep,
              const std::atomic<bool>* cancel)
{
    RunResult result;
    result.recipe = recipe;
    result.bytesPerParameter = bytesPerParameter(recipe);
    Trainer trainer(corpus, config, recipe);
    result.products = trainer.products().name();
    while (!trainer.finished()) {
        if (cancel != nullptr && cancel->load()) {
            result.cancelled = true;
            break;
        }
        StepRecord step = trainer.advance();
        // A step whose products failed holds NaN: the run ends before it, with the engine's reason.
        if (result.productFailure = trainer.products().failure(); !result.productFailure.empty())
            break;
        result.steps.push_back(std::move(step));
        if (onStep)
            onStep(result.steps.back());
    }
    if (!result.cancelled && result.productFailure.empty() && !result.steps.empty())
        result.finalValBitsPerChar = result.steps.back().valBitsPerChar;
    return result;
}

std::vector<RunResult> runAll(const Corpus& corpus, const TrainConfig& config, const std::vector<Recipe>& recipes,
                              const RunCallback& onStep, const std::atomic<bool>* cancel, int threads)
{
    std::vector<RunJob> jobs;
    for (const Recipe& r : recipes)
        jobs.push_back({config, r});
    return runJobs(corpus, jobs, onStep, cancel, threads);
}

std::vector<LearningRateGap> gapAgainstLearningRate(const Corpus& corpus, const TrainConfig& config,
                                                    const Recipe& recipe, const Recipe& reference,
                                                    const std::vector<double>& peaks, const RunCallback& onStep,
                                                    const std::atomic<bool>* cancel, int threads)
{
    return gapsAgainstLearningRate(corpus, config, {recipe}, reference, peaks, onStep, cancel, threads).front();
}

std::vector<std::vector<LearningRateGap>> gapsAgainstLearningRate(const Corpus& corpus, const TrainConfig& config,
                                                                  const std::vector<Recipe>& recipes,
                                                                  const Recipe& reference,
                                                                  const std::vector<double>& peaks,
                                                                  const RunCallback& onStep,
                                                                  const std::atomic<bool>* cancel, int threads)
{
    // One run per (peak, recipe), each with its own config, spread over the threads.
    const std::size_t perPeak = 1 + recipes.size();
    std::vector<RunJob> jobs;
    for (const double peak : peaks) {
        TrainConfig c = config;
        c.peakLearningRate = peak;
        c.finalLearningRate = peak / 10;
        jobs.push_back({c, reference});
        for (const Recipe& r : recipes)
            jobs.push_back({c, r});
    }
    const std::vector<RunResult> results = runJobs(corpus, jobs, onStep, cancel, threads);
    std::vector<std::vector<LearningRateGap>> out(recipes.size());
    for (std::size_t r = 0; r < recipes.size(); ++r) {
        for (std::size_t i = 0; i < peaks.size(); ++i) {
            LearningRateGap g;
            g.peak = peaks[i];
            const RunResult& ref = results[i * perPeak];
            const RunResult& mine = results[i * perPeak + 1 + r];
            g.referenceBitsPerChar = ref.finalValBitsPerChar;
            g.recipeBitsPerChar = mine.finalValBitsPerChar;
            if (g.referenceBitsPerChar && g.recipeBitsPerChar)
                g.gap = *g.recipeBitsPerChar - *g.referenceBitsPerChar;
            g.meanAbsorbedShare = meanOverSteps(mine, &StepRecord::absorbedShare);
            out[r].push_back(g);
        }
    }
    return out;
}

}  // namespace floatscope::train
