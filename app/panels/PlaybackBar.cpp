#include "app/panels/PlaybackBar.h"

#include <algorithm>
#include <iterator>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include "app/text/LessonText.h"

namespace floatscope::gui {

namespace {

constexpr std::int64_t kSpeeds[] = {1, 10, 100, 1000, 10'000, 100'000, 1'000'000};  // steps a second
constexpr int kDefaultSpeed = 2;  // 100 steps a second: the lecture notes' 1000-step demos in ten seconds

}  // namespace

PlaybackBar::PlaybackBar(QWidget* parent) : QWidget(parent)
{
    m_reset = new QPushButton(this);
    m_back = new QPushButton(this);
    m_step = new QPushButton(this);
    m_play = new QPushButton(this);
    m_speed = new QComboBox(this);
    for (const std::int64_t s : kSpeeds)
        m_speed->addItem(QString(), QVariant::fromValue<qlonglong>(s));
    m_speed->setCurrentIndex(kDefaultSpeed);
    m_speedLabel = new QLabel(this);
    m_speedLabel->setBuddy(m_speed);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, 0);
    m_stepBox = new QSpinBox(this);
    m_stepBox->setRange(0, 0);
    m_ofSteps = new QLabel(this);
    m_timer = new QTimer(this);

    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {m_reset, m_back, m_step, m_play})
        buttons->addWidget(b);
    buttons->addStretch();
    buttons->addWidget(m_speedLabel);
    buttons->addWidget(m_speed);
    auto* sliderRow = new QHBoxLayout;
    sliderRow->addWidget(m_slider, 1);
    sliderRow->addWidget(m_stepBox);
    sliderRow->addWidget(m_ofSteps);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addLayout(sliderRow);

    connect(m_reset, &QPushButton::clicked, this, [this] {
        pause();
        emit positionRequested(0);
    });
    connect(m_back, &QPushButton::clicked, this, [this] { emit positionRequested(std::max<std::int64_t>(0, m_position - 1)); });
    connect(m_step, &QPushButton::clicked, this, [this] { emit positionRequested(std::min(m_last, m_position + 1)); });
    connect(m_play, &QPushButton::clicked, this, [this] { playing() ? pause() : play(); });
    connect(m_speed, &QComboBox::activated, this, [this] {
        if (playing())
            play();  // again, at the new speed
    });
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) { emit positionRequested(v); });
    connect(m_stepBox, &QSpinBox::valueChanged, this, [this](int v) { emit positionRequested(v); });
    connect(m_timer, &QTimer::timeout, this, &PlaybackBar::tick);
    retranslate();
}

void PlaybackBar::retranslate()
{
    m_reset->setText(tr("|◀ &Reset"));
    m_reset->setToolTip(tr("Back to step 0"));
    m_back->setText(tr("◀ &Back"));
    m_back->setToolTip(tr("One step back"));
    m_step->setText(tr("&Step ▶|"));
    m_step->setToolTip(tr("One add more"));
    m_play->setText(playing() ? tr("❚❚ &Pause") : tr("▶ &Play"));
    m_speedLabel->setText(tr("Sp&eed:"));
    for (int i = 0; i < m_speed->count(); ++i)
        m_speed->setItemText(i, kSpeeds[i] == 1 ? tr("1 step/s") : tr("%1 steps/s").arg(LessonText::count(kSpeeds[i])));
    m_slider->setToolTip(tr("The step shown (arrow keys and Page Up/Down move it)"));
    m_stepBox->setToolTip(tr("The step shown"));
    m_ofSteps->setText(tr("of %1").arg(LessonText::count(m_last)));
}

void PlaybackBar::setLastStep(std::int64_t last)
{
    m_last = last;
    const QSignalBlocker a(m_slider);
    const QSignalBlocker b(m_stepBox);
    m_slider->setRange(0, static_cast<int>(last));  // at most 10^7: fits an int
    m_slider->setPageStep(std::max(1, static_cast<int>(last / 20)));
    m_stepBox->setRange(0, static_cast<int>(last));
    m_ofSteps->setText(tr("of %1").arg(LessonText::count(m_last)));
}

void PlaybackBar::setPosition(std::int64_t step)
{
    m_position = step;
    const QSignalBlocker a(m_slider);
    const QSignalBlocker b(m_stepBox);
    m_slider->setValue(static_cast<int>(step));
    m_stepBox->setValue(static_cast<int>(step));
}

std::int64_t PlaybackBar::speed() const
{
    return kSpeeds[std::clamp(m_speed->currentIndex(), 0, static_cast<int>(std::size(kSpeeds)) - 1)];
}

void PlaybackBar::setSpeed(std::int64_t stepsPerSecond)
{
    const auto at = std::lower_bound(std::begin(kSpeeds), std::end(kSpeeds), stepsPerSecond);
    m_speed->setCurrentIndex(static_cast<int>(std::min<std::ptrdiff_t>(at - std::begin(kSpeeds), std::size(kSpeeds) - 1)));
}

void PlaybackBar::play()
{
    if (m_position >= m_last)
        emit positionRequested(0);
    // About 25 frames a second, or one step a frame when that is slower.
    m_timer->start(static_cast<int>(std::max<std::int64_t>(40, 1000 / speed())));
    m_play->setText(tr("❚❚ &Pause"));
}

void PlaybackBar::pause()
{
    m_timer->stop();
    m_play->setText(tr("▶ &Play"));
}

bool PlaybackBar::playing() const
{
    return m_timer->isActive();
}

void PlaybackBar::tick()
{
    const std::int64_t perTick = std::max<std::int64_t>(1, speed() * m_timer->interval() / 1000);
    emit positionRequested(std::min(m_last, m_position + perTick));
    if (m_position >= m_last)
        pause();
}

void PlaybackBar::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace floatscope::gui
