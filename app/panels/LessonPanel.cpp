#include "app/panels/LessonPanel.h"

#include <algorithm>

#include <QBoxLayout>
#include <QComboBox>
#include <QEvent>
#include <QResizeEvent>
#include <QCoreApplication>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QScrollBar>
#include <QSplitter>
#include <QVBoxLayout>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QTimer>

#include "app/lessons/LessonRegistry.h"
#include "app/panels/PanelKit.h"
#include "app/text/LectureNotesText.h"
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
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        showLectureNotes();
    }
    QWidget::changeEvent(event);
}

void LessonPanel::addLectureNotes(QBoxLayout* layout)
{
    if (m_lectureNotes != nullptr)
        return;
    m_lectureNotes = new QLabel;
    m_lectureNotes->setObjectName(QStringLiteral("lectureNotes"));
    m_lectureNotes->setWordWrap(true);
    m_lectureNotes->setTextFormat(Qt::RichText);
    m_lectureNotes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_lectureNotes->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_lectureNotes);
    showLectureNotes();
}

void LessonPanel::showLectureNotes()
{
    if (m_lectureNotes == nullptr)
        return;
    // The lesson's deck name, from the registration that gave the panel its object name.
    QString html;
    for (const Lesson& lesson : lessons())
        if (objectName() == QLatin1String(lesson.objectName))
            html = text::lectureNotesHtml(lesson.view.name);
    m_lectureNotes->setText(html);
    m_lectureNotes->setVisible(!html.isEmpty());
}

QWidget* LessonPanel::scrollingContent()
{
    auto* content = new QWidget;
    wrapInScrollArea(this, content);
    return content;
}

LessonPanel::Areas LessonPanel::splitContent()
{
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("lessonSplitter"));
    splitter->setChildrenCollapsible(false);
    auto* controls = new QWidget;
    controls->setObjectName(QStringLiteral("lessonControls"));
    auto* column = new QScrollArea(splitter);
    column->setWidget(controls);
    column->setWidgetResizable(true);
    column->setFrameShape(QFrame::NoFrame);
    // The results scroll only on a screen smaller than a slide projector's (960 x 540 and less).
    auto* results = new QWidget;
    results->setObjectName(QStringLiteral("lessonResults"));
    auto* resultsArea = new QScrollArea(splitter);
    resultsArea->setWidget(results);
    resultsArea->setWidgetResizable(true);
    resultsArea->setFrameShape(QFrame::NoFrame);
    splitter->addWidget(column);
    splitter->addWidget(resultsArea);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    m_splitter = splitter;
    return {controls, results};
}

void LessonPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    placeColumn();
    showLectureNotes();  // the panel has its lesson's object name by now
}

void LessonPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    placeColumn();
}

void LessonPanel::placeColumn()
{
    // Until the user moves the line: the column as wide as its fields want (its scroll bar
    // included), within 45 % of the panel. A choice's box shrinks to a few characters there rather
    // than widen the column (its list still shows every choice whole).
    if (m_splitter == nullptr || m_columnMoved || !isVisible() || width() <= 0)
        return;
    auto* column = static_cast<QScrollArea*>(m_splitter->widget(0));
    if (!m_combosShrunk) {
        m_combosShrunk = true;
        // Under the fields, the lecture notes' claims this lesson's view corrects.
        if (auto* layout = qobject_cast<QBoxLayout*>(column->widget()->layout()))
            addLectureNotes(layout);
        for (QComboBox* box : column->widget()->findChildren<QComboBox*>()) {
            box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
            box->setMinimumContentsLength(12);
            box->setMinimumWidth(box->fontMetrics().averageCharWidth() * 12 + 40);
        }
        connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_columnMoved = true; });
    }
    // Never narrower than the fields' minimum once their layouts have settled: shrinking the boxes
    // asks for new layouts, which Qt posts for later, and a minimum read before them can be the old
    // one (the dot-product-steps column came out 15 pixels short, with a scroll bar under it).
    const int hint = column->widget()->sizeHint().width();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const int wanted = std::max(hint, column->widget()->minimumSizeHint().width())
                     + column->verticalScrollBar()->sizeHint().width() + 8;
    const int left = std::min(std::max(wanted, 280), width() * 9 / 20);
    const QSignalBlocker quiet(m_splitter);  // setSizes is not the user moving the line
    m_splitter->setSizes({left, std::max(1, width() - left - m_splitter->handleWidth())});
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
