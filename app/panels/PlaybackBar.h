#pragma once

#include <cstdint>

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QTimer;

namespace floatscope::gui {

// Reset, back, step, play/pause and speed over the steps 0 .. last of a run, with a slider and the
// step's number: the accumulation lesson's playback. It asks for a step (positionRequested); the
// panel shows it and says so back with setPosition().
class PlaybackBar : public QWidget {
    Q_OBJECT

public:
    explicit PlaybackBar(QWidget* parent = nullptr);

    void setLastStep(std::int64_t last);
    void setPosition(std::int64_t step);  // shows the step; requests nothing
    std::int64_t position() const { return m_position; }
    std::int64_t lastStep() const { return m_last; }

    // The speed offered nearest to `stepsPerSecond` (1, 10, 100, ...).
    void setSpeed(std::int64_t stepsPerSecond);
    void play();
    void pause();
    bool playing() const;
    QSlider* slider() const { return m_slider; }

signals:
    void positionRequested(std::int64_t step);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void tick();
    std::int64_t speed() const;

    QPushButton* m_reset = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_step = nullptr;
    QPushButton* m_play = nullptr;
    QComboBox* m_speed = nullptr;
    QLabel* m_speedLabel = nullptr;
    QSlider* m_slider = nullptr;
    QSpinBox* m_stepBox = nullptr;
    QLabel* m_ofSteps = nullptr;
    QTimer* m_timer = nullptr;
    std::int64_t m_position = 0;
    std::int64_t m_last = 0;
};

}  // namespace floatscope::gui
