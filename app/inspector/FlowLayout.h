#pragma once

#include <QLayout>
#include <QList>

namespace floatscope::gui {

// Items side by side, wrapping onto the next line when the width runs out (after Qt's own "Flow
// Layout" example): the inspector's rounding, overflow and route controls fit a 1280-pixel screen,
// or a window half as wide, without clipping a combo box or scrolling sideways.
class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent = nullptr, int spacing = 12);
    ~FlowLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override { return static_cast<int>(m_items.size()); }
    QLayoutItem* itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem* takeAt(int index) override;

    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    int arrange(const QRect& rect, bool apply) const;  // the height used

    QList<QLayoutItem*> m_items;
    int m_spacing;
};

}  // namespace floatscope::gui
