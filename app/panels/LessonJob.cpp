#include "app/panels/LessonJob.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/panels/BackgroundJob.h"

namespace floatscope::gui {

LessonJob::LessonJob(QWidget* parent) : QWidget(parent), m_job(new BackgroundJob(this))
{
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_cancel = new QPushButton(this);
    m_cancel->setText(tr("Cancel"));
    auto* row = new QHBoxLayout;
    row->addWidget(m_progress, 1);
    row->addWidget(m_cancel);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_status);
    layout->addLayout(row);
    connect(m_job, &BackgroundJob::progressed, m_progress, &QProgressBar::setValue);
    connect(m_cancel, &QPushButton::clicked, this, &LessonJob::cancel);
    showRunning(false);
    hide();
}

void LessonJob::run(bool background, const QString& what, Work work, std::function<void()> retry)
{
    if (m_job->running()) {
        m_job->restart(std::move(retry));
        return;
    }
    m_cancelledShown = false;
    if (!background) {
        showRunning(false);
        hide();
        work(dot::RunControl{})();
        return;
    }
    m_status->setText(what);
    m_progress->setValue(0);
    showRunning(true);
    show();
    m_job->start([this, work = std::move(work)](const BackgroundJob::Control& control) {
        const std::function<void()> apply = work(dot::RunControl{control.cancelFlag(), control.progressFunction()});
        return [this, apply] {
            showRunning(false);
            if (!m_cancelledShown)
                hide();
            apply();
            emit finished();
        };
    });
}

bool LessonJob::running() const
{
    return m_job->running();
}

void LessonJob::cancel()
{
    m_job->cancel();
}

void LessonJob::showCancelled(bool hasResult)
{
    m_cancelledShown = true;
    m_cancelledHasResult = hasResult;
    m_status->setText(hasResult ? tr("Cancelled: the figure still shows the previous result.") : tr("Cancelled."));
    showRunning(false);
    show();
}

void LessonJob::showRunning(bool running)
{
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
}

void LessonJob::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_cancel->setText(tr("Cancel"));
        if (m_cancelledShown)
            showCancelled(m_cancelledHasResult);
    }
    QWidget::changeEvent(event);
}

}  // namespace floatscope::gui
