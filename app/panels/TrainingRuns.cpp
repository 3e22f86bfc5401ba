// The training lab's runs (TrainingPanel.h): the plan the fields ask for, training on the background
// job with the curves filling in as the steps arrive, cancelling, and the status line that says where it is.
#include "app/panels/TrainingPanel.h"

#include <algorithm>
#include <mutex>
#include <set>
#include <thread>

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStackedWidget>
#include <QTimer>

#include "app/panels/BackgroundJob.h"
#include "app/text/LessonText.h"
#include "app/text/TrainText.h"

namespace floatscope::gui {

// Steps as the worker threads report them, taken by the UI thread a few times a second.
struct LiveRuns {
    std::mutex mutex;
    std::vector<std::vector<train::StepRecord>> steps;  // per recipe, not yet taken
    std::size_t done = 0;                               // steps of every run so far
    // The gap view's runs (reference and recipes at each peak): final bits per character, absorbed sums.
    std::vector<std::optional<double>> finals;
    std::vector<double> absorbed;
};

namespace {

// What a request is, as text: two requests with the same signature train the same runs.
std::string signatureOf(const TrainingRequest& r)
{
    std::string s;
    for (const train::Recipe& recipe : r.recipes)
        s += train::recipeText(recipe) + ";";
    const train::TrainConfig& c = r.config;
    s += std::to_string(c.steps) + "/" + std::to_string(c.seed) + "/" + std::to_string(c.peakLearningRate) + "/"
       + std::to_string(c.finalLearningRate) + "/" + std::to_string(c.evalEvery);
    for (const double p : r.gapPeaks)
        s += "," + std::to_string(p);
    for (const ProductsOn p : r.products)
        s += std::string("/") + productsName(p);
    return s;
}

int trainingThreads()
{
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 2u));
}

}  // namespace

void TrainingPanel::compute()
{
    const auto r = request();
    if (!r)
        return;
    const std::string signature = signatureOf(*r);
    const bool started = m_statusKind != Status::Untrained;
    if (!started) {
        m_data = untrainedData(*r);
        m_dataSignature = signature;
        m_pages->setCurrentIndex(m_data.gapView() ? 1 : 0);
        showData();
    } else if (!training()) {
        m_statusKind = signature == m_dataSignature ? (m_data.finished ? Status::Done : Status::Cancelled) : Status::Changed;
    }
    showStatus();
}

void TrainingPanel::train()
{
    const auto r = request();
    if (!r)
        return;
    if (m_job->running()) {
        m_job->restart([this] { train(); });
        return;
    }
    startTraining(*r);
}

void TrainingPanel::startTraining(const TrainingRequest& r)
{
    m_data = untrainedData(r);
    m_dataSignature = signatureOf(r);
    m_pages->setCurrentIndex(m_data.gapView() ? 1 : 0);
    m_statusKind = Status::Training;
    m_progress->setValue(0);
    showData();
    showStatus();
    auto live = std::make_shared<LiveRuns>();
    live->steps.resize(m_data.runs.size());
    const std::size_t gapRuns = m_data.request.gapPeaks.size() * (1 + m_data.gapRecipes.size());
    live->finals.resize(gapRuns);
    live->absorbed.resize(gapRuns);
    m_live = live;
    m_liveTimer->start();
    updateEnabled();
    m_train->setEnabled(true);
    m_cancel->setEnabled(true);
    const int threads = trainingThreads();
    TrainingData start = m_data;
    m_job->start([this, live, start, threads](const BackgroundJob::Control& control) {
        TrainingData d = start;
        const train::TrainConfig& config = d.request.config;
        const train::Corpus& corpus = train::Corpus::builtin();
        const std::size_t runs = d.gapView() ? d.request.gapPeaks.size() * (1 + d.gapRecipes.size()) : d.runs.size();
        const double total = static_cast<double>(runs) * config.steps;
        const train::RunCallback onStep = [&](std::size_t run, const train::StepRecord& step) {
            const std::lock_guard lock(live->mutex);
            if (!d.gapView()) {
                live->steps[run].push_back(step);
            } else {
                live->absorbed[run] += step.absorbedShare;
                if (step.step == config.steps)
                    live->finals[run] = step.valBitsPerChar;
            }
            control.progress(static_cast<double>(++live->done) / total);
        };
        bool cancelled = false;
        if (d.gapView()) {
            d.gaps = train::gapsAgainstLearningRate(corpus, config, d.gapRecipes, *train::findPreset("fp32"),
                                                    d.request.gapPeaks, onStep, control.cancelFlag(), threads);
            cancelled = control.cancelled();
        } else {
            d.runs = train::runJobs(corpus, trainingJobs(d.request), onStep, control.cancelFlag(), threads);
            cancelled = std::any_of(d.runs.begin(), d.runs.end(), [](const train::RunResult& r) { return r.cancelled; });
        }
        d.finished = !cancelled;
        return [this, d = std::move(d), cancelled]() mutable { finishTraining(std::move(d), cancelled); };
    });
}

