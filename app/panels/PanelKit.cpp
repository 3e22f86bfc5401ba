#include "app/panels/PanelKit.h"

#include <QLabel>
#include <QAbstractButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStyle>
#include <QString>
#include <QVBoxLayout>

namespace floatscope::gui {

namespace {

constexpr const char* kErrorRed = "#c0392b";

}  // namespace

QLabel* makeErrorHint(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("QLabel { color: %1; font-weight: bold; }").arg(QLatin1String(kErrorRed)));
    label->hide();
    return label;
}

void setMenuButtonText(QAbstractButton* button, const QString& text)
{
    button->setText(text);
    button->setMinimumWidth(0);
    const int arrow = button->style()->pixelMetric(QStyle::PM_MenuButtonIndicator, nullptr, button);
    button->setMinimumWidth(button->sizeHint().width() + arrow);
}

void setErrorHint(QLabel* hint, const QString& text)
{
    hint->setText(text);
    hint->setVisible(!text.isEmpty());
}

void setErrorHintHtml(QLabel* hint, const QString& text)
{
    hint->setText(text.isEmpty() ? QString()
                                 : QStringLiteral("<span style='color:%1'>%2</span>")
                                       .arg(QLatin1String(kErrorRed), text.toHtmlEscaped()));
    hint->setVisible(!text.isEmpty());
}

void fitToCurrentPage(QStackedWidget* stack)
{
    // Ignored pages would make the stack grow into any room its layout has: it keeps its page's height.
    stack->setSizePolicy(stack->sizePolicy().horizontalPolicy(), QSizePolicy::Maximum);
    for (int i = 0; i < stack->count(); ++i)
        stack->widget(i)->setSizePolicy(QSizePolicy::Preferred,
                                        i == stack->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored);
    stack->adjustSize();
}

QScrollArea* wrapInScrollArea(QWidget* panel, QWidget* content)
{
    auto* scroll = new QScrollArea(panel);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    return scroll;
}

}  // namespace floatscope::gui
