#pragma once

#include <vector>

#include <QWidget>

#include "format/Format.h"
#include "inspect/Inspection.h"

namespace floatscope::gui {

// The value on a number line between its two neighbours in each format, the midpoint marked, and
// the rounding decision in words ("257 lies exactly halfway between 256 and 258; ties go to the
// even mantissa, so bf16 stores 256").
class NeighbourhoodView : public QWidget {
    Q_OBJECT

public:
    explicit NeighbourhoodView(QWidget* parent = nullptr);

    void display(const QString& input, const std::vector<Format>& formats, const std::vector<Inspection>& results);
    QString sentence(int index) const;

    QSize sizeHint() const override;
    int heightForWidth(int width) const override;
    bool hasHeightForWidth() const override { return true; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    int blockHeight(int width, int index) const;

    QString m_input;
    std::vector<Format> m_formats;
    std::vector<Inspection> m_results;
};

}  // namespace floatscope::gui
