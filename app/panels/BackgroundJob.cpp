#include "app/panels/BackgroundJob.h"

#include <algorithm>
#include <cmath>

#include <QThread>

namespace floatscope::gui {

void BackgroundJob::Control::progress(double share) const
{
    emit m_job.progressed(static_cast<int>(std::lround(std::clamp(share, 0.0, 1.0) * 1000)));
}

std::function<void(double)> BackgroundJob::Control::progressFunction() const
{
    return [this](double share) { progress(share); };
}

BackgroundJob::BackgroundJob(QObject* parent) : QObject(parent) {}

BackgroundJob::~BackgroundJob()
{
    if (m_thread != nullptr) {
        m_cancel = true;
        m_thread->wait();
        delete m_thread;
    }
}

bool BackgroundJob::start(Work work)
{
    if (m_thread != nullptr)
        return false;
    m_cancel = false;
    m_next = nullptr;
    m_thread = QThread::create([this, work = std::move(work)] {
        const Control control(*this);
        const std::function<void()> apply = work(control);
        // Queued to this object's thread; dropped by Qt if the job is gone by then.
        QMetaObject::invokeMethod(this, [this, apply] { done(apply); }, Qt::QueuedConnection);
    });
    m_thread->start();
    return true;
}

void BackgroundJob::cancel()
{
    m_next = nullptr;
    m_cancel = true;
}

void BackgroundJob::restart(std::function<void()> next)
{
    if (m_thread == nullptr) {
        next();
        return;
    }
    m_next = std::move(next);
    m_cancel = true;
}

void BackgroundJob::done(const std::function<void()>& apply)
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    if (const std::function<void()> next = std::exchange(m_next, nullptr)) {
        next();
    } else if (apply) {
        apply();
    }
    emit finished();
}

}  // namespace floatscope::gui
