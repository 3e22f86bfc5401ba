#include "app/panels/ModelSourceRow.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core/train/Trainer.h"

namespace floatscope::gui {

ModelSourceRow::ModelSourceRow(int step, QWidget* parent) : QWidget(parent), m_job(new BackgroundJob(this))
{
    m_step = new QSpinBox(this);
    m_step->setRange(0, train::TrainConfig::kMaxSteps);
    m_step->setValue(step);
    m_label = new QLabel(this);
    m_label->setBuddy(m_step);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_cancel = new QPushButton(this);
    m_cancel->setEnabled(false);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    auto* row = new QHBoxLayout;
    row->addWidget(m_label);
    row->addWidget(m_step);
    row->addWidget(m_progress, 1);
    row->addWidget(m_cancel);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_status);
    connect(m_step, &QSpinBox::valueChanged, this, &ModelSourceRow::stepChanged);
    connect(m_cancel, &QPushButton::clicked, this, &ModelSourceRow::cancel);
    connect(m_job, &BackgroundJob::progressed, m_progress, &QProgressBar::setValue);
    connect(m_job, &BackgroundJob::finished, this, [this] { m_cancel->setEnabled(m_job->running()); });
}

int ModelSourceRow::step() const
{
    return m_step->value();
}

void ModelSourceRow::retranslate(const QString& label, const QString& toolTip)
{
    m_label->setText(label);
    m_step->setToolTip(toolTip);
    m_cancel->setText(tr("Cancel"));
}

void ModelSourceRow::setStatus(const QString& status)
{
    m_status->setText(status);
}

QString ModelSourceRow::status() const
{
    return m_status->text();
}

void ModelSourceRow::start(const QString& status, BackgroundJob::Work work, std::function<void()> again)
{
    if (m_job->running()) {
        m_job->restart(std::move(again));
        return;
    }
    m_progress->setValue(0);
    m_cancel->setEnabled(true);
    m_status->setText(status);
    m_job->start(std::move(work));
}

}  // namespace floatscope::gui
