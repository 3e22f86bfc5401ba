#pragma once

#include <functional>

#include <QWidget>

#include "app/panels/BackgroundJob.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace floatscope::gui {

// The source row of the lessons that take the training lab's model (loss scaling, absorbed updates):
// the step k, the background job that trains the model to it with its progress and Cancel, and a line
// saying what the lesson shows. Work started while other work runs cancels that, and `again` runs
// once it has stopped (the panel reads its fields anew).
class ModelSourceRow : public QWidget {
    Q_OBJECT

public:
    explicit ModelSourceRow(int step, QWidget* parent = nullptr);

    QSpinBox* stepBox() const { return m_step; }
    int step() const;
    // The step's label and tooltip in the interface's language.
    void retranslate(const QString& label, const QString& toolTip);
    void setStatus(const QString& status);
    QString status() const;
    bool running() const { return m_job->running(); }
    void cancel() { m_job->cancel(); }
    void start(const QString& status, BackgroundJob::Work work, std::function<void()> again);

signals:
    void stepChanged();

private:
    QSpinBox* m_step = nullptr;
    QLabel* m_label = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_status = nullptr;
    BackgroundJob* m_job = nullptr;
};

}  // namespace floatscope::gui
