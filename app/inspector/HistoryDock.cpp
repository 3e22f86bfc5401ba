#include "app/inspector/HistoryDock.h"

#include <QAction>
#include <QEvent>
#include <QListWidget>
#include <QTabWidget>

namespace floatscope::gui {

namespace {

QStringList itemsOf(const QListWidget* list)
{
    QStringList out;
    for (int i = 0; i < list->count(); ++i)
        out << list->item(i)->text();
    return out;
}

}  // namespace

HistoryDock::HistoryDock(QWidget* parent) : QDockWidget(parent)
{
    setObjectName(QStringLiteral("historyDock"));
    m_tabs = new QTabWidget(this);
    m_history = new QListWidget(m_tabs);
    m_bookmarks = new QListWidget(m_tabs);
    m_tabs->addTab(m_history, QString());
    m_tabs->addTab(m_bookmarks, QString());
    setWidget(m_tabs);
    for (QListWidget* list : {m_history, m_bookmarks})
        connect(list, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) { emit valueChosen(item->text()); });

    auto* remove = new QAction(this);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    m_bookmarks->addAction(remove);
    m_bookmarks->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(remove, &QAction::triggered, this, [this] {
        delete m_bookmarks->currentItem();
        emit bookmarksChanged();
    });
    remove->setObjectName(QStringLiteral("removeBookmark"));
    retranslate();
}

void HistoryDock::record(const QString& value)
{
    const auto existing = m_history->findItems(value, Qt::MatchExactly);
    for (QListWidgetItem* item : existing)
        delete item;
    m_history->insertItem(0, value);
    while (m_history->count() > kMaxHistory)
        delete m_history->item(m_history->count() - 1);
}

void HistoryDock::addBookmark(const QString& value)
{
    if (!m_bookmarks->findItems(value, Qt::MatchExactly).isEmpty())
        return;
    m_bookmarks->addItem(value);
    m_tabs->setCurrentWidget(m_bookmarks);
    emit bookmarksChanged();
}

QStringList HistoryDock::history() const { return itemsOf(m_history); }
QStringList HistoryDock::bookmarks() const { return itemsOf(m_bookmarks); }

void HistoryDock::setHistory(const QStringList& values)
{
    m_history->clear();
    m_history->addItems(values.mid(0, kMaxHistory));
}

void HistoryDock::setBookmarks(const QStringList& values)
{
    m_bookmarks->clear();
    m_bookmarks->addItems(values);
    emit bookmarksChanged();
}

void HistoryDock::retranslate()
{
    setWindowTitle(tr("History"));  // with the bookmarks; short, for the dock's tab
    m_tabs->setTabText(0, tr("History"));
    m_tabs->setTabText(1, tr("Bookmarks"));
    m_bookmarks->actions().front()->setText(tr("Remove bookmark"));
    m_history->setToolTip(tr("Values looked at, most recent first: double-click or Enter to return to one"));
    m_bookmarks->setToolTip(tr("Kept values (Ctrl+D adds the current one; Delete removes)"));
}

void HistoryDock::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

}  // namespace floatscope::gui
