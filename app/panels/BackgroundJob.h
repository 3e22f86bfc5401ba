#pragma once

#include <atomic>
#include <functional>

#include <QObject>

class QThread;

namespace floatscope::gui {

// The one way long work leaves the UI thread (a large tensor to quantize, ten million adds, a sweep
// of every fp32 input): a worker thread runs it with a cancel flag and a progress share, and what it
// returns is applied on the UI thread once the worker has stopped. One piece of work at a time.
//
//     job->start([run](const BackgroundJob::Control& c) {
//         const bool done = run->compute(c.cancelFlag(), c.progressFunction());
//         return [this, run, done] { show(run, done); };  // runs on the UI thread
//     });
class BackgroundJob : public QObject {
    Q_OBJECT

public:
    // What the work sees: whether it was asked to stop, and where to say how far it is.
    class Control {
    public:
        bool cancelled() const { return m_job.m_cancel.load(std::memory_order_relaxed); }
        const std::atomic<bool>* cancelFlag() const { return &m_job.m_cancel; }
        void progress(double share) const;  // 0..1, from the worker
        std::function<void(double)> progressFunction() const;

    private:
        friend class BackgroundJob;
        explicit Control(BackgroundJob& job) : m_job(job) {}
        BackgroundJob& m_job;
    };
    // Runs on the worker; what it returns runs on the UI thread afterwards (cancelled or not).
    using Work = std::function<std::function<void()>(const Control&)>;

    explicit BackgroundJob(QObject* parent = nullptr);
    ~BackgroundJob() override;  // asks the work to stop and waits for it

    bool running() const { return m_thread != nullptr; }
    // Starts `work`; refused (false) while other work runs.
    bool start(Work work);
    // Asks the work to stop; what it returns is still applied (it can say it was cancelled). Also
    // forgets a restart().
    void cancel();
    // Asks the work to stop, drops what it returns, and runs `next` once it has stopped (at once
    // when nothing runs): for inputs that changed while the work ran.
    void restart(std::function<void()> next);

signals:
    void progressed(int permille);  // 0..1000, queued to the UI thread
    void finished();                // after the work's result was applied or dropped

private:
    void done(const std::function<void()>& apply);

    QThread* m_thread = nullptr;
    std::atomic<bool> m_cancel{false};
    std::function<void()> m_next;  // restart(): what runs instead of the result
};

}  // namespace floatscope::gui
