#pragma once

#include <utility>

#include <QWidget>

#include "app/charts/Chart.h"

QT_BEGIN_NAMESPACE
class QChartView;
QT_END_NAMESPACE

namespace floatscope::gui {

// The chart on screen, in the window's palette.
class ChartView : public QWidget {
    Q_OBJECT

public:
    explicit ChartView(QWidget* parent = nullptr);
    ~ChartView() override;

    void setSpec(const ChartSpec& spec);
    const ChartSpec& spec() const { return m_spec; }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();

    ChartSpec m_spec;
    QChartView* m_view = nullptr;
    std::pair<int, int> m_tickCounts{0, 0};  // as built: rebuilt when the size asks for others
};

}  // namespace floatscope::gui