void TrainingPanel::takeLiveSteps()
{
    const std::shared_ptr<LiveRuns> live = m_live;
    if (!live)
        return;
    bool any = false;
    {
        const std::lock_guard lock(live->mutex);
        // The gap view: a point as soon as both runs of a peak have ended.
        const std::size_t perPeak = 1 + m_data.gapRecipes.size();
        for (std::size_t r = 0; r < m_data.gaps.size(); ++r)
            for (std::size_t i = 0; i < m_data.gaps[r].size(); ++i) {
                train::LearningRateGap& g = m_data.gaps[r][i];
                const std::optional<double>& reference = live->finals[i * perPeak];
                const std::optional<double>& mine = live->finals[i * perPeak + 1 + r];
                if (g.gap || !reference || !mine)
                    continue;
                g.referenceBitsPerChar = reference;
                g.recipeBitsPerChar = mine;
                g.gap = *mine - *reference;
                g.meanAbsorbedShare = live->absorbed[i * perPeak + 1 + r] / m_data.request.config.steps;
                any = true;
            }
        for (std::size_t i = 0; i < live->steps.size() && i < m_data.runs.size(); ++i) {
            std::vector<train::StepRecord>& taken = live->steps[i];
            any = any || !taken.empty();
            m_data.runs[i].steps.insert(m_data.runs[i].steps.end(), taken.begin(), taken.end());
            taken.clear();
        }
    }
    if (any)
        showData();
    showStatus();
}

void TrainingPanel::finishTraining(TrainingData d, bool cancelled)
{
    m_liveTimer->stop();
    m_live.reset();
    m_data = std::move(d);
    m_statusKind = cancelled ? Status::Cancelled : Status::Done;
    m_cancel->setEnabled(false);
    if (!cancelled)
        m_progress->setValue(1000);
    showData();
    // The fields may have changed while it trained.
    if (const auto r = request(); r && signatureOf(*r) != m_dataSignature)
        m_statusKind = Status::Changed;
    showStatus();
    emit trainingFinished();
}

void TrainingPanel::cancel()
{
    if (m_job->running())
        m_job->cancel();
}

bool TrainingPanel::training() const
{
    return m_job->running();
}

void TrainingPanel::showStatus()
{
    const train::TrainConfig& c = m_data.request.config;
    QString status;
    switch (m_statusKind) {
    case Status::Untrained:
        status = tr("Not trained yet: press Train (Ctrl+Enter). 300 steps take a few seconds a recipe.");
        break;
    case Status::Training: {
        std::size_t done = 0;
        for (const train::RunResult& r : m_data.runs)
            done += r.steps.size();
        const std::size_t at = std::min<std::size_t>(m_data.runs.size(), static_cast<std::size_t>(trainingThreads()));
        const std::size_t total = m_data.runs.size() * static_cast<std::size_t>(c.steps);
        if (m_data.gapView())
            status = tr("Training %1 runs on a worker thread…").arg(m_data.request.gapPeaks.size() * (1 + m_data.gapRecipes.size()));
        else if (m_data.request.products.size() > 1)
            status = tr("Training %1 recipes on the engine and on the GPU, %2 runs at a time: %3 of %4 steps…")
                         .arg(m_data.request.recipes.size())
                         .arg(at)
                         .arg(done)
                         .arg(total);
        else
            status = tr("Training %1 recipes on a worker thread, %2 at a time: %3 of %4 steps…")
                         .arg(m_data.runs.size())
                         .arg(at)
                         .arg(done)
                         .arg(total);
        break;
    }
    case Status::Done:
        status = m_data.gapView() ? tr("Trained: %1 runs of %2 steps.")
                                        .arg(m_data.request.gapPeaks.size() * (1 + m_data.gapRecipes.size()))
                                        .arg(c.steps)
                                  : tr("Trained: every recipe reached step %1.").arg(c.steps);
        break;
    case Status::Cancelled: {
        // Runs train in turn: a cancel leaves them at different steps; the table compares each with
        // fp32 at a step both reached, and says so.
        QStringList reached;
        std::set<int> steps;
        for (const train::RunResult& run : m_data.runs) {
            const int step = run.steps.empty() ? 0 : run.steps.back().step;
            steps.insert(step);
            reached << tr("%1 at step %2").arg(text::runName(run), LessonText::count(step));
        }
        status = steps.size() <= 1
                     ? tr("Cancelled: what the runs did until then stays below.")
                     : tr("Cancelled: the runs stopped at different steps (%1). Each is compared with fp32 at the last "
                          "step both were validated at, and its curve ends where it stopped.")
                           .arg(reached.join(QStringLiteral(", ")));
        break;
    }
    case Status::Changed: status = tr("The inputs changed since this run: press Train to train them."); break;
    }
    m_status->setText(status);
}

}  // namespace floatscope::gui
