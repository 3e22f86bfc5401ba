#pragma once

#include <QDockWidget>
#include <QStringList>

class QListWidget;
class QTabWidget;

namespace floatscope::gui {

// The values looked at (most recent first) and the ones the user keeps.
class HistoryDock : public QDockWidget {
    Q_OBJECT

public:
    explicit HistoryDock(QWidget* parent = nullptr);

    void record(const QString& value);  // to the top of the history
    void addBookmark(const QString& value);
    QStringList history() const;
    QStringList bookmarks() const;
    void setHistory(const QStringList& values);
    void setBookmarks(const QStringList& values);

    static constexpr int kMaxHistory = 100;

signals:
    void valueChosen(const QString& value);
    void bookmarksChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QTabWidget* m_tabs = nullptr;
    QListWidget* m_history = nullptr;
    QListWidget* m_bookmarks = nullptr;
};

}  // namespace floatscope::gui
