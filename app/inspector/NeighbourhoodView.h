#pragma once

#include <vector>

#include <QWidget>

#include "app/figures/NeighboursFigure.h"

namespace floatscope::gui {

// The inspector's neighbourhood view: the NeighboursFigure in the window's palette.
class NeighbourhoodView : public QWidget {
    Q_OBJECT

public:
    explicit NeighbourhoodView(QWidget* parent = nullptr);

    void display(const QString& input, const std::vector<Format>& formats, const std::vector<Inspection>& results);
    const NeighboursFigure& figure() const { return m_figure; }
    QString sentence(int index) const { return m_figure.sentence(index); }

    QSize sizeHint() const override;
    int heightForWidth(int width) const override;
    bool hasHeightForWidth() const override { return true; }

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    FigureStyle style() const;

    NeighboursFigure m_figure;
};

}  // namespace floatscope::gui
