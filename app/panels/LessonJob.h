#pragma once

#include <functional>
#include <memory>
#include <optional>

#include <QWidget>

#include "core/dot/RunControl.h"

class QLabel;
class QProgressBar;
class QPushButton;

namespace floatscope::gui {

class BackgroundJob;

// A lesson's computation, at once when it is small, else on the panel's background job: a line
// saying what runs, a progress bar and Cancel while it does, and "Cancelled" after (the panel keeps
// its last result). The operators lab's panels share it.
//
//     m_job->run(big, tr("Summing 2²⁰ products…"), [](const dot::RunControl& control) {
//         auto result = compute(control);       // on the worker when big
//         return [this, result] { show(result); };  // on the UI thread, cancelled or not
//     });
class LessonJob : public QWidget {
    Q_OBJECT

public:
    using Work = std::function<std::function<void()>(const dot::RunControl& control)>;

    explicit LessonJob(QWidget* parent = nullptr);

    // Runs `work` at once (background false) or on the worker. While other work runs, that one is
    // stopped, its result dropped, and `retry` runs once it has stopped (the panel's recompute).
    void run(bool background, const QString& what, Work work, std::function<void()> retry);
    // The lessons' usual work: `compute` gives the panel's data (empty when cancelled), `adopt` takes
    // it on the UI thread; a cancelled run says so (`hasResult`: whether the last figure stays).
    template <class Data>
    void compute(bool background, const QString& what, std::function<std::optional<Data>(const dot::RunControl&)> compute,
                 std::function<void(Data)> adopt, bool hasResult, std::function<void()> retry)
    {
        run(
            background, what,
            [this, compute = std::move(compute), adopt = std::move(adopt), hasResult](const dot::RunControl& control) {
                auto data = std::make_shared<std::optional<Data>>(compute(control));
                return std::function<void()>([this, data, adopt, hasResult] {
                    if (*data)
                        adopt(std::move(**data));
                    else
                        showCancelled(hasResult);
                });
            },
            std::move(retry));
    }
    bool running() const;
    void cancel();
    // After a cancelled run: says so (the panel's figure still shows the last result).
    void showCancelled(bool hasResult);
    BackgroundJob* job() const { return m_job; }
    QPushButton* cancelButton() const { return m_cancel; }

signals:
    void finished();  // a background run's result was applied, or it was cancelled

protected:
    void changeEvent(QEvent* event) override;

private:
    void showRunning(bool running);

    BackgroundJob* m_job;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_status = nullptr;
    bool m_cancelledShown = false;
    bool m_cancelledHasResult = false;
};

}  // namespace floatscope::gui
