#include "app/panels/LessonPanel.h"

#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QTimer>

#include "app/panels/PanelKit.h"
#include "app/text/LessonInput.h"

namespace floatscope::gui {

LessonPanel::LessonPanel(QWidget* parent) : QWidget(parent), m_delay(new QTimer(this))
{
    m_delay->setSingleShot(true);
    connect(m_delay, &QTimer::timeout, this, &LessonPanel::recompute);
}

void LessonPanel::recompute()
{
    m_delay->stop();
    compute();
}

QString LessonPanel::loadFile(const QString&)
{
    return tr("This lesson reads no file");
}

void LessonPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

QWidget* LessonPanel::scrollingContent()
{
    auto* content = new QWidget;
    wrapInScrollArea(this, content);
    return content;
}

void LessonPanel::recomputeLater(int milliseconds)
{
    m_delay->start(milliseconds);
}

void LessonPanel::chooseFile(const QString& caption)
{
    const QString path =
        QFileDialog::getOpenFileName(this, caption, QString(), tr("Tensors (*.npy *.csv *.txt);;All files (*)"));
    if (!path.isEmpty())
        loadFile(path);
}

QString LessonPanel::readValuesFile(const QString& path, QLabel* hint, LoadedValues& loaded)
{
    QString why;
    std::optional<std::vector<double>> values = LessonInput::file(path, why);
    setErrorHint(hint, why);
    if (values)
        loaded = {std::move(*values), QFileInfo(path).fileName()};
    return why;
}

}  // namespace floatscope::gui
